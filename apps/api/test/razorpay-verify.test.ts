import { ErrorBody, MESSAGES, PaymentStatusResponse } from '@shop/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { unitOfWork } from '../src/context';
import { orders } from '../src/modules/orders/orders.schema';
import { paymentIncidents, payments, refunds } from '../src/modules/payments/payments.schema';
import { followUpRefunds } from '../src/modules/payments/refund-settlement';
import { expireUnpaidOrders } from '../src/modules/payments/reconcile';
import { razorpayShop, type RazorpayShop } from './razorpay-shop';

let t: RazorpayShop;
beforeAll(async () => {
  t = await razorpayShop();
});
afterAll(() => t?.close());

const clock = () => unitOfWork(t.shop.app.ctx, { kind: 'clock' });
const later = (ms: number) => new Date(Date.now() + ms);
const incidentsOf = (orderId: number) =>
  t.db.select().from(paymentIncidents).where(eq(paymentIncidents.orderId, orderId));
const overdue = (orderId: number) =>
  t.db
    .update(orders)
    .set({ paymentDueAt: new Date(Date.now() - 60_000) })
    .where(eq(orders.id, orderId));

describe("the browser's report is checked with Razorpay", () => {
  it('fetches the payment before believing it', async () => {
    const { order, payment } = await t.paid('fetched');
    const fetched = t.fake.requestsTo('GET', `/v1/payments/${payment.id}`);
    expect(fetched).toHaveLength(1);
    expect((await t.row(order.id)).status).toBe('packaging');
  });

  it('captures an authorised payment through the API, for the order amount, then pays the order', async () => {
    const { shopper, order } = await t.order('authorised');
    const options = await t.start(shopper, order.id);
    const payment = t.fake.pay(options.provider_order_id, 'authorized');
    const res = await t.report(shopper, order.id, payment);
    expect(res.statusCode, res.body).toBe(200);
    expect(PaymentStatusResponse.parse(res.json()).data.status).toBe('packaging');
    const captures = t.fake.requestsTo('POST', `/v1/payments/${payment.id}/capture`);
    expect(captures.map((c) => c.body)).toEqual([{ amount: t.paise(order), currency: 'INR' }]);
    expect(t.fake.payments.get(payment.id)!.status).toBe('captured');
  });

  it('refuses a signed payment of another amount or currency, or not completed, and records the mismatch', async () => {
    const cases = [
      { overrides: { amount: 100 }, status: 'captured' as const },
      { overrides: { currency: 'USD' }, status: 'captured' as const },
      { overrides: {}, status: 'failed' as const },
    ];
    for (const { overrides, status } of cases) {
      const { shopper, order } = await t.order(`tampered${status}`);
      const options = await t.start(shopper, order.id);
      const payment = t.fake.pay(options.provider_order_id, status, 'card', overrides);
      const res = await t.report(shopper, order.id, payment);
      expect(res.statusCode, res.body).toBe(400);
      expect(ErrorBody.parse(res.json()).message).toBe(MESSAGES.paymentInvalid);
      const row = await t.row(order.id);
      expect(row).toMatchObject({ status: 'created', paymentId: null });
      if (status === 'captured') {
        const [incident] = await incidentsOf(order.id);
        expect(incident).toMatchObject({ kind: 'amount_mismatch', providerRef: payment.id, status: 'open' });
      }
    }
  });

  it('answers 503 and pays nothing when Razorpay cannot say', async () => {
    const { shopper, order } = await t.order('cannotsay');
    const options = await t.start(shopper, order.id);
    const payment = t.fake.pay(options.provider_order_id);
    t.fake.failNext('fetchPayment', { status: 502, raw: 'bad gateway' });
    const res = await t.report(shopper, order.id, payment);
    expect(res.statusCode, res.body).toBe(503);
    expect((await t.row(order.id)).status).toBe('created');
    expect((await t.report(shopper, order.id, payment)).statusCode).toBe(200);
  });
});

describe('webhooks check the amount', () => {
  it('records a capture of another amount or currency and never marks the order paid', async () => {
    for (const overrides of [{ amount: 5_000 }, { currency: 'USD' }]) {
      const { shopper, order } = await t.order('hookmismatch');
      const options = await t.start(shopper, order.id);
      const payment = t.fake.pay(options.provider_order_id, 'captured', 'upi', overrides);
      const res = await t.webhook('payment.captured', { payment });
      expect(res.statusCode, res.body).toBe(200);
      expect((await t.row(order.id)).status).toBe('created');
      const [row] = await t.db.select().from(payments).where(eq(payments.providerPaymentId, payment.id));
      expect(row!.error).toMatch(/amount or currency/);
      expect((await incidentsOf(order.id)).map((i) => i.kind)).toEqual(['amount_mismatch']);
    }
  });
});

describe('refunds', () => {
  it('moves the order to refunded when Razorpay answers the refund as processed at once', async () => {
    t.fake.instantRefunds = true;
    try {
      const { shopper, order, payment } = await t.paid('instant');
      const res = await t.cancel(shopper, order.id);
      expect(res.statusCode, res.body).toBe(200);
      await t.drain();
      expect((await t.row(order.id)).status).toBe('refunded');
      const [refund] = await t.refunds(order.id);
      expect(refund).toMatchObject({ status: 'processed', amountPaise: t.paise(order) });
      // The refund.processed webhook that follows changes nothing.
      const atFake = [...t.fake.refunds.values()].find((r) => r.payment_id === payment.id)!;
      const hook = await t.webhook('refund.processed', { refund: atFake, payment });
      expect(hook.statusCode, hook.body).toBe(200);
      expect((await t.row(order.id)).status).toBe('refunded');
    } finally {
      t.fake.instantRefunds = false;
    }
  });

  it('keeps asking for a refund that fails without holding up the others, and asks each once', async () => {
    const a = await t.paid('refundfails');
    const b = await t.paid('refundworks');
    // The next refund call fails: a's, asked alone (the worker is nudged at each commit, so
    // two cancels in a row could reach the provider in either order).
    t.fake.failNext('refund', { status: 500, error: { code: 'SERVER_ERROR', description: 'oops' } });
    expect((await t.cancel(a.shopper, a.order.id)).statusCode).toBe(200);
    await t.drain();
    expect((await t.refunds(a.order.id))[0]).toMatchObject({ providerRefundId: null, status: 'pending' });
    // a's refund, waiting for its retry, does not hold up b's.
    expect((await t.cancel(b.shopper, b.order.id)).statusCode).toBe(200);
    await t.drain();
    expect((await t.refunds(b.order.id))[0]!.providerRefundId).toMatch(/^rfnd_/);
    expect((await t.refunds(a.order.id))[0]!.providerRefundId).toBeNull();

    // Later, two processes run the outbox at once: a's refund is asked once more, and only once.
    const second = await buildApp({ env: t.shop.env, db: t.db, logger: false });
    try {
      const at = later(3_600_000);
      await Promise.all([t.drain(at), second.ctx.outbox.drain({ at })]);
    } finally {
      await second.close();
    }
    const asked = (paymentId: string) => t.fake.requestsTo('POST', `/v1/payments/${paymentId}/refund`).length;
    expect(asked(a.payment.id)).toBe(2); // the failed call, then one more
    expect(asked(b.payment.id)).toBe(1);
    expect((await t.refunds(a.order.id))[0]!.providerRefundId).toMatch(/^rfnd_/);
  });

  it('fails at once a refund Razorpay refuses outright, and tells the staff', async () => {
    const { shopper, order } = await t.paid('refused');
    t.fake.failNext('refund', {
      status: 400,
      error: { code: 'BAD_REQUEST_ERROR', description: 'Refunds are disabled' },
    });
    expect((await t.cancel(shopper, order.id)).statusCode).toBe(200);
    await t.drain();
    const [refund] = await t.refunds(order.id);
    expect(refund).toMatchObject({ status: 'failed', error: 'Refunds are disabled' });
    expect((await incidentsOf(order.id)).map((i) => [i.kind, i.providerStatus])).toEqual([
      ['refund_failed', 'refused'],
    ]);
  });

  it('follows up refunds Razorpay has not settled, backing off between checks', async () => {
    const { shopper, order, payment } = await t.paid('followup');
    expect((await t.cancel(shopper, order.id)).statusCode).toBe(200);
    await t.drain();
    await t.db.update(refunds).set({ nextCheckAt: new Date(Date.now() - 1000) });
    expect(await followUpRefunds(clock())).toBeGreaterThanOrEqual(1);
    expect((await t.row(order.id)).status).toBe('refund_progress');
    expect(await followUpRefunds(clock())).toBe(0); // checked a moment ago: not yet again

    [...t.fake.refunds.values()].find((r) => r.payment_id === payment.id)!.status = 'processed';
    await t.db.update(refunds).set({ nextCheckAt: new Date(Date.now() - 1000) });
    await followUpRefunds(clock());
    expect((await t.row(order.id)).status).toBe('refunded');
  });
});

describe('payment pending', () => {
  it('reconciles a payment_pending order past its deadline: the authorised payment is captured', async () => {
    const { shopper, order } = await t.order('pendingcapture');
    const options = await t.start(shopper, order.id);
    const payment = t.fake.pay(options.provider_order_id, 'authorized');
    expect((await t.webhook('payment.authorized', { payment })).statusCode).toBe(200);
    expect((await t.row(order.id)).status).toBe('payment_pending');
    await overdue(order.id);
    await expireUnpaidOrders(clock());
    expect((await t.row(order.id)).status).toBe('packaging');
    expect(t.fake.requestsTo('POST', `/v1/payments/${payment.id}/capture`)).toHaveLength(1);
  });

  it('expires a payment_pending order whose payment Razorpay no longer holds, returning its stock', async () => {
    const before = await t.stock();
    const { shopper, order } = await t.order('pendingfails', 2);
    const options = await t.start(shopper, order.id);
    const payment = t.fake.pay(options.provider_order_id, 'authorized');
    expect((await t.webhook('payment.authorized', { payment })).statusCode).toBe(200);
    t.fake.payments.get(payment.id)!.status = 'failed';
    await overdue(order.id);
    await expireUnpaidOrders(clock());
    expect((await t.row(order.id)).status).toBe('store_cancelled');
    expect(await t.stock()).toBe(before);
  });
});
