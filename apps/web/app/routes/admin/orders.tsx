import { ADMIN_ROUTES, ORDER_STATUS_LABELS, PAYMENT_FILTERS } from '@shop/contract';
import { Form, Link } from 'react-router';
import { OrderList } from '~/components/admin/order-list';
import { PageTitle, buttonClass } from '~/components/admin/ui';
import { adminLoadList } from '~/lib/admin.server';
import type { Route } from './+types/orders';
import { adminMeta } from '~/components/admin/meta';

export const meta = () => adminMeta('Orders');

const FILTERS = ['status', 'q', 'from', 'to', 'payment', 'shipping_type', 'country', 'sort', 'after'] as const;

/** The query the page was opened with, passed on as the API's (it validates; a bad one is the page's 404). */
export async function loader(args: Route.LoaderArgs) {
  const url = new URL(args.request.url);
  const query = new URLSearchParams();
  for (const key of FILTERS) {
    const value = url.searchParams.get(key);
    if (value) query.set(key, value);
  }
  const list = await adminLoadList(args, ADMIN_ROUTES['admin.orders.list'], query);
  return { list, params: Object.fromEntries(query) as Partial<Record<(typeof FILTERS)[number], string>> };
}

const TABS = ['packaging', 'shipped', 'delivered', 'created', 'refund_progress', 'cancelled_refund'] as const;
const inputClass = 'mt-1 block w-full rounded-xl border border-linen bg-white px-3 py-2 text-ink';

export default function Orders({ loaderData }: Route.ComponentProps) {
  const { list, params } = loaderData;
  const total = Object.values(list.counts).reduce((a, b) => a + b, 0);
  const withParams = (change: Record<string, string | undefined>) => {
    const next = new URLSearchParams();
    for (const [k, v] of Object.entries({ ...params, after: undefined, ...change })) if (v) next.set(k, v);
    const q = next.toString();
    return `/admin/orders${q ? `?${q}` : ''}`;
  };
  const filtered = ['from', 'to', 'payment', 'shipping_type', 'country'].some((k) => params[k as keyof typeof params]);
  return (
    <>
      <PageTitle>Orders</PageTitle>
      <nav aria-label="Order status" className="-mx-4 mb-4 overflow-x-auto px-4">
        <ul className="flex gap-2 whitespace-nowrap">
          {[undefined, ...TABS].map((status) => {
            const active = params.status === status;
            const count = status ? (list.counts[status] ?? 0) : total;
            return (
              <li key={status ?? 'all'}>
                <Link
                  to={withParams({ status })}
                  aria-current={active ? 'page' : undefined}
                  className={`inline-block rounded-full border px-4 py-2 text-sm font-semibold ${active ? 'border-brand-dark bg-brand-dark text-white' : 'border-linen bg-white text-ink hover:bg-sand'}`}
                >
                  {status ? ORDER_STATUS_LABELS[status] : 'All'} <span className="opacity-80">({count})</span>
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <Form method="get" className="mb-5 space-y-3" role="search">
        {params.status && <input type="hidden" name="status" value={params.status} />}
        <div className="flex gap-2">
          <label className="sr-only" htmlFor="order-search">
            Search orders
          </label>
          <input
            id="order-search"
            name="q"
            type="search"
            defaultValue={params.q ?? ''}
            placeholder="Order id, email, name, phone or payment id"
            className="block w-full rounded-full border border-linen bg-white px-4 py-2.5 text-ink"
          />
          <button type="submit" className={buttonClass.primary}>
            Search
          </button>
        </div>
        <details open={filtered} className="rounded-2xl border border-linen bg-white p-3">
          <summary className="cursor-pointer font-semibold text-ink">Filters and sort</summary>
          <div className="mt-3 grid grid-cols-2 gap-3 md:grid-cols-6">
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
              Sort
              <select name="sort" defaultValue={params.sort ?? 'newest'} className={inputClass}>
                <option value="newest">Newest first</option>
                <option value="oldest">Oldest first</option>
              </select>
            </label>
          </div>
          <div className="mt-3 flex gap-2">
            <button type="submit" className={buttonClass.secondary}>
              Apply
            </button>
            <Link to="/admin/orders" className={buttonClass.secondary}>
              Clear
            </Link>
          </div>
        </details>
      </Form>
      <form id="bulk" method="get" action="/admin/orders/bulk" className="mb-3 flex flex-wrap items-center gap-2">
        <span className="text-sm text-muted">With the ticked orders:</span>
        <button type="submit" name="do" value="ship" className={buttonClass.secondary}>
          Ship…
        </button>
        <button type="submit" name="do" value="slip" className={buttonClass.secondary}>
          Packing slips
        </button>
        <button type="submit" name="do" value="label" className={buttonClass.secondary}>
          Labels
        </button>
      </form>
      <OrderList orders={list.data} bulkForm="bulk" />
      <div className="mt-4 flex justify-between gap-2">
        {params.after ? (
          <Link to={withParams({})} className={buttonClass.secondary}>
            First page
          </Link>
        ) : (
          <span />
        )}
        {list.next_after && (
          <Link to={withParams({ after: list.next_after })} className={buttonClass.secondary}>
            Next page
          </Link>
        )}
      </div>
    </>
  );
}
