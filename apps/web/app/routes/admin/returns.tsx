import { ADMIN_ROUTES, formatRupees } from '@shop/contract';
import { Link } from 'react-router';
import { CardList, Older, Tabs, cardClass, excerpt } from '~/components/admin/bits';
import { PageTitle, StatusBadge, formatWhen } from '~/components/admin/ui';
import { adminLoadList } from '~/lib/admin.server';
import type { Route } from './+types/returns';

export const meta = () => [{ title: 'Returns | Back office' }];

const STATES = [
  ['open', 'To decide'],
  ['decided', 'Decided'],
  ['all', 'All'],
] as const;

/** The returns queue (docs/back-office.md): return requests to decide, newest first. */
export async function loader(args: Route.LoaderArgs) {
  const url = new URL(args.request.url);
  const state = url.searchParams.get('state') ?? 'open';
  const q = new URLSearchParams({ state });
  const before = url.searchParams.get('before_id');
  if (before) q.set('before_id', before);
  return { page: await adminLoadList(args, ADMIN_ROUTES['admin.returns.list'], q), state };
}

export default function Returns({ loaderData }: Route.ComponentProps) {
  const { page, state } = loaderData;
  return (
    <>
      <PageTitle>Returns</PageTitle>
      <Tabs
        label="Returns"
        tabs={STATES.map(([key, text]) => ({ to: `?state=${key}`, text, current: state === key }))}
      />
      <CardList items={page.data} empty="No return requests here.">
        {(r) => (
          <li key={r.enquiry_id}>
            <Link to={`/admin/returns/${r.enquiry_id}`} className={cardClass}>
              <span className="flex items-center justify-between gap-2">
                <span className="font-bold text-ink">Order #{r.order_id}</span>
                <StatusBadge status={r.order_status} label={r.order_status_label} />
              </span>
              <span className="mt-1 block text-ink">
                {r.shopper.name || r.shopper.email} · {formatRupees(r.order_total)}
              </span>
              <span className="mt-1 block text-sm text-muted">{excerpt(r.message)}</span>
              <span className="mt-2 flex flex-wrap justify-between gap-2 text-sm">
                <span className="text-muted">Asked {formatWhen(r.created_at)}</span>
                <span className="font-semibold text-ink">
                  {r.decision
                    ? `Return ${r.decision}`
                    : r.within_window
                      ? r.window_ends_at
                        ? `Window open until ${formatWhen(r.window_ends_at)}`
                        : 'Not delivered yet'
                      : 'Past the return window'}
                </span>
              </span>
            </Link>
          </li>
        )}
      </CardList>
      <Older next={page.next_before_id} params={{ state }} />
    </>
  );
}
