import { ADMIN_ROUTES, AUDIT_ENTITIES } from '@shop/contract';
import { Form, Link } from 'react-router';
import { Card, PageTitle, buttonClass, formatWhen } from '~/components/admin/ui';
import { adminLoadList } from '~/lib/admin.server';
import type { Route } from './+types/activity';
import { adminMeta } from '~/components/admin/meta';

export const meta = () => adminMeta('Activity');

/** Every write of the back office, newest first (docs/product.md#back-office), by entity when asked. */
export async function loader(args: Route.LoaderArgs) {
  const url = new URL(args.request.url);
  const query = new URLSearchParams();
  for (const key of ['entity_type', 'entity_id', 'before_id']) {
    const value = url.searchParams.get(key);
    if (value) query.set(key, value);
  }
  const page = await adminLoadList(args, ADMIN_ROUTES['admin.activity.list'], query);
  return { page, entityType: query.get('entity_type') ?? '', entityId: query.get('entity_id') ?? '' };
}

const show = (value: unknown) => (value === null || value === undefined ? '—' : JSON.stringify(value));

export default function Activity({ loaderData }: Route.ComponentProps) {
  const { page, entityType, entityId } = loaderData;
  const next = new URLSearchParams({ entity_type: entityType, entity_id: entityId });
  if (page.next_before_id) next.set('before_id', String(page.next_before_id));
  return (
    <>
      <PageTitle>Activity</PageTitle>
      <Form method="get" className="mb-5 flex flex-wrap items-end gap-3">
        <label className="text-sm font-semibold">
          Entity
          <select
            name="entity_type"
            defaultValue={entityType}
            className="mt-1 block rounded-xl border border-linen bg-white px-3 py-2"
          >
            <option value="">All</option>
            {AUDIT_ENTITIES.map((e) => (
              <option key={e} value={e}>
                {e}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm font-semibold">
          Id
          <input
            name="entity_id"
            defaultValue={entityId}
            inputMode="numeric"
            className="mt-1 block w-28 rounded-xl border border-linen bg-white px-3 py-2"
          />
        </label>
        <button type="submit" className={buttonClass.secondary}>
          Filter
        </button>
      </Form>
      <Card>
        {page.data.length === 0 ? (
          <p className="text-muted">Nothing recorded yet.</p>
        ) : (
          <ol className="divide-y divide-linen">
            {page.data.map((entry) => (
              <li key={entry.id} className="py-3">
                <p className="font-semibold text-ink">
                  {entry.action} · {entry.entity_type} {entry.entity_id}
                </p>
                <p className="text-sm text-muted">
                  {entry.actor ? entry.actor.name || entry.actor.email : 'the shop'} · {formatWhen(entry.created_at)}
                </p>
                <p className="mt-1 text-sm break-words text-ink">
                  {show(entry.before)} → {show(entry.after)}
                </p>
                {entry.note && <p className="mt-1 text-sm text-ink">Note: {entry.note}</p>}
              </li>
            ))}
          </ol>
        )}
        {page.next_before_id && (
          <Link to={`?${next.toString()}`} className={`${buttonClass.secondary} mt-4`}>
            Older
          </Link>
        )}
      </Card>
    </>
  );
}
