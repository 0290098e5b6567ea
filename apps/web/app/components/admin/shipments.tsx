import { ADMIN_ROUTES, endpointPath, type AdminOrderDetail } from '@shop/contract';
import type { FormAnswer } from '~/lib/flash';
import { formatWhen } from '~/lib/dates';
import { Card } from '../ui/card';

const inputClass = 'mt-1 block w-20 rounded-xl border border-linen bg-white px-3 py-2.5 text-right text-ink';

/** The order's parcels (docs/back-office.md 'Shipments'): pieces, tracking and each one's packing slip. */
export function ShipmentsCard({ order }: { order: Pick<AdminOrderDetail, 'id' | 'shipments' | 'fulfilment_label'> }) {
  if (order.shipments.length === 0) return null;
  return (
    <Card title={`Shipments (${order.shipments.length}) · ${order.fulfilment_label}`}>
      <ol className="divide-y divide-linen">
        {order.shipments.map((s, i) => (
          <li key={s.id} className="space-y-1 py-3 first:pt-0 last:pb-0">
            <p className="font-semibold text-ink">
              Parcel {i + 1} · {formatWhen(s.created_at)}
            </p>
            <ul className="text-sm text-ink">
              {s.pieces.map((p) => (
                <li key={p.line_id}>
                  {p.quantity} × {p.name} ({p.size}, {p.color})
                </li>
              ))}
            </ul>
            <p className="text-sm break-all text-ink">
              {s.carrier ? `${s.carrier} ${s.tracking_number ?? ''}: ` : 'Tracking: '}
              <a href={s.tracking_url} className="text-brand-dark underline" rel="noreferrer" target="_blank">
                {s.tracking_url}
              </a>
            </p>
            <a
              href={`/api/v1${endpointPath(ADMIN_ROUTES['admin.orders.shipmentSlip'], { params: { id: order.id, shipment: s.id } })}`}
              className="text-sm font-semibold text-brand-dark underline underline-offset-4"
            >
              Packing slip of parcel {i + 1} (PDF)
            </a>
          </li>
        ))}
      </ol>
    </Card>
  );
}

/**
 * The ship form's pieces: how many of each line left go in this parcel, all
 * of them unless lowered (0 leaves a line for a later parcel). Without
 * scripts too: plain number fields named qty_<line id>.
 */
export function ParcelPieces({
  order,
  answer,
}: {
  order: Pick<AdminOrderDetail, 'lines' | 'fulfilment'>;
  answer?: FormAnswer | undefined;
}) {
  const left = order.lines.filter((l) => l.quantity - l.shipped > 0);
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-semibold text-ink">Pieces in this parcel</legend>
      <p className="text-sm text-muted">
        Every piece left is in it unless you lower a number (0 keeps a line for a later parcel). The order moves to
        shipped once every piece has shipped.
      </p>
      <ul className="divide-y divide-linen">
        {left.map((l) => {
          const remaining = l.quantity - l.shipped;
          return (
            <li key={l.id} className="flex items-center justify-between gap-3 py-2">
              <label htmlFor={`qty_${l.id}`} className="min-w-0 text-sm text-ink">
                <span className="block font-semibold wrap-anywhere">{l.name}</span>
                <span className="text-muted">
                  {l.size} · {l.color} · {remaining} of {l.quantity} left to ship
                </span>
              </label>
              <input
                id={`qty_${l.id}`}
                name={`qty_${l.id}`}
                type="number"
                inputMode="numeric"
                min={0}
                max={remaining}
                defaultValue={answer?.values?.[`qty_${l.id}`] ?? String(remaining)}
                className={inputClass}
              />
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
