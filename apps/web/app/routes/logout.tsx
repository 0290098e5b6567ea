import { ROUTES } from '@shop/contract/lite';
import { MESSAGES } from '@shop/contract';
import { redirect } from 'react-router';
import { redirectWithFlash } from '~/lib/flash.server';
import { signOutCookie } from '~/lib/session.server';
import type { Route } from './+types/logout';
import { send } from '~/lib/api.server';

/** Nothing to show: logging out is a form's POST (the header's menus, the profile page). */
export function loader() {
  return redirect('/');
}

/** docs/product.md#order-states: the session is revoked on the server, the cookie cleared, 'Logout Successfully !'. */
export async function action(args: Route.ActionArgs) {
  // Whether or not the server still knew the session, this browser is signed out.
  await send(args, ROUTES['accounts.logout']);
  return redirectWithFlash(
    args,
    '/',
    { kind: 'success', text: MESSAGES.logoutSuccess },
    { cookies: [signOutCookie(args)] },
  );
}
