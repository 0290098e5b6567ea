import { ADMIN_ROUTES, AUDIT_ENTITIES, type AuditEntry } from '@shop/contract';
import { Form } from 'react-router';
import { DataTable, type ListColumn } from '~/components/admin/data-table';
import { ListPager, olderLink } from '~/components/admin/list-controls';
import { PageTitle } from '~/components/ui/page-title';
import { buttonClass } from '~/components/ui/button';
import { formatWhen } from '~/lib/dates';
import type { Route } from './+types/activity';
import { adminMeta } from '~/components/admin/meta';
import { read } from '~/lib/call.server';

export const meta = () => adminMeta('Activity');

/** Every write of the back office, newest first (docs/product.md#back-office), by entity when asked. */
export async function loader(args: Route.LoaderArgs) {
  const url = new URL(args.request.url);
  const query = new URLSearchParams();
  for (const key of ['entity_type', 'entity_id', 'before_id']) {
    const value = url.searchParams.get(key);
    if (value) query.set(key, value);
  }
  const page = await read(args, ADMIN_ROUTES['admin.activity.list'], undefined, { rawQuery: query });
  return { page, entityType: query.get('entity_type') ?? '', entityId: query.get('entity_id') ?? '' };
}

const show = (value: unknown) => (value === null || value === undefined ? '—' : JSON.stringify(value));

const who = (e: AuditEntry) => (e.actor ? e.actor.name || e.actor.email : 'the shop');

const COLUMNS: ListColumn<AuditEntry>[] = [
  {
    id: 'what',
    header: 'What',
    card: 'title',
    className: 'font-semibold text-ink',
    cell: (e) => `${e.action} · ${e.entity_type} ${e.entity_id}`,
  },
  {
    id: 'who',
    header: 'Who',
    card: 'line',
    className: 'text-muted',
    cell: who,
    cardCell: (e) => (
      <span className="text-muted">
        {who(e)} · {formatWhen(e.created_at)}
      </span>
    ),
  },
  {
    id: 'when',
    header: 'When',
    card: 'hidden',
    className: 'whitespace-nowrap text-muted',
    cell: (e) => formatWhen(e.created_at),
  },
  {
    id: 'change',
    header: 'Change',
    card: 'line',
    className: 'min-w-64 wrap-anywhere',
    cell: (e) => `${show(e.before)} → ${show(e.after)}`,
  },
  { id: 'note', header: 'Note', card: 'line', cell: (e) => (e.note ? `Note: ${e.note}` : '') },
];

export default function Activity({ loaderData }: Route.ComponentProps) {
  const { page, entityType, entityId } = loaderData;
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
        <button type="submit" className={buttonClass.plain}>
          Filter
        </button>
      </Form>
      <DataTable
        rows={page.data}
        columns={COLUMNS}
        rowId={(e) => String(e.id)}
        caption="Activity"
        empty="Nothing recorded yet."
        cardsBelow="lg"
      />
      <ListPager forward={olderLink(page.next_before_id, { entity_type: entityType, entity_id: entityId })} />
    </>
  );
}
