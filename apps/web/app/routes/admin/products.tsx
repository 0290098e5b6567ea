import { ADMIN_ROUTES, can, formatRupees, resizeImageUrl, type AdminProductRow } from '@shop/contract';
import { Form, Link, useRouteLoaderData } from 'react-router';
import { inputClass, labelClass } from '~/components/admin/bits';
import { DataTable, type ListColumn } from '~/components/admin/data-table';
import { ListPager } from '~/components/admin/list-controls';
import { adminMeta } from '~/components/admin/meta';
import { AdminNotice } from '~/components/ui/notice';
import { Badge } from '~/components/ui/status-badge';
import { PageTitle } from '~/components/ui/page-title';
import { buttonClass } from '~/components/ui/button';
import type { loader as layoutLoader } from './layout';
import type { Route } from './+types/products';
import { read } from '~/lib/call.server';

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
    read(args, ADMIN_ROUTES['admin.products.list'], undefined, { rawQuery: query }),
    read(args, ADMIN_ROUTES['admin.products.options']),
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

function ProductState({ p }: { p: AdminProductRow }) {
  const [text, tone] = p.archived
    ? (['Archived', 'muted'] as const)
    : p.is_active
      ? (['Published', 'good'] as const)
      : (['Unpublished', 'attention'] as const);
  return <Badge tone={tone}>{text}</Badge>;
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

const columns = (low: number): ListColumn<AdminProductRow>[] => [
  { id: 'picture', header: 'Picture', srHeader: true, card: 'media', cell: (p) => <Thumb p={p} /> },
  {
    id: 'name',
    header: 'Name',
    link: true,
    card: 'title',
    cell: (p) => (
      <>
        {p.name}
        <span className="block text-xs font-normal text-muted">{p.slug}</span>
      </>
    ),
    cardCell: (p) => <span className="font-semibold">{p.name}</span>,
  },
  {
    id: 'category',
    header: 'Category',
    card: 'line',
    cell: (p) => p.category,
    cardCell: (p) => <span className="text-muted">{p.category}</span>,
  },
  {
    id: 'price',
    header: 'Price',
    card: 'foot',
    className: 'whitespace-nowrap',
    cell: (p) => priceRange(p),
    cardCell: (p) => <span className="text-ink">{priceRange(p)}</span>,
  },
  {
    id: 'stock',
    header: 'Stock',
    card: 'foot',
    className: 'whitespace-nowrap',
    cell: (p) => <Stock p={p} low={low} />,
  },
  { id: 'status', header: 'Status', card: 'badge', cell: (p) => <ProductState p={p} /> },
];

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
            <Link to="/admin/products/new" className={buttonClass.dark}>
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
          <button type="submit" className={buttonClass.dark}>
            Show
          </button>
          <Link to="/admin/products" className={buttonClass.plain}>
            Clear
          </Link>
        </div>
      </Form>
      <p className="mb-3 text-sm text-muted" role="status">
        {list.meta.total === 1 ? '1 product' : `${list.meta.total} products`}
      </p>
      <DataTable
        rows={list.data}
        columns={columns(list.low_stock_threshold)}
        rowId={(p) => String(p.id)}
        href={(p) => `/admin/products/${p.id}`}
        caption="Products"
        empty="No product matches."
        cardsBelow="lg"
      />
      {list.meta.pages > 1 && (
        <ListPager
          back={list.meta.page > 1 ? { to: page(list.meta.page - 1), text: 'Previous page' } : null}
          where={`Page ${list.meta.page} of ${list.meta.pages}`}
          forward={list.meta.page < list.meta.pages ? { to: page(list.meta.page + 1), text: 'Next page' } : null}
        />
      )}
    </>
  );
}
