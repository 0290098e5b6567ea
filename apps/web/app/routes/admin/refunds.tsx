import { ADMIN_ROUTES, formatRupees, type RefundIssue } from '@shop/contract';
import { Form, Link } from 'react-router';
import { DataTable, type ListColumn } from '~/components/admin/data-table';
import { AdminNotice } from '~/components/ui/notice';
import { Badge } from '~/components/ui/status-badge';
import { PageTitle } from '~/components/ui/page-title';
import { buttonClass } from '~/components/ui/button';
import { formatWhen } from '~/lib/dates';
import { field, postAdmin, refuse } from '~/lib/admin-form.server';
import { useSubmitting } from '~/lib/pending';
import type { Route } from './+types/refunds';
import { read } from '~/lib/call.server';

export const meta = () => [{ title: 'Refunds to look at | Back office' }];

export async function loader(args: Route.LoaderArgs) {
  return { issues: await read(args, ADMIN_ROUTES['admin.refunds.list']) };
}

/** Retry one of our refunds, record the UTR of a transfer the shop made, or mark a provider's report dealt with. */
export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData();
  const id = field(form, 'id');
  if (!/^\d{1,10}$/.test(id)) return refuse('Which refund?');
  const intent = field(form, 'intent');
  if (intent === 'resolve')
    return postAdmin(args, ADMIN_ROUTES['admin.refunds.resolveIncident'], { params: { id }, body: {} });
  if (intent === 'transfer') {
    const body = { reference: field(form, 'reference') };
    return postAdmin(args, ADMIN_ROUTES['admin.refunds.transfer'], { params: { id }, body });
  }
  return postAdmin(args, ADMIN_ROUTES['admin.refunds.retry'], { params: { id }, body: {} });
}

const KIND = {
  failed: 'The provider failed it',
  pending: 'Still waiting for the provider',
  outside: 'Outside the shop',
  transfer: 'Transfer to make',
} as const;

function Act({ i, pending }: { i: RefundIssue; pending: boolean }) {
  if (i.kind === 'transfer') {
    // Cash on delivery: the shop pays it back itself, then records the transfer's UTR here. (The table and the
    // cards both draw this form, one hidden: the input is labelled by wrapping, with no id to repeat.)
    return (
      <Form method="post" className="mt-3 flex flex-wrap items-end gap-2 lg:mt-0">
        <input type="hidden" name="id" value={i.refund_id ?? ''} />
        <input type="hidden" name="intent" value="transfer" />
        <label className="flex flex-col text-sm font-semibold">
          UTR of your transfer
          <input
            name="reference"
            required
            pattern="[A-Za-z0-9\-]{6,40}"
            autoComplete="off"
            className="mt-1 block w-44 rounded-xl border border-linen bg-white px-3 py-2 font-normal"
          />
        </label>
        <button type="submit" className={buttonClass.plain} disabled={pending}>
          Record the transfer
        </button>
      </Form>
    );
  }
  return (
    <Form method="post" className="mt-3 lg:mt-0">
      <input type="hidden" name="id" value={i.refund_id ?? i.incident_id ?? ''} />
      <input type="hidden" name="intent" value={i.refund_id ? 'retry' : 'resolve'} />
      <button type="submit" className={buttonClass.plain} disabled={pending}>
        {i.refund_id ? (i.kind === 'failed' ? 'Retry the refund' : 'Ask the provider again') : 'Mark resolved'}
      </button>
    </Form>
  );
}

const orderLink = (i: RefundIssue) =>
  i.order_id ? (
    <Link to={`/admin/orders/${i.order_id}`} className="font-semibold text-brand-dark underline">
      Order #{i.order_id}
    </Link>
  ) : (
    'No order of ours'
  );

const reason = (i: RefundIssue) =>
  `${i.reason || 'The provider gave no reason'}${i.provider_ref ? ` · ${i.provider_ref}` : ''}`;

export default function Refunds({ loaderData, actionData }: Route.ComponentProps) {
  const { issues } = loaderData;
  const pending = useSubmitting();
  const columns: ListColumn<RefundIssue>[] = [
    {
      id: 'amount',
      header: 'Amount',
      card: 'title',
      className: 'whitespace-nowrap font-bold',
      cell: (i) => (i.amount === null ? '—' : formatRupees(i.amount)),
    },
    {
      id: 'kind',
      header: 'What',
      card: 'badge',
      cell: (i) => <Badge tone="attention">{KIND[i.kind]}</Badge>,
    },
    {
      id: 'order',
      header: 'Order',
      card: 'line',
      className: 'whitespace-nowrap',
      cell: orderLink,
      cardCell: (i) => (
        <>
          {orderLink(i)} · {formatWhen(i.created_at)}
        </>
      ),
    },
    {
      id: 'when',
      header: 'When',
      card: 'hidden',
      className: 'whitespace-nowrap text-muted',
      cell: (i) => formatWhen(i.created_at),
    },
    {
      id: 'reason',
      header: 'Reason',
      card: 'line',
      className: 'break-words text-muted',
      cell: reason,
      cardCell: (i) => <span className="text-muted">{reason(i)}</span>,
    },
    { id: 'act', header: 'Action', srHeader: true, card: 'hidden', cell: (i) => <Act i={i} pending={pending} /> },
  ];
  return (
    <>
      <PageTitle>Refunds to look at</PageTitle>
      <p className="mb-4 text-muted">
        Refunds the provider failed, still unsettled after {issues.pending_days} days, or made outside the shop (its
        dashboard, a dispute); and cash-on-delivery refunds to pay back by bank transfer or UPI, then record here.
      </p>
      <AdminNotice notice={actionData?.notice} />
      <DataTable
        rows={issues.data}
        columns={columns}
        rowId={(i) => `${i.kind}-${i.refund_id ?? i.incident_id}`}
        caption="Refunds to look at"
        empty="Nothing needs a person now."
        cardsBelow="lg"
        cardFoot={(i) => <Act i={i} pending={pending} />}
      />
    </>
  );
}
