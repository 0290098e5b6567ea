import { ADMIN_ROUTES, DISCOUNT_KIND_LABELS, can, formatRupees, type AdminDiscount } from '@shop/contract';
import { Link, data, redirect, useRouteLoaderData } from 'react-router';
import { Facts } from '~/components/admin/bits';
import { DiscountForm, type GroupChoice } from '~/components/admin/discount-form';
import { ActiveSwitch, DiscountBadge } from '~/components/admin/discount-list';
import { adminMeta } from '~/components/admin/meta';
import { AdminNotice } from '~/components/ui/notice';
import { Card } from '~/components/ui/card';
import { PageTitle } from '~/components/ui/page-title';
import { buttonClass } from '~/components/ui/button';
import { formatWhen } from '~/lib/dates';
import { discountValues, offerText } from '~/lib/admin-discounts';
import { groupChoices, saveDiscount, switchDiscount } from '~/lib/admin-discounts.server';
import { formAnswer } from '~/lib/form.server';
import type { loader as layoutLoader } from './layout';
import type { Route } from './+types/discount';
import { read } from '~/lib/call.server';

export const meta = ({ data: d }: Route.MetaArgs) => adminMeta(d?.code.code ?? 'Discount code');

export async function loader(args: Route.LoaderArgs) {
  const id = Number(args.params.id);
  if (!Number.isInteger(id) || id <= 0) throw data('Not found', { status: 404 });
  const [code, groups] = await Promise.all([
    read(args, ADMIN_ROUTES['admin.discounts.get'], { params: { id } }),
    groupChoices(args),
  ]);
  return { code: code.data, ...groups, done: new URL(args.request.url).searchParams.get('done') };
}

/** Save the form, or turn the code on or off (its own small form). */
export async function action(args: Route.ActionArgs) {
  const id = Number(args.params.id);
  const form = await args.request.formData();
  const intent = form.get('intent');
  if (intent === 'save') {
    const saved = await saveDiscount(args, form, id);
    if ('answer' in saved) return saved.answer;
    throw redirect(`/admin/discounts/${id}?done=saved`);
  }
  if (intent === 'active') {
    const switched = await switchDiscount(args, form);
    if ('answer' in switched) return switched.answer;
    throw redirect(`/admin/discounts/${id}?done=${switched.saved.active ? 'on' : 'off'}`);
  }
  return formAnswer({ notice: { kind: 'error', text: 'Choose what to do.' } });
}

const DONE: Record<string, string> = {
  created: 'Code created.',
  saved: 'Saved: checkout applies the new terms from now on.',
  on: 'The code is on.',
  off: 'The code is off: shoppers can no longer use it.',
};

const names = (ids: number[], groups: GroupChoice[]) =>
  ids.length === 0 ? 'All' : ids.map((id) => groups.find((g) => g.id === id)?.name ?? `#${id}`).join(', ');

/** The code's terms as facts, for staff (who see codes but do not change them). */
function Terms({
  d,
  categories,
  collections,
}: {
  d: AdminDiscount;
  categories: GroupChoice[];
  collections: GroupChoice[];
}) {
  return (
    <Facts
      items={[
        ['Kind', `${DISCOUNT_KIND_LABELS[d.kind]}: ${offerText(d)}`],
        ['Minimum order', d.min_subtotal > 0 ? formatRupees(d.min_subtotal) : 'None'],
        ['Starts', d.starts_at ? formatWhen(d.starts_at) : 'At once'],
        ['Ends', d.ends_at ? formatWhen(d.ends_at) : 'No end'],
        ['Total uses', d.max_uses === null ? 'No limit' : String(d.max_uses)],
        ['Uses per shopper', d.max_uses_per_buyer === null ? 'No limit' : String(d.max_uses_per_buyer)],
        ['First order only', d.first_order_only ? 'Yes' : 'No'],
        ['Categories', names(d.category_ids, categories)],
        ['Collections', names(d.collection_ids, collections)],
        ['Pieces on sale', d.exclude_sale_items ? 'Left out' : 'Included'],
        ['Note', d.note || '—'],
      ]}
    />
  );
}

export default function Discount({ loaderData, actionData }: Route.ComponentProps) {
  const { code: d, categories, collections, done } = loaderData;
  const me = useRouteLoaderData<typeof layoutLoader>('routes/admin/layout')?.me;
  const canWrite = can(me?.user.role, 'discounts.write');
  const answer = actionData && 'form' in actionData && actionData.form === 'discount' ? actionData : undefined;
  return (
    <>
      <PageTitle
        actions={
          <Link to="/admin/discounts" className={buttonClass.plain}>
            All codes
          </Link>
        }
      >
        <span className="break-all">{d.code}</span>
      </PageTitle>
      <AdminNotice notice={actionData?.notice ?? (done && DONE[done] ? { kind: 'success', text: DONE[done] } : null)} />
      <div className="grid gap-4 lg:grid-cols-3">
        <aside className="space-y-4 lg:order-2" aria-label="Now">
          <Card title="Now">
            <p className="mb-3 flex flex-wrap items-center gap-2">
              <DiscountBadge state={d.state} />
              <span className="font-semibold text-ink">{offerText(d)}</span>
            </p>
            <Facts
              items={[
                ['Uses', d.max_uses === null ? String(d.uses) : `${d.uses} of ${d.max_uses}`],
                ['Paid orders', String(d.orders)],
                ['Sales', formatRupees(d.sales)],
                ['Discount given', formatRupees(d.discount_given)],
                ['Last changed', formatWhen(d.updated_at)],
              ]}
            />
            <p className="mt-3 text-xs text-muted">
              Uses include unpaid orders holding one; sales and the discount given count paid orders.
            </p>
            {canWrite && <ActiveSwitch d={d} className="mt-4" />}
          </Card>
        </aside>
        <Card title={canWrite ? 'Edit the code' : 'Terms'} className="lg:order-1 lg:col-span-2">
          {canWrite ? (
            <DiscountForm
              values={answer?.values ?? discountValues(d)}
              errors={answer?.fieldErrors}
              categories={categories}
              collections={collections}
              submit="Save"
            />
          ) : (
            <Terms d={d} categories={categories} collections={collections} />
          )}
        </Card>
      </div>
    </>
  );
}
