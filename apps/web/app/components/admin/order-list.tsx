import { formatRupees, type AdminOrderRow } from '@shop/contract';
import { DataTable, type ListColumn } from './data-table';
import { Badge, StatusBadge } from '../ui/status-badge';

/** An order placed without an account: the buyer is reached by its email and phone only. */
const GuestMark = () => <Badge className="ml-2 align-middle">Guest</Badge>;
import { formatWhen } from '~/lib/dates';

const COLUMNS: ListColumn<AdminOrderRow>[] = [
  {
    id: 'order',
    header: 'Order',
    link: true,
    card: 'title',
    cell: (o) => `#${o.id}`,
    cardCell: (o) => `Order #${o.id}`,
  },
  {
    id: 'placed',
    header: 'Placed',
    card: 'hidden',
    className: 'whitespace-nowrap text-muted',
    cell: (o) => formatWhen(o.created_at),
  },
  {
    id: 'shopper',
    header: 'Shopper',
    card: 'line',
    cell: (o) => (
      <>
        {o.name}
        {o.guest && <GuestMark />}
        <span className="block text-xs text-muted">{o.email}</span>
      </>
    ),
    cardCell: (o) => (
      <span className="text-base">
        {o.name || o.email}
        {o.guest && <GuestMark />}
      </span>
    ),
  },
  {
    id: 'ship_to',
    header: 'Ship to',
    card: 'foot',
    cell: (o) => (
      <>
        {o.city}, {o.country}
        <span className="block text-xs text-muted capitalize">{o.shipping_type}</span>
      </>
    ),
    cardCell: (o) => `${o.city}, ${o.country} · ${formatWhen(o.created_at)}`,
  },
  {
    id: 'status',
    header: 'Status',
    card: 'badge',
    cell: (o) => (
      <span className="inline-flex flex-wrap gap-1">
        <StatusBadge status={o.status} label={o.status_label} />
        {o.payment_method === 'COD' && <Badge tone="waiting">COD</Badge>}
      </span>
    ),
  },
  {
    id: 'total',
    header: 'Total',
    card: 'end',
    className: 'text-right font-semibold',
    cell: (o) => formatRupees(o.total),
  },
];

/** The orders as cards on a phone and as a table from 768 px (docs/back-office.md); `bulkForm` adds ticks. */
export function OrderList({ orders, bulkForm }: { orders: AdminOrderRow[]; bulkForm?: string }) {
  return (
    <DataTable
      rows={orders}
      columns={COLUMNS}
      rowId={(o) => String(o.id)}
      href={(o) => `/admin/orders/${o.id}`}
      caption="Orders"
      empty="No orders match."
      select={
        bulkForm ? { form: bulkForm, value: (o) => String(o.id), label: (o) => `Select order #${o.id}` } : undefined
      }
    />
  );
}
