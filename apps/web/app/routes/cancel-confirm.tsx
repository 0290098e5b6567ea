import { ROUTES } from '@shop/contract/lite';
import { MESSAGES, formatRupees } from '@shop/contract';
import { Form, Link } from 'react-router';
import { PageHeading, PageMessage } from '~/components/account/page-heading';
import { buttonClass } from '~/components/ui/button';
import { Notice } from '~/components/ui/notice';
import { redirectWithFlash } from '~/lib/flash.server';
import { failed } from '~/lib/form.server';
import { orderIdFrom } from '~/lib/orders';
import { useSubmitting } from '~/lib/pending';
import { requireBuyer } from '~/lib/session.server';
import type { Route } from './+types/cancel-confirm';
import { call, find } from '~/lib/call.server';

export const meta = () => [{ title: 'Cancel order | Little Loom' }, { name: 'robots', content: 'noindex' }];

/** The order of `?order=<id>`; without an id there is nothing to cancel, so the page says so instead of an endless 'Loading...'. */
export async function loader(args: Route.LoaderArgs) {
  await requireBuyer(args);
  const id = orderIdFrom(args.request.url);
  if (id === null) return { id, order: null };
  return { id, order: (await find(args, ROUTES['orders.get'], { params: { id } }))?.data ?? null };
}

/** docs/product.md#order-states: after cancelling, the server's message and back to My Orders. */
export async function action(args: Route.ActionArgs) {
  await requireBuyer(args);
  const id = orderIdFrom(args.request.url);
  // Without an id, NaN: it goes as null, and the API answers why it cannot cancel that.
  const res = await call(args, ROUTES['orders.cancel'], { body: { order_id: id ?? NaN } });
  if (!res.ok) return failed(res);
  return redirectWithFlash(args, '/orders', { kind: 'success', text: res.data.message });
}

export default function CancelConfirmPage({ loaderData, actionData }: Route.ComponentProps) {
  const cancelling = useSubmitting();
  const o = loaderData.order;
  if (loaderData.id === null) {
    return <PageMessage text="There is no order to cancel." to="/orders" label="My Orders" />;
  }
  if (!o || !o.can_cancel) {
    // Pressing Back after cancelling lands here: say so plainly.
    return (
      <PageMessage
        text={o ? `${MESSAGES.cannotCancel}.` : 'We could not find that order.'}
        to="/orders"
        label="My Orders"
      />
    );
  }
  const paid = o.payment_status === 'Paid';
  return (
    <div className="container-shop max-w-xl py-10">
      <PageHeading title="Cancel this order?" back={{ to: '/orders', label: 'My Orders' }} />
      <Form method="post" className="rounded-3xl bg-white p-6 text-center shadow-sm sm:p-10">
        <p className="text-muted">Order ID #{o.id}</p>
        <p className="mt-4 text-lg">
          {paid
            ? `A refund of ${formatRupees(o.total)} will be initiated to your original payment method. It reaches you in 10-15 business days.`
            : 'Your order will be cancelled. No payment has been taken for it.'}
        </p>
        <Notice notice={actionData?.notice} className="mt-4" />
        <button type="submit" className={`${buttonClass.primary} mt-8 w-full`} disabled={cancelling}>
          {cancelling ? 'Cancelling...' : 'YES, CANCEL ORDER'}
        </button>
        <Link to="/orders" className={`${buttonClass.quiet} mt-3`}>
          No, keep my order
        </Link>
      </Form>
    </div>
  );
}
