import { adminTokenOf, endAdminSessionCookie, type AdminMe } from '@shop/contract';
import { data, redirect } from 'react-router';
import { apiResult, shopContext, type ApiInit, type ApiResult, type Args } from './api.server';

/**
 * The back office's pages talk to /api/v1/admin as the storefront's talk to
 * the API (api.server.ts), in process, with the back office's own cookie
 * (docs/decisions/0009) riding as a bearer token: a shopper's session is
 * never sent there.
 */
export const adminToken = ({ request, context }: Args) =>
  adminTokenOf(request.headers.get('cookie'), shopContext(context).secureCookies);

export function adminSend(args: Args, path: string, init: ApiInit = {}): Promise<Response> {
  const token = init.anonymous ? null : adminToken(args);
  return shopContext(args.context).api(`/api/v1/admin${path}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...init.headers,
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
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
    me = adminSend(args, '/me').then(async (res) => (res.ok ? ((await res.json()) as AdminMe) : null));
    staffOf.set(key, me);
  }
  return me;
}

export async function requireStaff(args: Args): Promise<AdminMe> {
  const me = await getStaff(args);
  if (!me) throw toSignIn(args);
  return me;
}

/** GETs data for an admin loader: 401 → sign in again, 403 → the page's 403, 404/400 → its 404. */
export async function adminLoad<T>(args: Args, path: string): Promise<T> {
  const res = await adminSend(args, path);
  if (res.status === 401) throw toSignIn(args);
  if (res.status === 403) throw data('Forbidden', { status: 403 });
  if (res.status === 404 || res.status === 400) throw data('Not found', { status: 404 });
  if (!res.ok) throw new Error(`API ${path} answered ${res.status}`);
  return (await res.json()) as T;
}

/** Calls the admin API for an action; a session that ended sends the page to the sign-in. */
export async function adminCall<T>(args: Args, path: string, init: ApiInit = {}): Promise<ApiResult<T>> {
  const res = await adminSend(args, path, init);
  if (res.status === 401 && !init.anonymous) throw toSignIn(args);
  return apiResult<T>(res);
}

// Back office part 2 (issue #14): files a form posted, sent on as bytes (pictures, a zip of pictures).
/** Sends a posted file's bytes as the body of an admin call; the answer says why it was refused. */
export async function adminUpload<T>(args: Args, path: string, file: File): Promise<ApiResult<T>> {
  const token = adminToken(args);
  const res = await shopContext(args.context).api(`/api/v1/admin${path}`, {
    method: 'POST',
    headers: {
      'content-type': file.type || 'application/octet-stream',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: new Uint8Array(await file.arrayBuffer()),
  });
  if (res.status === 401) throw toSignIn(args);
  return apiResult<T>(res);
}

/** A picture a form posted, to POST /admin/pictures (one file a call). */
export const adminPictureUpload = <T>(args: Args, file: File, alt = '') =>
  adminUpload<T>(args, `/pictures?alt=${encodeURIComponent(alt)}`, file);

/** A file field of a posted form, or null when none was chosen (browsers send an empty file then). */
export function postedFile(form: FormData, name: string): File | null {
  const value = form.get(name);
  return value instanceof File && value.size > 0 ? value : null;
}
