import { createHmac, randomBytes } from 'node:crypto';
import {
  CancelOrderResponse,
  ErrorBody,
  MESSAGES,
  OrderResponse,
  PaymentStart,
  PaymentStatusResponse,
  type Order,
} from '@shop/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createCategory, createProduct } from '../src/db/factories';
import { orders } from '../src/modules/orders/orders.schema';
import { payments, refunds, webhookEvents } from '../src/modules/payments/payments.schema';
import { productVariants } from '../src/modules/catalog/catalog.schema';
import { unitOfWork } from '../src/context';
import { expireUnpaidOrders } from '../src/modules/payments/reconcile';
import { startFakeRazorpay, type FakePayment, type FakeRazorpay } from './fake-razorpay';
import { createTestShop, type TestShop } from './helpers';
import { placeOrder, setCart, signUp, type Shopper } from './shoppers';

const KEY_ID = 'rzp_test_abc';
const KEY_SECRET = 'secret_xyz';
const WEBHOOK_SECRET = 'whsec_123';
const CHECKOUT_URL = 'https://checkout.example/v1/checkout.js';

let fake: FakeRazorpay;
let shop: TestShop;
let product: { id: number; variantId: number };
/** Every URL the process fetched while these tests ran. */
const outbound: string[] = [];

beforeAll(async () => {
  // Nothing may leave this machine: a fetch to any other host fails the call (and the test).
  const realFetch = globalThis.fetch;
  vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const url = input instanceof Request ? input.url : input instanceof URL ? input.href : input;
    outbound.push(url);
    if (new URL(url).hostname !== '127.0.0.1') return Promise.reject(new Error(`blocked outbound call to ${url}`));
    return realFetch(input, init);
  });

  fake = await startFakeRazorpay({ keyId: KEY_ID, keySecret: KEY_SECRET });
  shop = await createTestShop({
    PAYMENT_PROVIDER: 'razorpay',
    RAZORPAY_KEY_ID: KEY_ID,
    RAZORPAY_KEY_SECRET: KEY_SECRET,
    RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET,
    RAZORPAY_API_BASE: fake.url,
    RAZORPAY_CHECKOUT_URL: CHECKOUT_URL,
  });
  const db = shop.database.db;
  const category = await createCategory(db, { name: `Razorpay ${randomBytes(3).toString('hex')}` });
  const made = await createProduct(db, {
    name: `Chikankari kurta ${randomBytes(3).toString('hex')}`,
    categoryId: category.id,
    variants: [
      { size: '3-4Y', color: { name: 'Mint', hex: '#a8d8c0' }, mrp: 1499.5, sellingPrice: 1249.5, stock: 100 },
    ],
  });
  shop.app.ctx.cache.invalidate();
  product = { id: made.product.id, variantId: made.variants[0]!.id };
});
afterAll(async () => {
  await shop?.close();
  await fake?.close();
  vi.restoreAllMocks();
});

const db = () => shop.database.db;
/** Runs what the outbox holds now (refund requests, mails), as the worker does after a commit. */
const drain = (at?: Date) => shop.app.ctx.outbox.drain({ at });
const clock = () => unitOfWork(shop.app.ctx, { kind: 'clock' });
const id = (prefix: string) => `${prefix}_${randomBytes(7).toString('hex')}`;
const paise = (order: Order) => Math.round(order.total * 100);
const orderRow = async (orderId: number) => (await db().select().from(orders).where(eq(orders.id, orderId)))[0]!;
const paymentsOf = (orderId: number) => db().select().from(payments).where(eq(payments.orderId, orderId));
const refundsOf = (orderId: number) => db().select().from(refunds).where(eq(refunds.orderId, orderId));
const stock = async () =>
  (await db().select().from(productVariants).where(eq(productVariants.id, product.variantId)))[0]!.stock;
const basicAuth = `Basic ${Buffer.from(`${KEY_ID}:${KEY_SECRET}`).toString('base64')}`;
const mentions = (text: string | null, orderId: number) => new RegExp(`(^|\\D)${orderId}(\\D|$)`).test(text ?? '');
/** The fake's provider orders made for one shop order (by receipt). */
const fakeOrdersFor = (orderId: number) => [...fake.orders.values()].filter((o) => mentions(o.receipt, orderId));
const sign = (secret: string, data: string) => createHmac('sha256', secret).update(data).digest('hex');

async function orderFor(label: string, quantity = 1): Promise<{ shopper: Shopper; order: Order }> {
  const shopper = await signUp(shop.app, label);
  await setCart(shop.app, shopper, product.id, product.variantId, quantity);
  return { shopper, order: await placeOrder(shop.app, shopper, 'express') };
}

const startCall = (shopper: Shopper, orderId: number) =>
  shop.app.inject({ method: 'POST', url: `/api/v1/orders/${orderId}/payment`, headers: shopper.auth });

async function start(shopper: Shopper, orderId: number) {
  const res = await startCall(shopper, orderId);
  expect(res.statusCode, res.body).toBe(200);
  return PaymentStart.parse(res.json());
}

/** What Razorpay's checkout hands the browser after a payment, signed as Razorpay signs it. */
function checkoutAnswer(payment: FakePayment, secret = KEY_SECRET) {
  return {
    payment_id: payment.id,
    provider_order_id: payment.order_id,
    signature: sign(secret, `${payment.order_id}|${payment.id}`),
  };
}

const report = (shopper: Shopper, orderId: number, answer: ReturnType<typeof checkoutAnswer>) =>
  shop.app.inject({
    method: 'PUT',
    url: '/api/v1/orders/payment-status',
    headers: shopper.auth,
    payload: { order_id: orderId, ...answer },
  });

const cancel = (shopper: Shopper, orderId: number) =>
  shop.app.inject({
    method: 'POST',
    url: '/api/v1/orders/cancel',
    headers: shopper.auth,
    payload: { order_id: orderId },
  });

function eventBody(event: string, payload: Record<string, unknown>): string {
  return JSON.stringify({
    entity: 'event',
    account_id: 'acc_fake',
    event,
    contains: Object.keys(payload),
    payload: Object.fromEntries(Object.entries(payload).map(([k, v]) => [k, { entity: v }])),
    created_at: Math.floor(Date.now() / 1000),
  });
}

function webhook(body: string, secret = WEBHOOK_SECRET, eventId = id('evt')) {
  return shop.app.inject({
    method: 'POST',
    url: '/api/v1/payments/webhook',
    headers: {
      'content-type': 'application/json',
      'x-razorpay-signature': sign(secret, body),
      'x-razorpay-event-id': eventId,
    },
    payload: body,
  });
}

/** A 503 that tells the shopper to come back, and nothing of the provider's insides. */
function expectPlainUnavailable(res: { statusCode: number; body: string; json: () => unknown }, secrets: string[]) {
  expect(res.statusCode, res.body).toBe(503);
  const error = ErrorBody.parse(res.json());
  expect(error.message).toBe(MESSAGES.paymentUnavailable);
  expect(error.code).toBe('unavailable');
  expect(Object.keys(res.json() as object).sort()).toEqual(['code', 'errors', 'message']);
  for (const s of [...secrets, 'BAD_REQUEST_ERROR', 'SERVER_ERROR', '127.0.0.1', 'ECONNREFUSED', ' at ', 'stack']) {
    expect(res.body).not.toContain(s);
  }
  expect(res.body.toLowerCase()).not.toContain('razorpay');
}

describe('paying through Razorpay', () => {
  it('is configured against the fake, never the real host', () => {
    expect(shop.env.RAZORPAY_API_BASE).toBe(fake.url);
    expect(shop.app.ctx.payments.name).toBe('razorpay');
    expect(shop.app.ctx.payments.keyId).toBe(KEY_ID);
  });

  it('creates one Razorpay order as Razorpay expects it, and answers the checkout options', async () => {
    const { shopper, order } = await orderFor('rzpstart', 1);
    expect(order.total).toBe(1699.5); // paise in it: 1249.50 + 450 express
    const before = fake.requests.length;
    const options = await start(shopper, order.id);

    const calls = fake.requests.slice(before);
    expect(calls.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /v1/orders']);
    const call = calls[0]!;
    expect(call.headers.authorization).toBe(basicAuth);
    expect(call.headers['content-type']).toMatch(/^application\/json/);
    const body = call.body as { amount: unknown; currency: unknown; receipt: unknown; notes: Record<string, unknown> };
    expect(body.amount).toBe(paise(order));
    expect(Number.isInteger(body.amount)).toBe(true);
    expect(body.currency).toBe('INR');
    expect(typeof body.receipt).toBe('string');
    expect((body.receipt as string).length).toBeLessThanOrEqual(40);
    expect(mentions(body.receipt as string, order.id)).toBe(true);
    expect(Object.values(body.notes)).toContain(String(order.id));

    const created = fake.orders.get(options.provider_order_id);
    expect(created).toBeDefined();
    expect(options).toMatchObject({
      order_id: order.id,
      key: KEY_ID,
      provider_order_id: created!.id,
      amount: paise(order),
      currency: 'INR',
      script_url: CHECKOUT_URL,
    });
    expect(options.prefill.contact).toBe('+919876543210');
    expect(JSON.stringify(options)).not.toContain(KEY_SECRET);
    expect(JSON.stringify(options)).not.toContain(WEBHOOK_SECRET);

    // Starting again reuses the provider order: no second call.
    const again = await start(shopper, order.id);
    expect(again.provider_order_id).toBe(options.provider_order_id);
    expect(fakeOrdersFor(order.id)).toHaveLength(1);
  });

  it('confirms a payment signed with the key secret, then refunds it in full exactly once when cancelled', async () => {
    const before = await stock();
    const { shopper, order } = await orderFor('rzpjourney', 2);
    const options = await start(shopper, order.id);
    const payment = fake.pay(options.provider_order_id);

    // Signed with the wrong secret: refused.
    const wrong = await report(shopper, order.id, checkoutAnswer(payment, 'not_the_secret'));
    expect(wrong.statusCode, wrong.body).toBe(400);
    expect(ErrorBody.parse(wrong.json()).message).toBe(MESSAGES.paymentInvalid);
    expect((await orderRow(order.id)).status).toBe('created');

    const paid = await report(shopper, order.id, checkoutAnswer(payment));
    expect(paid.statusCode, paid.body).toBe(200);
    const data = PaymentStatusResponse.parse(paid.json()).data;
    expect(data).toMatchObject({ status: 'packaging', payment_id: payment.id, payment_status: 'Paid' });

    const refundCallsBefore = fake.requestsTo('POST', /\/refund$/).length;
    const res = await cancel(shopper, order.id);
    expect(res.statusCode, res.body).toBe(200);
    const cancelled = CancelOrderResponse.parse(res.json());
    expect(cancelled.message).toBe(MESSAGES.orderCancelledRefund);
    expect(cancelled.data.status).toBe('refund_progress');
    expect(await stock()).toBe(before);

    // The refund is asked after the commit, by the outbox.
    await drain();
    const refundCalls = fake.requestsTo('POST', /\/refund$/).slice(refundCallsBefore);
    expect(refundCalls).toHaveLength(1);
    expect(refundCalls[0]!.path).toBe(`/v1/payments/${payment.id}/refund`);
    expect(refundCalls[0]!.headers.authorization).toBe(basicAuth);
    const refundBody = refundCalls[0]!.body as { amount: number; receipt?: string };
    expect(refundBody.amount).toBe(paise(order));
    expect(Number.isInteger(refundBody.amount)).toBe(true);
    const atFake = [...fake.refunds.values()].filter((r) => r.payment_id === payment.id);
    expect(atFake).toHaveLength(1);
    const [row] = await refundsOf(order.id);
    expect(row).toMatchObject({ amountPaise: paise(order), status: 'pending', providerRefundId: atFake[0]!.id });

    // A second cancel asks for nothing more.
    expect((await cancel(shopper, order.id)).statusCode).toBe(409);
    await drain();
    expect(fake.requestsTo('POST', /\/refund$/).slice(refundCallsBefore)).toHaveLength(1);

    // Razorpay settles the refund and says so by webhook.
    const refundEntity = { ...atFake[0]!, status: 'processed' };
    const forged = await webhook(eventBody('refund.processed', { refund: refundEntity }), 'whsec_wrong');
    expect(forged.statusCode, forged.body).toBe(400);
    expect((await orderRow(order.id)).status).toBe('refund_progress');

    const settled = await webhook(eventBody('refund.processed', { refund: refundEntity }));
    expect(settled.statusCode, settled.body).toBe(200);
    expect((await orderRow(order.id)).status).toBe('refunded');
    const rows = await refundsOf(order.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'processed', amountPaise: paise(order) });
  });

  it('is marked paid by a payment.captured webhook signed with the webhook secret', async () => {
    const { shopper, order } = await orderFor('rzphook');
    const options = await start(shopper, order.id);
    const payment = fake.pay(options.provider_order_id);
    const body = eventBody('payment.captured', { payment });

    // Signed with the key secret instead of the webhook secret, or with nothing known: refused, nothing stored.
    for (const secret of [KEY_SECRET, 'whsec_124']) {
      const eventId = id('evt');
      const res = await webhook(body, secret, eventId);
      expect(res.statusCode, res.body).toBe(400);
      ErrorBody.parse(res.json());
      expect(await db().select().from(webhookEvents).where(eq(webhookEvents.eventId, eventId))).toEqual([]);
    }
    expect((await orderRow(order.id)).status).toBe('created');

    const res = await webhook(body);
    expect(res.statusCode, res.body).toBe(200);
    const view = OrderResponse.parse(
      (await shop.app.inject({ url: `/api/v1/orders/${order.id}`, headers: shopper.auth })).json(),
    ).data;
    expect(view).toMatchObject({ status: 'packaging', payment_id: payment.id });
  });
});

describe('when Razorpay fails', () => {
  async function expectNothingWritten(orderId: number) {
    const row = await orderRow(orderId);
    expect(row.status).toBe('created');
    expect(row.providerOrderId).toBeNull();
    expect(row.provider).toBeNull();
    expect(await paymentsOf(orderId)).toEqual([]);
  }

  it('answers 503 with a plain message when order creation answers 500, and writes nothing', async () => {
    const { shopper, order } = await orderFor('rzp500');
    fake.failNext('createOrder', { status: 500, raw: 'upstream exploded at /srv/rzp/orders.go:42' });
    const res = await startCall(shopper, order.id);
    expectPlainUnavailable(res, ['upstream exploded', 'orders.go']);
    await expectNothingWritten(order.id);

    // Once Razorpay is back, paying works and makes exactly one provider order.
    const options = await start(shopper, order.id);
    expect(fakeOrdersFor(order.id)).toHaveLength(1);
    expect((await orderRow(order.id)).providerOrderId).toBe(options.provider_order_id);
  });

  it('answers 503 for a Razorpay error object on order creation, without its description', async () => {
    const { shopper, order } = await orderFor('rzp400');
    fake.failNext('createOrder', {
      status: 400,
      error: { code: 'BAD_REQUEST_ERROR', description: 'Merchant acc_Secret123 is not activated for INR' },
    });
    const res = await startCall(shopper, order.id);
    expectPlainUnavailable(res, ['acc_Secret123', 'not activated']);
    await expectNothingWritten(order.id);

    fake.failNext('createOrder', { status: 502, error: { code: 'SERVER_ERROR', description: 'Gateway hiccup' } });
    expectPlainUnavailable(await startCall(shopper, order.id), ['Gateway hiccup']);
    await expectNothingWritten(order.id);
  });

  it('answers 503 when Razorpay answers 200 with a body that is not an order', async () => {
    const { shopper, order } = await orderFor('rzpgarbled');
    fake.failNext('createOrder', { status: 200, raw: '<html><body>Scheduled maintenance</body></html>' });
    expectPlainUnavailable(await startCall(shopper, order.id), ['maintenance', '<html>']);
    await expectNothingWritten(order.id);
  });

  it('answers 503 when Razorpay cannot be reached at all', async () => {
    const { shopper, order } = await orderFor('rzpdown');
    await fake.pause();
    try {
      const res = await startCall(shopper, order.id);
      expectPlainUnavailable(res, [fake.url]);
      await expectNothingWritten(order.id);
    } finally {
      await fake.resume();
    }
    await start(shopper, order.id);
  });

  it('keeps a paid order cancellable when the refund call fails, and asks again exactly once later', async () => {
    const { shopper, order } = await orderFor('rzprefundretry');
    const options = await start(shopper, order.id);
    const payment = fake.pay(options.provider_order_id);
    expect((await report(shopper, order.id, checkoutAnswer(payment))).statusCode).toBe(200);

    // Razorpay makes the refund but the answer is lost on the way back.
    fake.failNext('refund', { status: 504, raw: 'gateway timeout', afterApplying: true });
    const res = await cancel(shopper, order.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(CancelOrderResponse.parse(res.json()).data.status).toBe('refund_progress');
    await drain();
    expect([...fake.refunds.values()].filter((r) => r.payment_id === payment.id)).toHaveLength(1);
    expect((await refundsOf(order.id))[0]).toMatchObject({ providerRefundId: null, status: 'pending' });

    // The outbox's retry, once its backoff has passed, finds the refund by its receipt instead of asking twice.
    await drain(new Date(Date.now() + 60_000));
    const atFake = [...fake.refunds.values()].filter((r) => r.payment_id === payment.id);
    expect(atFake).toHaveLength(1);
    expect(atFake[0]!.amount).toBe(paise(order));
    const rows = await refundsOf(order.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.providerRefundId).toBe(atFake[0]!.id);
  });
});

describe('expiry asks Razorpay first', () => {
  const overdue = (orderId: number) =>
    db()
      .update(orders)
      .set({ paymentDueAt: new Date(Date.now() - 60_000) })
      .where(eq(orders.id, orderId));

  it('applies a captured payment it finds instead of cancelling', async () => {
    const { shopper, order } = await orderFor('rzpmissed');
    const options = await start(shopper, order.id);
    const payment = fake.pay(options.provider_order_id);
    await overdue(order.id);
    const asked = fake.requestsTo('GET', `/v1/orders/${options.provider_order_id}/payments`).length;

    await expireUnpaidOrders(clock());
    const calls = fake.requestsTo('GET', `/v1/orders/${options.provider_order_id}/payments`);
    expect(calls.length).toBe(asked + 1);
    expect(calls.at(-1)!.headers.authorization).toBe(basicAuth);
    const row = await orderRow(order.id);
    expect(row.status).toBe('packaging');
    expect(row.paymentId).toBe(payment.id);
  });

  it('does not cancel while Razorpay cannot say, and cancels once it says unpaid', async () => {
    const before = await stock();
    const { shopper, order } = await orderFor('rzpunsure');
    const options = await start(shopper, order.id);
    await overdue(order.id);

    fake.failNext('orderPayments', { status: 500, raw: 'oops' });
    await expireUnpaidOrders(clock());
    expect((await orderRow(order.id)).status).toBe('created');
    expect(await stock()).toBe(before - 1);

    fake.pay(options.provider_order_id, 'failed');
    await expireUnpaidOrders(clock());
    expect((await orderRow(order.id)).status).toBe('store_cancelled');
    expect(await stock()).toBe(before);
  });
});

describe('outbound calls', () => {
  it('went to the fake only', () => {
    expect(outbound.length).toBeGreaterThan(0);
    expect(outbound.filter((u) => !u.startsWith(`${fake.url}/`))).toEqual([]);
  });
});
