import { data } from 'react-router';

/** How loaders reach the API: in process when served by the shop, over HTTP in `react-router dev`. */
export type ApiFetch = (
  path: string,
  init?: { method?: string; headers?: Record<string, string>; body?: string },
) => Promise<Response>;

declare module 'react-router' {
  interface AppLoadContext {
    api?: ApiFetch;
    /** This response's Content-Security-Policy nonce (entry.server.tsx puts it on every script). */
    cspNonce?: string;
  }
}

const DEV_API = 'http://127.0.0.1:3000';

/**
 * GETs an API path for a loader. A 404 becomes the route's 404 (the error
 * boundary shows the not-found page); other failures are server errors.
 */
export async function load<T>(
  context: { api?: ApiFetch } | undefined,
  path: string,
  init?: { method?: string; body?: unknown },
): Promise<T> {
  const fetcher: ApiFetch =
    context?.api ?? ((p, i) => fetch(`${DEV_API}${p}`, { method: i?.method, headers: i?.headers, body: i?.body }));
  const res = await fetcher(`/api/v1${path}`, {
    method: init?.method ?? 'GET',
    ...(init?.body === undefined
      ? {}
      : { body: JSON.stringify(init.body), headers: { 'content-type': 'application/json' } }),
  });
  if (res.status === 404) throw data('Not found', { status: 404 });
  if (res.status === 400) throw data('Bad request', { status: 400 });
  if (!res.ok) throw new Error(`API ${path} answered ${res.status}`);
  return (await res.json()) as T;
}
