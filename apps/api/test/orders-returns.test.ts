import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../src/lib/errors';
import { fireOrderEvent } from '../src/modules/orders/lifecycle/fire';
import { lockOrder } from '../src/modules/orders/order-lock';
import { recordRefund } from '../src/modules/payments/refunds';
import { createTestShop, type TestShop } from './helpers';
import { orderWorld, type OrderWorld } from './order-world';

let shop: TestShop;
let world: OrderWorld;
beforeAll(async () => {
  shop = await createTestShop({ TEST_PAYMENT_WEBHOOK_DELAY_MS: '60000' });
  world = await orderWorld(shop);
});
afterAll(() => shop?.close());

/** A paid order the shop has shipped and delivered. */
async function deliveredOrder(label: string, small = 1, large = 0) {
  const paid = await world.paidOrder(label, small, large);
  await fireOrderEvent(world.staff(), paid.order.id, { type: 'ship', carrier: 'bluedart', trackingNumber: '80012345' });
  await fireOrderEvent(world.staff(), paid.order.id, { type: 'deliver' });
  return paid;
}

const paise = (rupees: number) => Math.round(rupees * 100);

describe('accepting a return', () => {
  it('refunds the whole total (shipping too) when everything comes back, and restocks when asked', async () => {
    const before = await world.stock(world.variants.small);
    const { shopper, order, paymentId } = await deliveredOrder('fullreturn', 2);
    expect(await world.stock(world.variants.small)).toBe(before - 2);
    const fired = await fireOrderEvent(world.staff(), order.id, { type: 'accept_return', restock: true });
    expect(fired.order.status).toBe('refund_progress');
    expect(await world.stock(world.variants.small)).toBe(before);
    const [refund] = await world.refunds(order.id);
    expect(refund).toMatchObject({ reason: 'return', amountPaise: paise(order.total), status: 'pending' });

    await world.drain();
    const asked = await world.provider.paymentRefunds(paymentId);
    expect(asked.map((r) => r.amountPaise)).toEqual([paise(order.total)]);
    expect(await world.mailsTo(shopper.email)).toContain(`Return accepted for order #${order.id}`);

    await world.provider.emit('refund.processed', {
      refund: {
        id: asked[0]!.id,
        entity: 'refund',
        amount: asked[0]!.amountPaise,
        payment_id: paymentId,
        receipt: asked[0]!.receipt,
      },
    });
    expect((await world.row(order.id)).status).toBe('refunded');
  });

  it('refunds only the returned pieces, and puts only those back on sale', async () => {
    const small = await world.stock(world.variants.small);
    const large = await world.stock(world.variants.large);
    const { order, paymentId } = await deliveredOrder('partialreturn', 2, 1);
    const smallLine = order.order_details.find((l) => l.product_details.product_variants.id === world.variants.small)!;
    await fireOrderEvent(world.staff(), order.id, {
      type: 'accept_return',
      lines: [{ lineId: smallLine.id, quantity: 1 }],
      restock: true,
      note: 'one romper too small',
    });
    expect(await world.stock(world.variants.small)).toBe(small - 1);
    expect(await world.stock(world.variants.large)).toBe(large - 1);
    const [refund] = await world.refunds(order.id);
    expect(refund!.amountPaise).toBe(paise(smallLine.price));
    expect((await world.history(order.id)).at(-1)!.note).toMatch(
      /return of 1 piece, refund ₹.*restocked: one romper too small/,
    );
    await world.drain();
    expect((await world.provider.paymentRefunds(paymentId)).map((r) => r.amountPaise)).toEqual([
      paise(smallLine.price),
    ]);
  });

  it('refunds a given amount without restocking', async () => {
    const before = await world.stock(world.variants.large);
    const { order } = await deliveredOrder('amountreturn', 0, 1);
    await fireOrderEvent(world.admin(), order.id, { type: 'accept_return', amountPaise: 25_000, restock: false });
    expect(await world.stock(world.variants.large)).toBe(before - 1);
    expect((await world.refunds(order.id)).map((r) => r.amountPaise)).toEqual([25_000]);
  });

  it('refuses more than the payment holds, lines of other orders and impossible quantities (400), changing nothing', async () => {
    const other = await world.paidOrder('otherorder');
    const before = await world.stock(world.variants.small);
    const { order } = await deliveredOrder('badreturn', 2);
    const line = order.order_details[0]!;
    const attempts = [
      { amountPaise: paise(order.total) + 1 },
      { amountPaise: 50 },
      { lines: [{ lineId: other.order.order_details[0]!.id, quantity: 1 }] },
      { lines: [{ lineId: line.id, quantity: 3 }] },
      { lines: [{ lineId: line.id, quantity: 0 }] },
      { lines: [] },
    ];
    for (const attempt of attempts) {
      const err = await fireOrderEvent(world.staff(), order.id, {
        type: 'accept_return',
        restock: true,
        ...attempt,
      }).then(
        () => null,
        (e: unknown) => e,
      );
      expect(err, JSON.stringify(attempt)).toBeInstanceOf(AppError);
      expect((err as AppError).status).toBe(400);
    }
    expect((await world.row(order.id)).status).toBe('delivered');
    expect(await world.refunds(order.id)).toEqual([]);
    expect(await world.stock(world.variants.small)).toBe(before - 2);
  });

  it('asks for one refund when the return is accepted twice at once (a double click)', async () => {
    const { order, paymentId } = await deliveredOrder('doubleclick');
    const fire = () =>
      fireOrderEvent(world.staff(), order.id, {
        type: 'accept_return',
        restock: false,
        idempotencyKey: 'click-1',
      }).then(
        () => 200,
        (e: unknown) => (e as AppError).status,
      );
    expect((await Promise.all([fire(), fire()])).sort()).toEqual([200, 409]);
    await world.drain();
    expect(await world.refunds(order.id)).toHaveLength(1);
    expect(await world.provider.paymentRefunds(paymentId)).toHaveLength(1);
  });
});

describe('refunds of one payment', () => {
  it('allow several, never more in total than the payment, and one per idempotency key', async () => {
    const { order, paymentId } = await deliveredOrder('severalrefunds', 1, 1);
    const total = paise(order.total);
    const refund = (amountPaise: number | 'rest', key: string) =>
      world
        .admin()
        .transaction(async (w) =>
          recordRefund(w, await lockOrder(w.db, order.id), { amountPaise, reason: 'return', key }),
        );

    const first = await refund(10_000, 'goodwill-1');
    expect(await refund(10_000, 'goodwill-1')).toBe(first); // the same key: the same refund
    const second = await refund(total - 10_000 - 100, 'goodwill-2');
    expect(second).not.toBe(first);
    const err = await refund(101, 'goodwill-3').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).errors[0]).toMatch(/more than is left of the payment \(₹1\)/);
    expect(await refund('rest', 'goodwill-4')).not.toBeNull();
    expect(await refund('rest', 'goodwill-5')).toBeNull(); // nothing left

    const rows = await world.refunds(order.id);
    expect(rows.map((r) => r.amountPaise)).toEqual([10_000, total - 10_100, 100]);
    await world.drain();
    const asked = await world.provider.paymentRefunds(paymentId);
    expect(asked.map((r) => r.amountPaise).sort((a, b) => a - b)).toEqual(
      [100, 10_000, total - 10_100].sort((a, b) => a - b),
    );
    expect((await world.row(order.id)).status).toBe('delivered'); // refunds alone move nothing
  });
});
