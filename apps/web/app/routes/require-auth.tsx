import { Outlet } from 'react-router';
import { requireUser } from '~/lib/session.server';
import type { Route } from './+types/require-auth';

export const meta = () => [{ name: 'robots', content: 'noindex' }];

/**
 * The wrapper of every signed-in page (docs/product.md#screens), decided on the server from
 * the session cookie: an anonymous visitor goes to /login with 'Please login
 * to access this page' and comes back here after signing in.
 */
export async function loader(args: Route.LoaderArgs) {
  await requireUser(args);
  return null;
}

export default function RequireAuth() {
  return <Outlet />;
}
