/**
 * Where each API call lives, zod-free: its method, path (Fastify's syntax,
 * under /api/v1) and who may make it. Each call is one entry of its domain's
 * file in `endpoints/` (route and schemas together); `npm run gen:routes`
 * writes the zod-free tables the browser's client reads from them
 * (`routes.generated.ts`, `admin-routes.generated.ts`), and this file, part
 * of `@shop/contract/lite`, gives their types.
 */
import type { ADMIN_ROUTES } from './admin-routes.generated';
import type { Permission } from './permissions';
import type { ROUTES } from './routes.generated';

export { ROUTES } from './routes.generated';

/** What an admin call needs (apps/api/src/modules/admin/auth/guard.ts). */
export type StaffAccess = Permission | 'signed_in' | 'public';

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

/**
 * The storefront's calls are `ROUTES`, the back office's `ADMIN_ROUTES`
 * (import path `@shop/contract/admin-routes`): two tables, so a shopper's page, which loads
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
  // Objects of the entry's schemas (endpoints/), field by field.
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
