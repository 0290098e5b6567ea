import {
  ADMIN_ROUTES,
  ORDER_STATUS_LABELS,
  PAYMENT_FILTERS,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
} from '@shop/contract';
import { OrderList } from '~/components/admin/order-list';
import { BulkActions, ListFilters, ListPager, ListSearch, ListTabs, listHref } from '~/components/admin/list-controls';
import { PageTitle } from '~/components/ui/page-title';
import type { Route } from './+types/orders';
import { adminMeta } from '~/components/admin/meta';
import { read } from '~/lib/call.server';

export const meta = () => adminMeta('Orders');

const FILTERS = [
  'status',
  'q',
  'from',
  'to',
  'payment',
  'method',
  'shipping_type',
  'country',
  'buyer',
  'sort',
  'after',
] as const;

/** The query the page was opened with, passed on as the API's (it validates; a bad one is the page's 404). */
export async function loader(args: Route.LoaderArgs) {
  const url = new URL(args.request.url);
  const query = new URLSearchParams();
  for (const key of FILTERS) {
    const value = url.searchParams.get(key);
    if (value) query.set(key, value);
  }
  const list = await read(args, ADMIN_ROUTES['admin.orders.list'], undefined, { rawQuery: query });
  return { list, params: Object.fromEntries(query) as Partial<Record<(typeof FILTERS)[number], string>> };
}

const TABS = ['packaging', 'shipped', 'delivered', 'created', 'refund_progress', 'cancelled_refund'] as const;
/** Tabs of statuses only some shops reach (cash on delivery's parcels refused at the door): shown once there are any. */
const SOMETIMES = ['returned_to_origin'] as const;
const inputClass = 'mt-1 block w-full rounded-xl border border-linen bg-white px-3 py-2 text-ink';

export default function Orders({ loaderData }: Route.ComponentProps) {
  const { list, params } = loaderData;
  const total = Object.values(list.counts).reduce((a, b) => a + b, 0);
  const withParams = (change: Record<string, string | undefined>) =>
    listHref('/admin/orders', params, { after: undefined, ...change });
  const filtered = ['from', 'to', 'payment', 'method', 'shipping_type', 'country', 'buyer'].some(
    (k) => params[k as keyof typeof params],
  );
  return (
    <>
      <PageTitle>Orders</PageTitle>
      <ListTabs
        label="Order status"
        tabs={[
          undefined,
          ...TABS,
          ...SOMETIMES.filter((status) => (list.counts[status] ?? 0) > 0 || params.status === status),
        ].map((status) => ({
          to: withParams({ status }),
          text: status ? ORDER_STATUS_LABELS[status] : 'All',
          count: status ? (list.counts[status] ?? 0) : total,
          current: params.status === status,
        }))}
      />
      <ListSearch
        label="Search orders"
        value={params.q ?? ''}
        placeholder="Order id, email, name, phone or payment id"
        keep={{ status: params.status }}
      >
        <ListFilters title="Filters and sort" open={filtered} clear="/admin/orders">
          <div className="mt-3 grid grid-cols-2 gap-3 md:grid-cols-7">
            <label className="text-sm font-semibold">
              From
              <input type="date" name="from" defaultValue={params.from ?? ''} className={inputClass} />
            </label>
            <label className="text-sm font-semibold">
              To
              <input type="date" name="to" defaultValue={params.to ?? ''} className={inputClass} />
            </label>
            <label className="text-sm font-semibold">
              Payment
              <select name="payment" defaultValue={params.payment ?? ''} className={inputClass}>
                <option value="">Any</option>
                {PAYMENT_FILTERS.map((p) => (
                  <option key={p} value={p}>
                    {p === 'refund' ? 'Refund' : p === 'paid' ? 'Paid' : 'Unpaid'}
                  </option>
                ))}
              </select>
            </label>
            <label className="text-sm font-semibold">
              Paid by
              <select name="method" defaultValue={params.method ?? ''} className={inputClass}>
                <option value="">Any</option>
                {PAYMENT_METHODS.map((m) => (
                  <option key={m} value={m}>
                    {PAYMENT_METHOD_LABELS[m]}
                  </option>
                ))}
              </select>
            </label>
            <label className="text-sm font-semibold">
              Shipping
              <select name="shipping_type" defaultValue={params.shipping_type ?? ''} className={inputClass}>
                <option value="">Any</option>
                <option value="standard">Standard</option>
                <option value="express">Express</option>
              </select>
            </label>
            <label className="text-sm font-semibold">
              Country
              <input name="country" defaultValue={params.country ?? ''} placeholder="India" className={inputClass} />
            </label>
            <label className="text-sm font-semibold">
              Buyer
              <select name="buyer" defaultValue={params.buyer ?? ''} className={inputClass}>
                <option value="">Any</option>
                <option value="guest">Guests</option>
                <option value="account">Accounts</option>
              </select>
            </label>
            <label className="text-sm font-semibold">
              Sort
              <select name="sort" defaultValue={params.sort ?? 'newest'} className={inputClass}>
                <option value="newest">Newest first</option>
                <option value="oldest">Oldest first</option>
              </select>
            </label>
          </div>
        </ListFilters>
      </ListSearch>
      <BulkActions
        id="bulk"
        method="get"
        action="/admin/orders/bulk"
        label="With the ticked orders:"
        actions={[
          { value: 'ship', text: 'Ship…' },
          { value: 'slip', text: 'Packing slips' },
          { value: 'label', text: 'Labels' },
          { value: 'remit', text: 'Courier remittance (COD)…' },
        ]}
      />
      <OrderList orders={list.data} bulkForm="bulk" />
      <ListPager
        back={params.after ? { to: withParams({}), text: 'First page' } : null}
        forward={list.next_after ? { to: withParams({ after: list.next_after }), text: 'Next page' } : null}
      />
    </>
  );
}
