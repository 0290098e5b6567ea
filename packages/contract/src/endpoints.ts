/**
 * The typed endpoint table: every call of the API by name, with its method,
 * path and auth (from the zod-free `ROUTES` of endpoint-routes.ts) and its
 * schemas. The API registers its routes from it (apps/api/src/lib/endpoint-route.ts)
 * and the web calls through it (apps/web/app/lib/api.server.ts, lib/api.ts),
 * so an answer's type is inferred from here, never written at a call site.
 */
import { z } from 'zod';
import { RegisterBody, RegisterResponse, LoginBody, LoginResponse, UserResponse } from './accounts';
import { UpdateUserBody, UpdateUserResponse, ForgotPasswordBody, VerifyOtpBody, ResetPasswordBody } from './accounts';
import { ChangePasswordBody, ChangeEmailBody, ConfirmEmailBody, DeleteAccountBody } from './accounts';
import { AddressBody, AddressesResponse, AddressResponse, DeleteAddressBody, UpdateAddressBody } from './addresses';
import { ADMIN_SCHEMAS } from './admin-endpoints';
import { Announcement } from './admin-home';
import { ProductRedirect } from './admin-products';
import { PageViewBody, PublicConfig } from './analytics';
import { CartBody, CartResponse, CartUpdateResponse, WishlistBody, WishlistResponse } from './cart';
import { CollectionsResponse, CollectionProductsBody, CollectionProductsResponse, CategoriesResponse } from './catalog';
import { BannersResponse, SearchParams, ListingPage, ListingParams, Facets, CategoryProductsResponse } from './catalog';
import { ProductResponse, HomeCustomization } from './catalog';
import { ErrorBody, HealthBody, IdParam, MessageBody, Slug } from './common';
import { ContactBody } from './contact';
import { ADMIN_ROUTES } from './admin-endpoint-routes';
import { ROUTES, type EndpointName, type EndpointRoutes } from './endpoint-routes';
import { CancelOrderBody, CancelOrderResponse, OrderResponse, OrdersResponse } from './orders';
import { PlaceOrderBody, PlaceOrderResponse, PaymentStart, PaymentStatusBody, PaymentStatusResponse } from './orders';
import { ShippingRatesResponse } from './shipping';

/** What a call adds to its route: the schemas Fastify validates with and documents. */
export interface EndpointSchemas {
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  headers?: z.ZodType;
  /** The successful answer (absent: not JSON, such as a PDF, or no body). */
  response?: z.ZodType;
  /** The status of a success: 200 unless said. */
  status?: 200 | 201 | 204;
  /** Other answers the API documents besides the success (a replay's 200, a draining shop's 503). */
  also?: Record<number, z.ZodType>;
  summary?: string;
  /** Left out of the OpenAPI document. */
  hide?: boolean;
}

/** One entry of the table: where the call lives, who may make it, its schemas and tags. */
export type Endpoint<N extends EndpointName = EndpointName, S extends EndpointSchemas = EndpointSchemas> = {
  name: N;
  tags: readonly string[];
} & EndpointRoutes[N] &
  S;

type Table = { [N in EndpointName]?: EndpointSchemas };

const EVERY_ROUTE: EndpointRoutes = { ...ROUTES, ...ADMIN_ROUTES };

/** One domain's entries, each given its route from ROUTES (or ADMIN_ROUTES) and the domain's OpenAPI tags. */
function endpoints<const T extends Table>(
  tags: readonly string[],
  table: T,
): { [N in keyof T]: Endpoint<N & EndpointName, T[N] & EndpointSchemas> } {
  return Object.fromEntries(
    Object.entries(table).map(([name, schemas]) => [
      name,
      { name, tags, ...EVERY_ROUTE[name as EndpointName], ...schemas },
    ]),
  ) as never;
}

const SlugParams = z.object({ slug: Slug });
const IdParams = z.object({ id: IdParam });
/** A signed document link's query (apps/api/src/modules/invoices/invoice-link.ts). */
const SignedLinkQuery = z.object({ expires: z.coerce.number().int(), signature: z.string().max(100) });
/** A retried order (docs/product.md 'Placing an order'): the same key answers the first order again. */
const IdempotencyHeaders = z.object({
  'idempotency-key': z
    .string()
    .trim()
    .min(8, 'Idempotency-Key must be 8 to 100 characters')
    .max(100, 'Idempotency-Key must be 8 to 100 characters')
    .optional(),
});
const TestPaymentBody = z
  .object({
    order_id: z.string().min(1).max(100),
    method: z.enum(['card', 'upi']),
    outcome: z.enum(['success', 'failure']),
  })
  .strict();

export const shopEndpoints = {
  ...endpoints(['health'], { health: { response: HealthBody, also: { 503: ErrorBody } } }),
  ...endpoints(['shop'], {
    'shop.config': { response: PublicConfig },
    'analytics.pageView': { body: PageViewBody, status: 204 },
  }),
  ...endpoints(['shipping'], { 'shipping.rates': { response: ShippingRatesResponse } }),
};

export const catalogEndpoints = endpoints(['catalogue'], {
  'catalog.collections': { response: CollectionsResponse },
  'catalog.collectionProducts': { body: CollectionProductsBody, response: CollectionProductsResponse },
  'catalog.categories': { response: CategoriesResponse },
  'catalog.banners': { response: BannersResponse },
  'catalog.announcement': { response: Announcement },
  'catalog.search': { query: SearchParams, response: ListingPage },
  'catalog.variants': { query: ListingParams, response: ListingPage },
  'catalog.latest': { query: ListingParams, response: ListingPage },
  'catalog.popular': { query: ListingParams, response: ListingPage },
  'catalog.facets': { response: Facets },
  'catalog.category': { params: SlugParams, query: ListingParams, response: CategoryProductsResponse },
  'catalog.product': { params: SlugParams, response: ProductResponse },
  'catalog.productRedirect': { params: SlugParams, response: ProductRedirect },
  'catalog.home': { response: HomeCustomization },
});

export const accountEndpoints = endpoints(['accounts'], {
  'accounts.register': { body: RegisterBody, response: RegisterResponse, status: 201 },
  'accounts.login': { body: LoginBody, response: LoginResponse },
  'accounts.logout': { response: MessageBody },
  'accounts.me': { response: UserResponse },
  'accounts.update': { body: UpdateUserBody, response: UpdateUserResponse },
  'accounts.forgotPassword': { body: ForgotPasswordBody, response: MessageBody },
  'accounts.verifyResetCode': { body: VerifyOtpBody, response: MessageBody },
  'accounts.resetPassword': { body: ResetPasswordBody, response: MessageBody },
  'accounts.changePassword': { body: ChangePasswordBody, response: MessageBody },
  'accounts.changeEmail': { body: ChangeEmailBody, response: MessageBody },
  'accounts.confirmEmail': { body: ConfirmEmailBody, response: UpdateUserResponse },
  'accounts.delete': { body: DeleteAccountBody, response: MessageBody },
  // A JSON attachment of everything the shop holds about the shopper.
  'accounts.export': {},
});

export const addressEndpoints = endpoints(['addresses'], {
  'addresses.list': { response: AddressesResponse },
  'addresses.add': { body: AddressBody, response: AddressResponse, status: 201 },
  'addresses.update': { body: UpdateAddressBody, response: AddressResponse },
  'addresses.delete': { body: DeleteAddressBody, response: MessageBody },
});

export const cartEndpoints = {
  ...endpoints(['cart'], {
    'cart.get': { response: CartResponse },
    'cart.set': { body: CartBody, response: CartUpdateResponse },
  }),
  ...endpoints(['wishlist'], {
    'wishlist.get': { response: WishlistResponse },
    'wishlist.add': { body: WishlistBody, response: MessageBody },
    'wishlist.remove': { body: WishlistBody, response: MessageBody },
  }),
};

export const contactEndpoints = endpoints(['contact'], {
  'contact.send': { body: ContactBody, response: MessageBody, status: 201 },
});

export const orderEndpoints = {
  ...endpoints(['orders'], {
    'orders.place': {
      headers: IdempotencyHeaders,
      body: PlaceOrderBody,
      response: PlaceOrderResponse,
      status: 201,
      also: { 200: PlaceOrderResponse },
    },
    'orders.list': { response: OrdersResponse },
    'orders.get': { params: IdParams, response: OrderResponse },
    'orders.cancel': { body: CancelOrderBody, response: CancelOrderResponse },
    // PDFs.
    'orders.invoice': { params: IdParams, query: SignedLinkQuery },
    'orders.creditNote': { params: IdParams, query: SignedLinkQuery },
  }),
  ...endpoints(['payments'], {
    'payments.start': { params: IdParams, response: PaymentStart },
    'payments.status': { body: PaymentStatusBody, response: PaymentStatusResponse },
    // The raw body is read and verified by the API, so no schema.
    'payments.webhook': {},
  }),
  ...endpoints([], {
    'testPayments.script': { hide: true },
    'testPayments.pay': { body: TestPaymentBody, hide: true },
  }),
};

/** The back office's calls (admin-endpoints.ts), each with the access its guard checks. */
export const adminEndpoints = endpoints(['admin'], ADMIN_SCHEMAS);

/** Every call of the API by name; the type says each name of ROUTES and ADMIN_ROUTES has its entry. */
export const ENDPOINTS = {
  ...shopEndpoints,
  ...catalogEndpoints,
  ...accountEndpoints,
  ...addressEndpoints,
  ...cartEndpoints,
  ...contactEndpoints,
  ...orderEndpoints,
  ...adminEndpoints,
} satisfies { [N in EndpointName]: Endpoint<N> };

export type Endpoints = typeof ENDPOINTS;

type Field<N extends EndpointName, F extends keyof EndpointSchemas> = Endpoints[N] extends {
  [K in F]: infer S extends z.ZodType;
}
  ? S
  : undefined;

/** The answer of a call, as the API sends it. */
export type EndpointAnswer<N extends EndpointName> =
  Field<N, 'response'> extends z.ZodType ? z.output<Field<N, 'response'>> : unknown;

/** What a caller gives: path parameters and a body when the call has them, a query when it takes one. */
export type EndpointInput<N extends EndpointName> = (Field<N, 'params'> extends z.ZodType
  ? { params: z.input<Field<N, 'params'>> }
  : { params?: never }) &
  (Field<N, 'query'> extends z.ZodType ? { query?: z.input<Field<N, 'query'>> } : { query?: never }) &
  (Field<N, 'body'> extends z.ZodType ? { body: z.input<Field<N, 'body'>> } : { body?: never });
