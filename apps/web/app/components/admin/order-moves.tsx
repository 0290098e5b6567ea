import { CARRIERS, can, formatRupees, type AdminOrderDetail, type OrderMoveKey, type Role } from '@shop/contract';
import { Form, Link } from 'react-router';
import { useSubmitting } from '~/lib/pending';
import type { FormAnswer } from '~/lib/flash';
import { AdminNotice } from '../ui/notice';
import { buttonClass } from '../ui/button';
import { ParcelPieces } from './shipments';

export const MOVE_LABELS: Record<OrderMoveKey, string> = {
  ship: 'Ship',
  deliver: 'Mark delivered',
  cancel_unpaid: 'Cancel order',
  cancel_paid: 'Cancel and refund',
  return_to_origin: 'Returned to origin',
};

/** A move's button: delivering a cash-on-delivery order is the cash received too. */
export const moveLabel = (move: OrderMoveKey, order: Pick<AdminOrderDetail, 'payment_method'>) =>
  move === 'deliver' && order.payment_method === 'COD' ? 'Mark delivered (cash received)' : MOVE_LABELS[move];

/** The red buttons: what ends an order. */
const ends = (move: OrderMoveKey) => move.startsWith('cancel') || move === 'return_to_origin';

const CONFIRM_TEXT: Record<Exclude<OrderMoveKey, 'ship'>, string> = {
  deliver: 'The shopper is mailed that the order has arrived.',
  cancel_unpaid: 'The order is cancelled and its pieces go back on sale. No money was taken.',
  cancel_paid:
    'The order is cancelled, its pieces go back on sale and the whole amount is refunded to the shopper. This cannot be undone.',
  return_to_origin:
    'The parcel was refused at the door and the carrier brought it back: its pieces go back on sale. Nothing was paid, so nothing is refunded. The phone’s refused parcels are shown on its next cash-on-delivery order.',
};

/** What a move will do, in words (a COD delivery records the cash). */
const confirmText = (move: Exclude<OrderMoveKey, 'ship'>, order: AdminOrderDetail) =>
  move === 'deliver' && order.payment_method === 'COD'
    ? `The carrier collected ${formatRupees(order.total)} in cash: it is recorded as the order’s payment (method cod), the tax invoice is made and the shopper is mailed.`
    : CONFIRM_TEXT[move];

const inputClass = 'mt-1 block w-full rounded-xl border border-linen bg-white px-3 py-2.5 text-ink';

/** The moves the lifecycle allows for this order and role, each a link to its confirm step (works without scripts). */
export function OrderMoves({ order }: { order: AdminOrderDetail }) {
  if (order.moves.length === 0) return <p className="text-muted">No move is open for this order now.</p>;
  return (
    <div className="flex flex-wrap gap-2">
      {order.moves.map((move) => (
        <Link
          key={move}
          to={`?confirm=${move}`}
          className={ends(move) ? buttonClass.danger : buttonClass.dark}
          preventScrollReset
        >
          {moveLabel(move, order)}
        </Link>
      ))}
    </div>
  );
}

/** The confirm step of one move: the ship sheet, or a sentence saying what will happen, then the button. */
export function ConfirmMove({
  order,
  move,
  answer,
  requestKey,
}: {
  order: AdminOrderDetail;
  move: OrderMoveKey;
  answer?: FormAnswer;
  /** The ship form's: a second submit of one parcel ships nothing twice. */
  requestKey?: string;
}) {
  const pending = useSubmitting(move);
  const errors = answer?.fieldErrors ?? {};
  return (
    <Form method="post" action={`/admin/orders/${order.id}?confirm=${move}`} className="space-y-4">
      <input type="hidden" name="intent" value={move} />
      <h3 className="text-lg text-ink">
        {moveLabel(move, order)}: order #{order.id}
      </h3>
      <AdminNotice notice={answer?.notice} />
      {move === 'ship' && requestKey && <input type="hidden" name="request_key" value={requestKey} />}
      {move === 'ship' && <ParcelPieces order={order} answer={answer} />}
      {move === 'ship' ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <label className="text-sm font-semibold">
            Carrier
            <select name="carrier" defaultValue={answer?.values?.carrier ?? 'delhivery'} className={inputClass}>
              {CARRIERS.map((c) => (
                <option key={c.key} value={c.key}>
                  {c.label}
                </option>
              ))}
            </select>
          </label>
          <label className="text-sm font-semibold">
            Tracking number
            <input
              name="tracking_number"
              defaultValue={answer?.values?.tracking_number ?? ''}
              autoComplete="off"
              autoCapitalize="characters"
              aria-invalid={errors.tracking_number ? true : undefined}
              className={inputClass}
            />
          </label>
          <label className="text-sm font-semibold sm:col-span-2">
            Tracking URL <span className="font-normal text-muted">(only for Other: https://…)</span>
            <input
              name="tracking_url"
              type="url"
              inputMode="url"
              defaultValue={answer?.values?.tracking_url ?? ''}
              className={inputClass}
            />
          </label>
        </div>
      ) : (
        <p className="text-ink">{confirmText(move, order)}</p>
      )}
      <label className="block text-sm font-semibold">
        Note <span className="font-normal text-muted">(optional, kept in the history)</span>
        <input name="note" maxLength={500} defaultValue={answer?.values?.note ?? ''} className={inputClass} />
      </label>
      <div className="flex flex-wrap gap-2">
        <button type="submit" disabled={pending} className={ends(move) ? buttonClass.danger : buttonClass.dark}>
          {pending ? 'Working…' : move === 'ship' ? 'Ship order' : `Yes, ${moveLabel(move, order).toLowerCase()}`}
        </button>
        <Link to={`/admin/orders/${order.id}`} className={buttonClass.plain} preventScrollReset>
          Back
        </Link>
      </div>
    </Form>
  );
}

/** Whether a role may add notes (the same table as the API). */
export const mayNote = (role: Role) => can(role, 'orders.note');
