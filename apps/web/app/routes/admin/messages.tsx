import { ADMIN_ROUTES, MESSAGE_CHANNEL_LABELS, MESSAGE_STATUSES, type AdminShopperMessage } from '@shop/contract';
import { Form, Link } from 'react-router';
import { DataTable, type ListColumn } from '~/components/admin/data-table';
import { adminMeta } from '~/components/admin/meta';
import { buttonClass } from '~/components/ui/button';
import { Card } from '~/components/ui/card';
import { PageTitle } from '~/components/ui/page-title';
import { Badge, type BadgeTone } from '~/components/ui/status-badge';
import { read } from '~/lib/call.server';
import { formatWhen } from '~/lib/dates';
import { CartReminderFiguresCard } from '~/components/admin/cart-reminder-figures';
import type { Route } from './+types/messages';

export const meta = () => adminMeta('Messages');

/** WhatsApp and SMS messages to shoppers, newest first, of one status when asked (docs/back-office.md 'Messages (/admin/messages)'). */
export async function loader(args: Route.LoaderArgs) {
  const status = new URL(args.request.url).searchParams.get('status') ?? '';
  const query = new URLSearchParams(status ? { status } : {});
  const list = await read(args, ADMIN_ROUTES['admin.messages.list'], undefined, { rawQuery: query });
  return { list, status };
}

const TONE: Record<AdminShopperMessage['status'], BadgeTone> = {
  queued: 'waiting',
  sent: 'plain',
  delivered: 'good',
  read: 'good',
  failed: 'attention',
  cancelled: 'muted',
};

const COLUMNS: ListColumn<AdminShopperMessage>[] = [
  {
    id: 'what',
    header: 'Message',
    card: 'title',
    className: 'font-semibold text-ink',
    cell: (m) => `${MESSAGE_CHANNEL_LABELS[m.channel]} · ${m.template.replaceAll('_', ' ')}`,
  },
  { id: 'status', header: 'Status', card: 'badge', cell: (m) => <Badge tone={TONE[m.status]}>{m.status}</Badge> },
  {
    id: 'order',
    header: 'Order',
    card: 'line',
    cell: (m) => (m.order_id ? <Link to={`/admin/orders/${m.order_id}`}>Order #{m.order_id}</Link> : '—'),
  },
  { id: 'to', header: 'To', card: 'line', className: 'whitespace-nowrap text-muted', cell: (m) => m.to },
  {
    id: 'when',
    header: 'When',
    card: 'line',
    className: 'whitespace-nowrap text-muted',
    cell: (m) => formatWhen(m.updated_at),
  },
  {
    id: 'why',
    header: 'Why',
    card: 'line',
    className: 'min-w-48 wrap-anywhere',
    cell: (m) => (m.error ? `${m.error}${m.attempts > 1 ? ` (after ${m.attempts} tries)` : ''}` : ''),
  },
];

export default function Messages({ loaderData }: Route.ComponentProps) {
  const { list, status } = loaderData;
  return (
    <>
      <PageTitle>Messages</PageTitle>
      <p className="mb-4 text-muted">
        Messages sent to shoppers on WhatsApp and by SMS, besides their mails: the news of their orders, and cart
        reminders to those who agreed to them. A failed one was refused by the provider or given up after its retries:
        the shopper still has the mail.
      </p>
      <CartReminderFiguresCard figures={list.cart_reminders} />
      {list.failed_recently > 0 && (
        <p className="mb-4 rounded-2xl bg-brand-soft p-4 font-semibold text-ink" role="status">
          {list.failed_recently} {list.failed_recently === 1 ? 'message' : 'messages'} failed in the last 7 days.{' '}
          <Link to="?status=failed" className="underline">
            Show them
          </Link>
        </p>
      )}
      <Form method="get" className="mb-5 flex flex-wrap items-end gap-3">
        <label className="text-sm font-semibold">
          Status
          <select
            name="status"
            defaultValue={status}
            className="mt-1 block rounded-xl border border-linen bg-white px-3 py-2"
          >
            <option value="">All</option>
            {MESSAGE_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className={buttonClass.plain}>
          Filter
        </button>
      </Form>
      <DataTable
        rows={list.data}
        columns={COLUMNS}
        rowId={(m) => String(m.id)}
        caption="Messages"
        empty="No WhatsApp or SMS message yet."
        cardsBelow="lg"
      />
      <Card title="The templates" className="mt-6">
        <p className="mb-3 text-sm text-muted">
          Each message is a template registered with Meta (WhatsApp) and on the DLT platform (SMS, then mapped in MSG91)
          under its name, with its values in this order.
        </p>
        <ul className="divide-y divide-linen">
          {list.templates.map((t) => (
            <li key={t.key} className="py-3">
              <p className="font-semibold text-ink">
                {t.title} <code className="text-sm font-normal text-muted">{t.key}</code>
              </p>
              <p className="wrap-anywhere text-sm text-ink">{t.text}</p>
              <p className="text-xs text-muted">Values in order: {t.params.join(', ')}</p>
            </li>
          ))}
        </ul>
      </Card>
    </>
  );
}
