/**
 * Where each API call lives, zod-free: its method, path (Fastify's syntax,
 * under /api/v1) and who may make it. The browser's client reads this table
 * (it is part of `@shop/contract/lite`); `endpoints.ts` adds each call's
 * schemas to the same names, and the API registers its routes from that.
 * The back office's calls are in admin-endpoint-routes.ts, merged in below.
 */
import type { ADMIN_ROUTES, StaffAccess } from './admin-endpoint-routes';

export type { StaffAccess } from './admin-endpoint-routes';

/** Who may call: anyone, the signed-in shopper (a session), or staff (the back office's guard). */
export type EndpointAuth = 'public' | 'shopper' | 'staff';
export type EndpointMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface EndpointRoute {
  method: EndpointMethod;
  path: string;
  auth: EndpointAuth;
  /** A staff call's permission (or `signed_in`, `public`), which the back office's guard checks. */
  access?: StaffAccess;
}

/** The storefront's calls. */
export const ROUTES = {
  health: { method: 'GET', path: '/health', auth: 'public' },
  'shop.config': { method: 'GET', path: '/config', auth: 'public' },
  'analytics.pageView': { method: 'POST', path: '/analytics/pageview', auth: 'public' },

  'catalog.collections': { method: 'GET', path: '/collections', auth: 'public' },
  'catalog.collectionProducts': { method: 'POST', path: '/collection/products/by-id', auth: 'public' },
  'catalog.categories': { method: 'GET', path: '/categories', auth: 'public' },
  'catalog.banners': { method: 'GET', path: '/banners', auth: 'public' },
  'catalog.announcement': { method: 'GET', path: '/announcement', auth: 'public' },
  'catalog.search': { method: 'GET', path: '/products/search', auth: 'public' },
  'catalog.variants': { method: 'GET', path: '/products/productvariant', auth: 'public' },
  'catalog.latest': { method: 'GET', path: '/products/latest', auth: 'public' },
  'catalog.popular': { method: 'GET', path: '/products/popular', auth: 'public' },
  'catalog.facets': { method: 'GET', path: '/products/facets', auth: 'public' },
  'catalog.category': { method: 'GET', path: '/products/category/:slug', auth: 'public' },
  'catalog.product': { method: 'GET', path: '/product/:slug', auth: 'public' },
  'catalog.productRedirect': { method: 'GET', path: '/product-redirects/:slug', auth: 'public' },
  'catalog.home': { method: 'GET', path: '/home-customization-products', auth: 'public' },
  'shipping.rates': { method: 'GET', path: '/shipping/rates', auth: 'public' },

  'accounts.register': { method: 'POST', path: '/register', auth: 'public' },
  'accounts.login': { method: 'POST', path: '/login', auth: 'public' },
  'accounts.logout': { method: 'POST', path: '/logout', auth: 'shopper' },
  'accounts.me': { method: 'GET', path: '/user/me', auth: 'shopper' },
  'accounts.update': { method: 'PUT', path: '/user/update', auth: 'shopper' },
  'accounts.forgotPassword': { method: 'POST', path: '/forgot-password-otp', auth: 'public' },
  'accounts.verifyResetCode': { method: 'POST', path: '/verify-forgot-otp', auth: 'public' },
  'accounts.resetPassword': { method: 'POST', path: '/reset-password', auth: 'public' },
  'accounts.changePassword': { method: 'POST', path: '/user/password', auth: 'shopper' },
  'accounts.changeEmail': { method: 'POST', path: '/user/email', auth: 'shopper' },
  'accounts.confirmEmail': { method: 'POST', path: '/user/email/confirm', auth: 'shopper' },
  'accounts.delete': { method: 'POST', path: '/user/delete', auth: 'shopper' },
  'accounts.export': { method: 'GET', path: '/user/export', auth: 'shopper' },

  'addresses.list': { method: 'GET', path: '/address', auth: 'shopper' },
  'addresses.add': { method: 'POST', path: '/address', auth: 'shopper' },
  'addresses.update': { method: 'PUT', path: '/address', auth: 'shopper' },
  'addresses.delete': { method: 'DELETE', path: '/address', auth: 'shopper' },

  'cart.get': { method: 'GET', path: '/carts', auth: 'shopper' },
  'cart.set': { method: 'POST', path: '/carts', auth: 'shopper' },
  'wishlist.get': { method: 'GET', path: '/wishlist', auth: 'shopper' },
  'wishlist.add': { method: 'POST', path: '/wishlist', auth: 'shopper' },
  'wishlist.remove': { method: 'POST', path: '/wishlist/remove', auth: 'shopper' },
  // Anyone may write; a session that comes along must be live, and names the enquiry's shopper.
  'contact.send': { method: 'POST', path: '/contacts', auth: 'public' },

  'orders.place': { method: 'POST', path: '/orders', auth: 'shopper' },
  'orders.list': { method: 'GET', path: '/orders', auth: 'shopper' },
  'orders.get': { method: 'GET', path: '/orders/:id', auth: 'shopper' },
  'orders.cancel': { method: 'POST', path: '/orders/cancel', auth: 'shopper' },
  // Signed links (docs/product.md): the signature in the query is the permission.
  'orders.invoice': { method: 'GET', path: '/orders/:id/invoice', auth: 'public' },
  'orders.creditNote': { method: 'GET', path: '/orders/:id/credit-note', auth: 'public' },
  'payments.start': { method: 'POST', path: '/orders/:id/payment', auth: 'shopper' },
  'payments.status': { method: 'PUT', path: '/orders/payment-status', auth: 'shopper' },
  // The provider's calls, verified by their signature.
  'payments.webhook': { method: 'POST', path: '/payments/webhook', auth: 'public' },
  // Only while the built-in test provider is the shop's provider (its checkout page's script and button).
  'testPayments.script': { method: 'GET', path: '/test-payments/checkout.js', auth: 'public' },
  'testPayments.pay': { method: 'POST', path: '/test-payments/pay', auth: 'public' },
} as const satisfies Record<string, EndpointRoute>;

/**
 * The storefront's calls are `ROUTES`, the back office's `ADMIN_ROUTES`
 * (admin-endpoint-routes.ts): two tables, so a shopper's page, which loads
 * ROUTES in the browser for its search box, does not carry the back office's
 * ninety entries (about 1 kB gzipped). Together they are every call of the API.
 */
export type EndpointRoutes = typeof ROUTES & typeof ADMIN_ROUTES;

export type EndpointName = keyof EndpointRoutes;

/**
 * The name of a ROUTES entry, from the entry itself: callers pass
 * `ROUTES['cart.get']`, so an editor's go-to-definition lands on the entry
 * (a bare string would lead nowhere), and the answer's type follows from the name.
 */
export type EndpointNameOf<R extends EndpointRoute> = {
  [N in EndpointName]: EndpointRoutes[N] extends R ? N : never;
}[EndpointName];

/** A path parameter's or a query field's value, as clients hold them. */
type Plain = string | number | boolean;

/**
 * The path of a call under /api/v1: its `:name` parameters filled in (encoded),
 * then its query, fields left undefined left out.
 */
export function endpointPath(
  route: Pick<EndpointRoute, 'path'>,
  input: { params?: unknown; query?: unknown } = {},
): string {
  // Objects of the entry's schemas (endpoints.ts), field by field.
  const params = (input.params ?? {}) as Record<string, unknown>;
  const fields = (input.query ?? {}) as Record<string, unknown>;
  const path = route.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${route.path}: no value for :${name}`);
    return encodeURIComponent(value as Plain);
  });
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) {
    if (value !== undefined) query.set(name, `${value as Plain}`);
  }
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}
