import { ROUTES } from '@shop/contract/lite';
import { CodConfirmBody, formatRupees, shopDeadline } from '@shop/contract';
import { Form, Link } from 'react-router';
import { PageHeading, PageMessage } from '~/components/account/page-heading';
import { SubmitButton, TextField } from '~/components/forms/fields';
import { buttonClass } from '~/components/ui/button';
import { Notice } from '~/components/ui/notice';
import { redirectWithFlash } from '~/lib/flash.server';
import { textField } from '~/lib/form';
import { failed, formAnswer } from '~/lib/form.server';
import { orderIdFrom } from '~/lib/orders';
import { useSubmitting } from '~/lib/pending';
import { requireUser } from '~/lib/session.server';
import type { Route } from './+types/cod-confirm';
import { call, find } from '~/lib/call.server';

export const meta = () => [{ title: 'Confirm your order | Little Loom' }, { name: 'robots', content: 'noindex' }];

/** The cash-on-delivery order of `?order=<id>` whose mailed code confirms it (docs/product.md 'Cash on delivery'). */
export async function loader(args: Route.LoaderArgs) {
  await requireUser(args);
  const id = orderIdFrom(args.request.url);
  if (id === null) return { id, order: null };
  return { id, order: (await find(args, ROUTES['orders.get'], { params: { id } }))?.data ?? null };
}

/**
 * Confirm: the 6 digits go to the API, which counts the try (five wrong spend
 * the code); right, the order is confirmed and the shopper sees it. Send
 * again: a new code by mail (rate limited by the API). Both without scripts.
 */
export async function action(args: Route.ActionArgs) {
  await requireUser(args);
  const id = orderIdFrom(args.request.url) ?? Number.NaN;
  const form = await args.request.formData();
  if (textField(form, 'intent') === 'resend') {
    const res = await call(args, ROUTES['orders.codResend'], { params: { id } });
    if (!res.ok) return failed(res);
    return formAnswer({ notice: { kind: 'success', text: res.data.message } }, 200);
  }
  const typed = textField(form, 'code').replace(/\s/g, '');
  const body = CodConfirmBody.safeParse({ code: typed });
  if (!body.success) {
    return formAnswer({ fieldErrors: { code: body.error.issues[0]!.message }, values: { code: typed } });
  }
  const res = await call(args, ROUTES['orders.codConfirm'], { params: { id }, body: body.data });
  if (!res.ok) return failed(res, { fieldErrors: { code: res.errors[0] ?? res.message } });
  return redirectWithFlash(args, `/order-details?order=${res.data.data.id}`, {
    kind: 'success',
    text: res.data.message,
  });
}

export default function CodConfirmPage({ loaderData, actionData }: Route.ComponentProps) {
  const confirming = useSubmitting('confirm');
  const resending = useSubmitting('resend');
  const o = loaderData.order;
  if (loaderData.id === null || !o) {
    return <PageMessage text="We could not find that order." to="/orders" label="My Orders" />;
  }
  if (!o.can_confirm_cod) {
    return (
      <PageMessage
        text={`Order #${o.id} is not waiting for a confirmation code (${o.status_label.toLowerCase()}).`}
        to={`/order-details?order=${o.id}`}
        label="See the order"
      />
    );
  }
  return (
    <div className="container-shop max-w-xl py-10">
      <PageHeading title="Confirm your order" back={{ to: '/orders', label: 'My Orders' }} />
      <div className="rounded-3xl bg-white p-6 shadow-sm sm:p-10">
        <p className="text-muted">Order ID #{o.id} · Cash on delivery</p>
        <p className="mt-3 text-lg">
          We have mailed a 6-digit code to your email. Enter it to confirm the order; you pay{' '}
          <strong>{formatRupees(o.payable)}</strong> in cash when it is delivered (a cash on delivery fee of{' '}
          {formatRupees(o.cod_fee)} included).
        </p>
        <p className="mt-2 text-sm text-muted">
          An order not confirmed by {shopDeadline(o.payment_due_at)} is cancelled.
        </p>
        <Notice notice={actionData?.notice} className="mt-4" />
        <Form method="post" className="mt-6 space-y-4">
          <TextField
            label="Confirmation code"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9 ]*"
            maxLength={7}
            defaultValue={actionData?.values?.code ?? ''}
            error={actionData?.fieldErrors?.code}
          />
          <SubmitButton
            name="intent"
            value="confirm"
            pending={confirming}
            pendingLabel="Confirming..."
            className="w-full"
          >
            Confirm order
          </SubmitButton>
        </Form>
        <Form method="post" className="mt-3">
          <button
            type="submit"
            name="intent"
            value="resend"
            className={`${buttonClass.quiet} w-full`}
            disabled={resending}
          >
            {resending ? 'Sending...' : 'Send the code again'}
          </button>
        </Form>
        <Link to={`/order-details?order=${o.id}`} className={`${buttonClass.quiet} mt-3 w-full`}>
          See the order
        </Link>
      </div>
    </div>
  );
}
