import { ADMIN_ROUTES, endAdminSessionCookie, type AdminMe } from '@shop/contract';
import { redirect } from 'react-router';
import { adminToken, send, shopContext, type AnswerOf, type Args } from './api.server';

/**
 * The back office's session on the web's side: its own cookie (docs/decisions/0009),
 * which `send` (api.server.ts) carries to the back office's calls only: a
 * shopper's session is never sent there. Calls go through call.server.ts.
 */

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
    me = send(args, ADMIN_ROUTES['admin.auth.me']).then(async (res) =>
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

/** A file field of a posted form, or null when none was chosen (browsers send an empty file then). */
export function postedFile(form: FormData, name: string): File | null {
  const value = form.get(name);
  return value instanceof File && value.size > 0 ? value : null;
}
