/**
 * How the storefront's loaders and actions reach the API: in process when the
 * shop serves the pages (apps/api/src/modules/web/web.routes.ts `inProcessApi`,
 * through the same routes, caches and checks), over HTTP in `react-router dev`.
 */
export type ApiFetch = (
  path: string,
  init?: { method?: string; headers?: Record<string, string>; body?: string | Uint8Array<ArrayBuffer> },
) => Promise<Response>;
