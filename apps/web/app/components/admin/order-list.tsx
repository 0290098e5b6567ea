import { formatRupees, type AdminOrderRow } from '@shop/contract';
import { Link } from 'react-router';
import { StatusBadge, formatWhen } from './ui';

/** A tick that joins the page's bulk form (`form` attribute: no nested forms, no scripts). */
function Pick({ id, form }: { id: number; form: string }) {
  return (
    <input
      type="checkbox"
      name="ids"
      value={id}
      form={form}
      aria-label={`Select order #${id}`}
      className="size-5 accent-brand-dark"
    />
  );
}

/** The orders as cards on a phone and as a table from 768 px (docs/back-office.md); `bulkForm` adds ticks. */
export function OrderList({ orders, bulkForm }: { orders: AdminOrderRow[]; bulkForm?: string }) {
  if (orders.length === 0)
    return <p className="rounded-2xl border border-linen bg-white p-6 text-muted">No orders match.</p>;
  return (
    <>
      <ul className="space-y-3 md:hidden">
        {orders.map((o) => (
          <li key={o.id} className="flex items-start gap-3">
            {bulkForm && (
              <span className="pt-5">
                <Pick id={o.id} form={bulkForm} />
              </span>
            )}
            <Link
              to={`/admin/orders/${o.id}`}
              className="block flex-1 rounded-2xl border border-linen bg-white p-4 shadow-xs hover:border-muted/50"
            >
              <span className="flex items-center justify-between gap-2">
                <span className="font-bold text-ink">Order #{o.id}</span>
                <StatusBadge status={o.status} label={o.status_label} />
              </span>
              <span className="mt-1 block text-ink">{o.name || o.email}</span>
              <span className="mt-1 flex justify-between text-sm text-muted">
                <span>
                  {o.city}, {o.country} · {formatWhen(o.created_at)}
                </span>
                <span className="font-semibold text-ink">{formatRupees(o.total)}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
      <div className="hidden overflow-x-auto rounded-2xl border border-linen bg-white md:block">
        <table className="w-full text-left text-sm">
          <thead className="border-b border-linen bg-sand/60 text-xs tracking-wide text-muted uppercase">
            <tr>
              {bulkForm && (
                <th scope="col" className="w-10 px-4 py-3">
                  <span className="sr-only">Select</span>
                </th>
              )}
              <th scope="col" className="px-4 py-3">
                Order
              </th>
              <th scope="col" className="px-4 py-3">
                Placed
              </th>
              <th scope="col" className="px-4 py-3">
                Shopper
              </th>
              <th scope="col" className="px-4 py-3">
                Ship to
              </th>
              <th scope="col" className="px-4 py-3">
                Status
              </th>
              <th scope="col" className="px-4 py-3 text-right">
                Total
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-linen">
            {orders.map((o) => (
              <tr key={o.id} className="hover:bg-cream">
                {bulkForm && (
                  <td className="px-4 py-3">
                    <Pick id={o.id} form={bulkForm} />
                  </td>
                )}
                <td className="px-4 py-3 font-bold">
                  <Link to={`/admin/orders/${o.id}`} className="text-brand-dark underline-offset-4 hover:underline">
                    #{o.id}
                  </Link>
                </td>
                <td className="px-4 py-3 whitespace-nowrap text-muted">{formatWhen(o.created_at)}</td>
                <td className="px-4 py-3">
                  {o.name}
                  <span className="block text-xs text-muted">{o.email}</span>
                </td>
                <td className="px-4 py-3">
                  {o.city}, {o.country}
                  <span className="block text-xs text-muted capitalize">{o.shipping_type}</span>
                </td>
                <td className="px-4 py-3">
                  <StatusBadge status={o.status} label={o.status_label} />
                </td>
                <td className="px-4 py-3 text-right font-semibold">{formatRupees(o.total)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
