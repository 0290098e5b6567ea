import { formatRupees, type AdminOrderDetail, type MoneyState } from '@shop/contract';
import { Card } from '~/components/ui/card';
import { Badge, type BadgeTone } from '~/components/ui/status-badge';
import { formatWhen } from '~/lib/dates';

const TONE: Record<MoneyState, BadgeTone> = {
  unpaid: 'muted',
  paid: 'good',
  partly_refunded: 'waiting',
  refunded: 'attention',
};

/** Where an order's money stands, as a badge: beside the status, and on the money card. */
export function MoneyBadge({ money }: { money: AdminOrderDetail['money'] }) {
  return <Badge tone={TONE[money.state]}>{money.state_label}</Badge>;
}

/**
 * An order's money (docs/product.md 'After the sale'): paid, given back (and what the provider
 * has still to pay back), what is left; then the payments and refunds as the
 * provider reported them.
 */
export function MoneyCard({ order }: { order: AdminOrderDetail }) {
  const { money } = order;
  return (
    <Card title="Money">
      <div className="mb-3">
        <MoneyBadge money={money} />
      </div>
      <dl className="grid grid-cols-2 gap-1 text-sm">
        <dt className="text-muted">Paid</dt>
        <dd className="text-right font-semibold">{formatRupees(money.paid)}</dd>
        <dt className="text-muted">Refunded</dt>
        <dd className="text-right font-semibold">
          {formatRupees(money.refunded)}
          {money.refunding > 0 && (
            <span className="block text-xs font-normal text-muted">{formatRupees(money.refunding)} on its way</span>
          )}
        </dd>
        <dt className="text-muted">Left</dt>
        <dd className="text-right font-semibold">{formatRupees(money.left)}</dd>
      </dl>
      <h3 className="mt-4 mb-2 font-semibold text-ink">Payments</h3>
      {order.payments.length === 0 ? (
        <p className="text-sm text-muted">No payment recorded.</p>
      ) : (
        <ul className="space-y-2 text-sm">
          {order.payments.map((p, i) => (
            <li key={i}>
              {formatRupees(p.amount)} · {p.status}
              {p.method ? ` · ${p.method}` : ''}
              <span className="block text-xs break-all text-muted">
                {p.id ?? 'no id yet'} · {formatWhen(p.created_at)}
                {p.error ? ` · ${p.error}` : ''}
              </span>
            </li>
          ))}
        </ul>
      )}
      {order.refunds.length > 0 && (
        <>
          <h3 className="mt-4 mb-2 font-semibold text-ink">Refunds</h3>
          <ul className="space-y-2 text-sm">
            {order.refunds.map((r, i) => (
              <li key={i}>
                {formatRupees(r.amount)} · {r.status} · {r.reason.replace('_', ' ')}
                <span className="block text-xs break-all text-muted">
                  {r.id ?? 'not yet at the provider'} · {formatWhen(r.created_at)}
                  {r.error ? ` · ${r.error}` : ''}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </Card>
  );
}
