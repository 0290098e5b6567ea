import { OrderResponse } from '@shop/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../src/lib/errors';
import { fireOrderEvent } from '../src/modules/orders/lifecycle/fire';
import { createTestShop, type TestShop } from './helpers';
import { orderWorld, type OrderWorld } from './order-world';

let shop: TestShop;
let world: OrderWorld;
beforeAll(async () => {
  // The test provider's own webhooks wait a minute: the tests send what they need.
  shop = await createTestShop({ TEST_PAYMENT_WEBHOOK_DELAY_MS: '60000' });
  world = await orderWorld(shop);
});
afterAll(() => shop?.close());

/** The AppError a promise rejects with (its kind says the status). */
async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

describe('the shop ships and delivers', () => {
  it('ships with a carrier and tracking number, then delivers; history and mails follow', async () => {
    const { shopper, order } = await world.paidOrder('shipme');
    const shipped = await fireOrderEvent(world.staff(), order.id, {
      type: 'ship',
      carrier: 'Delhivery',
      trackingNumber: 'DL1234567890',
    });
    expect(shipped.from).toBe('packaging');
    expect(shipped.order.status).toBe('shipped');
    const url = 'https://www.delhivery.com/track/package/DL1234567890';
    expect(shipped.order.trackingUrl).toBe(url);
    const view = OrderResponse.parse(
      (await shop.app.inject({ url: `/api/v1/orders/${order.id}`, headers: shopper.auth })).json(),
    ).data;
    expect(view).toMatchObject({ status: 'shipped', tracking_url: url, can_cancel: false, can_return: true });

    const delivered = await fireOrderEvent(world.staff(), order.id, { type: 'deliver' });
    expect(delivered.order.status).toBe('delivered');
    expect((await world.history(order.id)).map((h) => [h.fromStatus, h.toStatus, h.actor])).toEqual([
      [null, 'created', 'shopper'],
      ['created', 'packaging', 'provider:browser'],
      ['packaging', 'shipped', 'staff:1'],
      ['shipped', 'delivered', 'staff:1'],
    ]);
    expect((await world.history(order.id))[2]!.note).toBe(url);
    const subjects = await world.mailsTo(shopper.email);
    expect(subjects).toEqual([
      `Order #${order.id} confirmed`,
      `Order #${order.id} is on its way`,
      `Order #${order.id} delivered`,
    ]);
    expect(await world.mailText(shopper.email, `Order #${order.id} is on its way`)).toContain(url);
  });

  it('takes an https tracking URL as given, and refuses others and unknown carriers with 400', async () => {
    const { order } = await world.paidOrder('trackurl');
    for (const bad of [
      { trackingUrl: 'http://track.example/123' },
      { trackingUrl: 'javascript:alert(1)' },
      { trackingUrl: 'not a url' },
      { carrier: 'Pigeon Post', trackingNumber: 'PP12345' },
      { carrier: 'dhl', trackingNumber: 'a b' },
      {},
    ]) {
      const err = await refusal(fireOrderEvent(world.staff(), order.id, { type: 'ship', ...bad }));
      expect(err.status, JSON.stringify(bad)).toBe(400);
    }
    expect((await world.row(order.id)).status).toBe('packaging');
    const shipped = await fireOrderEvent(world.admin(), order.id, {
      type: 'ship',
      trackingUrl: 'https://track.example/parcel?id=42',
    });
    expect(shipped.order.trackingUrl).toBe('https://track.example/parcel?id=42');
  });
});

describe('who may fire what', () => {
  it('refuses moves the rules do not list (409) and actors they do not name (403), changing nothing', async () => {
    const unpaid = await world.order('rules-unpaid');
    const paid = await world.paidOrder('rules-paid');
    const shopper = { kind: 'shopper', userId: paid.shopper.user.id } as const;
    const cases: [() => Promise<unknown>, number][] = [
      [
        () => fireOrderEvent(world.as(shopper), paid.order.id, { type: 'ship', trackingUrl: 'https://t.example/1' }),
        403,
      ],
      [() => fireOrderEvent(world.as({ kind: 'clock' }), paid.order.id, { type: 'deliver' }), 403],
      [() => fireOrderEvent(world.as({ kind: 'anonymous' }), unpaid.order.id, { type: 'cancel' }), 403],
      // Cancelling a paid order gives money back: an admin's call, not staff's.
      [() => fireOrderEvent(world.staff(), paid.order.id, { type: 'shop_cancel' }), 403],
      [() => fireOrderEvent(world.staff(), paid.order.id, { type: 'deliver' }), 409],
      [() => fireOrderEvent(world.staff(), unpaid.order.id, { type: 'ship', trackingUrl: 'https://t.example/2' }), 409],
      [() => fireOrderEvent(world.staff(), unpaid.order.id, { type: 'accept_return', restock: true }), 409],
      // Another shopper's order is not found.
      [() => fireOrderEvent(world.as(shopper), unpaid.order.id, { type: 'cancel' }), 404],
    ];
    for (const [fire, status] of cases) expect((await refusal(fire())).status).toBe(status);
    expect((await world.row(unpaid.order.id)).status).toBe('created');
    expect((await world.row(paid.order.id)).status).toBe('packaging');
    expect(await world.history(paid.order.id)).toHaveLength(2);
  });
});

describe('the shop cancels', () => {
  it('cancels an unpaid order: store_cancelled, stock back, a mail', async () => {
    const before = await world.stock(world.variants.small);
    const { shopper, order } = await world.order('shopcancel-unpaid', 3);
    expect(await world.stock(world.variants.small)).toBe(before - 3);
    const fired = await fireOrderEvent(world.staff(), order.id, { type: 'shop_cancel', note: 'fabric ran out' });
    expect(fired.order.status).toBe('store_cancelled');
    expect(fired.order.cancelledAt).not.toBeNull();
    expect(await world.stock(world.variants.small)).toBe(before);
    expect(await world.refunds(order.id)).toEqual([]);
    expect((await world.history(order.id)).at(-1)).toMatchObject({
      toStatus: 'store_cancelled',
      note: 'fabric ran out',
    });
    expect(await world.mailsTo(shopper.email)).toEqual([`Order #${order.id} cancelled`]);
    expect(await world.mailText(shopper.email, `Order #${order.id} cancelled`)).toContain('No payment was taken');
  });

  it('cancels a paid order (admin): cancelled_refund, stock back, the total asked back once, refunded when settled', async () => {
    const before = await world.stock(world.variants.large);
    const { shopper, order, paymentId } = await world.paidOrder('shopcancel-paid', 0, 2);
    const fired = await fireOrderEvent(world.admin(), order.id, { type: 'shop_cancel' });
    expect(fired.order.status).toBe('cancelled_refund');
    expect(await world.stock(world.variants.large)).toBe(before);
    await world.drain();
    const asked = await world.provider.paymentRefunds(paymentId);
    expect(asked).toHaveLength(1);
    expect(asked[0]!.amountPaise).toBe(Math.round(order.total * 100));
    const [refund] = await world.refunds(order.id);
    expect(refund).toMatchObject({ reason: 'shop_cancel', status: 'pending', providerRefundId: asked[0]!.id });

    // Fired again (a double click): refused, nothing more asked.
    expect((await refusal(fireOrderEvent(world.admin(), order.id, { type: 'shop_cancel' }))).status).toBe(409);
    await world.drain();
    expect(await world.provider.paymentRefunds(paymentId)).toHaveLength(1);

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
    expect(await world.mailsTo(shopper.email)).toEqual([
      `Order #${order.id} confirmed`,
      `Order #${order.id} cancelled`,
      `Refund for order #${order.id} processed`,
    ]);
  });
});

describe('returns', () => {
  it('rejects a return: no move, a history note and a mail with the reason', async () => {
    const { shopper, order } = await world.paidOrder('reject');
    await fireOrderEvent(world.staff(), order.id, { type: 'ship', carrier: 'dhl', trackingNumber: 'JD0140000001' });
    await fireOrderEvent(world.staff(), order.id, { type: 'deliver' });
    const fired = await fireOrderEvent(world.staff(), order.id, {
      type: 'reject_return',
      note: 'The piece has been worn and washed.',
    });
    expect(fired.order.status).toBe('delivered');
    expect((await world.history(order.id)).at(-1)).toMatchObject({
      fromStatus: 'delivered',
      toStatus: 'delivered',
      note: 'The piece has been worn and washed.',
    });
    expect(await world.refunds(order.id)).toEqual([]);
    const subject = `About your return for order #${order.id}`;
    expect(await world.mailsTo(shopper.email)).toContain(subject);
    expect(await world.mailText(shopper.email, subject)).toContain('The piece has been worn and washed.');
  });
});
