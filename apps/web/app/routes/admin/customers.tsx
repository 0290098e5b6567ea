import { ADMIN_ROUTES, formatRupees } from '@shop/contract';
import { Form, Link } from 'react-router';
import { CardList, Older, cardClass, inputClass } from '~/components/admin/bits';
import { PageTitle, buttonClass, formatWhen } from '~/components/admin/ui';
import { adminLoadList } from '~/lib/admin.server';
import type { Route } from './+types/customers';

export const meta = () => [{ title: 'Shoppers | Back office' }];

/** Shoppers, found by email, name or phone (docs/back-office.md). */
export async function loader(args: Route.LoaderArgs) {
  const url = new URL(args.request.url);
  const q = new URLSearchParams();
  for (const key of ['q', 'before_id']) {
    const value = url.searchParams.get(key);
    if (value) q.set(key, value);
  }
  return { page: await adminLoadList(args, ADMIN_ROUTES['admin.customers.list'], q), q: q.get('q') ?? '' };
}

export default function Customers({ loaderData }: Route.ComponentProps) {
  const { page, q } = loaderData;
  return (
    <>
      <PageTitle>Shoppers</PageTitle>
      <Form method="get" role="search" className="mb-5 flex flex-wrap items-end gap-2">
        <label className="min-w-0 flex-1 text-sm font-semibold text-ink">
          Email, name or phone
          <input name="q" type="search" defaultValue={q} className={inputClass} />
        </label>
        <button type="submit" className={buttonClass.secondary}>
          Search
        </button>
      </Form>
      <CardList items={page.data} empty="No shoppers match.">
        {(c) => (
          <li key={c.id}>
            <Link to={`/admin/customers/${c.id}`} className={cardClass}>
              <span className="flex items-center justify-between gap-2">
                <span className="font-bold break-all text-ink">{c.name || c.email}</span>
                {c.disabled && (
                  <span className="rounded-full bg-brand-soft px-3 py-1 text-xs font-bold text-ink">Disabled</span>
                )}
              </span>
              <span className="mt-1 block text-sm break-all text-muted">
                {c.email}
                {c.phone ? ` · ${c.phone}` : ''}
              </span>
              <span className="mt-2 flex flex-wrap justify-between gap-2 text-sm text-ink">
                <span>
                  {c.orders_count} order{c.orders_count === 1 ? '' : 's'} · {formatRupees(c.total_spent)} spent
                </span>
                <span className="text-muted">
                  {c.last_order_at ? `Last ${formatWhen(c.last_order_at)}` : 'No orders yet'}
                </span>
              </span>
            </Link>
          </li>
        )}
      </CardList>
      <Older next={page.next_before_id} params={{ q }} />
    </>
  );
}
