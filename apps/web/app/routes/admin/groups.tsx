import { ADMIN_ROUTES, can } from '@shop/contract';
import { Form, Link, redirect, useRouteLoaderData } from 'react-router';
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
import type { Route } from './+types/groups';
import { call, read } from '~/lib/call.server';

const TITLE = { categories: 'Categories', collections: 'Collections' } as const;

export const meta = ({ data }: Route.MetaArgs) => adminMeta(TITLE[data?.kind ?? 'categories']);

export async function loader(args: Route.LoaderArgs) {
  const kind = kindOf(args.request);
  const { data } = await read(args, ADMIN_ROUTES[`admin.${kind}.list`]);
  return { kind, groups: data, done: new URL(args.request.url).searchParams.get('done') };
}

/** Create, move up/down, hide/show: each a plain form post. */
export async function action(args: Route.ActionArgs) {
  const kind = kindOf(args.request);
  const form = await args.request.formData();
  const intent = textField(form, 'intent');
  if (intent === 'save') {
    const { answer, saved } = await saveGroup(args, kind, form, null);
    if (answer) return answer;
    throw redirect(`/admin/${kind}?done=created#group-${saved.id}`);
  }
  const id = numberField(form, 'id');
  const res =
    intent === 'up' || intent === 'down'
      ? await call(args, ADMIN_ROUTES[`admin.${kind}.move`], { params: { id }, body: { direction: intent } })
      : await call(args, ADMIN_ROUTES[`admin.${kind}.visibility`], {
          params: { id },
          body: { is_visible: intent === 'show' },
        });
  if (!res.ok) return failed(res);
  throw redirect(`/admin/${kind}?done=${intent}#group-${id}`);
}

/** Three buttons fit a phone's row; a disabled one (first up, last down) looks it. */
const small = `${buttonClass.plain.replace('px-5', 'px-3')} text-sm sm:px-4 sm:text-base disabled:cursor-not-allowed disabled:opacity-40`;

const DONE: Record<string, string> = {
  created: 'Saved: the shop lists it now.',
  up: 'Moved up.',
  down: 'Moved down.',
  hide: 'Hidden: it has left the shop’s menus and lists.',
  show: 'Shown again in the shop’s menus and lists.',
};

export default function Groups({ loaderData, actionData }: Route.ComponentProps) {
  const { kind, groups, done } = loaderData;
  const me = useRouteLoaderData<typeof layoutLoader>('routes/admin/layout')?.me;
  const canWrite = can(me?.user.role, 'catalog.write');
  const noun = NOUN[kind];
  return (
    <>
      <PageTitle>{TITLE[kind]}</PageTitle>
      <AdminNotice notice={actionData?.notice ?? (done && DONE[done] ? { kind: 'success', text: DONE[done] } : null)} />
      <div className="grid gap-4 lg:grid-cols-3">
        <Card title={`${TITLE[kind]} in the shop’s order`} className="lg:col-span-2">
          {groups.length === 0 && <p className="text-muted">None yet.</p>}
          <ol className="divide-y divide-linen">
            {groups.map((g, i) => (
              <li key={g.id} id={`group-${g.id}`} className="flex flex-wrap items-center gap-3 py-3">
                <img
                  src={g.image_url.replace('/640/', '/160/')}
                  alt=""
                  width={56}
                  height={56}
                  className="size-14 shrink-0 rounded-lg bg-sand object-cover"
                />
                <div className="min-w-40 flex-1">
                  <p className="font-semibold text-ink">
                    <Link
                      to={`/admin/${kind}/${g.id}`}
                      className="underline decoration-linen underline-offset-4 hover:decoration-ink"
                    >
                      {g.name}
                    </Link>
                    {!g.is_visible && (
                      <span className="ml-2 rounded-full bg-sand px-2 py-0.5 text-xs font-bold text-ink">Hidden</span>
                    )}
                  </p>
                  <p className="text-sm break-words text-muted">
                    /{kind}/{g.slug}
                    {g.parent ? ` · ${g.parent}` : ''} · {g.product_count} product{g.product_count === 1 ? '' : 's'}
                  </p>
                </div>
                {canWrite && (
                  <Form method="post" className="flex flex-wrap gap-2" preventScrollReset>
                    <input type="hidden" name="id" value={g.id} />
                    <button type="submit" name="intent" value="up" disabled={i === 0} className={small}>
                      Move up<span className="sr-only"> {g.name}</span>
                    </button>
                    <button
                      type="submit"
                      name="intent"
                      value="down"
                      disabled={i === groups.length - 1}
                      className={small}
                    >
                      Move down<span className="sr-only"> {g.name}</span>
                    </button>
                    <button type="submit" name="intent" value={g.is_visible ? 'hide' : 'show'} className={small}>
                      {g.is_visible ? 'Hide' : 'Show'}
                      <span className="sr-only"> {g.name}</span>
                    </button>
                  </Form>
                )}
              </li>
            ))}
          </ol>
        </Card>
        {canWrite && (
          <Card title={`New ${noun}`}>
            <GroupForm
              kind={kind}
              answer={actionData?.form === 'group' ? actionData : undefined}
              submitLabel={`Create the ${noun}`}
            />
          </Card>
        )}
      </div>
    </>
  );
}
