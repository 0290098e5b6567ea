import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../src/modules/orders/orders.schema';
import { remindUnpaidOrders } from '../src/modules/orders/payment-reminders';
import { expireUnpaidOrders } from '../src/modules/payments/reconcile';
import { createTestShop, type TestShop } from './helpers';
import { orderWorld, type OrderWorld } from './order-world';

let shop: TestShop;
let world: OrderWorld;

beforeAll(async () => {
  shop = await createTestShop({ PAYMENT_REMINDER_MINUTES: '10' });
  world = await orderWorld(shop);
});
afterAll(() => shop?.close());

const clock = () => world.as({ kind: 'clock' });
/** Moves an order's deadline to `minutes` from now (negative: past), keeping a 30-minute window. */
const dueIn = (orderId: number, minutes: number) => {
  const due = Date.now() + minutes * 60_000;
  return world.db
    .update(orders)
    .set({ paymentDueAt: new Date(due), createdAt: new Date(due - 30 * 60_000) })
    .where(eq(orders.id, orderId));
};

describe('the payment deadline (docs/product.md)', () => {
  it('reminds the shopper once, shortly before an unpaid order expires', async () => {
    const soon = await world.order('remindsoon');
    const later = await world.order('remindlater');
    await dueIn(soon.order.id, 5);
    await dueIn(later.order.id, 25);

    expect(await remindUnpaidOrders(clock())).toBeGreaterThanOrEqual(1);
    const subject = `Order #${soon.order.id} is waiting for your payment`;
    expect(await world.mailsTo(soon.shopper.email)).toEqual([subject]);
    const text = await world.mailText(soon.shopper.email, subject);
    expect(text).toMatch(/holding the pieces of order #\d+ for you until \d\d:\d\d/);
    expect(text).toContain(`/pay?order=${soon.order.id}`);
    expect(await world.mailsTo(later.shopper.email)).toEqual([]);

    // Claimed once, even by two runs at the same time (two processes).
    await Promise.all([remindUnpaidOrders(clock()), remindUnpaidOrders(clock())]);
    expect(await world.mailsTo(soon.shopper.email)).toEqual([subject]);
    expect((await world.row(soon.order.id)).paymentRemindedAt).not.toBeNull();
  });

  it('does not remind a paid order', async () => {
    const paid = await world.paidOrder('remindpaid');
    await dueIn(paid.order.id, 5);
    await remindUnpaidOrders(clock());
    expect(await world.mailsTo(paid.shopper.email)).toEqual([`Order #${paid.order.id} confirmed`]);
  });

  it('mails the shopper when the order is cancelled for non-payment', async () => {
    const { shopper, order } = await world.order('expiresmail');
    await dueIn(order.id, -1);
    expect(await expireUnpaidOrders(clock())).toBeGreaterThanOrEqual(1);
    expect((await world.row(order.id)).status).toBe('store_cancelled');
    const subject = `Order #${order.id} cancelled: no payment received`;
    expect(await world.mailsTo(shopper.email)).toEqual([subject]);
    expect(await world.mailText(shopper.email, subject)).toContain('No payment was taken.');
  });
});
