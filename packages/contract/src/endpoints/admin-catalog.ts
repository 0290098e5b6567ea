/** The back office's catalogue: products, pictures, categories and collections, the CSV, the home page. */
import { z } from 'zod';
import { CatalogImportBody, ImportPictures, ImportReport } from '../admin-catalog-io';
import {
  AdminGroup,
  AdminGroupDetail,
  AdminGroupList,
  GroupBody,
  GroupMoveBody,
  GroupParams,
} from '../admin-categories';
import { GroupProductBody, GroupProductParams, ProductSearchQuery, ProductSearchResult } from '../admin-categories';
import { VisibilityBody } from '../admin-categories';
import { AdminBanner, AdminHome, AnnouncementBody, BannerBody, BannerMoveBody, FocusedBody } from '../admin-home';
import { HOME_PICK_SECTIONS, PickSearchQuery, PickSearchResult, PicksBody } from '../admin-home';
import { PictureUploadQuery, UploadedPicture } from '../admin-pictures';
import { ColourPicturesBody, ProductColourParams, ProductPictures } from '../admin-product-pictures';
import { AdminColor, AdminProductAnswer, AdminProductDetail, AdminProductQuery } from '../admin-products';
import { AdminProductsPage, NewColorBody, ProductFields, ProductIdParams, ProductOptions } from '../admin-products';
import { ProductUpdateBody, VariantsBody, VersionBody } from '../admin-products';
import { BannersResponse } from '../catalog';
import { IdParam, MessageBody } from '../common';
import { del, endpoints, get, post, put } from './define';

const ProductPictureParams = z.object({ id: IdParam }).strict();
/** A product's publish, unpublish, archive, unarchive: the version the page saw, when it sends one. */
const OptionalVersionBody = VersionBody.partial().optional();
const OptionalVersionQuery = z.object({ version: z.coerce.number().int().positive().optional() }).strict();
const BannerParams = z.object({ id: z.coerce.number().int().positive() });
const SectionParams = z.object({ section: z.enum(HOME_PICK_SECTIONS) });
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

export const adminCatalogEndpoints = endpoints(['admin'], {
  'admin.products.list': get('/admin/products', 'catalog.read', {
    query: AdminProductQuery,
    response: AdminProductsPage,
  }),
  'admin.products.options': get('/admin/products/options', 'catalog.read', { response: ProductOptions }),
  'admin.products.create': post('/admin/products', 'catalog.write', {
    body: ProductFields,
    response: AdminProductAnswer,
    status: 201,
  }),
  'admin.products.get': get('/admin/products/:id', 'catalog.read', {
    params: ProductIdParams,
    response: AdminProductDetail,
  }),
  'admin.products.update': put('/admin/products/:id', 'catalog.write', {
    params: ProductIdParams,
    body: ProductUpdateBody,
    response: AdminProductAnswer,
  }),
  'admin.products.saveVariants': put('/admin/products/:id/variants', 'catalog.write', {
    params: ProductIdParams,
    body: VariantsBody,
    response: AdminProductAnswer,
  }),
  'admin.products.publish': post('/admin/products/:id/publish', 'catalog.write', productMove),
  'admin.products.unpublish': post('/admin/products/:id/unpublish', 'catalog.write', productMove),
  'admin.products.archive': post('/admin/products/:id/archive', 'catalog.write', productMove),
  'admin.products.unarchive': post('/admin/products/:id/unarchive', 'catalog.write', productMove),
  'admin.products.duplicate': post('/admin/products/:id/duplicate', 'catalog.write', {
    params: ProductIdParams,
    response: AdminProductAnswer,
    status: 201,
  }),
  'admin.products.delete': del('/admin/products/:id', 'catalog.write', {
    params: ProductIdParams,
    query: OptionalVersionQuery,
    response: MessageBody,
  }),
  'admin.products.pictures': get('/admin/products/:id/pictures', 'catalog.read', {
    params: ProductPictureParams,
    response: ProductPictures,
  }),
  'admin.products.setColourPictures': put('/admin/products/:id/pictures/:colorId', 'catalog.write', {
    params: ProductColourParams,
    body: ColourPicturesBody,
    response: ProductPictures,
  }),
  'admin.products.search': get('/admin/product-search', 'catalog.read', {
    query: ProductSearchQuery,
    response: ProductSearchResult,
  }),
  'admin.colors.create': post('/admin/colors', 'catalog.write', {
    body: NewColorBody,
    response: AdminColor,
    status: 201,
  }),
  // The body is the picture file itself (any content type), `?alt=` its text.
  'admin.pictures.upload': post('/admin/pictures', 'catalog.write', {
    query: PictureUploadQuery,
    response: UploadedPicture,
    status: 201,
  }),
  // Categories and collections: the same calls for both (docs/back-office.md).
  'admin.categories.list': get('/admin/categories', 'catalog.read', group.list),
  'admin.categories.get': get('/admin/categories/:id', 'catalog.read', group.get),
  'admin.categories.create': post('/admin/categories', 'catalog.write', group.create),
  'admin.categories.update': put('/admin/categories/:id', 'catalog.write', group.update),
  'admin.categories.move': post('/admin/categories/:id/move', 'catalog.write', group.move),
  'admin.categories.visibility': post('/admin/categories/:id/visibility', 'catalog.write', group.visibility),
  'admin.categories.delete': del('/admin/categories/:id', 'catalog.write', group.delete),
  'admin.categories.addProduct': post('/admin/categories/:id/products', 'catalog.write', group.addProduct),
  'admin.categories.removeProduct': del(
    '/admin/categories/:id/products/:productId',
    'catalog.write',
    group.removeProduct,
  ),
  'admin.collections.list': get('/admin/collections', 'catalog.read', group.list),
  'admin.collections.get': get('/admin/collections/:id', 'catalog.read', group.get),
  'admin.collections.create': post('/admin/collections', 'catalog.write', group.create),
  'admin.collections.update': put('/admin/collections/:id', 'catalog.write', group.update),
  'admin.collections.move': post('/admin/collections/:id/move', 'catalog.write', group.move),
  'admin.collections.visibility': post('/admin/collections/:id/visibility', 'catalog.write', group.visibility),
  'admin.collections.delete': del('/admin/collections/:id', 'catalog.write', group.delete),
  'admin.collections.addProduct': post('/admin/collections/:id/products', 'catalog.write', group.addProduct),
  'admin.collections.removeProduct': del(
    '/admin/collections/:id/products/:productId',
    'catalog.write',
    group.removeProduct,
  ),
  // The catalogue as CSV, out and in; the pictures' zip is the raw body.
  'admin.catalog.export': get('/admin/catalog/export.csv', 'catalog.write'),
  'admin.catalog.import': post('/admin/catalog/import', 'catalog.write', {
    body: CatalogImportBody,
    response: ImportReport,
  }),
  'admin.catalog.importPictures': post('/admin/catalog/import/pictures', 'catalog.write', { response: ImportPictures }),
  'admin.home.get': get('/admin/home', 'catalog.write', { response: AdminHome }),
  'admin.home.preview': get('/admin/home/preview', 'catalog.write', { response: BannersResponse }),
  'admin.home.searchPicks': get('/admin/home/products', 'catalog.write', {
    query: PickSearchQuery,
    response: PickSearchResult,
  }),
  'admin.home.createBanner': post('/admin/home/banners', 'catalog.write', {
    body: BannerBody,
    response: AdminBanner,
    status: 201,
  }),
  'admin.home.updateBanner': put('/admin/home/banners/:id', 'catalog.write', {
    params: BannerParams,
    body: BannerBody,
    response: AdminBanner,
  }),
  'admin.home.deleteBanner': del('/admin/home/banners/:id', 'catalog.write', {
    params: BannerParams,
    response: MessageBody,
  }),
  'admin.home.moveBanner': post('/admin/home/banners/:id/move', 'catalog.write', {
    params: BannerParams,
    body: BannerMoveBody,
    response: MessageBody,
  }),
  'admin.home.announcement': put('/admin/home/announcement', 'catalog.write', {
    body: AnnouncementBody,
    response: MessageBody,
  }),
  'admin.home.focused': put('/admin/home/sections/focused_collection', 'catalog.write', {
    body: FocusedBody,
    response: MessageBody,
  }),
  'admin.home.picks': put('/admin/home/sections/:section', 'catalog.write', {
    params: SectionParams,
    body: PicksBody,
    response: MessageBody,
  }),
});
