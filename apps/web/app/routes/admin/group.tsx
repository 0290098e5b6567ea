import { ADMIN_ROUTES, can } from '@shop/contract';
import { Form, Link, redirect, useRouteLoaderData } from 'react-router';
import { inputClass, labelClass } from '~/components/admin/bits';
import { GroupForm } from '~/components/admin/group-form';
import { adminMeta } from '~/components/admin/meta';
import { AdminNotice } from '~/components/ui/notice';
import { Card } from '~/components/ui/card';
import { PageTitle } from '~/components/ui/page-title';
import { buttonClass } from '~/components/ui/button';
import { NOUN, kindOf } from '~/lib/admin-groups';
import { saveGroup } from '~/lib/admin-groups.server';
import { numberField, textField } from '~/lib/form';
import { failed } from '~/lib/form.server';
import type { loader as layoutLoader } from './layout';
import type { Route } from './+types/group';
import { call, read } from '~/lib/call.server';

export const meta = ({ data }: Route.MetaArgs) => adminMeta(data?.detail.group.name ?? 'Category');

export async function loader(args: Route.LoaderArgs) {
  const kind = kindOf(args.request);
  const url = new URL(args.request.url);
  const q = url.searchParams.get('q')?.trim() ?? '';
  const [detail, found] = await Promise.all([
    read(args, ADMIN_ROUTES[`admin.${kind}.get`], { params: { id: args.params.id } }),
    q ? read(args, ADMIN_ROUTES['admin.products.search'], { query: { q } }) : null,
  ]);
  return { kind, detail, q, found: found?.data ?? null, done: url.searchParams.get('done') };
}

/** Edit, delete, add a product (a category: move it here), take one out (collections). */
export async function action(args: Route.ActionArgs) {
  const kind = kindOf(args.request);
  const id = Number(args.params.id);
  const form = await args.request.formData();
  const intent = textField(form, 'intent');
  const back = (done: string) => `/admin/${kind}/${id}?done=${done}`;
  if (intent === 'save') {
    const { answer } = await saveGroup(args, kind, form, id);
    if (answer) return answer;
    throw redirect(back('saved'));
  }
  if (intent === 'delete') {
    const res = await call(args, ADMIN_ROUTES[`admin.${kind}.delete`], { params: { id } });
    if (!res.ok) return failed(res);
    throw redirect(`/admin/${kind}?done=deleted`);
  }
  const productId = numberField(form, 'product_id');
  if (intent === 'add') {
    const res = await call(args, ADMIN_ROUTES[`admin.${kind}.addProduct`], {
      params: { id },
      body: { product_id: productId },
    });
    if (!res.ok) return failed(res);
    const q = textField(form, 'q');
    throw redirect(`${back('added')}${q ? `&q=${encodeURIComponent(q)}` : ''}#products`);
  }
  if (intent === 'remove') {
    const res = await call(args, ADMIN_ROUTES[`admin.${kind}.removeProduct`], { params: { id, productId } });
    if (!res.ok) return failed(res);
    throw redirect(`${back('removed')}#products`);
  }
  return failed({ ok: false, status: 400, message: 'Choose what to do', errors: [] });
}

const DONE: Record<string, string> = {
  saved: 'Saved: the shop shows it now.',
  added: 'Product added.',
  removed: 'Product taken out.',
};

export default function Group({ loaderData, actionData }: Route.ComponentProps) {
  const { kind, detail, q, found, done } = loaderData;
  const { group, products } = detail;
  const me = useRouteLoaderData<typeof layoutLoader>('routes/admin/layout')?.me;
  const canWrite = can(me?.user.role, 'catalog.write');
  const noun = NOUN[kind];
  const inGroup = new Set(products.map((p) => p.id));
  return (
    <>
      <PageTitle
        actions={
          <Link to={`/admin/${kind}`} className={buttonClass.plain}>
            All {kind}
          </Link>
        }
      >
        {group.name}
        {!group.is_visible && <span className="ml-2 align-middle text-base text-muted">(hidden)</span>}
      </PageTitle>
      <AdminNotice notice={actionData?.notice ?? (done && DONE[done] ? { kind: 'success', text: DONE[done] } : null)} />
      <div className="grid gap-4 lg:grid-cols-2">
        <Card title={canWrite ? `Edit the ${noun}` : `The ${noun}`}>
          {canWrite ? (
            <>
              <GroupForm
                kind={kind}
                group={group}
                answer={actionData?.form === 'group' ? actionData : undefined}
                submitLabel="Save"
              />
              <Form method="post" className="mt-6 border-t border-linen pt-4">
                <p className="mb-2 text-sm text-muted">
                  {kind === 'categories'
                    ? 'A category can be deleted once it holds no product.'
                    : 'Deleting a collection keeps its products; only their place in it goes.'}
                </p>
                <button type="submit" name="intent" value="delete" className={buttonClass.danger}>
                  Delete the {noun}
                </button>
              </Form>
            </>
          ) : (
            <p>{group.description || 'No description.'}</p>
          )}
        </Card>
        <section
          id="products"
          aria-labelledby="products-title"
          className="rounded-2xl border border-linen bg-white p-4 shadow-xs sm:p-5"
        >
          <h2 id="products-title" className="mb-3 text-lg text-ink">
            Products ({products.length})
          </h2>
          {products.length === 0 && <p className="text-muted">No product yet.</p>}
          <ul className="divide-y divide-linen">
            {products.map((p) => (
              <li key={p.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span>
                  <span className="font-semibold text-ink">{p.name}</span>
                  {!p.is_active && <span className="ml-2 text-xs text-muted">(not published)</span>}
                  <Link to={`/admin/products/${p.id}/pictures`} className="ml-2 text-sm text-muted underline">
                    Pictures<span className="sr-only"> of {p.name}</span>
                  </Link>
                </span>
                {canWrite && kind === 'collections' && (
                  <Form method="post" preventScrollReset>
                    <input type="hidden" name="product_id" value={p.id} />
                    <button type="submit" name="intent" value="remove" className={buttonClass.plain}>
                      Take out<span className="sr-only"> {p.name}</span>
                    </button>
                  </Form>
                )}
              </li>
            ))}
          </ul>
          {canWrite && (
            <div className="mt-4 border-t border-linen pt-4">
              <Form method="get" className="flex flex-wrap items-end gap-2" preventScrollReset>
                <div className="min-w-48 flex-1">
                  <label htmlFor="product-q" className={labelClass}>
                    {kind === 'categories' ? 'Find a product to move here' : 'Find a product to add'}
                  </label>
                  <input id="product-q" name="q" type="search" defaultValue={q} className={inputClass} />
                </div>
                <button type="submit" className={buttonClass.plain}>
                  Search
                </button>
              </Form>
              {found && found.length === 0 && <p className="mt-3 text-muted">No product matches ‘{q}’.</p>}
              {found && found.length > 0 && (
                <ul className="mt-3 divide-y divide-linen" aria-label="Products found">
                  {found.map((p) => (
                    <li key={p.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                      <span>
                        <span className="font-semibold text-ink">{p.name}</span>{' '}
                        <span className="text-sm text-muted">· {p.category}</span>
                      </span>
                      {inGroup.has(p.id) ? (
                        <span className="text-sm text-muted">Already here</span>
                      ) : (
                        <Form method="post" preventScrollReset>
                          <input type="hidden" name="product_id" value={p.id} />
                          <input type="hidden" name="q" value={q} />
                          <button type="submit" name="intent" value="add" className={buttonClass.plain}>
                            {kind === 'categories' ? 'Move here' : 'Add'}
                            <span className="sr-only"> {p.name}</span>
                          </button>
                        </Form>
                      )}
                    </li>
                  ))}
                </ul>
              )}
            </div>
          )}
        </section>
      </div>
    </>
  );
}
