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
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createProduct } from '../src/db/factories';
import { mailOutbox } from '../src/modules/mail/mail.schema';
import { orderStatusHistory, orders } from '../src/modules/orders/orders.schema';
import { payments, refunds, webhookEvents } from '../src/modules/payments/payments.schema';
import { productVariants } from '../src/modules/catalog/catalog.schema';
import { unitOfWork } from '../src/context';
import { expireUnpaidOrders } from '../src/modules/payments/reconcile';
import type { CheckoutSuccess, TestPaymentProvider } from '../src/modules/payments/test.provider';
import { createTestShop, type TestShop } from './helpers';
import { placeOrder, setCart, signUp, type Shopper } from './shoppers';

let shop: TestShop;
let provider: TestPaymentProvider;
let product: { id: number; variantId: number; pricePaise: number };

beforeAll(async () => {
  // Automatic webhooks come a minute late: every event in this file is sent by the test itself.
  shop = await createTestShop({ TEST_PAYMENT_WEBHOOK_DELAY_MS: '60000' });
  provider = shop.app.ctx.payments as TestPaymentProvider;
  const db = shop.database.db;
  const category = await createCategory(db, { name: `Payments ${randomBytes(3).toString('hex')}` });
  const made = await createProduct(db, {
    name: `Block-printed romper ${randomBytes(3).toString('hex')}`,
    categoryId: category.id,
    variants: [{ size: '1-2Y', color: { name: 'Indigo', hex: '#3b4a8c' }, mrp: 1299, sellingPrice: 1099, stock: 200 }],
  });
  shop.app.ctx.cache.invalidate();
  product = { id: made.product.id, variantId: made.variants[0]!.id, pricePaise: 109_900 };
});
afterAll(() => shop?.close());

const db = () => shop.database.db;
/** Runs what the outbox holds (mails, refund requests), as the worker would right after the commits. */
const drain = () => shop.app.ctx.outbox.drain();
const clock = () => unitOfWork(shop.app.ctx, { kind: 'clock' });
const id = (prefix: string) => `${prefix}_${randomBytes(7).toString('hex')}`;

const stock = async () =>
  (await db().select().from(productVariants).where(eq(productVariants.id, product.variantId)))[0]!.stock;
const orderRow = async (orderId: number) => (await db().select().from(orders).where(eq(orders.id, orderId)))[0]!;
const historyOf = (orderId: number) =>
  db().select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, orderId)).orderBy(orderStatusHistory.id);
const paymentsOf = (orderId: number) =>
  db().select().from(payments).where(eq(payments.orderId, orderId)).orderBy(payments.id);
const refundsOf = (orderId: number) => db().select().from(refunds).where(eq(refunds.orderId, orderId));
/** The refunds the provider holds for a payment, once the outbox has asked for what is owed. */
const refundsAtProvider = async (paymentId: string) => (await drain(), await provider.paymentRefunds(paymentId));
const storedEvent = (eventId: string) => db().select().from(webhookEvents).where(eq(webhookEvents.eventId, eventId));

/** A shopper with one order of `quantity` pieces waiting for payment. */
async function orderFor(label: string, quantity = 1): Promise<{ shopper: Shopper; order: Order }> {
  const shopper = await signUp(shop.app, label);
  await setCart(shop.app, shopper, product.id, product.variantId, quantity);
  return { shopper, order: await placeOrder(shop.app, shopper, 'standard') };
}

function startPaymentCall(shopper: Shopper, orderId: number) {
  return shop.app.inject({ method: 'POST', url: `/api/v1/orders/${orderId}/payment`, headers: shopper.auth });
}

async function startPayment(shopper: Shopper, orderId: number) {
  const res = await startPaymentCall(shopper, orderId);
  expect(res.statusCode, res.body).toBe(200);
  return PaymentStart.parse(res.json());
}

/** The shopper pays on the provider's sheet; the browser's answer, with no webhook for a minute. */
function payAtProvider(providerOrderId: string): CheckoutSuccess {
  const answer = provider.pay(providerOrderId, 'upi', 'success');
  if (!('razorpay_signature' in answer)) throw new Error('the test payment failed');
  return answer;
}

function reportPayment(
  shopper: Shopper,
  body: { order_id: number; payment_id: string; provider_order_id: string; signature: string },
) {
  return shop.app.inject({ method: 'PUT', url: '/api/v1/orders/payment-status', headers: shopper.auth, payload: body });
}

const reportFromCheckout = (shopper: Shopper, orderId: number, answer: CheckoutSuccess) =>
  reportPayment(shopper, {
    order_id: orderId,
    payment_id: answer.razorpay_payment_id,
    provider_order_id: answer.razorpay_order_id,
    signature: answer.razorpay_signature,
  });

function cancel(shopper: Shopper, orderId: number) {
  return shop.app.inject({
    method: 'POST',
    url: '/api/v1/orders/cancel',
    headers: shopper.auth,
    payload: { order_id: orderId },
  });
}

const paymentEntity = (
  p: { id: string; orderId: string; amountPaise: number },
  status: 'captured' | 'authorized' | 'failed',
) => ({
  id: p.id,
  entity: 'payment',
  amount: p.amountPaise,
  currency: 'INR',
  status,
  order_id: p.orderId,
  method: 'upi',
  captured: status === 'captured',
});

/** A Razorpay-shaped event body, exactly as it is sent (the signature covers these bytes). */
function eventBody(event: string, payload: Record<string, unknown>): string {
  return JSON.stringify({
    entity: 'event',
    account_id: 'acc_test_builtin',
    event,
    contains: Object.keys(payload),
    payload: Object.fromEntries(Object.entries(payload).map(([k, v]) => [k, { entity: v }])),
    created_at: Math.floor(Date.now() / 1000),
  });
}

async function sendWebhook(body: string, opts: { eventId?: string; signature?: string | null } = {}) {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'x-razorpay-event-id': opts.eventId ?? id('evt'),
  };
  const signature = opts.signature === undefined ? provider.signWebhook(body) : opts.signature;
  if (signature !== null) headers['x-razorpay-signature'] = signature;
  return shop.app.inject({ method: 'POST', url: '/api/v1/payments/webhook', headers, payload: body });
}

async function capturedByWebhook(providerOrderId: string, amountPaise: number, eventId = id('evt')) {
  const answer = payAtProvider(providerOrderId);
  const body = eventBody('payment.captured', {
    payment: paymentEntity({ id: answer.razorpay_payment_id, orderId: providerOrderId, amountPaise }, 'captured'),
  });
  const res = await sendWebhook(body, { eventId });
  expect(res.statusCode, res.body).toBe(200);
  return { answer, body, eventId, res };
}

/** Confirmation mails sent for an order (no SMTP in tests: they stay in the outbox). */
const confirmationMails = async (orderId: number) =>
  (await drain(), await db().select().from(mailOutbox)).filter((m) => m.subject === `Order #${orderId} confirmed`)
    .length;

const movesTo = async (orderId: number, to: string) =>
  (await historyOf(orderId)).filter((h) => h.toStatus === to).length;

describe('payment by webhook', () => {
  it('marks an order paid from payment.captured alone, and a replay of the event changes nothing', async () => {
    const { shopper, order } = await orderFor('webhookonly');
    const start = await startPayment(shopper, order.id);
    const totalPaise = Math.round(order.total * 100);
    expect(start.amount).toBe(totalPaise);

    const { answer, body, eventId, res } = await capturedByWebhook(start.provider_order_id, totalPaise);
    expect(res.json()).toEqual({ status: 'applied' });

    const row = await orderRow(order.id);
    expect(row.status).toBe('packaging');
    expect(row.paymentId).toBe(answer.razorpay_payment_id);
    expect(row.paidAt).not.toBeNull();
    const view = OrderResponse.parse(
      (await shop.app.inject({ url: `/api/v1/orders/${order.id}`, headers: shopper.auth })).json(),
    ).data;
    expect(view).toMatchObject({ status: 'packaging', payment_status: 'Paid', payment_id: answer.razorpay_payment_id });
    expect(await movesTo(order.id, 'packaging')).toBe(1);
    const stored = await storedEvent(eventId);
    expect(stored).toHaveLength(1);
    expect(stored[0]!.processedAt).not.toBeNull();

    const replay = await sendWebhook(body, { eventId });
    expect(replay.statusCode, replay.body).toBe(200);
    expect(replay.json()).toEqual({ status: 'duplicate' });
    expect(await movesTo(order.id, 'packaging')).toBe(1);
    expect(await storedEvent(eventId)).toHaveLength(1);
    expect((await orderRow(order.id)).updatedAt).toEqual(row.updatedAt);
    expect(await confirmationMails(order.id)).toBe(1);

    // The same capture under a new event id (Razorpay may resend) is still one move.
    const again = await sendWebhook(body);
    expect(again.statusCode, again.body).toBe(200);
    expect(await movesTo(order.id, 'packaging')).toBe(1);
    expect((await paymentsOf(order.id)).filter((p) => p.providerPaymentId === answer.razorpay_payment_id)).toHaveLength(
      1,
    );
  });

  it('refuses a webhook with a forged signature and stores nothing', async () => {
    const { shopper, order } = await orderFor('forgedhook');
    const start = await startPayment(shopper, order.id);
    const answer = payAtProvider(start.provider_order_id);
    const body = eventBody('payment.captured', {
      payment: paymentEntity(
        { id: answer.razorpay_payment_id, orderId: start.provider_order_id, amountPaise: start.amount },
        'captured',
      ),
    });

    const attempts = [
      createHmac('sha256', 'not-the-webhook-secret').update(body).digest('hex'),
      provider.signWebhook(body.replace('"captured"', '"captured" ')), // signed other bytes
      'f'.repeat(64),
      'not hex at all',
      null, // no signature header
    ];
    for (const signature of attempts) {
      const eventId = id('evt');
      const res = await sendWebhook(body, { eventId, signature });
      expect(res.statusCode, res.body).toBe(400);
      const error = ErrorBody.parse(res.json());
      expect(error.errors.join(' ')).toMatch(/signature/i);
      expect(await storedEvent(eventId)).toEqual([]);
    }
    const row = await orderRow(order.id);
    expect(row.status).toBe('created');
    expect(row.paymentId).toBeNull();
    expect((await paymentsOf(order.id)).filter((p) => p.providerPaymentId !== null)).toEqual([]);
  });

  it('takes payment.authorized to payment_pending, then payment.captured to packaging', async () => {
    const { shopper, order } = await orderFor('authorized');
    const start = await startPayment(shopper, order.id);
    const answer = payAtProvider(start.provider_order_id);
    const p = { id: answer.razorpay_payment_id, orderId: start.provider_order_id, amountPaise: start.amount };

    const auth = await sendWebhook(eventBody('payment.authorized', { payment: paymentEntity(p, 'authorized') }));
    expect(auth.statusCode, auth.body).toBe(200);
    let row = await orderRow(order.id);
    expect(row.status).toBe('payment_pending');
    expect(row.paymentId).toBeNull();
    // Not paid yet: the shopper cannot start another payment of it.
    expect((await startPaymentCall(shopper, order.id)).statusCode).toBe(409);

    const capture = await sendWebhook(eventBody('payment.captured', { payment: paymentEntity(p, 'captured') }));
    expect(capture.statusCode, capture.body).toBe(200);
    row = await orderRow(order.id);
    expect(row.status).toBe('packaging');
    expect(row.paymentId).toBe(p.id);
    expect((await historyOf(order.id)).map((h) => [h.fromStatus, h.toStatus])).toEqual([
      [null, 'created'],
      ['created', 'payment_pending'],
      ['payment_pending', 'packaging'],
    ]);
    const recorded = (await paymentsOf(order.id)).filter((x) => x.providerPaymentId === p.id);
    expect(recorded.map((x) => x.status)).toEqual(['captured']);
  });

  it('never moves an order backwards: failed or authorized events after packaging leave it packaging', async () => {
    const { shopper, order } = await orderFor('backwards');
    const start = await startPayment(shopper, order.id);
    const answer = payAtProvider(start.provider_order_id);
    const paid = await reportFromCheckout(shopper, order.id, answer);
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await orderRow(order.id)).status).toBe('packaging');
    const historyBefore = await historyOf(order.id);

    const same = { id: answer.razorpay_payment_id, orderId: start.provider_order_id, amountPaise: start.amount };
    const other = { ...same, id: id('pay') };
    const late = [
      eventBody('payment.authorized', { payment: paymentEntity(same, 'authorized') }),
      eventBody('payment.failed', { payment: paymentEntity(same, 'failed') }),
      eventBody('payment.failed', { payment: paymentEntity(other, 'failed') }),
      eventBody('payment.authorized', { payment: paymentEntity({ ...same, id: id('pay') }, 'authorized') }),
      eventBody('order.paid', { payment: paymentEntity(same, 'captured') }),
    ];
    for (const body of late) {
      const res = await sendWebhook(body);
      expect(res.statusCode, res.body).toBe(200);
      const row = await orderRow(order.id);
      expect(row.status).toBe('packaging');
      expect(row.paymentId).toBe(same.id);
    }
    expect(await historyOf(order.id)).toEqual(historyBefore);
    // The captured payment stays captured.
    const captured = (await paymentsOf(order.id)).filter((x) => x.providerPaymentId === same.id);
    expect(captured.map((x) => x.status)).toEqual(['captured']);
  });

  it('keeps a created order payable after payment.failed', async () => {
    const { shopper, order } = await orderFor('failedonce');
    const start = await startPayment(shopper, order.id);
    const failed = { id: id('pay'), orderId: start.provider_order_id, amountPaise: start.amount };
    const res = await sendWebhook(eventBody('payment.failed', { payment: paymentEntity(failed, 'failed') }));
    expect(res.statusCode, res.body).toBe(200);
    const view = OrderResponse.parse(
      (await shop.app.inject({ url: `/api/v1/orders/${order.id}`, headers: shopper.auth })).json(),
    ).data;
    expect(view).toMatchObject({ status: 'created', can_pay: true, payment_id: null });
    expect((await paymentsOf(order.id)).find((p) => p.providerPaymentId === failed.id)?.status).toBe('failed');
    // The retry on the same provider order succeeds.
    const retry = await reportFromCheckout(shopper, order.id, payAtProvider(start.provider_order_id));
    expect(retry.statusCode, retry.body).toBe(200);
    expect(PaymentStatusResponse.parse(retry.json()).data.status).toBe('packaging');
  });

  it('applies the browser report and the webhook of one payment, arriving together, once', async () => {
    const { shopper, order } = await orderFor('together');
    const start = await startPayment(shopper, order.id);
    const answer = payAtProvider(start.provider_order_id);
    const body = eventBody('payment.captured', {
      payment: paymentEntity(
        { id: answer.razorpay_payment_id, orderId: start.provider_order_id, amountPaise: start.amount },
        'captured',
      ),
    });
    const [report, hook] = await Promise.all([reportFromCheckout(shopper, order.id, answer), sendWebhook(body)]);
    expect(report.statusCode, report.body).toBe(200);
    expect(hook.statusCode, hook.body).toBe(200);
    expect(PaymentStatusResponse.parse(report.json()).data.payment_id).toBe(answer.razorpay_payment_id);
    expect(await movesTo(order.id, 'packaging')).toBe(1);
    expect(await confirmationMails(order.id)).toBe(1);
    expect((await paymentsOf(order.id)).map((p) => p.status)).toEqual(['captured']);
  });

  it('applies the same event delivered twice at once only once', async () => {
    const { shopper, order } = await orderFor('twindelivery');
    const start = await startPayment(shopper, order.id);
    const answer = payAtProvider(start.provider_order_id);
    const body = eventBody('payment.captured', {
      payment: paymentEntity(
        { id: answer.razorpay_payment_id, orderId: start.provider_order_id, amountPaise: start.amount },
        'captured',
      ),
    });
    const eventId = id('evt');
    const answers = await Promise.all([sendWebhook(body, { eventId }), sendWebhook(body, { eventId })]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(answers.map((a) => a.json<{ status: string }>().status).sort()).toEqual(['applied', 'duplicate']);
    expect(await movesTo(order.id, 'packaging')).toBe(1);
    expect(await storedEvent(eventId)).toHaveLength(1);
    expect(await confirmationMails(order.id)).toBe(1);
  });

  it('answers 200 to an event the shop does not act on', async () => {
    const res = await sendWebhook(eventBody('payment.downtime.started', { payment: { id: id('pay') } }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 'ignored' });
  });

  it('answers 200 to a capture for a provider order the shop does not know, changing nothing', async () => {
    const body = eventBody('payment.captured', {
      payment: paymentEntity({ id: id('pay'), orderId: id('order'), amountPaise: 10_000 }, 'captured'),
    });
    const res = await sendWebhook(body);
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('payment reported by the browser', () => {
  it('refuses a forged signature and leaves the order unpaid', async () => {
    const { shopper, order } = await orderFor('forgedpay');
    const start = await startPayment(shopper, order.id);
    const answer = payAtProvider(start.provider_order_id);
    const other = await orderFor('forgedother');
    const otherStart = await startPayment(other.shopper, other.order.id);

    const forgeries = [
      {
        ...answer,
        razorpay_signature: createHmac('sha256', 'guessed').update(`${start.provider_order_id}|x`).digest('hex'),
      },
      { ...answer, razorpay_signature: 'a'.repeat(64) },
      { ...answer, razorpay_signature: 'forged' },
      { ...answer, razorpay_payment_id: id('pay') }, // signature of another payment
      // A genuine signature, but for another shopper's provider order.
      { ...answer, razorpay_order_id: otherStart.provider_order_id },
    ];
    for (const forged of forgeries) {
      const res = await reportFromCheckout(shopper, order.id, forged);
      expect(res.statusCode, res.body).toBe(400);
      expect(ErrorBody.parse(res.json()).message).toBe(MESSAGES.paymentInvalid);
    }
    const row = await orderRow(order.id);
    expect(row.status).toBe('created');
    expect(row.paymentId).toBeNull();
    expect((await paymentsOf(order.id)).filter((p) => p.providerPaymentId !== null)).toEqual([]);
    expect(await movesTo(order.id, 'packaging')).toBe(0);
    expect((await orderRow(other.order.id)).status).toBe('created');

    // A genuine, correctly signed payment of another order does not pay this one.
    const otherPayment = payAtProvider(otherStart.provider_order_id);
    const borrowed = await reportFromCheckout(shopper, order.id, otherPayment);
    expect(borrowed.statusCode, borrowed.body).toBe(400);
    expect(ErrorBody.parse(borrowed.json()).message).toBe(MESSAGES.paymentInvalid);
    expect((await orderRow(order.id)).paymentId).toBeNull();
    expect((await orderRow(other.order.id)).paymentId).toBeNull();

    // Another shopper cannot report a payment for this order at all.
    const stranger = await reportFromCheckout(other.shopper, order.id, answer);
    expect(stranger.statusCode, stranger.body).toBe(404);

    // The genuine report still works afterwards.
    const genuine = await reportFromCheckout(shopper, order.id, answer);
    expect(genuine.statusCode, genuine.body).toBe(200);
    const data = PaymentStatusResponse.parse(genuine.json());
    expect(data.message).toBe(MESSAGES.paymentSaved);
    expect(data.data.status).toBe('packaging');
  });

  it('treats the same payment reported twice as a no-op, and refuses a second payment with 409', async () => {
    const { shopper, order } = await orderFor('paytwice');
    const start = await startPayment(shopper, order.id);
    const first = payAtProvider(start.provider_order_id);

    const a = await reportFromCheckout(shopper, order.id, first);
    expect(a.statusCode, a.body).toBe(200);
    const b = await reportFromCheckout(shopper, order.id, first);
    expect(b.statusCode, b.body).toBe(200);
    expect(PaymentStatusResponse.parse(b.json()).data).toMatchObject({
      status: 'packaging',
      payment_id: first.razorpay_payment_id,
    });
    expect(await movesTo(order.id, 'packaging')).toBe(1);

    // The webhook for the same payment arrives later: still one move.
    const hook = await sendWebhook(
      eventBody('payment.captured', {
        payment: paymentEntity(
          { id: first.razorpay_payment_id, orderId: start.provider_order_id, amountPaise: start.amount },
          'captured',
        ),
      }),
    );
    expect(hook.statusCode, hook.body).toBe(200);
    expect(await movesTo(order.id, 'packaging')).toBe(1);

    // A second, different payment of the same provider order (a second tab).
    const second = payAtProvider(start.provider_order_id);
    const c = await reportFromCheckout(shopper, order.id, second);
    expect(c.statusCode, c.body).toBe(409);
    expect(ErrorBody.parse(c.json()).message).toBe(MESSAGES.orderAlreadyPaid);
    const row = await orderRow(order.id);
    expect(row.status).toBe('packaging');
    expect(row.paymentId).toBe(first.razorpay_payment_id);
    expect(await movesTo(order.id, 'packaging')).toBe(1);
    const recorded = await paymentsOf(order.id);
    expect(recorded.map((p) => p.providerPaymentId).sort()).toEqual(
      [first.razorpay_payment_id, second.razorpay_payment_id].sort(),
    );
    expect(recorded.every((p) => p.status === 'captured')).toBe(true);
  });

  it('reuses one provider order when payment is started twice, and refuses to start paying a paid order', async () => {
    const { shopper, order } = await orderFor('startagain');
    const one = await startPayment(shopper, order.id);
    const two = await startPayment(shopper, order.id);
    expect(two.provider_order_id).toBe(one.provider_order_id);
    expect(one).toMatchObject({
      order_id: order.id,
      key: 'rzp_test_builtin',
      amount: Math.round(order.total * 100),
      currency: 'INR',
      script_url: '/api/v1/test-payments/checkout.js',
    });
    expect(Number.isInteger(one.amount)).toBe(true);
    const created = await paymentsOf(order.id);
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({ providerOrderId: one.provider_order_id, status: 'created' });

    // Two tabs starting a fresh order's payment at once still get one provider order.
    const fresh = await orderFor('twotabs');
    const racing = await Promise.all([
      startPayment(fresh.shopper, fresh.order.id),
      startPayment(fresh.shopper, fresh.order.id),
    ]);
    expect(racing[0].provider_order_id).toBe(racing[1].provider_order_id);
    expect((await orderRow(fresh.order.id)).providerOrderId).toBe(racing[0].provider_order_id);
    expect(await paymentsOf(fresh.order.id)).toHaveLength(1);

    const paid = await reportFromCheckout(shopper, order.id, payAtProvider(one.provider_order_id));
    expect(paid.statusCode, paid.body).toBe(200);
    const again = await startPaymentCall(shopper, order.id);
    expect(again.statusCode, again.body).toBe(409);
    expect(ErrorBody.parse(again.json()).message).toBe(MESSAGES.orderAlreadyPaid);

    const other = await signUp(shop.app, 'notmine');
    const foreign = await startPaymentCall(other, order.id);
    expect(foreign.statusCode).toBe(404);
  });
});

describe('cancelling', () => {
  it('cancels an unpaid order once, returning the stock once; the second cancel is 409', async () => {
    const before = await stock();
    const { shopper, order } = await orderFor('canceltwice', 2);
    expect(await stock()).toBe(before - 2);

    const first = await cancel(shopper, order.id);
    expect(first.statusCode, first.body).toBe(200);
    const body = CancelOrderResponse.parse(first.json());
    expect(body.message).toBe(MESSAGES.orderCancelled);
    expect(body.data.status).toBe('user_cancelled');
    expect(await stock()).toBe(before);

    const second = await cancel(shopper, order.id);
    expect(second.statusCode, second.body).toBe(409);
    expect(ErrorBody.parse(second.json()).message).toBe(MESSAGES.cannotCancel);
    expect(await stock()).toBe(before);
    expect(await movesTo(order.id, 'user_cancelled')).toBe(1);

    const pay = await startPaymentCall(shopper, order.id);
    expect(pay.statusCode).toBe(409);
    expect(ErrorBody.parse(pay.json()).message).toBe(MESSAGES.cannotPay);
  });

  it('cancels twice at once: one 200, one 409, stock returned once', async () => {
    const before = await stock();
    const { shopper, order } = await orderFor('cancelrace', 3);
    const answers = await Promise.all([cancel(shopper, order.id), cancel(shopper, order.id)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(await stock()).toBe(before);
  });

  it('sends the money back exactly once when a cancel and a capture arrive together', async () => {
    const before = await stock();
    const { shopper, order } = await orderFor('cancelvscapture');
    const start = await startPayment(shopper, order.id);
    const answer = payAtProvider(start.provider_order_id);
    const body = eventBody('payment.captured', {
      payment: paymentEntity(
        { id: answer.razorpay_payment_id, orderId: start.provider_order_id, amountPaise: start.amount },
        'captured',
      ),
    });
    const [cancelled, hook] = await Promise.all([cancel(shopper, order.id), sendWebhook(body)]);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(hook.statusCode, hook.body).toBe(200);
    // Whichever came first, the order is cancelled, the stock is back and one full refund is asked.
    expect(['user_cancelled', 'refund_progress']).toContain((await orderRow(order.id)).status);
    expect(await stock()).toBe(before);
    const rows = await refundsOf(order.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.amountPaise).toBe(start.amount);
    expect(await refundsAtProvider(answer.razorpay_payment_id)).toHaveLength(1);
  });

  it("answers 404 for another shopper's order and leaves it alone", async () => {
    const { order } = await orderFor('victim');
    const intruder = await signUp(shop.app, 'intruder');
    const res = await cancel(intruder, order.id);
    expect(res.statusCode, res.body).toBe(404);
    expect(ErrorBody.parse(res.json()).message).toBe(MESSAGES.orderNotFound);
    expect((await orderRow(order.id)).status).toBe('created');
    const missing = await cancel(intruder, 2_000_000_000);
    expect(missing.statusCode).toBe(404);
  });

  it('asks for one refund when a paid order is cancelled twice at once', async () => {
    const before = await stock();
    const { shopper, order } = await orderFor('paidcancelrace', 2);
    const start = await startPayment(shopper, order.id);
    const answer = payAtProvider(start.provider_order_id);
    expect((await reportFromCheckout(shopper, order.id, answer)).statusCode).toBe(200);
    const answers = await Promise.all([cancel(shopper, order.id), cancel(shopper, order.id)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(await stock()).toBe(before);
    expect(await refundsOf(order.id)).toHaveLength(1);
    expect(await refundsAtProvider(answer.razorpay_payment_id)).toHaveLength(1);
    expect((await orderRow(order.id)).status).toBe('refund_progress');
  });

  it('refunds a paid order once, in full, and the refund.processed webhook settles it', async () => {
    const before = await stock();
    const { shopper, order } = await orderFor('refundme', 2);
    const start = await startPayment(shopper, order.id);
    const answer = payAtProvider(start.provider_order_id);
    expect((await reportFromCheckout(shopper, order.id, answer)).statusCode).toBe(200);

    const res = await cancel(shopper, order.id);
    expect(res.statusCode, res.body).toBe(200);
    const body = CancelOrderResponse.parse(res.json());
    expect(body.message).toBe(MESSAGES.orderCancelledRefund);
    expect(body.data.status).toBe('refund_progress');
    expect(await stock()).toBe(before);

    const atProvider = await refundsAtProvider(answer.razorpay_payment_id);
    expect(atProvider).toHaveLength(1);
    expect(atProvider[0]!.amountPaise).toBe(Math.round(order.total * 100));
    let rows = await refundsOf(order.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'pending', providerRefundId: atProvider[0]!.id });

    const again = await cancel(shopper, order.id);
    expect(again.statusCode).toBe(409);
    expect(await refundsAtProvider(answer.razorpay_payment_id)).toHaveLength(1);

    const refundEntity = {
      id: atProvider[0]!.id,
      entity: 'refund',
      amount: atProvider[0]!.amountPaise,
      currency: 'INR',
      payment_id: answer.razorpay_payment_id,
      receipt: atProvider[0]!.receipt,
      status: 'processed',
    };
    const eventId = id('evt');
    const hook = await sendWebhook(eventBody('refund.processed', { refund: refundEntity }), { eventId });
    expect(hook.statusCode, hook.body).toBe(200);
    expect((await orderRow(order.id)).status).toBe('refunded');
    rows = await refundsOf(order.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'processed', amountPaise: Math.round(order.total * 100) });

    const replay = await sendWebhook(eventBody('refund.processed', { refund: refundEntity }));
    expect(replay.statusCode).toBe(200);
    expect(await movesTo(order.id, 'refunded')).toBe(1);
    expect(await refundsOf(order.id)).toHaveLength(1);
    expect(await stock()).toBe(before);
  });
});

describe('unpaid orders expiring', () => {
  const overdue = (orderId: number) =>
    db()
      .update(orders)
      .set({ paymentDueAt: new Date(Date.now() - 60_000) })
      .where(eq(orders.id, orderId));

  it('cancels an order left unpaid past its window and returns its stock, once', async () => {
    const before = await stock();
    const { shopper, order } = await orderFor('expires', 2);
    await startPayment(shopper, order.id); // a provider order with no payment
    const untouched = await orderFor('notdueyet');
    await overdue(order.id);

    expect(await expireUnpaidOrders(clock())).toBeGreaterThanOrEqual(1);
    const row = await orderRow(order.id);
    expect(row.status).toBe('store_cancelled');
    expect(row.cancelledAt).not.toBeNull();
    expect(await stock()).toBe(before - 1); // only the order not yet due holds stock
    expect((await orderRow(untouched.order.id)).status).toBe('created');

    expect(await expireUnpaidOrders(clock())).toBe(0);
    expect(await stock()).toBe(before - 1);
    expect(await movesTo(order.id, 'store_cancelled')).toBe(1);
    const view = OrderResponse.parse(
      (await shop.app.inject({ url: `/api/v1/orders/${order.id}`, headers: shopper.auth })).json(),
    ).data;
    expect(view).toMatchObject({ status: 'store_cancelled', can_pay: false, can_cancel: false });
  });

  it('returns the stock once when two expiry runs overlap', async () => {
    const before = await stock();
    const { order } = await orderFor('overlap', 3);
    await overdue(order.id);
    const counts = await Promise.all([expireUnpaidOrders(clock()), expireUnpaidOrders(clock())]);
    expect(counts[0] + counts[1]).toBe(1);
    expect((await orderRow(order.id)).status).toBe('store_cancelled');
    expect(await stock()).toBe(before);
    expect(await movesTo(order.id, 'store_cancelled')).toBe(1);
  });

  it('applies a payment the shop missed instead of expiring the order', async () => {
    const { shopper, order } = await orderFor('missedhook');
    const start = await startPayment(shopper, order.id);
    const stockAfterOrder = await stock();
    const answer = payAtProvider(start.provider_order_id); // the webhook would come a minute later
    await overdue(order.id);

    await expireUnpaidOrders(clock());
    const row = await orderRow(order.id);
    expect(row.status).toBe('packaging');
    expect(row.paymentId).toBe(answer.razorpay_payment_id);
    expect(await stock()).toBe(stockAfterOrder);
    expect(await movesTo(order.id, 'store_cancelled')).toBe(0);
    expect(await refundsOf(order.id)).toEqual([]);

    // When the browser's report arrives after all, it is the same payment: a no-op.
    const late = await reportFromCheckout(shopper, order.id, answer);
    expect(late.statusCode, late.body).toBe(200);
    expect(await movesTo(order.id, 'packaging')).toBe(1);
  });

  it('refunds a payment that arrives for an order already expired', async () => {
    const { shopper, order } = await orderFor('toolate');
    const start = await startPayment(shopper, order.id);
    await overdue(order.id);
    await expireUnpaidOrders(clock());
    expect((await orderRow(order.id)).status).toBe('store_cancelled');
    const stockAfterExpiry = await stock();

    const { answer } = await capturedByWebhook(start.provider_order_id, start.amount);
    const row = await orderRow(order.id);
    expect(row.status).toBe('store_cancelled');
    expect(row.paymentId).toBeNull();
    expect(await stock()).toBe(stockAfterExpiry);

    const recorded = (await paymentsOf(order.id)).find((p) => p.providerPaymentId === answer.razorpay_payment_id);
    expect(recorded?.status).toBe('captured');
    const rows = await refundsOf(order.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ paymentId: recorded!.id, amountPaise: start.amount });
    const atProvider = await refundsAtProvider(answer.razorpay_payment_id);
    expect(atProvider).toHaveLength(1);
    expect(atProvider[0]!.amountPaise).toBe(start.amount);
    expect((await refundsOf(order.id))[0]!.providerRefundId).toBe(atProvider[0]!.id);

    // The browser's late report of that payment does not revive the order.
    const report = await reportFromCheckout(shopper, order.id, answer);
    expect(report.statusCode).toBe(409);
    expect((await orderRow(order.id)).status).toBe('store_cancelled');
    expect(await refundsAtProvider(answer.razorpay_payment_id)).toHaveLength(1);
  });
});
