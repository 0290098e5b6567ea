import {
  COD_DEFAULTS,
  MESSAGES,
  CancelOrderResponse,
  PaymentStart,
  PlaceOrderResponse,
  QuoteResponse,
  StoreCredit,
  type Order,
} from '@shop/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unitOfWork } from '../src/context';
import { CREDIT_CHANGED, spendCredit } from '../src/modules/credit/credit.service';
import { fireOrderEvent } from '../src/modules/orders/lifecycle/fire';
import { orders } from '../src/modules/orders/orders.schema';
import { payments } from '../src/modules/payments/payments.schema';
import { expireUnpaidOrders } from '../src/modules/payments/reconcile';
import { createTestShop, expectError, type TestShop } from './helpers';
import { orderWorld, type OrderWorld } from './order-world';
import { addAddress, setCart, signUp, type Shopper } from './shoppers';
import { signUpStaff, type StaffMember } from './staff';

// Store credit spent at checkout (docs/product.md 'Store credit'): a way to pay beside the online
// payment, checked against the balance under lock, given back when the order ends unpaid or is
// cancelled, and refunded last (the card first) when money goes back.

let shop: TestShop;
let world: OrderWorld;
let admin: StaffMember;

beforeAll(async () => {
  shop = await createTestShop({ TEST_PAYMENT_WEBHOOK_DELAY_MS: '60000' });
  world = await orderWorld(shop);
  admin = await signUpStaff(shop.app, 'admin');
});
afterAll(() => shop?.close());

const paise = (rupees: number) => Math.round(rupees * 100);

async function shopperWithCredit(label: string, rupees: number, small = 1, large = 0) {
  const shopper = await signUp(shop.app, label);
  if (rupees > 0) {
    const res = await shop.app.inject({
      method: 'POST',
      url: `/api/v1/admin/customers/${shopper.user.id}/credit`,
      headers: admin.admin,
      payload: { amount: rupees, reason: 'Welcome back', request_key: `grant-${label}` },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  if (small) await setCart(shop.app, shopper, world.productId, world.variants.small, small);
  if (large) await setCart(shop.app, shopper, world.productId, world.variants.large, large);
  return { shopper, address: await addAddress(shop.app, shopper) };
}

const place = (shopper: Shopper, payload: object) =>
  shop.app.inject({ method: 'POST', url: '/api/v1/orders', headers: shopper.auth, payload });

async function placeWithCredit(shopper: Shopper, address: number): Promise<Order> {
  const res = await place(shopper, { address, shipping_type: 'standard', payment_method: 'ONLINE', use_credit: true });
  expect(res.statusCode, res.body).toBe(201);
  return PlaceOrderResponse.parse(res.json()).data[0]!;
}

const creditOf = async (shopper: Shopper) => {
  const res = await shop.app.inject({ method: 'GET', url: '/api/v1/user/credit', headers: shopper.auth });
  expect(res.statusCode, res.body).toBe(200);
  return StoreCredit.parse(res.json());
};

const cancel = async (shopper: Shopper, orderId: number) => {
  const res = await shop.app.inject({
    method: 'POST',
    url: '/api/v1/orders/cancel',
    headers: shopper.auth,
    payload: { order_id: orderId },
  });
  expect(res.statusCode, res.body).toBe(200);
  return CancelOrderResponse.parse(res.json());
};

const paymentsOf = (orderId: number) => shop.database.db.select().from(payments).where(eq(payments.orderId, orderId));

describe('the checkout’s quote', () => {
  it('offers the balance, and spends it only when asked', async () => {
    const { shopper, address } = await shopperWithCredit('spend-quote', 300);
    const quote = async (payload: object) => {
      const res = await shop.app.inject({
        method: 'POST',
        url: '/api/v1/checkout/quote',
        headers: shopper.auth,
        payload: { address, ...payload },
      });
      expect(res.statusCode, res.body).toBe(200);
      return QuoteResponse.parse(res.json()).data;
    };
    const without = await quote({});
    expect(without).toMatchObject({ credit: 0, credit_available: 300, payable: without.total });
    const spent = await quote({ use_credit: true });
    expect(spent).toMatchObject({ credit: 300, credit_available: 300, total: without.total });
    expect(spent.payable).toBe(Number((without.total - 300).toFixed(2)));
    const bad = await shop.app.inject({
      method: 'POST',
      url: '/api/v1/checkout/quote',
      headers: shopper.auth,
      payload: { address, use_credit: 'yes' },
    });
    expect(expectError(bad, 400).errors.join(' ')).toMatch(/use_credit must be true or false/);
  });
});

describe('part of an order paid with store credit', () => {
  it('asks the provider for the rest only, and a cancel gives the card its part and the credit its own', async () => {
    const { shopper, address } = await shopperWithCredit('spend-part', 500);
    const order = await placeWithCredit(shopper, address);
    expect(order).toMatchObject({ credit: 500, status: 'created' });
    expect(order.payable).toBe(Number((order.total - 500).toFixed(2)));
    // The credit is spent as the order is placed, and shows as spent on it.
    const after = await creditOf(shopper);
    expect(after.balance).toBe(0);
    expect(after.spends).toEqual([expect.objectContaining({ order_id: order.id, amount: 500 })]);

    const start = await shop.app.inject({
      method: 'POST',
      url: `/api/v1/orders/${order.id}/payment`,
      headers: shopper.auth,
    });
    expect(start.statusCode, start.body).toBe(200);
    expect(PaymentStart.parse(start.json()).amount).toBe(paise(order.payable));
    const paymentId = await world.pay(shopper, order);
    const paid = await world.row(order.id);
    expect(paid).toMatchObject({ status: 'packaging', paymentId, creditPaise: 50_000 });
    expect((await paymentsOf(order.id)).map((p) => [p.provider, p.amountPaise, p.status]).sort()).toEqual(
      [
        ['store_credit', 50_000, 'captured'],
        ['test', paise(order.payable), 'captured'],
      ].sort(),
    );

    const cancelled = await cancel(shopper, order.id);
    // The card's part waits for the provider; the credit's is back at once.
    expect(cancelled.data.status).toBe('refund_progress');
    expect((await world.refunds(order.id)).map((r) => [r.method, r.amountPaise, r.status])).toEqual([
      ['provider', paise(order.payable), 'pending'],
      ['credit', 50_000, 'processed'],
    ]);
    await world.drain();
    expect((await world.provider.paymentRefunds(paymentId)).map((r) => r.amountPaise)).toEqual([paise(order.payable)]);
    const back = await creditOf(shopper);
    expect(back.balance).toBe(500);
    expect(back.entries[0]).toMatchObject({ source: 'refund', amount: 500, order_id: order.id });
  });

  it('gives what the card cannot take back into credit: a goodwill refund beyond the card’s part', async () => {
    const { shopper, address } = await shopperWithCredit('spend-goodwill', 400, 2);
    const order = await placeWithCredit(shopper, address);
    const paymentId = await world.pay(shopper, order);
    await fireOrderEvent(world.staff(), order.id, { type: 'ship', carrier: 'bluedart', trackingNumber: '80012345' });
    await fireOrderEvent(world.staff(), order.id, { type: 'deliver' });
    const res = await shop.app.inject({
      method: 'POST',
      url: `/api/v1/admin/orders/${order.id}/refund`,
      headers: admin.admin,
      payload: { amount: order.payable + 100, reason: 'Faded in the first wash', request_key: 'spend-goodwill-1' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await world.refunds(order.id)).map((r) => [r.method, r.amountPaise])).toEqual([
      ['provider', paise(order.payable)],
      ['credit', 10_000],
    ]);
    await world.drain();
    expect((await world.provider.paymentRefunds(paymentId)).map((r) => r.amountPaise)).toEqual([paise(order.payable)]);
    expect((await creditOf(shopper)).balance).toBe(100);
    // What is left is credit only, and never more than the order's total in all.
    const tooMuch = await shop.app.inject({
      method: 'POST',
      url: `/api/v1/admin/orders/${order.id}/refund`,
      headers: admin.admin,
      payload: { amount: 301, reason: 'Too much', request_key: 'spend-goodwill-2' },
    });
    expect(expectError(tooMuch, 400).errors.join(' ')).toMatch(/more than is left of the payment \(₹300/);
  });

  it('gives the credit back at once when the unpaid order is cancelled, or its window passes', async () => {
    const one = await shopperWithCredit('spend-unpaid', 250);
    const cancelled = await placeWithCredit(one.shopper, one.address);
    expect((await creditOf(one.shopper)).balance).toBe(0);
    expect((await cancel(one.shopper, cancelled.id)).data.status).toBe('user_cancelled');
    expect((await creditOf(one.shopper)).balance).toBe(250);
    expect((await world.refunds(cancelled.id)).map((r) => [r.method, r.reason, r.amountPaise, r.status])).toEqual([
      ['credit', 'cancel', 25_000, 'processed'],
    ]);

    const two = await shopperWithCredit('spend-expired', 250);
    const expired = await placeWithCredit(two.shopper, two.address);
    await shop.database.db
      .update(orders)
      .set({ paymentDueAt: new Date(Date.now() - 60_000) })
      .where(eq(orders.id, expired.id));
    expect(await expireUnpaidOrders(world.as({ kind: 'clock' }))).toBeGreaterThanOrEqual(1);
    expect((await world.row(expired.id)).status).toBe('store_cancelled');
    expect((await creditOf(two.shopper)).balance).toBe(250);
  });
});

describe('an order store credit pays in full', () => {
  it('is paid as it is placed, with nothing asked of the provider; a cancel refunds it into credit at once', async () => {
    const { shopper, address } = await shopperWithCredit('spend-all', 5_000);
    const res = await place(shopper, { address, use_credit: true });
    expect(res.statusCode, res.body).toBe(201);
    const placed = PlaceOrderResponse.parse(res.json());
    expect(placed.message).toBe(MESSAGES.orderPaidWithCredit);
    const order = placed.data[0]!;
    expect(order).toMatchObject({ status: 'packaging', payable: 0, payment_id: `credit_${order.id}` });
    expect(order.credit).toBe(order.total);
    const row = await world.row(order.id);
    expect(row.invoiceNumber).not.toBeNull();
    expect((await world.history(order.id)).at(-1)).toMatchObject({
      toStatus: 'packaging',
      actor: 'provider:store_credit',
    });
    expect((await creditOf(shopper)).balance).toBe(Number((5_000 - order.total).toFixed(2)));
    // Nothing to pay online.
    const start = await shop.app.inject({
      method: 'POST',
      url: `/api/v1/orders/${order.id}/payment`,
      headers: shopper.auth,
    });
    expect(expectError(start, 409).message).toMatch(/already been paid/);

    const cancelled = await cancel(shopper, order.id);
    expect(cancelled.data.status).toBe('refunded');
    expect(cancelled.data.money).toMatchObject({ state: 'refunded', left: 0 });
    expect((await creditOf(shopper)).balance).toBe(5_000);
    expect((await paymentsOf(order.id)).map((p) => p.provider)).toEqual(['store_credit']);
  });
});

describe('store credit and cash on delivery', () => {
  const putCod = (cod: object) =>
    shop.app.inject({ method: 'PUT', url: '/api/v1/admin/settings', headers: admin.admin, payload: { cod } });
  beforeAll(async () => {
    const res = await putCod({ ...COD_DEFAULTS, enabled: true, confirm_by_code: false, max_open_per_phone: 20 });
    expect(res.statusCode, res.body).toBe(200);
  });
  afterAll(() => putCod(COD_DEFAULTS));

  it('collects the rest at the door; credit paying it all is refused as cash on delivery, in words', async () => {
    const part = await shopperWithCredit('spend-cod-part', 200);
    const res = await place(part.shopper, { address: part.address, payment_method: 'COD', use_credit: true });
    expect(res.statusCode, res.body).toBe(201);
    const order = PlaceOrderResponse.parse(res.json()).data[0]!;
    expect(order).toMatchObject({ status: 'packaging', credit: 200 });
    expect(order.payable).toBe(Number((order.total - 200).toFixed(2)));
    await fireOrderEvent(world.staff(), order.id, { type: 'ship', carrier: 'bluedart', trackingNumber: '80012399' });
    await fireOrderEvent(world.staff(), order.id, { type: 'deliver' });
    const cash = (await paymentsOf(order.id)).find((p) => p.provider === 'cod');
    expect(cash?.amountPaise).toBe(paise(order.payable));

    const all = await shopperWithCredit('spend-cod-all', 5_000);
    const refused = await place(all.shopper, { address: all.address, payment_method: 'COD', use_credit: true });
    expect(expectError(refused, 400).message).toBe(MESSAGES.codAllCredit);
    expect((await creditOf(all.shopper)).balance).toBe(5_000);
  });
});

describe('spending credit twice at once', () => {
  it('spends it once: the second is refused in words and the balance never goes below zero', async () => {
    const { shopper } = await shopperWithCredit('spend-race', 500, 0);
    const spend = (orderId: number) =>
      unitOfWork(shop.app.ctx, { kind: 'shopper', userId: shopper.user.id }).transaction((w) =>
        spendCredit(w, { userId: shopper.user.id, orderId, amountPaise: 40_000 }),
      );
    const base = 900_000_000 + shopper.user.id * 10;
    const results = await Promise.allSettled([spend(base + 1), spend(base + 2)]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect((refused.reason as Error).message).toBe(CREDIT_CHANGED);
    const credit = await creditOf(shopper);
    expect(credit.balance).toBe(100);
    expect(credit.spends).toHaveLength(1);
    expect(
      await shop.database.db
        .select()
        .from(orders)
        .where(and(eq(orders.userId, shopper.user.id))),
    ).toEqual([]);
  });
});
