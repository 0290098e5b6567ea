import {
  AdminOrderDetail,
  AuditPage,
  OrderResponse,
  RefundIssues,
  ReturnDecisionResponse,
  ReturnDetail,
  ReturnsPage,
} from '@shop/contract';
import { eq, sql } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderStatusHistory } from '../src/modules/orders/orders.schema';
import { refunds } from '../src/modules/payments/payments.schema';
import { fireOrderEvent } from '../src/modules/orders/lifecycle/fire';
import { recordIncident } from '../src/modules/payments/incidents';
import { createTestShop, expectError, type TestShop } from './helpers';
import { orderWorld, type OrderWorld } from './order-world';
import type { Shopper } from './shoppers';
import { signUpStaff, type StaffMember } from './staff';

let shop: TestShop;
let world: OrderWorld;
let staff: StaffMember;
let admin: StaffMember;

beforeAll(async () => {
  shop = await createTestShop({ TEST_PAYMENT_WEBHOOK_DELAY_MS: '60000' });
  world = await orderWorld(shop);
  [staff, admin] = await Promise.all([signUpStaff(shop.app, 'staff'), signUpStaff(shop.app, 'admin')]);
});
afterAll(() => shop?.close());

const get = (url: string, who: StaffMember) =>
  shop.app.inject({ method: 'GET', url: `/api/v1/admin${url}`, headers: who.admin });
const post = (url: string, who: StaffMember, payload: object) =>
  shop.app.inject({ method: 'POST', url: `/api/v1/admin${url}`, headers: who.admin, payload });

/** A delivered order of 2 small and 1 large piece, and its shopper's return request. */
async function returnRequest(label: string) {
  const paid = await world.paidOrder(label, 2, 1);
  await fireOrderEvent(world.staff(), paid.order.id, { type: 'ship', carrier: 'bluedart', trackingNumber: '80012345' });
  await fireOrderEvent(world.staff(), paid.order.id, { type: 'deliver' });
  const asked = await shop.app.inject({
    method: 'POST',
    url: '/api/v1/contacts',
    headers: paid.shopper.auth,
    payload: { name: label, email: paid.shopper.email, message: 'The jhabla is too small', order_id: paid.order.id },
  });
  expect(asked.statusCode, asked.body).toBe(201);
  const queue = ReturnsPage.parse((await get('/returns', staff)).json());
  const request = queue.data.find((r) => r.order_id === paid.order.id)!;
  expect(request).toMatchObject({ decision: null, within_window: true, order_status: 'delivered' });
  return { ...paid, enquiryId: request.enquiry_id };
}

async function settle(paymentId: string) {
  await world.drain();
  for (const r of await world.provider.paymentRefunds(paymentId)) {
    await world.provider.emit('refund.processed', {
      refund: { id: r.id, entity: 'refund', amount: r.amountPaise, payment_id: paymentId, receipt: r.receipt },
    });
  }
}

const shopperOrder = async (shopper: Shopper, orderId: number) =>
  OrderResponse.parse(
    (await shop.app.inject({ method: 'GET', url: `/api/v1/orders/${orderId}`, headers: shopper.auth })).json(),
  ).data;

describe('a return request', () => {
  it('is accepted with a partial refund of chosen pieces, asked once; the order stays delivered, partly refunded', async () => {
    const { shopper, order, paymentId, enquiryId } = await returnRequest('partial-admin');
    const detail = ReturnDetail.parse((await get(`/returns/${enquiryId}`, staff)).json());
    expect(detail.can_decide).toBe(true);
    const small = detail.lines.find((l) => l.quantity === 2)!;
    const stock = await world.stock(world.variants.small);
    const body = { lines: [{ line_id: small.id, quantity: 1 }], restock: true, request_key: 'accept-key-1' };
    const res = await post(`/returns/${enquiryId}/accept`, staff, body);
    expect(res.statusCode, res.body).toBe(200);
    const accepted = ReturnDecisionResponse.parse(res.json());
    expect(accepted).toMatchObject({
      repeated: false,
      // A part of the money back leaves the order where it was (docs/product.md 'After the sale').
      return: { decision: 'accepted', order_status: 'delivered' },
    });
    expect(accepted.return.refunds.map((r) => r.amount)).toEqual([small.price]);
    expect(await world.stock(world.variants.small)).toBe(stock + 1);

    // A double click: nothing asked twice.
    const again = ReturnDecisionResponse.parse((await post(`/returns/${enquiryId}/accept`, staff, body)).json());
    expect(again.repeated).toBe(true);
    expect(await world.refunds(order.id)).toHaveLength(1);
    await world.drain();
    expect((await world.provider.paymentRefunds(paymentId)).map((r) => r.amountPaise)).toEqual([small.price * 100]);
    expect(await world.mailsTo(shopper.email)).toContain(`Return accepted for order #${order.id}`);

    const before = await shopperOrder(shopper, order.id);
    expect(before.refunds).toEqual([expect.objectContaining({ amount: small.price, status: 'pending' })]);
    expect(before.money).toMatchObject({ state: 'partly_refunded', paid: order.total, refunding: small.price });
    expect(before.order_details.find((l) => l.id === small.id)!.returned).toBe(1);
    await settle(paymentId);
    expect((await world.row(order.id)).status).toBe('delivered');
    const after = await shopperOrder(shopper, order.id);
    expect(after.refunds).toEqual([expect.objectContaining({ amount: small.price, status: 'processed' })]);
    expect(after.money).toEqual({
      state: 'partly_refunded',
      state_label: 'Partly refunded',
      paid: order.total,
      refunded: small.price,
      refunding: 0,
      left: Math.round((order.total - small.price) * 100) / 100,
    });
    // The credit note of what was paid back, by its own signed link (the invoice's signature does not open it).
    expect(before.credit_note_url).toBeNull();
    const note = await shop.app.inject({ method: 'GET', url: after.credit_note_url! });
    expect(note.statusCode).toBe(200);
    expect(note.headers['content-type']).toBe('application/pdf');
    const parser = new PDFParse({ data: new Uint8Array(note.rawPayload) });
    const { text } = await parser.getText();
    await parser.destroy();
    expect(text).toContain('CREDIT NOTE');
    expect(text).toContain(`Against invoice ${(await world.row(order.id)).invoiceNumber}`);
    expect(text).toContain('(part)'); // a share of the lines, each at its own rate
    const forged = after.invoice_url!.replace('/invoice?', '/credit-note?');
    expect((await shop.app.inject({ method: 'GET', url: forged })).statusCode).toBe(403);

    const log = AuditPage.parse((await get(`/activity?entity_type=order&entity_id=${order.id}`, admin)).json());
    expect(log.data.map((e) => e.action)).toContain('return.accept');
    const ofOrder = ReturnsPage.parse((await get(`/returns?state=all&order_id=${order.id}`, staff)).json());
    expect(ofOrder.data.map((r) => r.enquiry_id)).toEqual([enquiryId]);
    const decided = ReturnsPage.parse((await get('/returns?state=decided', staff)).json());
    expect(decided.data.find((r) => r.enquiry_id === enquiryId)?.decision).toBe('accepted');
  });

  it('refunds an amount no larger than what is left, and refuses bad bodies with 400', async () => {
    const { order, enquiryId } = await returnRequest('amount-admin');
    expectError(await post(`/returns/${enquiryId}/accept`, staff, { restock: false }), 400);
    expectError(await post(`/returns/${enquiryId}/accept`, staff, { amount: -5, request_key: 'k-amount-1' }), 400);
    const tooMuch = expectError(
      await post(`/returns/${enquiryId}/accept`, staff, { amount: order.total + 1, request_key: 'k-amount-2' }),
      400,
    );
    expect(tooMuch.errors[0]).toMatch(/more than is left/);
    expect(await world.refunds(order.id)).toHaveLength(0);
    const ok = await post(`/returns/${enquiryId}/accept`, staff, { amount: 150, request_key: 'k-amount-3' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await world.refunds(order.id)).map((r) => r.amountPaise)).toEqual([15000]);
  });

  it('after the window: refused (409), staff may not override (403), an admin may with a note', async () => {
    const { order, enquiryId } = await returnRequest('late-admin');
    await shop.database.db
      .update(orderStatusHistory)
      .set({ createdAt: sql`now() - interval '30 days'` })
      .where(eq(orderStatusHistory.orderId, order.id));
    const body = { request_key: 'late-key-01' };
    expectError(await post(`/returns/${enquiryId}/accept`, staff, body), 409);
    expectError(await post(`/returns/${enquiryId}/accept`, staff, { ...body, override_window: true, note: 'ok' }), 403);
    expectError(await post(`/returns/${enquiryId}/accept`, admin, { ...body, override_window: true }), 400);
    const res = await post(`/returns/${enquiryId}/accept`, admin, { ...body, override_window: true, note: 'goodwill' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await world.row(order.id)).status).toBe('refund_progress');
  });

  it('is rejected with a reason mailed to the shopper; it cannot then be accepted', async () => {
    const { shopper, order, enquiryId } = await returnRequest('reject-admin');
    expectError(await post(`/returns/${enquiryId}/reject`, staff, { reason: '' }), 400);
    const res = await post(`/returns/${enquiryId}/reject`, staff, { reason: 'The piece has been worn and washed' });
    expect(res.statusCode, res.body).toBe(200);
    const subject = `About your return for order #${order.id}`;
    expect(await world.mailsTo(shopper.email)).toContain(subject);
    expect(await world.mailText(shopper.email, subject)).toContain('worn and washed');
    expect((await world.row(order.id)).status).toBe('delivered');
    expectError(await post(`/returns/${enquiryId}/accept`, staff, { request_key: 'after-reject' }), 409);
    expect(
      ReturnDecisionResponse.parse((await post(`/returns/${enquiryId}/reject`, staff, { reason: 'x' })).json())
        .repeated,
    ).toBe(true);
  });
});

describe('refunds that need a person', () => {
  it('lists a failed refund with the provider reason; an admin retries it once however often clicked', async () => {
    const { order, paymentId, enquiryId } = await returnRequest('failed-refund');
    await post(`/returns/${enquiryId}/accept`, staff, { amount: 100, request_key: 'fail-key-01' });
    await world.drain();
    const [asked] = await world.provider.paymentRefunds(paymentId);
    await world.provider.emit('refund.failed', {
      refund: {
        id: asked!.id,
        entity: 'refund',
        amount: asked!.amountPaise,
        payment_id: paymentId,
        receipt: asked!.receipt,
        status: 'failed',
      },
    });
    const [failed] = await world.refunds(order.id);
    expect(failed!.status).toBe('failed');
    expectError(await get('/refunds', staff), 403);
    const queue = RefundIssues.parse((await get('/refunds', admin)).json());
    const issue = queue.data.find((i) => i.refund_id === failed!.id)!;
    expect(issue).toMatchObject({ kind: 'failed', order_id: order.id, amount: 100 });
    expect(issue.reason).not.toBe('');

    expectError(await post(`/refunds/${failed!.id}/retry`, staff, {}), 403);
    const first = await post(`/refunds/${failed!.id}/retry`, admin, { note: 'card reissued' });
    expect(first.statusCode, first.body).toBe(200);
    const second = await post(`/refunds/${failed!.id}/retry`, admin, {});
    expect(second.json()).toMatchObject({ repeated: true });
    const all = await world.refunds(order.id);
    expect(all.map((r) => [r.status, r.amountPaise])).toEqual([
      ['failed', 10000],
      ['pending', 10000],
    ]);
    const after = RefundIssues.parse((await get('/refunds', admin)).json());
    expect(after.data.some((i) => i.refund_id === failed!.id)).toBe(false);
    // The failed request is not money given back; its retry is on its way.
    const { money } = AdminOrderDetail.parse((await get(`/orders/${order.id}`, admin)).json());
    expect(money).toMatchObject({ state: 'partly_refunded', refunded: 100, refunding: 100 });
    await settle(paymentId);
    // ₹100 of the order: it stays delivered, partly refunded.
    expect((await world.row(order.id)).status).toBe('delivered');
    expect((await shop.database.db.select().from(refunds).where(eq(refunds.orderId, order.id))).at(-1)!.status).toBe(
      'processed',
    );
  });

  it('lists a refund the provider has not settled after some days, and a refund made outside the shop', async () => {
    const { order, enquiryId } = await returnRequest('slow-refund');
    await post(`/returns/${enquiryId}/accept`, staff, { amount: 120, request_key: 'slow-key-01' });
    await world.drain();
    const [slow] = await world.refunds(order.id);
    expect(slow!.providerRefundId).not.toBeNull();
    await shop.database.db
      .update(refunds)
      .set({ createdAt: sql`now() - interval '10 days'`, nextCheckAt: sql`now() + interval '1 hour'` })
      .where(eq(refunds.id, slow!.id));
    await recordIncident(world.as({ kind: 'provider', via: 'webhook' }), {
      kind: 'refund_outside',
      providerPaymentId: 'pay_elsewhere',
      providerRef: `rfnd_outside_${order.id}`,
      amountPaise: 5000,
      providerStatus: 'processed',
      reason: 'a refund the shop did not ask for',
    });
    const queue = RefundIssues.parse((await get('/refunds', admin)).json());
    expect(queue.data.find((i) => i.refund_id === slow!.id)).toMatchObject({ kind: 'pending', amount: 120 });
    const outside = queue.data.find((i) => i.provider_ref === `rfnd_outside_${order.id}`)!;
    expect(outside).toMatchObject({ kind: 'outside', amount: 50 });

    // Asking again follows it up now; the clock's next pass asks the provider.
    expect((await post(`/refunds/${slow!.id}/retry`, admin, {})).statusCode).toBe(200);
    const [followed] = await world.refunds(order.id);
    expect(followed!.nextCheckAt.getTime()).toBeLessThanOrEqual(Date.now());

    expect(
      (await post(`/refunds/incidents/${outside.incident_id}/resolve`, admin, { note: 'seen' })).json(),
    ).toMatchObject({
      repeated: false,
    });
    expect((await post(`/refunds/incidents/${outside.incident_id}/resolve`, admin, {})).json()).toMatchObject({
      repeated: true,
    });
    const after = RefundIssues.parse((await get('/refunds', admin)).json());
    expect(after.data.some((i) => i.incident_id === outside.incident_id)).toBe(false);
    expectError(await post('/refunds/999999/retry', admin, {}), 404);
  });
});
