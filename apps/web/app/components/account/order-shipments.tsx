import type { Order } from '@shop/contract';
import { OrderDate } from './order-date';

/** The order's parcels (docs/product.md 'Shipments'): each one's pieces and its tracking link. */
export function OrderShipments({ order }: { order: Pick<Order, 'shipments' | 'fulfilment' | 'fulfilment_label'> }) {
  if (order.shipments.length === 0) return null;
  return (
    <section className="rounded-3xl bg-white p-6 shadow-sm" aria-labelledby="shipments-heading">
      <h2 id="shipments-heading" className="text-xl">
        Shipments
      </h2>
      {order.fulfilment === 'partly_shipped' && (
        <p className="mt-1 text-sm text-muted">
          {order.fulfilment_label}: the other pieces follow in a parcel of their own.
        </p>
      )}
      <ol className="mt-3 space-y-4 text-sm">
        {order.shipments.map((s, i) => (
          <li key={s.id} className="space-y-1">
            <p className="font-semibold">
              Parcel {i + 1} · <OrderDate iso={s.created_at} />
            </p>
            <ul className="text-muted">
              {s.pieces.map((p) => (
                <li key={p.line_id} className="wrap-anywhere">
                  {p.quantity} × {p.name} ({p.size}, {p.color})
                </li>
              ))}
            </ul>
            <a
              href={s.tracking_url}
              target="_blank"
              rel="noreferrer"
              className="inline-block font-semibold text-brand-dark underline underline-offset-4"
            >
              Track parcel {i + 1}
              {s.carrier ? ` (${s.carrier})` : ''}
            </a>
          </li>
        ))}
      </ol>
    </section>
  );
}
