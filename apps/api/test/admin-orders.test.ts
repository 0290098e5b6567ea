import {
  AdminOrderDetail,
  AdminOrderList,
  AuditPage,
  BulkShipResponse,
  MoveResponse,
  PaymentStart,
} from '@shop/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/modules/accounts/accounts.schema';
import { createTestShop, expectError, type TestShop } from './helpers';
import { orderWorld, type OrderWorld } from './order-world';
import { signUpStaff, type StaffMember } from './staff';

let shop: TestShop;
let world: OrderWorld;
let staff: StaffMember;
let admin: StaffMember;

beforeAll(async () => {
  shop = await createTestShop();
  world = await orderWorld(shop);
  [staff, admin] = await Promise.all([signUpStaff(shop.app, 'staff'), signUpStaff(shop.app, 'admin')]);
});
afterAll(() => shop.close());

const get = (url: string, who: StaffMember) =>
  shop.app.inject({ method: 'GET', url: `/api/v1/admin${url}`, headers: who.admin });
const post = (url: string, who: StaffMember, payload: object) =>
  shop.app.inject({ method: 'POST', url: `/api/v1/admin${url}`, headers: who.admin, payload });

describe('the orders list', () => {
  it('filters by status, finds by id, email, phone and payment id, and pages by keyset', async () => {
    const a = await world.paidOrder('list-a');
    const b = await world.paidOrder('list-b');
    const unpaid = await world.order('list-c');
    const packaging = AdminOrderList.parse((await get('/orders?status=packaging&limit=1', staff)).json());
    expect(packaging.data).toHaveLength(1);
    expect(packaging.data[0]!.id).toBe(b.order.id);
    expect(packaging.counts.packaging).toBeGreaterThanOrEqual(2);
    const next = AdminOrderList.parse(
      (await get(`/orders?status=packaging&limit=1&after=${encodeURIComponent(packaging.next_after!)}`, staff)).json(),
    );
    expect(next.data[0]!.id).toBe(a.order.id);

    const find = async (q: string) =>
      AdminOrderList.parse((await get(`/orders?q=${encodeURIComponent(q)}`, staff)).json()).data.map((o) => o.id);
    expect(await find(String(a.order.id))).toEqual([a.order.id]);
    expect(await find(a.shopper.email.toUpperCase())).toEqual([a.order.id]);
    expect(await find(a.paymentId)).toEqual([a.order.id]);
    expect(await find('list-c')).toEqual([unpaid.order.id]);
    const unpaidOnly = AdminOrderList.parse((await get('/orders?payment=unpaid', staff)).json()).data;
    expect(unpaidOnly.map((o) => o.id)).toContain(unpaid.order.id);
    expect(unpaidOnly.every((o) => !o.paid)).toBe(true);
    expect(AdminOrderList.parse((await get('/orders?from=2001-01-01&to=2001-01-31', staff)).json()).data).toEqual([]);
  });

  it('refuses bad filters with 400', async () => {
    expectError(await get('/orders?status=lost', staff), 400);
    expectError(await get('/orders?from=yesterday', staff), 400);
    expectError(await get('/orders?after=nonsense', staff), 400);
  });
});

describe('moving an order', () => {
  it('ships with a carrier and number: the tracking URL, the mail with the link, history and audit', async () => {
    const { shopper, order } = await world.paidOrder('ship-me');
    const body = { carrier: 'delhivery', tracking_number: 'DL12345678', note: 'two parcels' };
    const res = await post(`/orders/${order.id}/ship`, staff, body);
    expect(res.statusCode, res.body).toBe(200);
    const moved = MoveResponse.parse(res.json());
    expect(moved.repeated).toBe(false);
    expect(moved.order.status).toBe('shipped');
    expect(moved.order.tracking_url).toBe('https://www.delhivery.com/track/package/DL12345678');
    expect(moved.order.carrier).toBe('Delhivery');
    expect(moved.order.history.at(-1)).toMatchObject({ to: 'shipped', note: 'two parcels' });
    expect(moved.order.history.at(-1)!.actor_label).toMatch(/\(staff\)$/);
    const subject = `Order #${order.id} is on its way`;
    expect(await world.mailsTo(shopper.email)).toContain(subject);
    expect(await world.mailText(shopper.email, subject)).toContain(moved.order.tracking_url!);

    // A second click: nothing happens twice.
    const again = MoveResponse.parse((await post(`/orders/${order.id}/ship`, staff, body)).json());
    expect(again.repeated).toBe(true);
    expect((await world.history(order.id)).filter((h) => h.toStatus === 'shipped')).toHaveLength(1);

    const log = AuditPage.parse((await get(`/activity?entity_type=order&entity_id=${order.id}`, admin)).json());
    expect(log.data[0]).toMatchObject({ action: 'order.ship', before: { status: 'packaging' } });

    const delivered = await post(`/orders/${order.id}/deliver`, staff, {});
    expect(MoveResponse.parse(delivered.json()).order.status).toBe('delivered');
    expect(await world.mailsTo(shopper.email)).toContain(`Order #${order.id} delivered`);
  });

  it('takes a typed https URL for another carrier, and refuses http', async () => {
    const { order } = await world.paidOrder('ship-other');
    expectError(
      await post(`/orders/${order.id}/ship`, staff, { carrier: 'other', tracking_url: 'http://x.example/1' }),
      400,
    );
    expectError(await post(`/orders/${order.id}/ship`, staff, { carrier: 'pigeon', tracking_number: 'ABCD1234' }), 400);
    const res = await post(`/orders/${order.id}/ship`, staff, {
      carrier: 'other',
      tracking_url: 'https://track.example/1',
    });
    expect(MoveResponse.parse(res.json()).order.tracking_url).toBe('https://track.example/1');
  });

  it('gives staff no cancel of a paid order (403, and no button); an admin cancels it with a refund', async () => {
    const { order } = await world.paidOrder('cancel-paid', 2);
    const before = await world.stock(world.variants.small);
    const asStaff = AdminOrderDetail.parse((await get(`/orders/${order.id}`, staff)).json());
    expect(asStaff.moves).toEqual(['ship']);
    const asAdmin = AdminOrderDetail.parse((await get(`/orders/${order.id}`, admin)).json());
    expect(asAdmin.moves).toEqual(['ship', 'cancel_paid']);
    expectError(await post(`/orders/${order.id}/cancel-paid`, staff, {}), 403);
    expectError(await post(`/orders/${order.id}/cancel-unpaid`, admin, {}), 409);
    const res = await post(`/orders/${order.id}/cancel-paid`, admin, { note: 'out of fabric' });
    const cancelled = MoveResponse.parse(res.json()).order;
    expect(cancelled.status).toBe('cancelled_refund');
    expect(await world.stock(world.variants.small)).toBe(before + 2);
    expect(cancelled.refunds).toHaveLength(1);
    expect(cancelled.refunds[0]!.amount).toBe(cancelled.total);
  });

  it('refuses a move the status does not allow (409), and a missing order (404)', async () => {
    const { order } = await world.order('unpaid-one');
    expectError(await post(`/orders/${order.id}/ship`, staff, { carrier: 'ups', tracking_number: '1Z999AA1' }), 409);
    expectError(await post(`/orders/999999/deliver`, staff, {}), 404);
    const res = await post(`/orders/${order.id}/cancel-unpaid`, staff, {});
    expect(MoveResponse.parse(res.json()).order.status).toBe('store_cancelled');
  });

  it('keeps a note in the history and the audit log', async () => {
    const { order } = await world.paidOrder('noted');
    expect((await post(`/orders/${order.id}/notes`, staff, { note: 'gift wrap please' })).statusCode).toBe(200);
    const detail = AdminOrderDetail.parse((await get(`/orders/${order.id}`, staff)).json());
    expect(detail.history.at(-1)).toMatchObject({ from: 'packaging', to: 'packaging', note: 'gift wrap please' });
    expectError(await post(`/orders/${order.id}/notes`, staff, { note: '' }), 400);
  });
});

describe("the order's history", () => {
  it('says who acted in words: the shopper by name, the admin by name, the provider by what it sent', async () => {
    const { shopper, order } = await world.order('history-words');
    await world.db.update(users).set({ name: 'Asha Rao' }).where(eq(users.id, shopper.user.id));
    // Paid by the provider's webhook alone (the browser's report never came).
    const start = await shop.app.inject({
      method: 'POST',
      url: `/api/v1/orders/${order.id}/payment`,
      headers: shopper.auth,
    });
    const { provider_order_id, amount } = PaymentStart.parse(start.json());
    const paid = world.provider.pay(provider_order_id, 'card', 'success');
    if (!('razorpay_payment_id' in paid)) throw new Error('the test payment failed');
    await world.provider.emit('payment.captured', {
      payment: {
        id: paid.razorpay_payment_id,
        entity: 'payment',
        amount,
        currency: 'INR',
        status: 'captured',
        order_id: provider_order_id,
        method: 'card',
        captured: true,
      },
    });
    const priya = await signUpStaff(shop.app, 'admin', 'Priya');
    expect((await post(`/orders/${order.id}/notes`, priya, { note: 'gift wrap please' })).statusCode).toBe(200);
    const cancel = await shop.app.inject({
      method: 'POST',
      url: '/api/v1/orders/cancel',
      headers: shopper.auth,
      payload: { order_id: order.id },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);

    const detail = AdminOrderDetail.parse((await get(`/orders/${order.id}`, staff)).json());
    // Later rows (the refund's settlement by the provider) may follow: the first four are this test's.
    expect(detail.history.slice(0, 4).map((h) => [h.to, h.actor, h.actor_label])).toEqual([
      ['created', 'shopper', 'The shopper (Asha Rao)'],
      ['packaging', 'provider:webhook', 'Test payments (payment notice)'],
      ['packaging', `admin:${priya.user.id}`, 'Priya (admin)'],
      ['refund_progress', `shopper:${shopper.user.id}`, 'The shopper (Asha Rao)'],
    ]);
    // No stored code reaches the page's words.
    for (const h of detail.history) expect(h.actor_label).not.toMatch(/^(provider|shopper|staff|admin):|^clock$/);
  });
});

describe('many orders at once', () => {
  it('ships a sheet of orders, each on its own, reporting each; a repeated sheet ships nothing twice', async () => {
    const a = await world.paidOrder('bulk-a');
    const b = await world.paidOrder('bulk-b');
    const unpaid = await world.order('bulk-unpaid');
    const sheet = {
      orders: [
        { id: a.order.id, carrier: 'dtdc', tracking_number: 'D1234567' },
        { id: unpaid.order.id, carrier: 'dtdc', tracking_number: 'D7654321' },
        { id: b.order.id, carrier: 'other', tracking_url: 'https://parcel.example/b' },
      ],
    };
    const res = await post('/orders/bulk-ship', staff, sheet);
    expect(res.statusCode, res.body).toBe(200);
    const { results } = BulkShipResponse.parse(res.json());
    expect(results.map((r) => [r.id, r.ok, r.repeated])).toEqual([
      [a.order.id, true, false],
      [unpaid.order.id, false, false],
      [b.order.id, true, false],
    ]);
    expect(results[1]!.message).toMatch(/cannot take 'ship'/);
    expect((await world.row(a.order.id)).status).toBe('shipped');
    const again = BulkShipResponse.parse((await post('/orders/bulk-ship', staff, sheet)).json()).results;
    expect(again.map((r) => r.repeated)).toEqual([true, false, true]);
  });

  it('prints packing slips (A4) and labels (4×6 in) of many orders in one PDF', async () => {
    const a = await world.paidOrder('slip-a');
    const b = await world.paidOrder('slip-b');
    const slips = await get(`/orders/slips?ids=${a.order.id},${b.order.id}`, staff);
    expect(slips.statusCode, slips.body).toBe(200);
    expect(slips.headers['content-type']).toBe('application/pdf');
    const slipText = slips.rawPayload.toString('latin1');
    expect(slipText.startsWith('%PDF-')).toBe(true);
    expect(slipText.match(/\/Type \/Page\b/g)).toHaveLength(2);
    expect(slipText).toContain('/MediaBox [0 0 595.28 841.89]');
    const labels = await get(`/orders/slips?ids=${a.order.id}&kind=label`, staff);
    const labelText = labels.rawPayload.toString('latin1');
    expect(labelText.match(/\/Type \/Page\b/g)).toHaveLength(1);
    expect(labelText).toContain('/MediaBox [0 0 288 432]');
    expectError(await get('/orders/slips?ids=1,x', staff), 400);
    expectError(await get('/orders/slips?ids=999999', staff), 404);
  });
});
