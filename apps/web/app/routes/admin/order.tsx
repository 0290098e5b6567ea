import {
  ADMIN_ROUTES,
  MESSAGES,
  can,
  MoveBody,
  NoteBody,
  ORDER_MOVE_KEYS,
  ShipBody,
  formatRupees,
  type OrderMoveKey,
  type EndpointRoute,
} from '@shop/contract';
import { Form, Link, redirect, useRouteLoaderData } from 'react-router';
import { CopyButton } from '~/components/admin/copy-button';
import { ConfirmMove, OrderMoves, mayNote } from '~/components/admin/order-moves';
import { CodCard } from '~/components/admin/cod-card';
import { GoodwillRefundForm } from '~/components/admin/goodwill-refund-form';
import { MoneyBadge, MoneyCard } from '~/components/admin/money-card';
import { AdminNotice } from '~/components/ui/notice';
import { Card } from '~/components/ui/card';
import { PageTitle } from '~/components/ui/page-title';
import { Badge, StatusBadge } from '~/components/ui/status-badge';
import { buttonClass } from '~/components/ui/button';
import { formatWhen } from '~/lib/dates';
import { checkForm, textField } from '~/lib/form';
import { formAnswer } from '~/lib/form.server';
import { newRequestKey } from '~/lib/admin-form.server';
import { postGoodwillRefund } from '~/lib/goodwill-refund.server';
import { returnedWords } from '~/lib/money-words';
import { postShipment } from '~/lib/shipment.server';
import { ShipmentsCard } from '~/components/admin/shipments';
import type { loader as layoutLoader } from './layout';
import type { Route } from './+types/order';
import { adminMeta } from '~/components/admin/meta';
import { call, read } from '~/lib/call.server';

export const meta = ({ params }: Route.MetaArgs) => adminMeta(`Order #${params.id}`);

const isMove = (v: string | null): v is OrderMoveKey => ORDER_MOVE_KEYS.includes(v as OrderMoveKey);

/** Each move's call of the endpoint table. */
const MOVE_ROUTES = {
  ship: ADMIN_ROUTES['admin.orders.ship'],
  deliver: ADMIN_ROUTES['admin.orders.deliver'],
  cancel_unpaid: ADMIN_ROUTES['admin.orders.cancelUnpaid'],
  cancel_paid: ADMIN_ROUTES['admin.orders.cancelPaid'],
  return_to_origin: ADMIN_ROUTES['admin.orders.returnToOrigin'],
} as const satisfies Record<OrderMoveKey, EndpointRoute>;

export async function loader(args: Route.LoaderArgs) {
  const id = args.params.id;
  const [order, returns] = await Promise.all([
    read(args, ADMIN_ROUTES['admin.orders.get'], { params: { id } }),
    read(args, ADMIN_ROUTES['admin.returns.list'], { query: { state: 'all', order_id: id } }),
  ]);
  const url = new URL(args.request.url);
  const confirm = url.searchParams.get('confirm');
  const done = url.searchParams.get('done');
  const confirmed = isMove(confirm) && order.moves.includes(confirm) ? confirm : null;
  return { order, returns: returns.data, confirm: confirmed, done, requestKey: newRequestKey() };
}

/** A move (after its confirm step) or a note: the API decides; the page shows its answer. */
export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData();
  const intent = textField(form, 'intent');
  const params = { id: args.params.id };
  const id = encodeURIComponent(args.params.id);
  const values = Object.fromEntries(
    ['carrier', 'tracking_number', 'tracking_url', 'note'].map((k) => [k, textField(form, k)]),
  );
  if (intent === 'refund') return postGoodwillRefund(args, args.params.id, form);
  if (intent === 'note') {
    const checked = checkForm(NoteBody, form);
    if (!checked.ok) return formAnswer({ form: 'note', fieldErrors: checked.errors });
    const res = await call(args, ADMIN_ROUTES['admin.orders.note'], { params, body: checked.data });
    if (!res.ok)
      return formAnswer({ form: 'note', notice: { kind: 'error', text: res.errors[0] ?? res.message } }, res.status);
    throw redirect(`/admin/orders/${id}?done=note`);
  }
  if (!isMove(intent)) return formAnswer({ notice: { kind: 'error', text: MESSAGES.invalidInput } });
  if (intent === 'ship' && [...form.keys()].some((k) => k.startsWith('qty_'))) {
    return postShipment(args, args.params.id, form, values);
  }
  const checked = checkForm(intent === 'ship' ? ShipBody : MoveBody, form);
  if (!checked.ok) return formAnswer({ form: intent, values, fieldErrors: checked.errors });
  const res = await call(args, MOVE_ROUTES[intent], { params, body: checked.data });
  if (!res.ok) {
    const text = res.status >= 500 ? MESSAGES.serverError : (res.errors[0] ?? res.message);
    return formAnswer({ form: intent, values, notice: { kind: 'error', text } }, res.status);
  }
  throw redirect(`/admin/orders/${id}?done=${intent}`);
}

const DONE: Record<string, string> = {
  ship: 'Shipped: the shopper has been mailed the tracking link.',
  ship_part:
    'Parcel shipped: the shopper has been mailed its pieces and tracking link. The order ships when every piece has.',
  ship_repeated: 'This parcel was already recorded: nothing was shipped twice.',
  deliver: 'Marked delivered: the shopper has been mailed.',
  cancel_unpaid: 'Order cancelled.',
  cancel_paid: 'Order cancelled: the refund has been asked of the payment provider.',
  return_to_origin: 'Marked returned to origin: its pieces are back in stock; nothing to refund.',
  note: 'Note kept in the history.',
  refund: 'Refund recorded: it has been asked of the payment provider and the shopper mailed the reason.',
  refund_repeated: 'This refund was already recorded: nothing was given twice.',
};

export default function OrderPage({ loaderData, actionData }: Route.ComponentProps) {
  const { order, returns, confirm, done, requestKey } = loaderData;
  const me = useRouteLoaderData<typeof layoutLoader>('routes/admin/layout')?.me;
  const answer = actionData;
  const address = [
    order.name,
    order.address.address,
    order.address.locality,
    `${order.address.city} ${order.address.pincode}`,
    order.address.state,
    order.address.country,
    order.phone,
  ]
    .filter(Boolean)
    .join('\n');
  return (
    <>
      <PageTitle
        actions={
          <>
            <StatusBadge status={order.status} label={order.status_label} />
            {order.fulfilment === 'partly_shipped' && <Badge tone="waiting">{order.fulfilment_label}</Badge>}
            <MoneyBadge money={order.money} />
          </>
        }
      >
        Order #{order.id}
      </PageTitle>
      <AdminNotice notice={done && DONE[done] ? { kind: 'success', text: DONE[done] } : null} />
      <p className="-mt-3 mb-5 text-sm text-muted">
        Placed {formatWhen(order.created_at)} · {order.shipping_type} shipping · {formatRupees(order.total)}
        {order.credit > 0 && ` · ${formatRupees(order.credit)} paid with store credit`}
        {order.exchange_of !== null && (
          <>
            {' · '}
            <Link to={`/admin/orders/${order.exchange_of}`} className="font-semibold text-brand-dark underline">
              Exchange for order #{order.exchange_of}
            </Link>
          </>
        )}
        {order.exchanges.map((id) => (
          <span key={id}>
            {' · '}
            <Link to={`/admin/orders/${id}`} className="font-semibold text-brand-dark underline">
              Replacement: order #{id}
            </Link>
          </span>
        ))}
      </p>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
        <div className="min-w-0 space-y-4 lg:col-span-2">
          <Card title={confirm ? 'Confirm' : 'Next step'}>
            {confirm ? (
              <ConfirmMove
                order={order}
                move={confirm}
                answer={answer?.form === confirm ? answer : undefined}
                requestKey={requestKey}
              />
            ) : (
              <OrderMoves order={order} />
            )}
            {order.tracking_url && order.shipments.length === 0 && (
              <p className="mt-3 text-sm break-all text-ink">
                {order.carrier ? `${order.carrier} ${order.tracking_number ?? ''}: ` : 'Tracking: '}
                <a href={order.tracking_url} className="text-brand-dark underline" rel="noreferrer" target="_blank">
                  {order.tracking_url}
                </a>
              </p>
            )}
          </Card>
          <ShipmentsCard order={order} />
          <Card title={`Items (${order.lines.reduce((n, l) => n + l.quantity, 0)})`}>
            <ul className="divide-y divide-linen">
              {order.lines.map((l) => (
                <li key={l.id} className="flex gap-3 py-3">
                  <img
                    src={l.image}
                    alt=""
                    width={64}
                    height={80}
                    className="h-20 w-16 rounded-lg bg-sand object-cover"
                  />
                  <div className="flex-1">
                    <p className="font-semibold text-ink">{l.name}</p>
                    <p className="text-sm text-muted">
                      {l.size} · {l.color} · SKU {l.sku}
                    </p>
                    {l.shipped > 0 && l.shipped < l.quantity && (
                      <p className="text-sm text-muted">
                        {l.shipped} of {l.quantity} shipped
                      </p>
                    )}
                    {l.returned > 0 && (
                      <p className="text-sm font-semibold text-brand-dark">{returnedWords(l.returned)}</p>
                    )}
                  </div>
                  <p className="text-right text-sm">
                    {l.quantity} × {formatRupees(l.price)}
                    {l.discount > 0 && <span className="block text-muted">−{formatRupees(l.discount)} discount</span>}
                  </p>
                </li>
              ))}
            </ul>
            <dl className="mt-3 grid grid-cols-2 gap-1 text-sm">
              <dt className="text-muted">Subtotal</dt>
              <dd className="text-right">{formatRupees(order.subtotal)}</dd>
              {order.discount > 0 && (
                <>
                  <dt className="text-muted">Discount{order.discount_code ? ` (${order.discount_code})` : ''}</dt>
                  <dd className="text-right">−{formatRupees(order.discount)}</dd>
                </>
              )}
              <dt className="text-muted">Shipping</dt>
              <dd className="text-right">{formatRupees(order.shipping)}</dd>
              {order.cod && order.cod.fee > 0 && (
                <>
                  <dt className="text-muted">Cash on delivery fee</dt>
                  <dd className="text-right">{formatRupees(order.cod.fee)}</dd>
                </>
              )}
              <dt className="font-semibold">Total</dt>
              <dd className="text-right font-semibold">{formatRupees(order.total)}</dd>
            </dl>
            {order.invoice_url && (
              <a href={order.invoice_url} className={`${buttonClass.plain} mt-3`}>
                Invoice (PDF)
              </a>
            )}
          </Card>
          <Card title="History">
            <ol className="space-y-3">
              {order.history.map((h, i) => (
                <li key={i} className="border-l-2 border-linen pl-3">
                  <p className="font-semibold text-ink">{h.from === h.to ? 'Note' : h.to.replace(/_/g, ' ')}</p>
                  <p className="text-sm text-muted">
                    {h.actor_label} · {formatWhen(h.created_at)}
                  </p>
                  {h.note && <p className="text-sm wrap-anywhere text-ink">{h.note}</p>}
                </li>
              ))}
            </ol>
            {me && can(me.user.role, 'activity.read') && (
              <a
                href={`/admin/activity?entity_type=order&entity_id=${order.id}`}
                className="mt-3 inline-block text-sm font-semibold text-brand-dark underline underline-offset-4"
              >
                Audit log of this order
              </a>
            )}
            {me && mayNote(me.user.role) && (
              <Form method="post" className="mt-4 flex flex-wrap items-end gap-2">
                <input type="hidden" name="intent" value="note" />
                <label className="flex-1 text-sm font-semibold">
                  Internal note
                  <input
                    name="note"
                    required
                    maxLength={500}
                    className="mt-1 block w-full rounded-xl border border-linen px-3 py-2.5"
                  />
                </label>
                <button type="submit" className={buttonClass.plain}>
                  Add note
                </button>
                {answer?.form === 'note' && <AdminNotice notice={answer.notice} />}
              </Form>
            )}
          </Card>
        </div>
        <div className="min-w-0 space-y-4">
          {returns.length > 0 && (
            <Card title="Return requests">
              <ul className="space-y-3 text-sm">
                {returns.map((r) => (
                  <li key={r.enquiry_id}>
                    <p className="break-words text-ink">{r.message}</p>
                    <p className="text-muted">
                      {formatWhen(r.created_at)} ·{' '}
                      {r.decision ?? (r.within_window ? 'to decide' : 'to decide (past the return window)')}
                    </p>
                    <a
                      href={`/admin/returns/${r.enquiry_id}`}
                      className="font-semibold text-brand-dark underline underline-offset-4"
                    >
                      {r.decision ? 'See the return request' : 'Decide on this return'}
                    </a>
                  </li>
                ))}
              </ul>
            </Card>
          )}
          <Card title={order.guest ? 'Shopper (guest, no account)' : 'Shopper'}>
            <p className="text-ink">{order.shopper.name || '—'}</p>
            <p className="text-sm break-all text-muted">{order.shopper.email}</p>
            <p className="text-sm text-muted">{order.phone}</p>
          </Card>
          <Card title="Ship to">
            <address className="text-sm whitespace-pre-line text-ink not-italic select-all">{address}</address>
            <div className="mt-2">
              <CopyButton text={address} label="Copy address" />
            </div>
          </Card>
          {order.cod && <CodCard cod={order.cod} />}
          <MoneyCard order={order} />
          {order.can_refund && (
            <GoodwillRefundForm
              order={order}
              requestKey={requestKey}
              answer={answer?.form === 'refund' ? answer : undefined}
            />
          )}
        </div>
      </div>
    </>
  );
}
