import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../src/lib/errors';
import { fireOrderEvent } from '../src/modules/orders/lifecycle/fire';
import { may, movesFor } from '../src/modules/orders/lifecycle/may';
import { orderStatusHistory } from '../src/modules/orders/orders.schema';
import { refunds } from '../src/modules/payments/payments.schema';
import { createTestShop, type TestShop } from './helpers';
import { orderWorld, type OrderWorld } from './order-world';

// The rules table answers 'may this happen now' (modules/orders/lifecycle/may.ts), guards included,
// and fireOrderEvent refuses what it answers no to.

let shop: TestShop;
let world: OrderWorld;
beforeAll(async () => {
  shop = await createTestShop({ TEST_PAYMENT_WEBHOOK_DELAY_MS: '60000' });
  world = await orderWorld(shop);
});
afterAll(() => shop?.close());

const status = (promise: Promise<unknown>) =>
  promise.then(
    () => 200,
    (err: unknown) => (err instanceof AppError ? err.status : 500),
  );

async function deliveredOrder(label: string, small = 1, large = 0) {
  const paid = await world.paidOrder(label, small, large);
  await fireOrderEvent(world.staff(), paid.order.id, { type: 'ship', carrier: 'bluedart', trackingNumber: '80012345' });
  await fireOrderEvent(world.staff(), paid.order.id, { type: 'deliver' });
  return paid;
}

describe('what may happen to an order now', () => {
  it('offers each actor the moves of the status: a paid order is cancelled while packed by its shopper or an admin', async () => {
    const unpaid = await world.order('may-unpaid');
    const placed = await world.row(unpaid.order.id);
    const owner = world.as({ kind: 'shopper', userId: placed.userId });
    expect(await movesFor(owner, placed)).toEqual(['start_payment', 'cancel_unpaid']);
    expect(await movesFor(world.staff(), placed)).toEqual(['shop_cancel_unpaid', 'note']);
    expect(await movesFor(world.as({ kind: 'clock' }), placed)).toEqual(['expire']);
    expect(await movesFor(world.as({ kind: 'shopper', userId: placed.userId + 1000 }), placed)).toEqual([]);

    const paid = await world.paidOrder('may-paid');
    const packing = await world.row(paid.order.id);
    const payer = world.as({ kind: 'shopper', userId: packing.userId });
    expect(await movesFor(payer, packing)).toEqual(['cancel_paid']);
    expect(await movesFor(world.staff(), packing)).toEqual(['ship', 'note']);
    expect(await movesFor(world.admin(), packing)).toEqual(['shop_cancel_paid', 'ship', 'goodwill_refund', 'note']);

    await fireOrderEvent(world.staff(), paid.order.id, {
      type: 'ship',
      carrier: 'dhl',
      trackingNumber: 'JD0140000001',
    });
    const shipped = await world.row(paid.order.id);
    expect(await movesFor(payer, shipped)).toEqual(['request_return']);
    expect(await may(payer, shipped, { type: 'cancel' })).toBe(false);
    expect(await may(world.admin(), shipped, { type: 'shop_cancel' })).toBe(false);
  });

  it('pays an order once: another payment of a paid order may not pay it', async () => {
    const { order, paymentId } = await world.paidOrder('may-pay-once');
    const provider = world.as({ kind: 'provider', via: 'webhook' });
    expect(await may(provider, await world.row(order.id), { type: 'pay', paymentId: 'pay_other' })).toBe(false);
    expect((await world.row(order.id)).paymentId).toBe(paymentId);
  });
});

describe('the return window, asked by the lifecycle itself', () => {
  it('refuses a return after the window (409), to staff even with an override (403), to an admin without a note (400)', async () => {
    const { order } = await deliveredOrder('late-return');
    await world.db
      .update(orderStatusHistory)
      .set({ createdAt: sql`now() - interval '30 days'` })
      .where(eq(orderStatusHistory.orderId, order.id));
    const row = await world.row(order.id);
    expect(await may(world.staff(), row, { type: 'accept_return', restock: false })).toBe(false);
    expect(await may(world.staff(), row, { type: 'reject_return', note: 'worn' })).toBe(true);

    const accept = { type: 'accept_return', restock: false } as const;
    expect(await status(fireOrderEvent(world.staff(), order.id, accept))).toBe(409);
    const late = { ...accept, overrideWindow: true, note: 'goodwill' };
    expect(await status(fireOrderEvent(world.staff(), order.id, late))).toBe(403);
    expect(await status(fireOrderEvent(world.admin(), order.id, { ...late, note: undefined }))).toBe(400);
    expect(await world.refunds(order.id)).toEqual([]);
    expect(await status(fireOrderEvent(world.admin(), order.id, late))).toBe(200);
    expect((await world.row(order.id)).status).toBe('refund_progress');
  });
});

describe('settling refunds', () => {
  it('refunds the order only once every refund its moves asked for is paid back', async () => {
    const { order } = await deliveredOrder('settle-all', 1, 1);
    const [one, other] = order.order_details;
    const returnOf = (lineId: number) =>
      fireOrderEvent(world.staff(), order.id, {
        type: 'accept_return',
        lines: [{ lineId, quantity: 1 }],
        restock: false,
      });
    // A part of the money: the order stays delivered; the last pieces take it to 'refund in progress'.
    expect((await returnOf(one!.id)).order.status).toBe('delivered');
    expect((await returnOf(other!.id)).order.status).toBe('refund_progress');
    const [first, second] = await world.refunds(order.id);
    expect(first!.amountPaise + second!.amountPaise).toBe(Math.round(order.total * 100));
    await world.db.update(refunds).set({ status: 'processed' }).where(eq(refunds.id, first!.id));

    const provider = world.as({ kind: 'provider', via: 'webhook' });
    const settle = { type: 'settle_refund', refundId: first!.id } as const;
    expect(await may(provider, await world.row(order.id), settle)).toBe(false);
    const refused = await fireOrderEvent(provider, order.id, settle).catch((err: unknown) => err as AppError);
    expect(refused).toMatchObject({ status: 409, message: 'A refund of this order is still to be paid back' });
    expect((await world.row(order.id)).status).toBe('refund_progress');

    await world.db.update(refunds).set({ status: 'processed' }).where(eq(refunds.id, second!.id));
    expect(await may(provider, await world.row(order.id), settle)).toBe(true);
    expect((await fireOrderEvent(provider, order.id, settle)).order.status).toBe('refunded');
  });
});
