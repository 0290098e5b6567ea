import { ADMIN_ROUTES, can } from '@shop/contract';
import { Link, redirect, useRouteLoaderData } from 'react-router';
import { DiscountList } from '~/components/admin/discount-list';
import { ListSearch, ListTabs } from '~/components/admin/list-controls';
import { adminMeta } from '~/components/admin/meta';
import { AdminNotice } from '~/components/ui/notice';
import { PageTitle } from '~/components/ui/page-title';
import { buttonClass } from '~/components/ui/button';
import { DISCOUNT_STATES } from '~/lib/admin-discounts';
import { switchDiscount } from '~/lib/admin-discounts.server';
import { formAnswer } from '~/lib/form.server';
import type { loader as layoutLoader } from './layout';
import type { Route } from './+types/discounts';
import { read } from '~/lib/call.server';

export const meta = () => adminMeta('Discounts');

/** The codes, searched by name and filtered by what a shopper meets now (docs/product.md 'Discount codes'). */
export async function loader(args: Route.LoaderArgs) {
  const url = new URL(args.request.url);
  const query = new URLSearchParams();
  const q = url.searchParams.get('q')?.trim();
  const state = url.searchParams.get('state');
  if (q) query.set('q', q);
  if (state && state !== 'all') query.set('state', state);
  const list = await read(args, ADMIN_ROUTES['admin.discounts.list'], undefined, { rawQuery: query });
  return { codes: list.data, q: q ?? '', state: state ?? 'all', done: url.searchParams.get('done') };
}

/** The on/off switch of a row; back to the list as it was, at that code. */
export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData();
  if (form.get('intent') !== 'active') return formAnswer({ notice: { kind: 'error', text: 'Choose what to do.' } });
  const switched = await switchDiscount(args, form);
  if ('answer' in switched) return switched.answer;
  const back = new URL(args.request.url);
  back.searchParams.set('done', `${switched.saved.active ? 'on' : 'off'}-${switched.saved.code}`);
  throw redirect(`${back.pathname}${back.search}`);
}

const doneText = (done: string | null) => {
  const m = done ? /^(on|off)-(.+)$/.exec(done) : null;
  if (!m) return null;
  return m[1] === 'on' ? `${m[2]} is on again.` : `${m[2]} is off: shoppers can no longer use it.`;
};

export default function Discounts({ loaderData, actionData }: Route.ComponentProps) {
  const { codes, q, state, done } = loaderData;
  const me = useRouteLoaderData<typeof layoutLoader>('routes/admin/layout')?.me;
  const canWrite = can(me?.user.role, 'discounts.write');
  const tab = (key: string) => {
    const p = new URLSearchParams();
    if (q) p.set('q', q);
    if (key !== 'all') p.set('state', key);
    const s = p.toString();
    return `/admin/discounts${s ? `?${s}` : ''}`;
  };
  const notice = doneText(done);
  return (
    <>
      <PageTitle
        actions={
          <>
            <a href={`/api/v1${ADMIN_ROUTES['admin.discounts.csv'].path}`} download className={buttonClass.plain}>
              Download CSV
            </a>
            {canWrite && (
              <Link to="/admin/discounts/new" className={buttonClass.dark}>
                New code
              </Link>
            )}
          </>
        }
      >
        Discounts
      </PageTitle>
      <AdminNotice notice={actionData?.notice ?? (notice ? { kind: 'success', text: notice } : null)} />
      <ListTabs
        label="Discount codes by state"
        tabs={[['all', 'All'] as const, ...DISCOUNT_STATES].map(([key, text]) => ({
          to: tab(key),
          text,
          current: state === key,
        }))}
      />
      <ListSearch label="Search by code" visibleLabel value={q} keep={{ state: state === 'all' ? undefined : state }}>
        {q && (
          <Link to={tab(state)} className={`${buttonClass.plain} text-sm`}>
            Clear the search
          </Link>
        )}
      </ListSearch>
      <p className="mb-3 text-sm text-muted">{codes.length === 1 ? '1 code' : `${codes.length} codes`}</p>
      <DiscountList items={codes} canWrite={canWrite} />
    </>
  );
}
