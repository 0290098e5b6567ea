import { formatRupees, type RefundRecord } from '@shop/contract';
import { formatWhen } from '~/lib/dates';

const STATUS = { pending: 'Asked of the provider', processed: 'Paid back', failed: 'Failed' } as const;

/** An order's refunds as the provider reported them. */
export function RefundRecords({ refunds }: { refunds: RefundRecord[] }) {
  if (refunds.length === 0) return <p className="text-sm text-muted">None yet.</p>;
  return (
    <ul className="divide-y divide-linen text-sm">
      {refunds.map((r) => (
        <li key={r.id} className="py-2">
          <span className="flex justify-between gap-2">
            <span className="font-semibold text-ink">{formatRupees(r.amount)}</span>
            <span className="text-ink">{STATUS[r.status]}</span>
          </span>
          <span className="block text-muted">
            {r.reason.replace('_', ' ')} · {formatWhen(r.created_at)}
            {r.provider_refund_id ? ` · ${r.provider_refund_id}` : ''}
          </span>
          {r.error && <span className="block text-brand-dark">{r.error}</span>}
        </li>
      ))}
    </ul>
  );
}
