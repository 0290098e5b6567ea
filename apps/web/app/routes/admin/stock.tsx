import { ADMIN_ROUTES, can, type SaleBody, type StockConflict } from '@shop/contract';
import { Form, Link, useNavigation, useRouteLoaderData } from 'react-router';
import { inputClass, labelClass } from '~/components/admin/bits';
import { adminMeta } from '~/components/admin/meta';
import { StockGrid } from '~/components/admin/stock-grid';
import { AdminNotice } from '~/components/ui/notice';
import { PageTitle } from '~/components/ui/page-title';
import { buttonClass } from '~/components/ui/button';
import { STOCK_FILTER_KEYS, changedCells, filterOf } from '~/lib/stock-form';
import type { Route } from './+types/stock';
import type { loader as layoutLoader } from './layout';
import { call, read } from '~/lib/call.server';

export const meta = () => adminMeta('Stock');

/** Every variant, filtered and paged (docs/back-office.md "Stock"). */
export async function loader(args: Route.LoaderArgs) {
  const url = new URL(args.request.url);
  const q = new URLSearchParams();
  for (const key of [...STOCK_FILTER_KEYS, 'page']) {
    const value = url.searchParams.get(key)?.trim();
    if (value) q.set(key, value);
  }
  return {
    page: await read(args, ADMIN_ROUTES['admin.stock.get'], undefined, { rawQuery: q }),
    filter: filterOf((k) => q.get(k)),
  };
}

interface ActionResult {
  notice: { kind: 'success' | 'error'; text: string };
  errors: string[];
  conflicts: StockConflict[];
  posted: Record<string, string>;
  invalid: string[];
}
const result = (r: Partial<ActionResult> & Pick<ActionResult, 'notice'>): ActionResult => ({
  errors: [],
  conflicts: [],
  posted: {},
  invalid: [],
  ...r,
});

/** Save the changed cells, or put a selection (or everything filtered) on sale, or end its sale. */
export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData();
  const intent = form.get('intent');
  if (intent === 'sale' || intent === 'end-sale') {
    const raw = form.get('percent');
    const percent = typeof raw === 'string' ? raw.trim() : '';
    const scope = form.get('scope') === 'filtered' ? 'filtered' : 'selected';
    const picked = form.getAll('pick').map(Number).filter(Number.isInteger);
    if (scope === 'selected' && picked.length === 0) {
      return result({ notice: { kind: 'error', text: 'Select rows first, or choose "All filtered".' } });
    }
    const body: SaleBody = {
      percent_off: intent === 'end-sale' ? null : percent === '' ? Number.NaN : Number(percent),
      ...(scope === 'filtered'
        ? { filter: filterOf((k) => (form.get(`f_${k}`) as string | null) ?? null) }
        : { variant_ids: picked }),
    };
    if (Number.isNaN(body.percent_off)) {
      return result({ notice: { kind: 'error', text: 'Enter the percent off, from 1 to 90.' } });
    }
    const res = await call(args, ADMIN_ROUTES['admin.stock.sale'], { body });
    if (res.ok) return result({ notice: { kind: 'success', text: res.data.message } });
    return result({ notice: { kind: 'error', text: res.errors.join(' ') || res.message } });
  }

  const { changes, posted, notNumbers } = changedCells(form);
  if (notNumbers.length) {
    return result({
      notice: { kind: 'error', text: 'Nothing was saved: some cells hold no number.' },
      posted,
      invalid: notNumbers,
    });
  }
  if (changes.length === 0) return result({ notice: { kind: 'error', text: 'Nothing changed to save.' } });
  const res = await call(args, ADMIN_ROUTES['admin.stock.save'], { body: { changes } });
  if (!res.ok) return result({ notice: { kind: 'error', text: res.message }, errors: res.errors, posted });
  const { message, conflicts } = res.data;
  // A conflicted cell shows again what was typed, over the current value it must be checked against.
  const kept = Object.fromEntries(
    conflicts.map((c) => [`${c.field}:${c.variant_id}`, posted[`${c.field}:${c.variant_id}`]!]),
  );
  return result({ notice: { kind: conflicts.length ? 'error' : 'success', text: message }, conflicts, posted: kept });
}

const pageLink = (filter: Record<string, string | number | undefined>, page: number) => {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(filter)) if (v !== undefined && v !== '') q.set(k, String(v));
  q.set('page', String(page));
  return `/admin/stock?${q.toString()}`;
};

export default function StockPageView({ loaderData, actionData }: Route.ComponentProps) {
  const { page, filter } = loaderData;
  const me = useRouteLoaderData<typeof layoutLoader>('routes/admin/layout')?.me;
  const canEdit = Boolean(me && can(me.user.role, 'catalog.write'));
  const busy = useNavigation().state === 'submitting';
  const last = Math.max(1, Math.ceil(page.total / page.per_page));
  return (
    <>
      <PageTitle>Stock</PageTitle>
      <Form method="get" role="search" className="mb-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-5 lg:items-end">
        <label className={`${labelClass} lg:col-span-2`}>
          Product or SKU
          <input name="q" type="search" defaultValue={filter.q ?? ''} className={inputClass} />
        </label>
        <label className={labelClass}>
          Category
          <select name="category" defaultValue={filter.category ?? ''} className={inputClass}>
            <option value="">All</option>
            {page.categories.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
        <label className={labelClass}>
          Collection
          <select name="collection" defaultValue={filter.collection ?? ''} className={inputClass}>
            <option value="">All</option>
            {page.collections.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
        <label className={labelClass}>
          Stock
          <select name="stock" defaultValue={filter.stock ?? ''} className={inputClass}>
            <option value="">Any</option>
            <option value="low">Low ({page.low_stock_threshold} or fewer)</option>
            <option value="out">Out of stock</option>
          </select>
        </label>
        <button type="submit" className={`${buttonClass.plain} sm:col-span-2 lg:col-span-5 lg:justify-self-start`}>
          Filter
        </button>
      </Form>

      <AdminNotice notice={actionData?.notice} />
      {actionData && actionData.errors.length > 0 && (
        <ul className="-mt-2 mb-4 list-disc pl-6 text-sm text-brand-dark">
          {actionData.errors.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      )}

      <Form method="post" id="stock-grid" aria-label="Stock and prices">
        {STOCK_FILTER_KEYS.map((k) => (
          <input key={k} type="hidden" name={`f_${k}`} value={String(filter[k] ?? '')} />
        ))}
        <p className="mb-2 text-sm text-muted" aria-live="polite">
          {page.total} variant{page.total === 1 ? '' : 's'} · page {page.page} of {last}
        </p>
        {page.data.length === 0 ? (
          <p className="rounded-2xl border border-linen bg-white p-4 text-muted">No variants match.</p>
        ) : (
          <StockGrid
            rows={page.data}
            canEdit={canEdit}
            conflicts={actionData?.conflicts ?? []}
            posted={actionData?.posted ?? {}}
            invalid={actionData?.invalid ?? []}
          />
        )}
        {canEdit && page.data.length > 0 && (
          <div className="sticky bottom-0 z-10 mt-3 flex flex-wrap items-center gap-3 border-t border-linen bg-cream/95 py-3">
            <button type="submit" name="intent" value="save" className={buttonClass.dark} disabled={busy}>
              Save changes
            </button>
            <span className="text-sm text-muted">Only changed cells are saved.</span>
          </div>
        )}
        {canEdit && page.data.length > 0 && (
          <fieldset className="mt-4 rounded-2xl border border-linen bg-white p-4">
            <legend className="px-1 font-semibold text-ink">Sale</legend>
            <p className="mb-3 text-sm text-muted">
              The price becomes the MRP less the percent, rounded to the nearest whole rupee. Ending a sale sets the
              price back to the MRP. A collection goes on sale through the collection filter and "All filtered".
            </p>
            <div className="flex flex-wrap items-end gap-3">
              <label className={labelClass}>
                Percent off (1 to 90)
                <input
                  name="percent"
                  type="text"
                  inputMode="numeric"
                  autoComplete="off"
                  className={`${inputClass} w-28`}
                />
              </label>
              <span className="flex flex-col gap-1 text-sm text-ink" role="radiogroup" aria-label="Which rows">
                <label className="flex items-center gap-2">
                  <input type="radio" name="scope" value="selected" defaultChecked className="size-5" /> Selected rows
                </label>
                <label className="flex items-center gap-2">
                  <input type="radio" name="scope" value="filtered" className="size-5" /> All filtered ({page.total})
                </label>
              </span>
              <button type="submit" name="intent" value="sale" className={buttonClass.plain} disabled={busy}>
                Put on sale
              </button>
              <button type="submit" name="intent" value="end-sale" className={buttonClass.danger} disabled={busy}>
                End sale
              </button>
            </div>
          </fieldset>
        )}
      </Form>

      {last > 1 && (
        <nav aria-label="Pages" className="mt-4 flex flex-wrap gap-2">
          {page.page > 1 && (
            <Link to={pageLink(filter, page.page - 1)} className={buttonClass.plain}>
              Previous page
            </Link>
          )}
          {page.page < last && (
            <Link to={pageLink(filter, page.page + 1)} className={buttonClass.plain}>
              Next page
            </Link>
          )}
        </nav>
      )}
    </>
  );
}
