import { ADMIN_ROUTES, formatRupees, type ReturnRequest } from '@shop/contract';
import { excerpt } from '~/components/admin/bits';
import { DataTable, type ListColumn } from '~/components/admin/data-table';
import { ListPager, ListTabs, olderLink } from '~/components/admin/list-controls';
import { PageTitle } from '~/components/ui/page-title';
import { StatusBadge } from '~/components/ui/status-badge';
import { formatWhen } from '~/lib/dates';
import type { Route } from './+types/returns';
import { read } from '~/lib/call.server';

export const meta = () => [{ title: 'Returns | Back office' }];

const STATES = [
  ['open', 'To decide'],
  ['decided', 'Decided'],
  ['all', 'All'],
] as const;

/** What the shopper would like instead: the queue by wish ('' any). */
const WISHES = [
  ['', 'Any wish'],
  ['refund', 'Money back'],
  ['credit', 'Store credit'],
] as const;

/** The returns queue (docs/back-office.md): return requests to decide, newest first, by wish when asked. */
export async function loader(args: Route.LoaderArgs) {
  const url = new URL(args.request.url);
  const state = url.searchParams.get('state') ?? 'open';
  const wish = url.searchParams.get('wish') ?? '';
  const q = new URLSearchParams({ state, ...(wish ? { wish } : {}) });
  const before = url.searchParams.get('before_id');
  if (before) q.set('before_id', before);
  return { page: await read(args, ADMIN_ROUTES['admin.returns.list'], undefined, { rawQuery: q }), state, wish };
}

/** The list's address with one filter changed. */
const listTo = (state: string, wish: string) => `?${new URLSearchParams({ state, ...(wish ? { wish } : {}) })}`;

const decision = (r: ReturnRequest) =>
  r.decision
    ? `Return ${r.decision}`
    : r.within_window
      ? r.window_ends_at
        ? `Window open until ${formatWhen(r.window_ends_at)}`
        : 'Not delivered yet'
      : 'Past the return window';

const COLUMNS: ListColumn<ReturnRequest>[] = [
  { id: 'order', header: 'Order', link: true, card: 'title', cell: (r) => `Order #${r.order_id}` },
  {
    id: 'shopper',
    header: 'Shopper',
    card: 'line',
    className: 'break-all',
    cell: (r) => r.shopper.name || r.shopper.email,
    cardCell: (r) => `${r.shopper.name || r.shopper.email} · ${formatRupees(r.order_total)}`,
  },
  {
    id: 'total',
    header: 'Total',
    card: 'hidden',
    className: 'whitespace-nowrap font-semibold',
    cell: (r) => formatRupees(r.order_total),
  },
  {
    id: 'message',
    header: 'Message',
    card: 'line',
    className: 'text-muted',
    cell: (r) => excerpt(r.message),
    cardCell: (r) => <span className="text-muted">{excerpt(r.message)}</span>,
  },
  {
    id: 'wish',
    header: 'Would like',
    card: 'line',
    className: 'whitespace-nowrap',
    cell: (r) => r.wish_label ?? '—',
    cardCell: (r) => (r.wish_label ? `Would like: ${r.wish_label}` : null),
  },
  {
    id: 'asked',
    header: 'Asked',
    card: 'foot',
    className: 'whitespace-nowrap text-muted',
    cell: (r) => formatWhen(r.created_at),
    cardCell: (r) => `Asked ${formatWhen(r.created_at)}`,
  },
  {
    id: 'status',
    header: 'Order status',
    card: 'badge',
    cell: (r) => <StatusBadge status={r.order_status} label={r.order_status_label} />,
  },
  { id: 'return', header: 'Return', card: 'end', className: 'font-semibold', cell: decision },
];

export default function Returns({ loaderData }: Route.ComponentProps) {
  const { page, state, wish } = loaderData;
  return (
    <>
      <PageTitle>Returns</PageTitle>
      <ListTabs
        label="Returns"
        tabs={STATES.map(([key, text]) => ({ to: listTo(key, wish), text, current: state === key }))}
      />
      <ListTabs
        label="What the shopper would like"
        tabs={WISHES.map(([key, text]) => ({ to: listTo(state, key), text, current: wish === key }))}
      />
      <DataTable
        rows={page.data}
        columns={COLUMNS}
        rowId={(r) => String(r.enquiry_id)}
        href={(r) => `/admin/returns/${r.enquiry_id}`}
        caption="Return requests"
        empty="No return requests here."
        cardsBelow="lg"
      />
      <ListPager forward={olderLink(page.next_before_id, { state, ...(wish ? { wish } : {}) })} />
    </>
  );
}
