import type { CartReminderFigures } from '@shop/contract';
import { Link } from 'react-router';
import { Card } from '~/components/ui/card';

const reminders = (n: number) => `${n} ${n === 1 ? 'reminder' : 'reminders'}`;

/**
 * Cart reminders of the last days (docs/back-office.md 'Messages (/admin/messages)'):
 * how many went out, and how many were followed by an order of that shopper within 7 days.
 */
export function CartReminderFiguresCard({ figures }: { figures: CartReminderFigures }) {
  const share = figures.sent > 0 ? Math.round((figures.ordered / figures.sent) * 100) : 0;
  return (
    <Card title="Cart reminders" className="mb-5">
      <dl className="grid grid-cols-2 gap-3 sm:max-w-md">
        <div className="rounded-xl bg-cream p-3">
          <dt className="text-sm text-muted">Sent, last {figures.days} days</dt>
          <dd className="text-2xl font-semibold text-ink">{figures.sent}</dd>
        </div>
        <div className="rounded-xl bg-cream p-3">
          <dt className="text-sm text-muted">Followed by an order</dt>
          <dd className="text-2xl font-semibold text-ink">
            {figures.ordered}
            {figures.sent > 0 && <span className="ml-2 text-sm font-normal text-muted">({share}%)</span>}
          </dd>
        </div>
      </dl>
      <p className="mt-3 text-sm text-muted">
        {figures.enabled ? 'On. ' : 'Off: none are sent. '}
        {figures.ordered} of {reminders(figures.sent)} led to an order by that shopper within 7 days.{' '}
        <Link to="/admin/settings" className="underline">
          {figures.enabled ? 'Switch them off' : 'Switch them on'} in Settings
        </Link>
        .
      </p>
    </Card>
  );
}
