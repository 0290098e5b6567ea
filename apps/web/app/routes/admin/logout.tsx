import { ADMIN_ROUTES, endAdminSessionCookie } from '@shop/contract';
import { redirect } from 'react-router';
import { shopContext } from '~/lib/api.server';
import type { Route } from './+types/logout';
import { send } from '~/lib/api.server';

export function loader() {
  return redirect('/admin');
}

/** Signing out of the back office: the session revoked on the server, the cookie cleared. */
export async function action(args: Route.ActionArgs) {
  await send(args, ADMIN_ROUTES['admin.auth.logout']);
  const cookie = endAdminSessionCookie(shopContext(args.context).secureCookies);
  return redirect('/admin/login?signed_out=1', { headers: { 'set-cookie': cookie } });
}
