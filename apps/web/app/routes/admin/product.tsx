import { ADMIN_ROUTES, can, type AdminProductDetail } from '@shop/contract';
import { Form, Link, data, redirect, useRouteLoaderData } from 'react-router';
import { adminMeta } from '~/components/admin/meta';
import { ProductForm } from '~/components/admin/product-form';
import { WaitingList } from '~/components/admin/waiting-list';
import { GridChoice, VariantGrid } from '~/components/admin/variant-grid';
import { AdminNotice } from '~/components/ui/notice';
import { Card } from '~/components/ui/card';
import { PageTitle } from '~/components/ui/page-title';
import { buttonClass } from '~/components/ui/button';
import {
  gridCells,
  productSeoDefault,
  productValues,
  readGridForm,
  readProductForm,
  type GridCell,
} from '~/lib/admin-products';
import { textField } from '~/lib/form';
import { apiErrorText } from '~/lib/form.server';
import type { loader as layoutLoader } from './layout';
import type { Route } from './+types/product';
import { call, read } from '~/lib/call.server';

export const meta = ({ data: d }: Route.MetaArgs) => adminMeta(d?.product.name ?? 'Product');

export async function loader(args: Route.LoaderArgs) {
  const id = Number(args.params.id);
  if (!Number.isInteger(id) || id <= 0) throw data('Not found', { status: 404 });
  const [product, options, waiting] = await Promise.all([
    read(args, ADMIN_ROUTES['admin.products.get'], { params: { id } }),
    read(args, ADMIN_ROUTES['admin.products.options']),
    read(args, ADMIN_ROUTES['admin.backInStock.list'], undefined, {
      rawQuery: new URLSearchParams({ product_id: String(id) }),
    }),
  ]);
  const url = new URL(args.request.url);
  const done = url.searchParams.get('done');
  return { product, options, waiting: waiting.data, cells: gridCells(product, options, url), done };
}

type Notice = { kind: 'error' | 'success'; text: string };
interface Answer {
  form?: 'save' | 'variants' | 'state';
  notice?: Notice;
  errors?: string[];
  values?: Record<string, string>;
  fieldErrors?: Partial<Record<string, string>>;
  grid?: GridCell[];
}
const answer = (a: Answer, status = 400) => data(a, { status });

const MOVES = ['publish', 'unpublish', 'archive', 'unarchive'] as const;
const isMove = (intent: string): intent is (typeof MOVES)[number] => (MOVES as readonly string[]).includes(intent);

export async function action(args: Route.ActionArgs) {
  const id = Number(args.params.id);
  const form = await args.request.formData();
  const intent = textField(form, 'intent');
  const version = Number(form.get('version')) || undefined;
  const here = `/admin/products/${id}`;
  const refused = (res: { ok: false; status: number; message: string; errors: string[] }, extra: Answer) =>
    answer(
      {
        ...extra,
        notice: { kind: 'error', text: res.status === 409 ? res.message : apiErrorText(res) },
        errors: res.errors,
      },
      res.status,
    );

  if (intent === 'save') {
    const read = readProductForm(form);
    if (!read.ok) {
      return answer({
        form: 'save',
        values: read.values,
        fieldErrors: read.fieldErrors,
        notice: { kind: 'error', text: 'Please check the fields marked below.' },
      });
    }
    const res = await call(args, ADMIN_ROUTES['admin.products.update'], {
      params: { id },
      body: { ...read.body, version },
    });
    if (!res.ok) return refused(res, { form: 'save', values: read.values });
    throw redirect(`${here}?done=saved`);
  }
  if (intent === 'variants') {
    const grid = readGridForm(form);
    const cells: GridCell[] = grid.variants.map((v, i) => ({
      color_id: Number(v.color_id),
      size_id: Number(v.size_id),
      label: textField(form, `v.${i}.label`),
      sku: v.sku,
      mrp: v.mrp,
      selling_price: v.selling_price,
      stock: v.stock,
      is_active: v.is_active,
      has_orders: false,
      is_new: false,
    }));
    if (grid.errors.length) {
      return answer({
        form: 'variants',
        grid: cells,
        errors: grid.errors,
        notice: { kind: 'error', text: grid.errors[0]! },
      });
    }
    const res = await call(args, ADMIN_ROUTES['admin.products.saveVariants'], {
      params: { id },
      body: { version: Number(grid.version), variants: grid.variants },
    });
    if (!res.ok) return refused(res, { form: 'variants', grid: cells });
    throw redirect(`${here}?done=variants`);
  }
  if (intent === 'color') {
    const res = await call(args, ADMIN_ROUTES['admin.colors.create'], {
      body: { name: textField(form, 'color_name'), hex: textField(form, 'color_hex') },
    });
    if (!res.ok) return refused(res, { form: 'variants' });
    const q = new URLSearchParams({ grid: '1' });
    const picked = (name: string) => form.getAll(name).filter((v): v is string => typeof v === 'string');
    for (const c of [...picked('colors'), String(res.data.id)]) q.append('colors', c);
    for (const s of picked('sizes')) q.append('sizes', s);
    throw redirect(`${here}?${q.toString()}`);
  }
  if (isMove(intent)) {
    const res = await call(args, ADMIN_ROUTES[`admin.products.${intent}`], { params: { id }, body: { version } });
    if (!res.ok) return refused(res, { form: 'state' });
    throw redirect(`${here}?done=${intent}`);
  }
  if (intent === 'duplicate') {
    const res = await call(args, ADMIN_ROUTES['admin.products.duplicate'], { params: { id } });
    if (!res.ok) return refused(res, { form: 'state' });
    throw redirect(`/admin/products/${res.data.product.id}?done=duplicated`);
  }
  if (intent === 'delete') {
    const res = await call(args, ADMIN_ROUTES['admin.products.delete'], { params: { id }, query: { version } });
    if (!res.ok) return refused(res, { form: 'state' });
    throw redirect('/admin/products?done=deleted');
  }
  return answer({ notice: { kind: 'error', text: 'Unknown action' } });
}

const DONE: Record<string, string> = {
  created: 'Product created (unpublished). Next: choose its colours and sizes below.',
  saved: 'Product saved.',
  variants: 'Variants saved.',
  publish: 'Published: on the shop now.',
  unpublish: 'Unpublished: off the shop.',
  archive: 'Archived: off the shop and the default list.',
  unarchive: 'Unarchived: publish it when it is ready.',
  duplicated: 'Copy made: unpublished, with no stock. Change its name and slug.',
};

function StateCard({ product, canWrite }: { product: AdminProductDetail; canWrite: boolean }) {
  const archived = product.archived_at !== null;
  const status = archived ? 'Archived' : product.is_active ? 'Published' : 'Unpublished';
  const move = (intent: string, label: string, kind: 'plain' | 'dark' | 'danger' = 'plain') => (
    <button type="submit" name="intent" value={intent} className={buttonClass[kind]}>
      {label}
    </button>
  );
  return (
    <Card title="On the shop" className="self-start">
      <p className="mb-3 text-ink">
        Status: <strong>{status}</strong>
      </p>
      {!product.is_active && !archived && product.publish_problems.length > 0 && (
        <ul className="mb-3 list-disc space-y-1 pl-5 text-sm text-muted">
          {product.publish_problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      )}
      {canWrite && (
        <Form method="post" className="flex flex-wrap gap-2">
          <input type="hidden" name="version" value={product.version} />
          {!archived && (product.is_active ? move('unpublish', 'Unpublish') : move('publish', 'Publish', 'dark'))}
          {archived ? move('unarchive', 'Unarchive') : move('archive', 'Archive')}
          {move('duplicate', 'Duplicate')}
        </Form>
      )}
      {canWrite && (
        <details className="mt-4 rounded-xl border border-linen p-3">
          <summary className="cursor-pointer font-semibold text-ink">Delete…</summary>
          {product.has_orders ? (
            <p className="mt-2 text-sm text-muted">
              This product has orders, so it cannot be deleted: archive it instead.
            </p>
          ) : (
            <Form method="post" className="mt-2 space-y-2">
              <input type="hidden" name="version" value={product.version} />
              <p className="text-sm text-muted">Deleting removes the product and its variants for good.</p>
              {move('delete', 'Delete for good', 'danger')}
            </Form>
          )}
        </details>
      )}
    </Card>
  );
}

export default function Product({ loaderData, actionData }: Route.ComponentProps) {
  const { product, options, done } = loaderData;
  const me = useRouteLoaderData<typeof layoutLoader>('routes/admin/layout')?.me;
  const canWrite = !!me && can(me.user.role, 'catalog.write');
  const a: Answer | undefined = actionData;
  const cells = a?.grid ?? loaderData.cells;
  const live = product.is_active ? product.variants.find((v) => v.is_active) : undefined;
  const notice = a?.notice ?? (done && DONE[done] ? { kind: 'success' as const, text: DONE[done] } : null);
  return (
    <>
      <PageTitle
        actions={
          <>
            <Link to={`/admin/products/${product.id}/pictures`} className={buttonClass.plain}>
              Pictures
            </Link>
            {live && (
              <a href={`/product/${live.slug}`} className={buttonClass.plain}>
                View on the shop
              </a>
            )}
          </>
        }
      >
        {product.name}
      </PageTitle>
      <p className="-mt-3 mb-4 text-sm">
        <Link to="/admin/products" className="text-muted underline">
          All products
        </Link>
      </p>
      <AdminNotice notice={notice} />
      {a?.errors && a.errors.length > 1 && (
        <ul className="-mt-2 mb-4 list-disc space-y-1 pl-9 text-sm text-brand-dark">
          {a.errors.slice(1).map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      )}
      <div className="grid gap-4 lg:grid-cols-3">
        <div className="space-y-4 lg:col-span-2">
          <Card title="Details">
            {!canWrite && <p className="mb-3 text-sm text-muted">Only the shop&apos;s owner changes products.</p>}
            <fieldset disabled={!canWrite}>
              <ProductForm
                options={options}
                values={a?.form === 'save' && a.values ? a.values : productValues(product)}
                errors={a?.form === 'save' ? a.fieldErrors : undefined}
                version={product.version}
                submit="Save details"
                seoDefault={productSeoDefault(product, options)}
              />
            </fieldset>
          </Card>
        </div>
        <StateCard product={product} canWrite={canWrite} />
        <Card title="Variants" className="lg:col-span-3">
          <fieldset disabled={!canWrite} className="space-y-5">
            <GridChoice options={options} cells={cells} />
            <VariantGrid cells={cells} version={product.version} />
          </fieldset>
        </Card>
        <Card title="Waiting for a size to come back" className="lg:col-span-3">
          <WaitingList rows={loaderData.waiting} empty="Nobody is waiting for a size of this product." />
        </Card>
      </div>
    </>
  );
}
