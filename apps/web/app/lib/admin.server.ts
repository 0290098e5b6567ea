import {
  ADMIN_ROUTES,
  adminTokenOf,
  endAdminSessionCookie,
  endpointPath,
  type AdminMe,
  type EndpointRoute,
} from '@shop/contract';
import { data, redirect } from 'react-router';
import {
  apiResult,
  endpointCall,
  shopContext,
  type AnswerOf,
  type ApiInit,
  type ApiResult,
  type Args,
  type CallInit,
  type EndpointArgs,
} from './api.server';

/**
 * The back office's pages call /api/v1/admin through the endpoint table
 * (`ADMIN_ROUTES['admin.orders.get']`, its answer typed from the entry) as the
 * storefront's do (api.server.ts), in process, with the back office's own
 * cookie (docs/decisions/0009) riding as a bearer token: a shopper's session
 * is never sent there.
 */
export const adminToken = ({ request, context }: Args) =>
  adminTokenOf(request.headers.get('cookie'), shopContext(context).secureCookies);

/** One call under /api/v1 (a path of the table, params and query filled in) with the back office's session. */
function adminFetch(args: Args, path: string, init: ApiInit = {}): Promise<Response> {
  const token = init.anonymous ? null : adminToken(args);
  return shopContext(args.context).api(`/api/v1${path}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...init.headers,
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
}

/** A call of an admin entry of the table: the raw answer, for a caller that reads its status itself. */
export function adminSend<R extends EndpointRoute>(
  args: Args,
  route: R,
  ...[input, init]: EndpointArgs<R, CallInit>
): Promise<Response> {
  const call = endpointCall(route, input, init);
  return adminFetch(args, call.path, call.init);
}

/** Where a page without a live back-office session goes: the sign-in, then back. */
export function toSignIn(args: Args): Response {
  const url = new URL(args.request.url);
  const back = `${url.pathname}${url.search}`;
  const to = back === '/admin' ? '/admin/login' : `/admin/login?redirectTo=${encodeURIComponent(back)}`;
  const headers = new Headers();
  if (adminToken(args)) headers.append('set-cookie', endAdminSessionCookie(shopContext(args.context).secureCookies));
  return redirect(to, { headers });
}

const staffOf = new WeakMap<object, Promise<AdminMe | null>>();

/** The signed-in staff member and their permissions, asked once per request; null without a live session. */
export function getStaff(args: Args): Promise<AdminMe | null> {
  if (!adminToken(args)) return Promise.resolve(null);
  const key = args.context.api ? args.context : args.request;
  let me = staffOf.get(key);
  if (!me) {
    me = adminSend(args, ADMIN_ROUTES['admin.auth.me']).then(async (res) =>
      res.ok ? ((await res.json()) as AnswerOf<(typeof ADMIN_ROUTES)['admin.auth.me']>) : null,
    );
    staffOf.set(key, me);
  }
  return me;
}

export async function requireStaff(args: Args): Promise<AdminMe> {
  const me = await getStaff(args);
  if (!me) throw toSignIn(args);
  return me;
}

/** The answer of an admin loader's call: 401 → sign in again, 403 → the page's 403, 404/400 → its 404. */
async function loaded<T>(args: Args, res: Response, path: string): Promise<T> {
  if (res.status === 401) throw toSignIn(args);
  if (res.status === 403) throw data('Forbidden', { status: 403 });
  if (res.status === 404 || res.status === 400) throw data('Not found', { status: 404 });
  if (!res.ok) throw new Error(`API ${path} answered ${res.status}`);
  return (await res.json()) as T;
}

/** GETs data for an admin loader through an entry of the table (`ADMIN_ROUTES['admin.stock.get']`). */
export async function adminLoad<R extends EndpointRoute>(
  args: Args,
  route: R,
  ...[input]: EndpointArgs<R>
): Promise<AnswerOf<R>> {
  const { path, init } = endpointCall(route, input);
  return loaded<AnswerOf<R>>(args, await adminFetch(args, path, init), path);
}

/**
 * A list page's loader: the page's own query (its filters, its page) is passed
 * on to the API as written. The API validates it and a bad one is the page's
 * 404, so the page does not read it into the entry's types first.
 */
export async function adminLoadList<R extends EndpointRoute>(
  args: Args,
  route: R,
  query: URLSearchParams,
): Promise<AnswerOf<R>> {
  const path = endpointPath(route, { query: Object.fromEntries(query) });
  return loaded<AnswerOf<R>>(args, await adminFetch(args, path, { method: route.method }), path);
}

/** Calls the admin API for an action; a session that ended sends the page to the sign-in. */
export async function adminCall<R extends EndpointRoute>(
  args: Args,
  route: R,
  ...[input, init]: EndpointArgs<R, CallInit>
): Promise<ApiResult<AnswerOf<R>>> {
  const call = endpointCall(route, input, init);
  const res = await adminFetch(args, call.path, call.init);
  if (res.status === 401 && !init?.anonymous) throw toSignIn(args);
  return apiResult<AnswerOf<R>>(res);
}

// Back office part 2 (issue #14): files a form posted, sent on as bytes (pictures, a zip of pictures).
/** Sends a posted file's bytes as the body of an admin call; the answer says why it was refused. */
export async function adminUpload<R extends EndpointRoute>(
  args: Args,
  route: R,
  file: File,
  ...[input]: EndpointArgs<R>
): Promise<ApiResult<AnswerOf<R>>> {
  const token = adminToken(args);
  const res = await shopContext(args.context).api(`/api/v1${endpointPath(route, input)}`, {
    method: route.method,
    headers: {
      'content-type': file.type || 'application/octet-stream',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: new Uint8Array(await file.arrayBuffer()),
  });
  if (res.status === 401) throw toSignIn(args);
  return apiResult<AnswerOf<R>>(res);
}

/** A picture a form posted, to POST /admin/pictures (one file a call). */
export const adminPictureUpload = (args: Args, file: File, alt = '') =>
  adminUpload(args, ADMIN_ROUTES['admin.pictures.upload'], file, { query: { alt } });

/** A file field of a posted form, or null when none was chosen (browsers send an empty file then). */
export function postedFile(form: FormData, name: string): File | null {
  const value = form.get(name);
  return value instanceof File && value.size > 0 ? value : null;
}
