/**
 * The typed endpoint table: every call of the API by name, each declared once
 * in its domain's file here (method, path, auth, a staff call's access, and
 * its schemas). The API registers its routes from it
 * (apps/api/src/lib/endpoint-route.ts) and the web calls through it
 * (apps/web/app/lib/api.server.ts, lib/api.ts), so an answer's type is
 * inferred from here, never written at a call site. The zod-free `ROUTES` and
 * `ADMIN_ROUTES` the browser reads are generated from these entries
 * (`npm run gen:routes`, packages/contract/scripts/gen-routes.ts).
 */
import type { z } from 'zod';
import type { EndpointName, EndpointRoutes } from '../endpoint-routes';
import { accountEndpoints } from './accounts';
import { addressEndpoints } from './addresses';
import { adminEndpoints } from './admin';
import { adminCatalogEndpoints } from './admin-catalog';
import { adminDiscountEndpoints } from './admin-discounts';
import { adminOrderEndpoints } from './admin-orders';
import { adminPeopleEndpoints } from './admin-people';
import { adminReportEndpoints } from './admin-reports';
import { adminStockEndpoints } from './admin-stock';
import { backInStockEndpoints } from './back-in-stock';
import { cartEndpoints } from './cart';
import { catalogEndpoints } from './catalog';
import { contactEndpoints } from './contact';
import { guestEndpoints } from './guests';
import { messageEndpoints } from './messages';
import type { EndpointSchemas } from './define';
import { orderEndpoints } from './orders';
import { shopEndpoints } from './shop';

export type { EndpointDefinition, EndpointSchemas } from './define';

/** One entry of the table: where the call lives, who may make it, its schemas and tags. */
export type Endpoint<N extends EndpointName = EndpointName, S extends EndpointSchemas = EndpointSchemas> = {
  name: N;
  tags: readonly string[];
} & EndpointRoutes[N] &
  S;

/**
 * Every call of the API by name, the domains' entries together. The type says
 * each name of ROUTES and ADMIN_ROUTES has its entry with the same route; a new
 * entry's name is in them once `npm run gen:routes` has run (a test fails
 * while the generated tables are stale).
 */
export const ENDPOINTS = {
  ...shopEndpoints,
  ...catalogEndpoints,
  ...accountEndpoints,
  ...guestEndpoints,
  ...addressEndpoints,
  ...cartEndpoints,
  ...contactEndpoints,
  ...backInStockEndpoints,
  ...orderEndpoints,
  ...messageEndpoints,
  ...adminEndpoints,
  ...adminOrderEndpoints,
  ...adminPeopleEndpoints,
  ...adminReportEndpoints,
  ...adminCatalogEndpoints,
  ...adminStockEndpoints,
  ...adminDiscountEndpoints,
} satisfies { [N in EndpointName]: Endpoint<N> };

/** The domains' tables, for the routes' generator and its test (a name given twice would hide one entry). */
export const ENDPOINT_GROUPS: readonly Record<string, Endpoint>[] = [
  shopEndpoints,
  catalogEndpoints,
  accountEndpoints,
  guestEndpoints,
  addressEndpoints,
  cartEndpoints,
  contactEndpoints,
  backInStockEndpoints,
  orderEndpoints,
  messageEndpoints,
  adminEndpoints,
  adminOrderEndpoints,
  adminPeopleEndpoints,
  adminReportEndpoints,
  adminCatalogEndpoints,
  adminStockEndpoints,
  adminDiscountEndpoints,
];

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
