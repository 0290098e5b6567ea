import { ROUTES } from '@shop/contract/lite';
import { Email } from '@shop/contract';
import { Form, Link, redirect } from 'react-router';
import { PageHeading } from '~/components/account/page-heading';
import { TextField } from '~/components/forms/fields';
import { buttonClass } from '~/components/ui/button';
import { call } from '~/lib/call.server';
import { SHOP_NAME } from '~/lib/config';
import { textField } from '~/lib/form';
import { formAnswer } from '~/lib/form.server';
import { useSubmitting } from '~/lib/pending';
import { canonical, seoMeta } from '~/lib/seo';
import { getUser, signInCookie } from '~/lib/session.server';
import type { Route } from './+types/order-status';

/**
 * Find an order (docs/product.md 'Buying as a guest'): its number and the
 * email it was placed with open a guest order's page, from which the guest
 * pays, cancels, gets the invoice or asks a return. Every miss is answered
 * alike, and look-ups are limited. An account's orders are in My Orders.
 */
export async function loader(args: Route.LoaderArgs) {
  const user = await getUser(args);
  return { url: canonical(args.request.url), signedIn: user !== null };
}

const ORDER_NUMBER = /^#?\s*(\d{1,10})$/;

export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData();
  const values = { order: textField(form, 'order'), email: textField(form, 'email') };
  const number = ORDER_NUMBER.exec(values.order.trim());
  const email = Email.safeParse(values.email);
  const fieldErrors = {
    ...(number ? {} : { order: 'Please enter the order number from your mail, such as 1042' }),
    ...(email.success ? {} : { email: email.error.issues[0]!.message }),
  };
  if (!number || !email.success) return formAnswer({ fieldErrors, values });
  const res = await call(args, ROUTES['guests.findOrder'], {
    body: { order_id: Number(number[1]), email: email.data },
  });
  if (!res.ok) return formAnswer({ notice: { kind: 'error', text: res.message }, values }, res.status);
  // The guest's session for that order rides the shop's usual cookie; their order's page follows.
  throw redirect(`/order-details?order=${res.data.order_id}`, {
    headers: { 'set-cookie': signInCookie(args, res.data.token, new Date(res.data.expires_at)) },
  });
}

export const meta: Route.MetaFunction = ({ data }) =>
  seoMeta({
    title: 'Find your order',
    description: `Find an order you placed with ${SHOP_NAME} without an account: its number and your email.`,
    url: data?.url ?? '/order-status',
  });

export default function OrderStatusPage({ loaderData, actionData }: Route.ComponentProps) {
  const answer = actionData;
  const finding = useSubmitting();
  return (
    <div className="container-shop max-w-xl py-10">
      <PageHeading title="Find your order" />
      {loaderData.signedIn ? (
        <p className="mb-6 rounded-2xl bg-white p-4 shadow-sm">
          You are logged in: your orders are in{' '}
          <Link to="/orders" className="font-semibold text-brand-dark underline">
            My Orders
          </Link>
          . Use this page for an order placed as a guest.
        </p>
      ) : null}
      <Form method="post" className="grid gap-5 rounded-3xl bg-white p-6 shadow-sm sm:p-8">
        <p className="text-muted">
          Placed an order without an account? Enter its number (in your order mail) and the email you gave.
        </p>
        <TextField
          label="Order number"
          name="order"
          inputMode="numeric"
          autoComplete="off"
          defaultValue={answer?.values?.order ?? ''}
          error={answer?.fieldErrors?.order}
        />
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          defaultValue={answer?.values?.email ?? ''}
          error={answer?.fieldErrors?.email}
        />
        {/* A look-up's miss stays on the form (not only a passing toast): the shopper checks what they typed. */}
        {answer?.notice && (
          <p role="alert" className="rounded-2xl border border-brand/40 bg-brand-soft px-4 py-3 text-sm font-semibold">
            {answer.notice.text}
          </p>
        )}
        <button type="submit" className={buttonClass.primary} disabled={finding}>
          {finding ? 'Finding...' : 'Find my order'}
        </button>
      </Form>
    </div>
  );
}
