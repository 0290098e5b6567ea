import { formatRupees, type AdminOrderDetail } from '@shop/contract';
import { Form } from 'react-router';
import { TextAreaField, TextField } from '~/components/forms/fields';
import { AdminNotice } from '~/components/ui/notice';
import { Card } from '~/components/ui/card';
import { buttonClass } from '~/components/ui/button';
import type { FormAnswer } from '~/lib/flash';
import { useSubmitting } from '~/lib/pending';

/**
 * A goodwill refund (admins, docs/product.md 'After the sale'): an amount given back outside a
 * return, up to what is left, with the reason the shopper is mailed. The
 * request key is drawn with the page, so a second submit gives nothing twice.
 */
export function GoodwillRefundForm({
  order,
  requestKey,
  answer,
}: {
  order: Pick<AdminOrderDetail, 'id' | 'money' | 'guest'>;
  requestKey: string;
  answer?: FormAnswer | undefined;
}) {
  const pending = useSubmitting('refund');
  const errors = answer?.fieldErrors ?? {};
  return (
    <Card title="Refund an amount">
      {/* Keyed by the request key: once a refund is recorded the page draws a new key, and an empty form. */}
      <Form key={requestKey} method="post" action={`/admin/orders/${order.id}`} className="space-y-4" noValidate>
        <input type="hidden" name="intent" value="refund" />
        <input type="hidden" name="request_key" value={requestKey} />
        <p className="text-sm text-muted">
          Give back part of the payment outside a return (a late parcel, a loose button). The order keeps its status.
        </p>
        <AdminNotice notice={answer?.notice} />
        <TextField
          label="Amount in rupees"
          name="amount"
          inputMode="decimal"
          autoComplete="off"
          required
          hint={`At most ${formatRupees(order.money.left)}`}
          defaultValue={answer?.values?.amount ?? ''}
          error={errors.amount}
        />
        <TextAreaField
          label="Reason (mailed to the shopper)"
          name="reason"
          required
          minLength={3}
          maxLength={500}
          rows={3}
          hint="The refund’s mail gives the shopper these words."
          defaultValue={answer?.values?.reason ?? ''}
          error={errors.reason}
          className="[&_textarea]:min-h-24"
        />
        {!order.guest && (
          <fieldset className="space-y-2">
            <legend className="text-sm font-semibold text-ink">Give it back</legend>
            <label className="flex items-start gap-2 text-sm text-ink">
              <input
                type="radio"
                name="refund_to"
                value="payment"
                defaultChecked={answer?.values?.refund_to !== 'credit'}
                className="mt-1"
              />
              To the payment
            </label>
            <label className="flex items-start gap-2 text-sm text-ink">
              <input
                type="radio"
                name="refund_to"
                value="credit"
                defaultChecked={answer?.values?.refund_to === 'credit'}
                className="mt-1"
              />
              As store credit, at once
            </label>
          </fieldset>
        )}
        <button type="submit" className={buttonClass.dark} disabled={pending}>
          {pending ? 'Working…' : 'Refund and mail the shopper'}
        </button>
      </Form>
    </Card>
  );
}
