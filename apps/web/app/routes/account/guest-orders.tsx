import { ROUTES } from '@shop/contract/lite';
import { ClaimGuestOrdersBody } from '@shop/contract';
import { Link } from 'react-router';
import { z } from 'zod';
import { AccountForm } from '~/components/account/account-form';
import { TextField } from '~/components/forms/fields';
import { accountAction } from '~/lib/account.server';
import { requireUser } from '~/lib/session.server';
import { read } from '~/lib/call.server';
import type { Route } from './+types/guest-orders';

export const meta = () => [{ title: 'Orders placed as a guest | Little Loom' }, { name: 'robots', content: 'noindex' }];

const codeStep = (url: string) => new URL(url).searchParams.get('step') === 'code';
const NOTHING = z.object({});

export async function loader(args: Route.LoaderArgs) {
  const user = await requireUser(args);
  const { count } = await read(args, ROUTES['orders.guestOrders']);
  return { email: user.email, count, code: codeStep(args.request.url) };
}

/**
 * An account's orders placed as a guest with its email (docs/product.md
 * 'Buying as a guest'): anyone may register with an email, so the orders move
 * into My Orders only once a code mailed to that email comes back.
 */
export const action = (args: Route.ActionArgs) =>
  codeStep(args.request.url)
    ? accountAction(args, ClaimGuestOrdersBody, {
        endpoint: ROUTES['orders.claimGuestOrders'],
        to: '/orders',
        flash: (text) => ({ kind: 'success', text }),
      })
    : accountAction(args, NOTHING, {
        endpoint: ROUTES['orders.guestOrdersCode'],
        to: '/orders/guest?step=code',
        flash: (text) => ({ kind: 'info', text }),
      });

export default function GuestOrdersPage({ loaderData, actionData }: Route.ComponentProps) {
  const { code, email, count } = loaderData;
  const orders = count === 1 ? 'one order' : `${count} orders`;
  return (
    <AccountForm
      key={String(code)}
      title="Orders placed as a guest"
      back={{ to: '/orders', label: 'My Orders' }}
      schema={code ? ClaimGuestOrdersBody : NOTHING}
      answer={actionData}
      submit={code ? 'Show them in My Orders' : 'Send me a code'}
      pendingLabel={code ? 'Checking...' : 'Sending...'}
      intro={
        <p className="text-muted">
          {count === 0
            ? `There are no orders placed as a guest with ${email}.`
            : code
              ? `Enter the 6-digit code we sent to ${email}.`
              : `We found ${orders} placed as a guest with ${email}. To see them in My Orders, we send a code to that address to make sure it is yours.`}
        </p>
      }
      fields={(errors) =>
        code ? (
          <TextField
            label="Code from the email"
            name="otp"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            error={errors.otp}
          />
        ) : null
      }
      footer={
        <p className="text-center">
          {code ? (
            <Link to="/orders/guest" className="font-semibold text-brand-dark hover:underline">
              Send a new code
            </Link>
          ) : (
            <Link to="/orders" className="font-semibold text-brand-dark hover:underline">
              Back to My Orders
            </Link>
          )}
        </p>
      }
    />
  );
}
