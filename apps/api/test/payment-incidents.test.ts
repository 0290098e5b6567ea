import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unitOfWork } from '../src/context';
import { paymentIncidents } from '../src/modules/payments/payments.schema';
import { AppError } from '../src/lib/errors';
import { listPaymentIncidents, resolvePaymentIncident } from '../src/modules/payments/incidents';
import { razorpayShop, type RazorpayShop } from './razorpay-shop';

let t: RazorpayShop;
beforeAll(async () => {
  t = await razorpayShop();
});
afterAll(() => t?.close());

const staff = () => unitOfWork(t.shop.app.ctx, { kind: 'staff', userId: 1 });
const incidentsOf = (orderId: number) =>
  t.db.select().from(paymentIncidents).where(eq(paymentIncidents.orderId, orderId));

describe('payment incidents', () => {
  it('records a refund Razorpay reports failed: the refund fails and the staff see why', async () => {
    const { shopper, order, payment } = await t.paid('refundfailed');
    expect((await t.cancel(shopper, order.id)).statusCode).toBe(200);
    await t.drain();
    const atFake = [...t.fake.refunds.values()].find((r) => r.payment_id === payment.id)!;
    const res = await t.webhook('refund.failed', { refund: { ...atFake, status: 'failed' }, payment });
    expect(res.statusCode, res.body).toBe(200);
    expect((await t.refunds(order.id))[0]).toMatchObject({ status: 'failed' });
    expect((await t.row(order.id)).status).toBe('refund_progress');
    const [incident] = await incidentsOf(order.id);
    expect(incident).toMatchObject({
      kind: 'refund_failed',
      providerRef: atFake.id,
      amountPaise: t.paise(order),
      providerStatus: 'failed',
      status: 'open',
    });
  });

  it('records refunds made outside the shop, and ignores its own', async () => {
    const { order, payment } = await t.paid('outsiderefund');
    const outside = {
      id: 'rfnd_dashboard1',
      entity: 'refund',
      amount: 30_000,
      currency: 'INR',
      payment_id: payment.id,
      receipt: null,
      status: 'processed',
    };
    expect((await t.webhook('refund.created', { refund: outside, payment })).json()).toEqual({ status: 'applied' });
    const [incident] = await incidentsOf(order.id);
    expect(incident).toMatchObject({ kind: 'refund_outside', providerRef: 'rfnd_dashboard1', amountPaise: 30_000 });
    // payment.refunded saying more was refunded than the shop asked: recorded too.
    const refunded = { ...payment, amount_refunded: 30_000, status: 'refunded' };
    expect((await t.webhook('payment.refunded', { payment: refunded })).statusCode).toBe(200);
    expect((await incidentsOf(order.id)).map((i) => i.kind)).toEqual(['refund_outside', 'refund_outside']);
    // The shop's own refund (its receipt) is not an incident.
    const ours = { ...outside, id: 'rfnd_ours1', receipt: 'refund_999999' };
    expect((await t.webhook('refund.created', { refund: ours, payment })).json()).toEqual({ status: 'ignored' });
  });

  it('records a dispute and follows its status, for the staff to list and resolve', async () => {
    const { order, payment } = await t.paid('disputed');
    const dispute = {
      id: 'disp_life1',
      entity: 'dispute',
      payment_id: payment.id,
      amount: t.paise(order),
      currency: 'INR',
      reason_code: 'chargeback',
      reason_description: 'The customer does not recognise the charge',
      status: 'open',
    };
    expect((await t.webhook('payment.dispute.created', { payment, dispute })).statusCode).toBe(200);
    expect(
      (await t.webhook('payment.dispute.won', { payment, dispute: { ...dispute, status: 'won' } })).statusCode,
    ).toBe(200);
    const [incident] = await incidentsOf(order.id);
    expect(incident).toMatchObject({
      kind: 'dispute',
      providerRef: 'disp_life1',
      providerStatus: 'won',
      reason: 'chargeback: The customer does not recognise the charge',
    });

    const listed = await listPaymentIncidents(staff(), { status: 'open' });
    expect(listed.map((i) => i.id)).toContain(incident!.id);
    await resolvePaymentIncident(staff(), incident!.id);
    expect((await listPaymentIncidents(staff(), { status: 'open' })).map((i) => i.id)).not.toContain(incident!.id);
    expect((await listPaymentIncidents(staff(), { status: 'resolved' })).map((i) => i.id)).toContain(incident!.id);

    const shopper = unitOfWork(t.shop.app.ctx, { kind: 'shopper', userId: 1 });
    const err = await listPaymentIncidents(shopper).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).status).toBe(403);
  });
});
