import type { ReactNode } from 'react';
import { Form } from 'react-router';
import { Card } from '~/components/ui/card';

/**
 * The owner's switch for cart reminders (docs/back-office.md 'Settings'): off
 * until switched on. Only shoppers who agreed to marketing get one.
 */
export function CartRemindersCard({ on, notice, save }: { on: boolean; notice: ReactNode; save: ReactNode }) {
  return (
    <Card title="Cart reminders" className="lg:col-span-2">
      {notice}
      <Form method="post" aria-label="Cart reminders">
        <input type="hidden" name="section" value="reminders" />
        <p className="mb-3 text-sm text-muted">
          A shopper who agreed to reminders (by email, WhatsApp or SMS) and left pieces in their cart is reminded once
          after an hour and once more after a day, never more; ordering or emptying the cart stops them. Guests get
          none.
        </p>
        <label className="flex items-center gap-2 text-sm font-semibold text-ink">
          <input type="checkbox" name="cart_reminders" defaultChecked={on} className="size-4" />
          Send cart reminders
        </label>
        {save}
      </Form>
    </Card>
  );
}
