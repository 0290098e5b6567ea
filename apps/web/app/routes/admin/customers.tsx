import { ADMIN_ROUTES, formatRupees, type CustomerRow } from '@shop/contract';
import { DataTable, type ListColumn } from '~/components/admin/data-table';
import { ListPager, ListSearch, olderLink } from '~/components/admin/list-controls';
import { Badge } from '~/components/ui/status-badge';
import { PageTitle } from '~/components/ui/page-title';
import { formatWhen } from '~/lib/dates';
import type { Route } from './+types/customers';
import { read } from '~/lib/call.server';

export const meta = () => [{ title: 'Shoppers | Back office' }];

/** Shoppers, found by email, name or phone (docs/back-office.md). */
export async function loader(args: Route.LoaderArgs) {
  const url = new URL(args.request.url);
  const q = new URLSearchParams();
  for (const key of ['q', 'before_id']) {
    const value = url.searchParams.get(key);
    if (value) q.set(key, value);
  }
  return {
    page: await read(args, ADMIN_ROUTES['admin.customers.list'], undefined, { rawQuery: q }),
    q: q.get('q') ?? '',
  };
}

const orders = (c: CustomerRow) => `${c.orders_count} order${c.orders_count === 1 ? '' : 's'}`;
const last = (c: CustomerRow) => (c.last_order_at ? `Last ${formatWhen(c.last_order_at)}` : 'No orders yet');

const COLUMNS: ListColumn<CustomerRow>[] = [
  {
    id: 'shopper',
    header: 'Shopper',
    link: true,
    card: 'title',
    className: 'break-all',
    cell: (c) => (
      <>
        {c.name || c.email}
        {c.name && <span className="block text-xs font-normal text-muted">{c.email}</span>}
      </>
    ),
    cardCell: (c) => <span className="break-all">{c.name || c.email}</span>,
  },
  {
    id: 'contact',
    header: 'Email and phone',
    card: 'line',
    className: 'whitespace-nowrap text-muted',
    cell: (c) => c.phone || '—',
    cardCell: (c) => (
      <span className="break-all text-muted">
        {c.email}
        {c.phone ? ` · ${c.phone}` : ''}
      </span>
    ),
  },
  {
    id: 'orders',
    header: 'Orders',
    card: 'foot',
    cell: orders,
    cardCell: (c) => (
      <span className="text-ink">
        {orders(c)} · {formatRupees(c.total_spent)} spent
      </span>
    ),
  },
  {
    id: 'spent',
    header: 'Spent',
    card: 'hidden',
    className: 'whitespace-nowrap font-semibold',
    cell: (c) => formatRupees(c.total_spent),
  },
  {
    id: 'last',
    header: 'Last order',
    card: 'end',
    className: 'whitespace-nowrap text-muted',
    cell: (c) => (c.last_order_at ? formatWhen(c.last_order_at) : 'No orders yet'),
    cardCell: (c) => <span className="font-normal text-muted">{last(c)}</span>,
  },
  {
    id: 'state',
    header: 'Account',
    srHeader: true,
    card: 'badge',
    cell: (c) => (c.disabled ? <Badge tone="attention">Disabled</Badge> : c.guest ? <Badge>Guest</Badge> : null),
  },
];

export default function Customers({ loaderData }: Route.ComponentProps) {
  const { page, q } = loaderData;
  return (
    <>
      <PageTitle>Shoppers</PageTitle>
      <ListSearch label="Email, name or phone" value={q} visibleLabel />
      <DataTable
        rows={page.data}
        columns={COLUMNS}
        rowId={(c) => String(c.id)}
        href={(c) => `/admin/customers/${c.id}`}
        caption="Shoppers"
        empty="No shoppers match."
        cardsBelow="lg"
      />
      <ListPager forward={olderLink(page.next_before_id, { q })} />
    </>
  );
}
