import { ROUTES } from '@shop/contract/lite';
import { MESSAGES } from '@shop/contract';
import { Link, redirect } from 'react-router';
import { PageHeading } from '~/components/account/page-heading';
import { buttonClass } from '~/components/ui/button';
import { call } from '~/lib/call.server';
import { getUser, signInCookie } from '~/lib/session.server';

const SIGNED_IN =
  'You are logged in to your account. This link opens an order placed as a guest: log out first, or see the orders placed with your email from My Orders.';
import type { Route } from './+types/order-link';

export const meta = () => [{ title: 'Your order | Little Loom' }, { name: 'robots', content: 'noindex' }];

/**
 * The link a guest order's mails carry (`/order-link/:id/:token`): checked by
 * the API, it gives this browser the guest's session and leads on to the
 * order's page, so the token leaves the address bar at once. A link changed
 * by hand, or for an order now in an account, opens nothing.
 */
export async function loader(args: Route.LoaderArgs) {
  // A link (from a mail, or planted on another site) never signs an account out.
  if (await getUser(args)) return { message: SIGNED_IN };
  const orderId = Number(args.params.id);
  const res = await call(args, ROUTES['guests.orderLink'], {
    body: { order_id: Number.isInteger(orderId) && orderId > 0 ? orderId : 0, token: args.params.token },
  });
  if (!res.ok) return { message: res.status === 429 ? res.message : MESSAGES.orderLinkInvalid };
  throw redirect(`/order-details?order=${res.data.order_id}`, {
    headers: {
      'set-cookie': signInCookie(args, res.data.token, new Date(res.data.expires_at)),
      'referrer-policy': 'no-referrer',
    },
  });
}

export default function OrderLinkPage({ loaderData }: Route.ComponentProps) {
  return (
    <div className="container-shop max-w-xl py-10">
      <PageHeading title="Your order" />
      <p className="rounded-2xl bg-white p-4 shadow-sm">{loaderData.message}</p>
      <div className="mt-6 flex flex-wrap gap-3">
        <Link to="/order-status" className={buttonClass.primary}>
          Find your order
        </Link>
        <Link to="/login" className={buttonClass.secondary}>
          Log in
        </Link>
      </div>
    </div>
  );
}
