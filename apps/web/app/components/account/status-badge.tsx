import type { Order } from '@shop/contract';

/** Green when delivered, otherwise orange (docs/product.md#orders), with the readable status name. */
export function StatusBadge({ order }: { order: Pick<Order, 'status' | 'status_label'> }) {
  const delivered = order.status === 'delivered';
  return (
    <span
      className={`inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-xs font-bold ${
        delivered ? 'bg-green-100 text-green-800' : 'bg-orange-100 text-orange-800'
      }`}
    >
      <span aria-hidden className={`size-1.5 rounded-full ${delivered ? 'bg-green-600' : 'bg-orange-500'}`} />
      {order.status_label}
    </span>
  );
}
