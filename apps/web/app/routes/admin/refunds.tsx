import { ADMIN_ROUTES, formatRupees } from '@shop/contract';
import { Form, Link } from 'react-router';
import { CardList } from '~/components/admin/bits';
import { AdminNotice, PageTitle, buttonClass, formatWhen } from '~/components/admin/ui';
import { adminLoad } from '~/lib/admin.server';
import { field, postAdmin, refuse } from '~/lib/admin-form.server';
import { useSubmitting } from '~/lib/pending';
import type { Route } from './+types/refunds';

export const meta = () => [{ title: 'Refunds to look at | Back office' }];

export async function loader(args: Route.LoaderArgs) {
  return { issues: await adminLoad(args, ADMIN_ROUTES['admin.refunds.list']) };
}

/** Retry one of our refunds, or mark a provider's report dealt with. */
export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData();
  const id = field(form, 'id');
  if (!/^\d{1,10}$/.test(id)) return refuse('Which refund?');
  if (field(form, 'intent') === 'resolve')
    return postAdmin(args, ADMIN_ROUTES['admin.refunds.resolveIncident'], { params: { id }, body: {} });
  return postAdmin(args, ADMIN_ROUTES['admin.refunds.retry'], { params: { id }, body: {} });
}

const KIND = {
  failed: 'The provider failed it',
  pending: 'Still waiting for the provider',
  outside: 'Outside the shop',
} as const;

export default function Refunds({ loaderData, actionData }: Route.ComponentProps) {
  const { issues } = loaderData;
  const pending = useSubmitting();
  return (
    <>
      <PageTitle>Refunds to look at</PageTitle>
      <p className="mb-4 text-muted">
        Refunds the provider failed, still unsettled after {issues.pending_days} days, or made outside the shop (its
        dashboard, a dispute).
      </p>
      <AdminNotice notice={actionData?.notice} />
      <CardList items={issues.data} empty="Nothing needs a person now.">
        {(i) => (
          <li
            key={`${i.kind}-${i.refund_id ?? i.incident_id}`}
            className="rounded-2xl border border-linen bg-white p-4"
          >
            <p className="flex items-center justify-between gap-2">
              <span className="font-bold text-ink">{i.amount === null ? '—' : formatRupees(i.amount)}</span>
              <span className="rounded-full bg-brand-soft px-3 py-1 text-xs font-bold text-ink">{KIND[i.kind]}</span>
            </p>
            <p className="mt-1 text-sm text-ink">
              {i.order_id ? (
                <Link to={`/admin/orders/${i.order_id}`} className="font-semibold text-brand-dark underline">
                  Order #{i.order_id}
                </Link>
              ) : (
                'No order of ours'
              )}{' '}
              · {formatWhen(i.created_at)}
            </p>
            <p className="mt-1 text-sm break-words text-muted">
              {i.reason || 'The provider gave no reason'}
              {i.provider_ref ? ` · ${i.provider_ref}` : ''}
            </p>
            <Form method="post" className="mt-3">
              <input type="hidden" name="id" value={i.refund_id ?? i.incident_id ?? ''} />
              <input type="hidden" name="intent" value={i.refund_id ? 'retry' : 'resolve'} />
              <button type="submit" className={buttonClass.secondary} disabled={pending}>
                {i.refund_id ? (i.kind === 'failed' ? 'Retry the refund' : 'Ask the provider again') : 'Mark resolved'}
              </button>
            </Form>
          </li>
        )}
      </CardList>
    </>
  );
}
