import { ADMIN_ROUTES, can, formatRupees, resizeImageUrl, type AdminProductRow } from '@shop/contract';
import { Form, Link, useRouteLoaderData } from 'react-router';
import { inputClass, labelClass } from '~/components/admin/bits';
import { adminMeta } from '~/components/admin/meta';
import { AdminNotice, PageTitle, buttonClass } from '~/components/admin/ui';
import { adminLoad, adminLoadList } from '~/lib/admin.server';
import type { loader as layoutLoader } from './layout';
import type { Route } from './+types/products';

export const meta = () => adminMeta('Products');

const FILTERS = ['q', 'category_id', 'collection_id', 'status', 'stock', 'sort', 'page'] as const;
type Params = Partial<Record<(typeof FILTERS)[number], string>>;

/** The query the page was opened with, passed on as the API's (it validates; a bad one is the page's 404). */
export async function loader(args: Route.LoaderArgs) {
  const url = new URL(args.request.url);
  const query = new URLSearchParams();
  for (const key of FILTERS) {
    const value = url.searchParams.get(key)?.trim();
    if (value) query.set(key, value);
  }
  const [list, options] = await Promise.all([
    adminLoadList(args, ADMIN_ROUTES['admin.products.list'], query),
    adminLoad(args, ADMIN_ROUTES['admin.products.options']),
  ]);
  const deleted = url.searchParams.get('done') === 'deleted';
  return { list, options, params: Object.fromEntries(query) as Params, deleted };
}

const priceRange = (p: AdminProductRow) => {
  if (p.price_min === null || p.price_max === null) return 'No price yet';
  return p.price_min === p.price_max
    ? formatRupees(p.price_min)
    : `${formatRupees(p.price_min)} – ${formatRupees(p.price_max)}`;
};

function Badge({ p }: { p: AdminProductRow }) {
  const [text, tone] = p.archived
    ? ['Archived', 'bg-sand text-muted']
    : p.is_active
      ? ['Published', 'bg-sage-soft text-ink']
      : ['Unpublished', 'bg-brand-soft text-ink'];
  return <span className={`inline-block rounded-full px-3 py-1 text-xs font-bold ${tone}`}>{text}</span>;
}

function Thumb({ p }: { p: AdminProductRow }) {
  if (!p.image) return <span className="block size-14 shrink-0 rounded-lg bg-sand" aria-hidden="true" />;
  return (
    <img
      src={resizeImageUrl(p.image, 160)}
      alt=""
      width={56}
      height={56}
      loading="lazy"
      className="size-14 shrink-0 rounded-lg bg-sand object-cover"
    />
  );
}

function Stock({ p, low }: { p: AdminProductRow; low: number }) {
  const tone = p.stock === 0 ? 'text-brand-dark font-semibold' : p.stock <= low ? 'text-ink font-semibold' : 'text-ink';
  return <span className={tone}>{p.stock === 0 ? 'Out of stock' : `${p.stock} in stock`}</span>;
}

export default function Products({ loaderData }: Route.ComponentProps) {
  const { list, options, params, deleted } = loaderData;
  const me = useRouteLoaderData<typeof layoutLoader>('routes/admin/layout')?.me;
  const page = (n: number) => {
    const next = new URLSearchParams();
    for (const [k, v] of Object.entries({ ...params, page: String(n) })) if (v) next.set(k, v);
    return `/admin/products?${next.toString()}`;
  };
  const select = (name: keyof Params, label: string, choices: [string, string][]) => (
    <div>
      <label className={labelClass} htmlFor={`f-${name}`}>
        {label}
      </label>
      <select id={`f-${name}`} name={name} defaultValue={params[name] ?? ''} className={inputClass}>
        {choices.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
  return (
    <>
      <PageTitle
        actions={
          me && can(me.user.role, 'catalog.write') ? (
            <Link to="/admin/products/new" className={buttonClass.primary}>
              New product
            </Link>
          ) : null
        }
      >
        Products
      </PageTitle>
      <AdminNotice notice={deleted ? { kind: 'success', text: 'Product deleted.' } : null} />
      <Form method="get" role="search" className="mb-5 grid grid-cols-2 gap-3 lg:grid-cols-4">
        <div className="col-span-2">
          <label className={labelClass} htmlFor="f-q">
            Search by name, slug, SKU or tag
          </label>
          <input id="f-q" name="q" type="search" defaultValue={params.q ?? ''} className={inputClass} />
        </div>
        {select('category_id', 'Category', [
          ['', 'All categories'],
          ...options.categories.map((c): [string, string] => [String(c.id), c.name]),
        ])}
        {select('collection_id', 'Collection', [
          ['', 'All collections'],
          ...options.collections.map((c): [string, string] => [String(c.id), c.name]),
        ])}
        {select('status', 'Status', [
          ['', 'All but archived'],
          ['published', 'Published'],
          ['unpublished', 'Unpublished'],
          ['archived', 'Archived'],
        ])}
        {select('stock', 'Stock', [
          ['', 'Any stock'],
          ['out', 'Out of stock'],
          ['low', `Low stock (${list.low_stock_threshold} or fewer of a variant)`],
        ])}
        {select('sort', 'Sort', [
          ['newest', 'Newest first'],
          ['name', 'Name'],
          ['price', 'Price, lowest first'],
          ['stock', 'Stock, lowest first'],
        ])}
        <div className="col-span-2 flex items-end gap-2 lg:col-span-1">
          <button type="submit" className={buttonClass.primary}>
            Show
          </button>
          <Link to="/admin/products" className={buttonClass.secondary}>
            Clear
          </Link>
        </div>
      </Form>
      <p className="mb-3 text-sm text-muted" role="status">
        {list.meta.total === 1 ? '1 product' : `${list.meta.total} products`}
      </p>
      {list.data.length === 0 ? (
        <p className="rounded-2xl border border-linen bg-white p-6 text-muted">No product matches.</p>
      ) : (
        <>
          <ul className="grid gap-3 lg:hidden">
            {list.data.map((p) => (
              <li key={p.id}>
                <Link
                  to={`/admin/products/${p.id}`}
                  className="flex gap-3 rounded-2xl border border-linen bg-white p-3 shadow-xs hover:border-muted/50"
                >
                  <Thumb p={p} />
                  <span className="min-w-0 flex-1">
                    <span className="block font-semibold break-words text-ink">{p.name}</span>
                    <span className="block text-sm text-muted">{p.category}</span>
                    <span className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
                      <span>{priceRange(p)}</span>
                      <Stock p={p} low={list.low_stock_threshold} />
                      <Badge p={p} />
                    </span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
          <div className="hidden overflow-x-auto rounded-2xl border border-linen bg-white lg:block">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Products</caption>
              <thead className="border-b border-linen text-muted">
                <tr>
                  <th scope="col" className="p-3">
                    <span className="sr-only">Picture</span>
                  </th>
                  <th scope="col" className="p-3">
                    Name
                  </th>
                  <th scope="col" className="p-3">
                    Category
                  </th>
                  <th scope="col" className="p-3">
                    Price
                  </th>
                  <th scope="col" className="p-3">
                    Stock
                  </th>
                  <th scope="col" className="p-3">
                    Status
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-linen">
                {list.data.map((p) => (
                  <tr key={p.id} className="hover:bg-cream">
                    <td className="p-3">
                      <Thumb p={p} />
                    </td>
                    <td className="p-3">
                      <Link
                        to={`/admin/products/${p.id}`}
                        className="font-semibold text-ink underline-offset-2 hover:underline"
                      >
                        {p.name}
                      </Link>
                      <span className="block text-xs text-muted">{p.slug}</span>
                    </td>
                    <td className="p-3">{p.category}</td>
                    <td className="p-3 whitespace-nowrap">{priceRange(p)}</td>
                    <td className="p-3 whitespace-nowrap">
                      <Stock p={p} low={list.low_stock_threshold} />
                    </td>
                    <td className="p-3">
                      <Badge p={p} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      {list.meta.pages > 1 && (
        <nav aria-label="Pages" className="mt-4 flex items-center gap-3">
          {list.meta.page > 1 && (
            <Link to={page(list.meta.page - 1)} className={buttonClass.secondary}>
              Previous page
            </Link>
          )}
          <span className="text-sm text-muted">
            Page {list.meta.page} of {list.meta.pages}
          </span>
          {list.meta.page < list.meta.pages && (
            <Link to={page(list.meta.page + 1)} className={buttonClass.secondary}>
              Next page
            </Link>
          )}
        </nav>
      )}
    </>
  );
}
