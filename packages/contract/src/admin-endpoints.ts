/**
 * The back office's calls' schemas, by the names of admin-endpoint-routes.ts:
 * endpoints.ts makes them entries of ENDPOINTS (tag `admin`). Calls that answer
 * a file (CSV, PDF) have no `response`; the two that take a file as the raw
 * body (a picture, a zip of pictures) have no `body`.
 */
import { z } from 'zod';
import { AcceptInviteBody, AdminLoginBody, AdminLoginResponse, AdminMe, AuditPage, AuditQuery } from './admin';
import { InviteBody, StaffIdParams, StaffList } from './admin';
import { CatalogImportBody, ImportPictures, ImportReport } from './admin-catalog-io';
import {
  AdminGroup,
  AdminGroupDetail,
  AdminGroupList,
  GroupBody,
  GroupMoveBody,
  GroupParams,
} from './admin-categories';
import { GroupProductBody, GroupProductParams, ProductSearchQuery, ProductSearchResult } from './admin-categories';
import { VisibilityBody } from './admin-categories';
import { AdminBanner, AdminHome, AnnouncementBody, BannerBody, BannerMoveBody, FocusedBody } from './admin-home';
import { HOME_PICK_SECTIONS, PickSearchQuery, PickSearchResult, PicksBody } from './admin-home';
import { MailPreviews } from './admin-mails';
import { AdminOrderDetail, AdminOrderIdParams, AdminOrderList, AdminOrderQuery, BulkShipBody } from './admin-orders';
import { BulkShipResponse, Dashboard, LowStockBody, MoveBody, MoveResponse, NoteBody, ShipBody } from './admin-orders';
import { SlipQuery } from './admin-orders';
import {
  CustomerActionBody,
  CustomerActionResponse,
  CustomerDetail,
  CustomersPage,
  CustomersQuery,
} from './admin-people';
import { EnquiriesPage, EnquiriesQuery, EnquiryDetail, EnquiryResponse, EnquiryStatusBody } from './admin-people';
import { ReplyBody } from './admin-people';
import { PictureUploadQuery, UploadedPicture } from './admin-pictures';
import { ColourPicturesBody, ProductColourParams, ProductPictures } from './admin-product-pictures';
import { AdminColor, AdminProductAnswer, AdminProductDetail, AdminProductQuery } from './admin-products';
import { AdminProductsPage, NewColorBody, ProductFields, ProductIdParams, ProductOptions } from './admin-products';
import { ProductUpdateBody, VariantsBody, VersionBody } from './admin-products';
import { AcceptReturnBody, EnquiryIdParams, RefundActionBody, RefundActionResponse } from './admin-returns';
import { RefundIdParams, RefundIssues, RejectReturnBody, ReturnDecisionResponse } from './admin-returns';
import { ReturnDetail, ReturnsPage, ReturnsQuery } from './admin-returns';
import { GstQuery, GstSummary, OrdersCsvQuery } from './admin-reports';
import { SettingsBody, SettingsSaved, ShopSettings } from './admin-settings';
import { SaleBody, SaleResult, StockPage, StockQuery, StockSaveBody, StockSaveResult } from './admin-stock';
import type { ADMIN_ROUTES } from './admin-endpoint-routes';
import { BannersResponse } from './catalog';
import { IdParam, MessageBody } from './common';
import type { EndpointSchemas } from './endpoints';

const ProductPictureParams = z.object({ id: IdParam }).strict();
/** A product's publish, unpublish, archive, unarchive: the version the page saw, when it sends one. */
const OptionalVersionBody = VersionBody.partial().optional();
const OptionalVersionQuery = z.object({ version: z.coerce.number().int().positive().optional() }).strict();
const BannerParams = z.object({ id: z.coerce.number().int().positive() });
const SectionParams = z.object({ section: z.enum(HOME_PICK_SECTIONS) });

const orderMove = { params: AdminOrderIdParams, body: MoveBody, response: MoveResponse } as const;
const refundAction = { params: RefundIdParams, body: RefundActionBody, response: RefundActionResponse } as const;
const customerAction = { params: EnquiryIdParams, body: CustomerActionBody, response: CustomerActionResponse } as const;
const staffSwitch = { params: StaffIdParams, response: MessageBody } as const;
const productMove = { params: ProductIdParams, body: OptionalVersionBody, response: AdminProductAnswer } as const;

/** A category's or a collection's calls (the same for both). */
const group = {
  list: { response: AdminGroupList },
  get: { params: GroupParams, response: AdminGroupDetail },
  create: { body: GroupBody, response: AdminGroup, status: 201 },
  update: { params: GroupParams, body: GroupBody, response: AdminGroup },
  move: { params: GroupParams, body: GroupMoveBody, response: AdminGroupList },
  visibility: { params: GroupParams, body: VisibilityBody, response: AdminGroup },
  delete: { params: GroupParams, response: MessageBody },
  addProduct: { params: GroupParams, body: GroupProductBody, response: AdminGroupDetail },
  removeProduct: { params: GroupProductParams, response: AdminGroupDetail },
} as const;

export const ADMIN_SCHEMAS = {
  'admin.auth.login': { body: AdminLoginBody, response: AdminLoginResponse },
  'admin.auth.logout': { response: MessageBody },
  'admin.auth.me': { response: AdminMe },
  'admin.auth.acceptInvite': { body: AcceptInviteBody, response: MessageBody },

  'admin.dashboard.get': { response: Dashboard },
  'admin.activity.list': { query: AuditQuery, response: AuditPage },
  'admin.mails.previews': { response: MailPreviews },

  'admin.orders.list': { query: AdminOrderQuery, response: AdminOrderList },
  'admin.orders.slips': { query: SlipQuery },
  'admin.orders.bulkShip': { body: BulkShipBody, response: BulkShipResponse },
  'admin.orders.get': { params: AdminOrderIdParams, response: AdminOrderDetail },
  'admin.orders.note': { params: AdminOrderIdParams, body: NoteBody, response: MessageBody },
  'admin.orders.ship': { params: AdminOrderIdParams, body: ShipBody, response: MoveResponse },
  'admin.orders.deliver': orderMove,
  'admin.orders.cancelUnpaid': orderMove,
  'admin.orders.cancelPaid': orderMove,

  'admin.returns.list': { query: ReturnsQuery, response: ReturnsPage },
  'admin.returns.get': { params: EnquiryIdParams, response: ReturnDetail },
  'admin.returns.accept': { params: EnquiryIdParams, body: AcceptReturnBody, response: ReturnDecisionResponse },
  'admin.returns.reject': { params: EnquiryIdParams, body: RejectReturnBody, response: ReturnDecisionResponse },
  'admin.refunds.list': { response: RefundIssues },
  'admin.refunds.retry': refundAction,
  'admin.refunds.resolveIncident': refundAction,

  'admin.customers.list': { query: CustomersQuery, response: CustomersPage },
  'admin.customers.get': { params: EnquiryIdParams, response: CustomerDetail },
  'admin.customers.disable': customerAction,
  'admin.customers.enable': customerAction,
  'admin.enquiries.list': { query: EnquiriesQuery, response: EnquiriesPage },
  'admin.enquiries.get': { params: EnquiryIdParams, response: EnquiryDetail },
  'admin.enquiries.reply': { params: EnquiryIdParams, body: ReplyBody, response: EnquiryResponse },
  'admin.enquiries.setStatus': { params: EnquiryIdParams, body: EnquiryStatusBody, response: EnquiryResponse },
  'admin.staff.list': { response: StaffList },
  'admin.staff.invite': { body: InviteBody, response: MessageBody, status: 201 },
  'admin.staff.disable': staffSwitch,
  'admin.staff.enable': staffSwitch,

  'admin.reports.ordersCsv': { query: OrdersCsvQuery },
  'admin.reports.gst': { query: GstQuery, response: GstSummary },
  'admin.reports.gstCsv': { query: GstQuery },

  'admin.products.list': { query: AdminProductQuery, response: AdminProductsPage },
  'admin.products.options': { response: ProductOptions },
  'admin.products.create': { body: ProductFields, response: AdminProductAnswer, status: 201 },
  'admin.products.get': { params: ProductIdParams, response: AdminProductDetail },
  'admin.products.update': { params: ProductIdParams, body: ProductUpdateBody, response: AdminProductAnswer },
  'admin.products.saveVariants': { params: ProductIdParams, body: VariantsBody, response: AdminProductAnswer },
  'admin.products.publish': productMove,
  'admin.products.unpublish': productMove,
  'admin.products.archive': productMove,
  'admin.products.unarchive': productMove,
  'admin.products.duplicate': { params: ProductIdParams, response: AdminProductAnswer, status: 201 },
  'admin.products.delete': { params: ProductIdParams, query: OptionalVersionQuery, response: MessageBody },
  'admin.products.pictures': { params: ProductPictureParams, response: ProductPictures },
  'admin.products.setColourPictures': {
    params: ProductColourParams,
    body: ColourPicturesBody,
    response: ProductPictures,
  },
  'admin.products.search': { query: ProductSearchQuery, response: ProductSearchResult },
  'admin.colors.create': { body: NewColorBody, response: AdminColor, status: 201 },
  'admin.pictures.upload': { query: PictureUploadQuery, response: UploadedPicture, status: 201 },

  'admin.stock.get': { query: StockQuery, response: StockPage },
  'admin.stock.save': { body: StockSaveBody, response: StockSaveResult },
  'admin.stock.sale': { body: SaleBody, response: SaleResult },
  'admin.settings.get': { response: ShopSettings },
  'admin.settings.save': { body: SettingsBody, response: SettingsSaved },
  'admin.settings.lowStock': { body: LowStockBody, response: MessageBody },

  'admin.categories.list': group.list,
  'admin.categories.get': group.get,
  'admin.categories.create': group.create,
  'admin.categories.update': group.update,
  'admin.categories.move': group.move,
  'admin.categories.visibility': group.visibility,
  'admin.categories.delete': group.delete,
  'admin.categories.addProduct': group.addProduct,
  'admin.categories.removeProduct': group.removeProduct,
  'admin.collections.list': group.list,
  'admin.collections.get': group.get,
  'admin.collections.create': group.create,
  'admin.collections.update': group.update,
  'admin.collections.move': group.move,
  'admin.collections.visibility': group.visibility,
  'admin.collections.delete': group.delete,
  'admin.collections.addProduct': group.addProduct,
  'admin.collections.removeProduct': group.removeProduct,

  'admin.catalog.export': {},
  'admin.catalog.import': { body: CatalogImportBody, response: ImportReport },
  'admin.catalog.importPictures': { response: ImportPictures },

  'admin.home.get': { response: AdminHome },
  'admin.home.preview': { response: BannersResponse },
  'admin.home.searchPicks': { query: PickSearchQuery, response: PickSearchResult },
  'admin.home.createBanner': { body: BannerBody, response: AdminBanner, status: 201 },
  'admin.home.updateBanner': { params: BannerParams, body: BannerBody, response: AdminBanner },
  'admin.home.deleteBanner': { params: BannerParams, response: MessageBody },
  'admin.home.moveBanner': { params: BannerParams, body: BannerMoveBody, response: MessageBody },
  'admin.home.announcement': { body: AnnouncementBody, response: MessageBody },
  'admin.home.focused': { body: FocusedBody, response: MessageBody },
  'admin.home.picks': { params: SectionParams, body: PicksBody, response: MessageBody },
} as const satisfies { [N in keyof typeof ADMIN_ROUTES]: EndpointSchemas };
