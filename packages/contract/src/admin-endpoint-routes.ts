/**
 * The back office's calls (/api/v1/admin, docs/back-office.md), zod-free like
 * the rest of ROUTES (endpoint-routes.ts merges them in): each one's method,
 * path and the access the admin guard checks, a permission of the contract's
 * table or `signed_in` (any back-office session) or `public` (the sign-in itself).
 * admin-endpoints.ts adds their schemas.
 */
import type { Permission } from './permissions';

/** What an admin call needs (apps/api/src/modules/admin/auth/guard.ts). */
export type StaffAccess = Permission | 'signed_in' | 'public';

const get = <P extends string, A extends StaffAccess>(path: P, access: A) =>
  ({ method: 'GET', path, auth: 'staff', access }) as const;
const post = <P extends string, A extends StaffAccess>(path: P, access: A) =>
  ({ method: 'POST', path, auth: 'staff', access }) as const;
const put = <P extends string, A extends StaffAccess>(path: P, access: A) =>
  ({ method: 'PUT', path, auth: 'staff', access }) as const;
const del = <P extends string, A extends StaffAccess>(path: P, access: A) =>
  ({ method: 'DELETE', path, auth: 'staff', access }) as const;

export const ADMIN_ROUTES = {
  'admin.auth.login': post('/admin/login', 'public'),
  'admin.auth.logout': post('/admin/logout', 'signed_in'),
  'admin.auth.me': get('/admin/me', 'signed_in'),
  // The invitation's link, before any session exists.
  'admin.auth.acceptInvite': post('/admin/invite/accept', 'public'),

  'admin.dashboard.get': get('/admin/dashboard', 'dashboard.read'),
  'admin.activity.list': get('/admin/activity', 'activity.read'),
  'admin.mails.previews': get('/admin/mails', 'mails.preview'),

  'admin.orders.list': get('/admin/orders', 'orders.read'),
  // A PDF of packing slips or labels.
  'admin.orders.slips': get('/admin/orders/slips', 'orders.slips'),
  'admin.orders.bulkShip': post('/admin/orders/bulk-ship', 'orders.ship'),
  'admin.orders.get': get('/admin/orders/:id', 'orders.read'),
  'admin.orders.note': post('/admin/orders/:id/notes', 'orders.note'),
  'admin.orders.ship': post('/admin/orders/:id/ship', 'orders.ship'),
  'admin.orders.deliver': post('/admin/orders/:id/deliver', 'orders.deliver'),
  'admin.orders.cancelUnpaid': post('/admin/orders/:id/cancel-unpaid', 'orders.cancel_unpaid'),
  'admin.orders.cancelPaid': post('/admin/orders/:id/cancel-paid', 'orders.cancel_paid'),

  'admin.returns.list': get('/admin/returns', 'orders.read'),
  'admin.returns.get': get('/admin/returns/:id', 'orders.read'),
  'admin.returns.accept': post('/admin/returns/:id/accept', 'returns.decide'),
  'admin.returns.reject': post('/admin/returns/:id/reject', 'returns.decide'),
  'admin.refunds.list': get('/admin/refunds', 'refunds.manage'),
  'admin.refunds.retry': post('/admin/refunds/:id/retry', 'refunds.manage'),
  'admin.refunds.resolveIncident': post('/admin/refunds/incidents/:id/resolve', 'refunds.manage'),

  'admin.customers.list': get('/admin/customers', 'customers.read'),
  'admin.customers.get': get('/admin/customers/:id', 'customers.read'),
  'admin.customers.disable': post('/admin/customers/:id/disable', 'customers.disable'),
  'admin.customers.enable': post('/admin/customers/:id/enable', 'customers.disable'),
  'admin.enquiries.list': get('/admin/enquiries', 'enquiries.manage'),
  'admin.enquiries.get': get('/admin/enquiries/:id', 'enquiries.manage'),
  'admin.enquiries.reply': post('/admin/enquiries/:id/reply', 'enquiries.manage'),
  'admin.enquiries.setStatus': post('/admin/enquiries/:id/status', 'enquiries.manage'),
  'admin.staff.list': get('/admin/staff', 'staff.manage'),
  'admin.staff.invite': post('/admin/staff/invite', 'staff.manage'),
  'admin.staff.disable': post('/admin/staff/:id/disable', 'staff.manage'),
  'admin.staff.enable': post('/admin/staff/:id/enable', 'staff.manage'),

  // CSV attachments, and the month's GST summary.
  'admin.reports.ordersCsv': get('/admin/reports/orders.csv', 'reports.read'),
  'admin.reports.gst': get('/admin/reports/gst', 'reports.read'),
  'admin.reports.gstCsv': get('/admin/reports/gst.csv', 'reports.read'),

  'admin.products.list': get('/admin/products', 'catalog.read'),
  'admin.products.options': get('/admin/products/options', 'catalog.read'),
  'admin.products.create': post('/admin/products', 'catalog.write'),
  'admin.products.get': get('/admin/products/:id', 'catalog.read'),
  'admin.products.update': put('/admin/products/:id', 'catalog.write'),
  'admin.products.saveVariants': put('/admin/products/:id/variants', 'catalog.write'),
  'admin.products.publish': post('/admin/products/:id/publish', 'catalog.write'),
  'admin.products.unpublish': post('/admin/products/:id/unpublish', 'catalog.write'),
  'admin.products.archive': post('/admin/products/:id/archive', 'catalog.write'),
  'admin.products.unarchive': post('/admin/products/:id/unarchive', 'catalog.write'),
  'admin.products.duplicate': post('/admin/products/:id/duplicate', 'catalog.write'),
  'admin.products.delete': del('/admin/products/:id', 'catalog.write'),
  'admin.products.pictures': get('/admin/products/:id/pictures', 'catalog.read'),
  'admin.products.setColourPictures': put('/admin/products/:id/pictures/:colorId', 'catalog.write'),
  'admin.products.search': get('/admin/product-search', 'catalog.read'),
  'admin.colors.create': post('/admin/colors', 'catalog.write'),
  // The body is the picture file itself (any content type), `?alt=` its text.
  'admin.pictures.upload': post('/admin/pictures', 'catalog.write'),

  'admin.stock.get': get('/admin/stock', 'stock.read'),
  'admin.stock.save': post('/admin/stock', 'catalog.write'),
  'admin.stock.sale': post('/admin/stock/sale', 'catalog.write'),
  'admin.settings.get': get('/admin/settings', 'settings.read'),
  'admin.settings.save': put('/admin/settings', 'settings.write'),
  'admin.settings.lowStock': put('/admin/settings/low-stock', 'settings.write'),

  // Categories and collections: the same calls for both (docs/back-office.md).
  'admin.categories.list': get('/admin/categories', 'catalog.read'),
  'admin.categories.get': get('/admin/categories/:id', 'catalog.read'),
  'admin.categories.create': post('/admin/categories', 'catalog.write'),
  'admin.categories.update': put('/admin/categories/:id', 'catalog.write'),
  'admin.categories.move': post('/admin/categories/:id/move', 'catalog.write'),
  'admin.categories.visibility': post('/admin/categories/:id/visibility', 'catalog.write'),
  'admin.categories.delete': del('/admin/categories/:id', 'catalog.write'),
  'admin.categories.addProduct': post('/admin/categories/:id/products', 'catalog.write'),
  'admin.categories.removeProduct': del('/admin/categories/:id/products/:productId', 'catalog.write'),
  'admin.collections.list': get('/admin/collections', 'catalog.read'),
  'admin.collections.get': get('/admin/collections/:id', 'catalog.read'),
  'admin.collections.create': post('/admin/collections', 'catalog.write'),
  'admin.collections.update': put('/admin/collections/:id', 'catalog.write'),
  'admin.collections.move': post('/admin/collections/:id/move', 'catalog.write'),
  'admin.collections.visibility': post('/admin/collections/:id/visibility', 'catalog.write'),
  'admin.collections.delete': del('/admin/collections/:id', 'catalog.write'),
  'admin.collections.addProduct': post('/admin/collections/:id/products', 'catalog.write'),
  'admin.collections.removeProduct': del('/admin/collections/:id/products/:productId', 'catalog.write'),

  // The catalogue as CSV, out and in; the pictures' zip is the raw body.
  'admin.catalog.export': get('/admin/catalog/export.csv', 'catalog.write'),
  'admin.catalog.import': post('/admin/catalog/import', 'catalog.write'),
  'admin.catalog.importPictures': post('/admin/catalog/import/pictures', 'catalog.write'),

  'admin.home.get': get('/admin/home', 'catalog.write'),
  'admin.home.preview': get('/admin/home/preview', 'catalog.write'),
  'admin.home.searchPicks': get('/admin/home/products', 'catalog.write'),
  'admin.home.createBanner': post('/admin/home/banners', 'catalog.write'),
  'admin.home.updateBanner': put('/admin/home/banners/:id', 'catalog.write'),
  'admin.home.deleteBanner': del('/admin/home/banners/:id', 'catalog.write'),
  'admin.home.moveBanner': post('/admin/home/banners/:id/move', 'catalog.write'),
  'admin.home.announcement': put('/admin/home/announcement', 'catalog.write'),
  'admin.home.focused': put('/admin/home/sections/focused_collection', 'catalog.write'),
  'admin.home.picks': put('/admin/home/sections/:section', 'catalog.write'),
} as const;
