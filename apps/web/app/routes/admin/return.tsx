import { ADMIN_ROUTES, can, formatRupees } from '@shop/contract';
import { Form, Link, useRouteLoaderData } from 'react-router';
import { Facts, inputClass, labelClass } from '~/components/admin/bits';
import { RefundRecords } from '~/components/admin/refund-records';
import { AdminNotice } from '~/components/ui/notice';
import { Card } from '~/components/ui/card';
import { PageTitle } from '~/components/ui/page-title';
import { StatusBadge } from '~/components/ui/status-badge';
import { buttonClass } from '~/components/ui/button';
import { formatWhen } from '~/lib/dates';
import { field, newRequestKey, postAdmin, refuse } from '~/lib/admin-form.server';
import { useSubmitting } from '~/lib/pending';
import type { Route } from './+types/return';
import type { loader as layoutLoader } from './layout';
import { read } from '~/lib/call.server';

export const meta = ({ data }: Route.MetaArgs) => [
  { title: `Return for order #${data?.request.order_id ?? ''} | Back office` },
];

export async function loader(args: Route.LoaderArgs) {
  const request = await read(args, ADMIN_ROUTES['admin.returns.get'], { params: { id: args.params.id } });
  return { request, requestKey: newRequestKey() };
}

/** Accept (the pieces, everything, or an amount) or reject: each a form that posts. */
export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData();
  const params = { id: args.params.id };
  if (field(form, 'intent') === 'reject')
    return postAdmin(args, ADMIN_ROUTES['admin.returns.reject'], { params, body: { reason: field(form, 'reason') } });
  if (field(form, 'intent') === 'exchange') return acceptExchange(args, form, params);
  if (field(form, 'intent') === 'received') return postAdmin(args, ADMIN_ROUTES['admin.returns.received'], { params });
  const mode = field(form, 'mode');
  const lines = [...form.keys()]
    .filter((k) => k.startsWith('qty_'))
    .map((k) => ({ line_id: Number(k.slice(4)), quantity: Number(field(form, k) || '0') }))
    .filter((l) => l.quantity !== 0);
  if (lines.some((l) => !Number.isInteger(l.quantity) || l.quantity < 0)) return refuse('Quantities are whole numbers');
  if (mode === 'pieces' && lines.length === 0) return refuse('Choose how many of each piece come back');
  const restock = field(form, 'restock') === 'on';
  if (mode === 'amount' && restock && lines.length === 0) return refuse('Choose the pieces to put back on sale');
  const amountText = field(form, 'amount').replace(/[₹,\s]/g, '');
  const amount = mode === 'amount' ? Number(amountText) : undefined;
  if (mode === 'amount' && (!amountText || !Number.isFinite(amount)))
    return refuse('Type the amount to refund, in rupees');
  return postAdmin(args, ADMIN_ROUTES['admin.returns.accept'], {
    params,
    body: {
      lines: mode === 'all' ? [] : lines,
      ...(amount === undefined ? {} : { amount }),
      restock,
      note: field(form, 'note'),
      override_window: field(form, 'override') === 'on',
      refund_to: field(form, 'refund_to') === 'credit' ? 'credit' : 'payment',
      request_key: field(form, 'request_key'),
    },
  });
}

/**
 * Accept as an exchange (docs/product.md 'Exchanges'): for each piece coming back, the size or
 * colour sent instead; the API makes the replacement order and says what is left to pay.
 */
function acceptExchange(args: Route.ActionArgs, form: FormData, params: { id: string }) {
  const lines = [...form.keys()]
    .filter((k) => /^xqty_\d+$/.test(k))
    .map((k) => {
      const lineId = Number(k.slice(5));
      return {
        line_id: lineId,
        quantity: Number(field(form, k) || '0'),
        exchange_variant_id: Number(field(form, `swap_${lineId}`) || '0'),
      };
    })
    .filter((l) => l.quantity !== 0);
  if (lines.some((l) => !Number.isInteger(l.quantity) || l.quantity < 0)) return refuse('Quantities are whole numbers');
  if (lines.length === 0) return refuse('Choose how many of each piece come back');
  if (lines.some((l) => !l.exchange_variant_id)) return refuse('Choose the size or colour to send for each piece');
  return postAdmin(args, ADMIN_ROUTES['admin.returns.accept'], {
    params,
    body: {
      lines,
      restock: field(form, 'restock') === 'on',
      note: field(form, 'note'),
      override_window: field(form, 'override') === 'on',
      request_key: field(form, 'request_key'),
    },
  });
}

export default function Return({ loaderData, actionData }: Route.ComponentProps) {
  const { request: r, requestKey } = loaderData;
  const me = useRouteLoaderData<typeof layoutLoader>('routes/admin/layout')?.me;
  const decide = can(me?.user.role, 'returns.decide') && r.can_decide;
  const late = !r.within_window;
  const pending = useSubmitting();
  const exchangeable = r.credit_possible && r.lines.some((l) => l.exchange_options.length > 0);
  const exchangeCard = <ExchangeCard request={r} requestKey={requestKey} late={late && me?.user.role === 'admin'} />;
  return (
    <>
      <PageTitle
        actions={
          <>
            <Link to={`/admin/orders/${r.order_id}`} className={buttonClass.plain}>
              Order #{r.order_id}
            </Link>
            <Link to={`/admin/enquiries/${r.enquiry_id}`} className={buttonClass.plain}>
              Reply by mail
            </Link>
          </>
        }
      >
        Return for order #{r.order_id}
      </PageTitle>
      <AdminNotice notice={actionData?.notice} />
      <div className="grid gap-4 lg:grid-cols-[1fr_22rem]">
        <div className="space-y-4">
          <Card title="The shopper’s request">
            {(r.reason_label || r.wish_label) && (
              <dl className="mb-3 grid gap-1 text-sm sm:grid-cols-[8rem_1fr]">
                {r.reason_label && (
                  <>
                    <dt className="text-muted">Why</dt>
                    <dd className="font-semibold text-ink">{r.reason_label}</dd>
                  </>
                )}
                {r.wish_label && (
                  <>
                    <dt className="text-muted">Would like</dt>
                    <dd className="font-semibold text-ink">{r.wish_label}</dd>
                  </>
                )}
                {r.lines.some((l) => l.asked > 0) && (
                  <>
                    <dt className="text-muted">Pieces</dt>
                    <dd className="text-ink">
                      {r.lines
                        .filter((l) => l.asked > 0)
                        .map((l) => {
                          const instead = l.exchange_options.find((o) => o.variant_id === l.asked_variant_id);
                          return `${l.asked} × ${l.name} (${l.size}, ${l.color})${instead ? ` for ${instead.size}, ${instead.color}` : ''}`;
                        })
                        .join(', ')}
                    </dd>
                  </>
                )}
              </dl>
            )}
            <p className="whitespace-pre-line text-ink">{r.message}</p>
            {r.received_at ? (
              <p className="mt-2 text-sm font-semibold text-sage">Parcel received {formatWhen(r.received_at)}</p>
            ) : (
              can(me?.user.role, 'returns.decide') &&
              r.decision !== 'rejected' &&
              (r.can_decide || r.decision === 'accepted') && (
                <Form method="post" className="mt-3">
                  <input type="hidden" name="intent" value="received" />
                  <button type="submit" className={buttonClass.quiet} disabled={pending}>
                    Mark the parcel received (mails the shopper)
                  </button>
                </Form>
              )
            )}
            <p className="mt-2 text-sm text-muted">
              {r.shopper.name} · {r.shopper.email} · {formatWhen(r.created_at)}
            </p>
          </Card>
          {decide ? (
            <>
              {/* Asked for an exchange: its card comes first, so the owner does not refund by mistake. */}
              {exchangeable && r.wish === 'exchange' && exchangeCard}
              <Card title="Accept the return">
                <Form method="post" className="space-y-4">
                  <input type="hidden" name="intent" value="accept" />
                  <input type="hidden" name="request_key" value={requestKey} />
                  <fieldset>
                    <legend className={labelClass}>Pieces coming back</legend>
                    <ul className="mt-2 divide-y divide-linen">
                      {r.lines.map((l) => (
                        <li key={l.id} className="flex items-center justify-between gap-3 py-2">
                          <label htmlFor={`qty_${l.id}`} className="text-sm text-ink">
                            {l.name} ({l.size}, {l.color})
                            <span className="block text-muted">
                              {l.quantity} × {formatRupees(l.price)}
                              {Math.round(l.paid * 100) < Math.round(l.quantity * l.price * 100) &&
                                ` · ${formatRupees(l.paid)} paid after the discount`}
                            </span>
                          </label>
                          <input
                            id={`qty_${l.id}`}
                            name={`qty_${l.id}`}
                            type="number"
                            min={0}
                            max={l.quantity}
                            defaultValue={Math.min(l.asked, l.quantity - l.returned)}
                            inputMode="numeric"
                            className="w-20 rounded-xl border border-linen bg-white px-3 py-2 text-ink"
                          />
                        </li>
                      ))}
                    </ul>
                  </fieldset>
                  <fieldset className="space-y-2">
                    <legend className={labelClass}>Refund</legend>
                    {[
                      ['pieces', 'The chosen pieces’ price'],
                      ['all', `Everything comes back: the whole ${formatRupees(r.order_total)}, shipping too`],
                      ['amount', 'An amount I type'],
                    ].map(([value, text], i) => (
                      <label key={value} className="flex items-start gap-2 text-sm text-ink">
                        <input type="radio" name="mode" value={value} defaultChecked={i === 0} className="mt-1" />
                        {text}
                      </label>
                    ))}
                    <label className={labelClass}>
                      Amount in rupees (at most {formatRupees(r.refundable)})
                      <input name="amount" inputMode="decimal" className={inputClass} autoComplete="off" />
                    </label>
                  </fieldset>
                  {r.credit_possible && (
                    <fieldset className="space-y-2">
                      <legend className={labelClass}>Give it back</legend>
                      <label className="flex items-start gap-2 text-sm text-ink">
                        <input
                          type="radio"
                          name="refund_to"
                          value="payment"
                          defaultChecked={r.wish !== 'credit'}
                          className="mt-1"
                        />
                        The way it was paid
                      </label>
                      <label className="flex items-start gap-2 text-sm text-ink">
                        <input
                          type="radio"
                          name="refund_to"
                          value="credit"
                          defaultChecked={r.wish === 'credit'}
                          className="mt-1"
                        />
                        As store credit, at once (the shopper spends it on a next order)
                      </label>
                    </fieldset>
                  )}
                  <label className="flex items-center gap-2 text-sm text-ink">
                    <input type="checkbox" name="restock" /> Put the returned pieces back on sale
                  </label>
                  {late && me?.user.role === 'admin' && (
                    <label className="flex items-start gap-2 text-sm text-ink">
                      <input type="checkbox" name="override" className="mt-1" /> Accept after the return window (say why
                      in the note)
                    </label>
                  )}
                  <label className={labelClass}>
                    Note (kept in the order’s history)
                    <input name="note" maxLength={500} className={inputClass} />
                  </label>
                  <button type="submit" className={buttonClass.dark} disabled={pending}>
                    Accept and refund
                  </button>
                </Form>
              </Card>
              {exchangeable && r.wish !== 'exchange' && exchangeCard}
              <Card title="Reject the return">
                <Form method="post" className="space-y-3">
                  <input type="hidden" name="intent" value="reject" />
                  <label className={labelClass}>
                    Reason (mailed to the shopper)
                    <textarea name="reason" required maxLength={1000} rows={3} className={inputClass} />
                  </label>
                  <button type="submit" className={buttonClass.danger} disabled={pending}>
                    Reject
                  </button>
                </Form>
              </Card>
            </>
          ) : (
            <Card>
              <p className="text-ink">
                {r.decision
                  ? `This return was ${r.decision}.`
                  : `An order that is ${r.order_status_label.toLowerCase()} cannot take a return.`}
              </p>
            </Card>
          )}
        </div>
        <div className="space-y-4">
          <Card title="Order">
            <Facts
              items={[
                ['Status', <StatusBadge key="s" status={r.order_status} label={r.order_status_label} />],
                ['Total', formatRupees(r.order_total)],
                ['Shipping', formatRupees(r.shipping)],
                ['Left to refund', formatRupees(r.refundable)],
                ['Delivered', r.delivered_at ? formatWhen(r.delivered_at) : 'Not yet'],
                [
                  'Return window',
                  r.window_ends_at
                    ? `${r.within_window ? 'Open until' : 'Ended'} ${formatWhen(r.window_ends_at)}`
                    : `${r.return_window_days} days from delivery`,
                ],
              ]}
            />
          </Card>
          <Card title="Refunds">
            <RefundRecords refunds={r.refunds} />
          </Card>
        </div>
      </div>
    </>
  );
}

/** The exchange's form: per piece coming back, how many and the size or colour sent in its place. */
function ExchangeCard({
  request: r,
  requestKey,
  late,
}: {
  request: Route.ComponentProps['loaderData']['request'];
  requestKey: string;
  late: boolean;
}) {
  const pending = useSubmitting();
  return (
    <Card title="Accept as an exchange">
      <Form method="post" className="space-y-4">
        <input type="hidden" name="intent" value="exchange" />
        <input type="hidden" name="request_key" value={requestKey} />
        <p className="text-sm text-muted">
          What the pieces were paid pays for a new order of the sizes or colours chosen, with no shipping charged; a
          dearer one leaves the difference for the shopper to pay, a cheaper one leaves the rest in their store credit.
        </p>
        <ul className="divide-y divide-linen">
          {r.lines
            .filter((l) => l.exchange_options.length > 0 && l.quantity > l.returned)
            .map((l) => (
              <li key={l.id} className="grid gap-2 py-3 sm:grid-cols-[1fr_6rem]">
                <label htmlFor={`xqty_${l.id}`} className="text-sm text-ink">
                  {l.name} ({l.size}, {l.color})
                  <span className="block text-muted">
                    {l.quantity - l.returned} may come back · {formatRupees(l.price)} each
                  </span>
                </label>
                <input
                  id={`xqty_${l.id}`}
                  name={`xqty_${l.id}`}
                  type="number"
                  min={0}
                  max={l.quantity - l.returned}
                  defaultValue={l.asked_variant_id ? Math.min(l.asked, l.quantity - l.returned) : 0}
                  inputMode="numeric"
                  className="w-20 rounded-xl border border-linen bg-white px-3 py-2 text-ink"
                />
                <label className={`${labelClass} sm:col-span-2`}>
                  Send instead
                  <select name={`swap_${l.id}`} defaultValue={l.asked_variant_id ?? ''} className={inputClass}>
                    <option value="">Choose a size or colour</option>
                    {l.exchange_options.map((o) => (
                      <option key={o.variant_id} value={o.variant_id} disabled={o.stock === 0}>
                        {o.size}, {o.color} · {formatRupees(o.price)} ·{' '}
                        {o.stock === 0 ? 'out of stock' : `${o.stock} in stock`}
                      </option>
                    ))}
                  </select>
                </label>
              </li>
            ))}
        </ul>
        <label className="flex items-center gap-2 text-sm text-ink">
          <input type="checkbox" name="restock" /> Put the returned pieces back on sale
        </label>
        {late && (
          <label className="flex items-start gap-2 text-sm text-ink">
            <input type="checkbox" name="override" className="mt-1" /> Accept after the return window (say why in the
            note)
          </label>
        )}
        <label className={labelClass}>
          Note (kept in the order’s history)
          <input name="note" maxLength={500} className={inputClass} />
        </label>
        <button type="submit" className={buttonClass.dark} disabled={pending}>
          Accept the exchange
        </button>
      </Form>
    </Card>
  );
}
