/**
 * How a domain's file declares its calls: each entry says once where the call
 * lives (method, path under /api/v1 in Fastify's syntax, who may make it) and
 * its schemas. The zod-free tables the browser reads (`ROUTES`,
 * `ADMIN_ROUTES`) are written from these entries by `npm run gen:routes`.
 */
import type { z } from 'zod';
import type { EndpointRoute, StaffAccess } from '../endpoint-routes';

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

/** One call as a domain's file writes it: its route and its schemas. */
export type EndpointDefinition = EndpointRoute & EndpointSchemas;

/** One domain's entries, each named by its key and given the domain's OpenAPI tags. */
export function endpoints<const T extends Record<string, EndpointDefinition>>(
  tags: readonly string[],
  table: T,
): { [N in keyof T]: { name: N; tags: readonly string[] } & T[N] } {
  return Object.fromEntries(Object.entries(table).map(([name, entry]) => [name, { name, tags, ...entry }])) as never;
}

/**
 * A back-office call (/api/v1/admin, docs/back-office.md): auth `staff` and the
 * access the admin guard checks, a permission of permissions.ts, `signed_in`
 * (any back-office session) or `public` (the sign-in itself).
 */
function staff<M extends EndpointRoute['method']>(method: M) {
  return <const P extends string, const A extends StaffAccess, const S extends EndpointSchemas = object>(
    path: P,
    access: A,
    schemas?: S,
  ) => ({ method, path, auth: 'staff', access, ...schemas }) as { method: M; path: P; auth: 'staff'; access: A } & S;
}

export const get = staff('GET');
export const post = staff('POST');
export const put = staff('PUT');
export const del = staff('DELETE');
