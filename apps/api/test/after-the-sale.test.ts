import {
  AdminOrderDetail,
  AuditPage,
  MoveResponse,
  OrderResponse,
  ReturnDecisionResponse,
  ReturnDetail,
  ReturnsPage,
} from '@shop/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppError } from '../src/lib/errors';
import { fireOrderEvent } from '../src/modules/orders/lifecycle/fire';
import { createTestShop, expectError, type TestShop } from './helpers';
import { orderWorld, type OrderWorld } from './order-world';
import type { Shopper } from './shoppers';
import { signUpStaff, type StaffMember } from './staff';

// After the sale (docs/product.md 'After the sale'): the money state beside the status, returns by line with
// a piece returned once, and goodwill refunds by admins.

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
const paise = (rupees: number) => Math.round(rupees * 100);
const rupees = (p: number) => p / 100;

/** A paid order of 2 small and 1 large piece, shipped and delivered. */
async function delivered(label: string, small = 2, large = 1) {
  const paid = await world.paidOrder(label, small, large);
  await fireOrderEvent(world.staff(), paid.order.id, { type: 'ship', carrier: 'bluedart', trackingNumber: '80012345' });
  await fireOrderEvent(world.staff(), paid.order.id, { type: 'deliver' });
  return paid;
}

/** The shopper's return request for the order (a contact enquiry naming it), by its enquiry id. */
async function askReturn(shopper: Shopper, orderId: number): Promise<number> {
  const asked = await shop.app.inject({
    method: 'POST',
    url: '/api/v1/contacts',
    headers: shopper.auth,
    payload: { name: 'Asha', email: shopper.email, message: 'Too small, please take it back', order_id: orderId },
  });
  expect(asked.statusCode, asked.body).toBe(201);
  const queue = ReturnsPage.parse((await get(`/returns?state=open&order_id=${orderId}`, staff)).json());
  return queue.data[0]!.enquiry_id;
}

const shopperOrder = async (shopper: Shopper, orderId: number) =>
  OrderResponse.parse(
    (await shop.app.inject({ method: 'GET', url: `/api/v1/orders/${orderId}`, headers: shopper.auth })).json(),
  ).data;
const adminOrder = async (orderId: number, who = admin) =>
  AdminOrderDetail.parse((await get(`/orders/${orderId}`, who)).json());

/** The provider pays back every refund it was asked for on the payment. */
async function settleAll(paymentId: string) {
  await world.drain();
  for (const r of await world.provider.paymentRefunds(paymentId)) {
    await world.provider.emit('refund.processed', {
      refund: { id: r.id, entity: 'refund', amount: r.amountPaise, payment_id: paymentId, receipt: r.receipt },
    });
  }
}

describe('returns by line', () => {
  it('a returned line refunds its part and leaves the order delivered; the last line refunds the rest, shipping too', async () => {
    const { shopper, order, paymentId } = await delivered('by-line');
    const [smallLine, largeLine] = order.order_details;
    expect((await shopperOrder(shopper, order.id)).money).toMatchObject({
      state: 'paid',
      refunded: 0,
      left: order.total,
    });

    const first = await askReturn(shopper, order.id);
    const one = await post(`/returns/${first}/accept`, staff, {
      lines: [{ line_id: smallLine!.id, quantity: 2 }],
      restock: true,
      request_key: 'by-line-first',
    });
    expect(one.statusCode, one.body).toBe(200);
    expect(ReturnDecisionResponse.parse(one.json()).return.order_status).toBe('delivered');
    const afterOne = await adminOrder(order.id);
    expect(afterOne.status).toBe('delivered');
    expect(afterOne.money).toMatchObject({ state: 'partly_refunded', refunded: smallLine!.amount });
    expect(afterOne.lines.map((l) => l.returned)).toEqual([2, 0]);

    // The other line, in a second request: the last pieces give back all that is left (shipping included).
    const second = await askReturn(shopper, order.id);
    const two = await post(`/returns/${second}/accept`, staff, { restock: true, request_key: 'by-line-second' });
    expect(two.statusCode, two.body).toBe(200);
    expect(ReturnDecisionResponse.parse(two.json()).return.order_status).toBe('refund_progress');
    const refunds = await world.refunds(order.id);
    expect(refunds.map((r) => r.amountPaise)).toEqual([
      paise(smallLine!.amount),
      paise(order.total) - paise(smallLine!.amount),
    ]);
    expect(refunds.reduce((n, r) => n + r.amountPaise, 0)).toBe(paise(order.total));
    expect(paise(largeLine!.amount)).toBeLessThan(refunds[1]!.amountPaise); // the shipping came back with it

    await settleAll(paymentId);
    const done = await shopperOrder(shopper, order.id);
    expect(done.status).toBe('refunded');
    expect(done.money).toEqual({
      state: 'refunded',
      state_label: 'Refunded',
      paid: order.total,
      refunded: order.total,
      refunding: 0,
      left: 0,
    });
    expect(done.order_details.map((l) => l.returned)).toEqual([2, 1]);
  });

  it('a piece is returned once: more pieces than bought, or a piece already returned, are refused in words', async () => {
    const { shopper, order } = await delivered('once');
    const [smallLine, largeLine] = order.order_details;
    await fireOrderEvent(world.staff(), order.id, {
      type: 'accept_return',
      lines: [{ lineId: smallLine!.id, quantity: 1 }],
      restock: false,
      idempotencyKey: 'once-1',
    });
    const refused = async (lines: { lineId: number; quantity: number }[] | undefined) =>
      fireOrderEvent(world.staff(), order.id, {
        type: 'accept_return',
        lines,
        restock: false,
        idempotencyKey: 'x',
      }).then(
        () => null,
        (e: unknown) => e as AppError,
      );
    const tooMany = await refused([{ lineId: smallLine!.id, quantity: 2 }]);
    expect(tooMany).toMatchObject({ status: 400 });
    expect(tooMany!.errors[0]).toMatch(/has 1 piece left to return \(1 already returned\); return 1 to 1 of them/);
    const beyond = await refused([{ lineId: largeLine!.id, quantity: 2 }]);
    expect(beyond!.errors[0]).toMatch(/has 1 piece left to return; return 1 to 1 of them/);

    await fireOrderEvent(world.staff(), order.id, {
      type: 'accept_return',
      lines: [{ lineId: smallLine!.id, quantity: 1 }],
      restock: false,
      idempotencyKey: 'once-2',
    });
    const again = await refused([{ lineId: smallLine!.id, quantity: 1 }]);
    expect(again!.errors[0]).toMatch(/Every piece of .* has already been returned/);
    expect((await world.refunds(order.id)).length).toBe(2);
    expect((await shopperOrder(shopper, order.id)).order_details.map((l) => l.returned)).toEqual([2, 0]);

    // The last piece back for less than is left (the owner kept the shipping): the order stays delivered,
    // and a request naming no lines finds nothing left to return, in words, recording nothing.
    const last = await fireOrderEvent(world.staff(), order.id, {
      type: 'accept_return',
      restock: false,
      amountPaise: 100,
      idempotencyKey: 'once-3',
    });
    expect(last.order.status).toBe('delivered');
    const none = await refused(undefined);
    expect(none).toMatchObject({ status: 409, message: `Every piece of order #${order.id} has already been returned` });
    expect((await world.refunds(order.id)).length).toBe(3);
  });
});

describe('a goodwill refund', () => {
  const key = (n: number) => `goodwill-key-${n}`;

  it('is an admin’s: staff are refused and offered none', async () => {
    const { order } = await delivered('gw-staff', 1, 0);
    expect((await adminOrder(order.id, staff)).can_refund).toBe(false);
    expect((await adminOrder(order.id)).can_refund).toBe(true);
    expectError(
      await post(`/orders/${order.id}/refund`, staff, { amount: 50, reason: 'Late', request_key: key(1) }),
      403,
    );
    expect(await world.refunds(order.id)).toEqual([]);
  });

  it('gives back part of the payment with its reason: the order stays delivered, the shopper is mailed, audited, once per request', async () => {
    const { shopper, order, paymentId } = await delivered('gw-part');
    const body = { amount: 200, reason: 'Your parcel reached you four days late.', request_key: key(2) };
    const res = await post(`/orders/${order.id}/refund`, admin, body);
    expect(res.statusCode, res.body).toBe(200);
    const answer = MoveResponse.parse(res.json());
    expect(answer).toMatchObject({ repeated: false, order: { status: 'delivered' } });
    expect(answer.order.money).toMatchObject({ state: 'partly_refunded', refunded: 200, refunding: 200 });
    expect(answer.order.history.at(-1)!.note).toBe('goodwill refund ₹200: Your parcel reached you four days late.');

    // The same page submitted again, twice at once: one refund.
    const again = await Promise.all([1, 2].map(() => post(`/orders/${order.id}/refund`, admin, body)));
    expect(again.map((r) => MoveResponse.parse(r.json()).repeated)).toEqual([true, true]);
    expect((await world.refunds(order.id)).map((r) => [r.reason, r.amountPaise])).toEqual([['goodwill', 20_000]]);

    await world.drain();
    expect((await world.provider.paymentRefunds(paymentId)).map((r) => r.amountPaise)).toEqual([20_000]);
    const subject = `A refund for order #${order.id}`;
    expect(await world.mailsTo(shopper.email)).toContain(subject);
    const text = await world.mailText(shopper.email, subject);
    expect(text).toContain('Your parcel reached you four days late.');
    expect(text).toContain('A refund of ₹200 has been initiated');
    expect(text).not.toContain('goodwill refund ₹');

    const log = AuditPage.parse((await get(`/activity?entity_type=order&entity_id=${order.id}`, admin)).json());
    expect(log.data.find((e) => e.action === 'order.goodwill_refund')).toMatchObject({
      note: 'Your parcel reached you four days late.',
    });

    await settleAll(paymentId);
    const view = await shopperOrder(shopper, order.id);
    expect(view.status).toBe('delivered');
    expect(view.money).toMatchObject({ state: 'partly_refunded', refunded: 200, refunding: 0 });
    expect(view.credit_note_url).not.toBeNull();
  });

  it('refuses more than is left, bad amounts and a missing reason, in words, recording nothing', async () => {
    const { order } = await delivered('gw-bad', 1, 0);
    const attempts: [object, RegExp][] = [
      [{ amount: order.total + 1, reason: 'Too much', request_key: key(3) }, /more than is left of the payment/],
      [{ amount: 0, reason: 'Nothing', request_key: key(4) }, /amount must be more than 0/],
      [{ amount: 10.005, reason: 'Paise', request_key: key(5) }, /at most two decimals/],
      [{ amount: 10, reason: '', request_key: key(6) }, /reason is required/],
      [{ amount: 10, reason: 'No key' }, /request_key is required/],
    ];
    for (const [body, words] of attempts) {
      const err = expectError(await post(`/orders/${order.id}/refund`, admin, body), 400);
      expect(err.errors.join(' '), JSON.stringify(body)).toMatch(words);
    }
    expect(await world.refunds(order.id)).toEqual([]);
  });

  it('of all that is left takes the order to refund in progress; then nothing is left to give', async () => {
    const { shopper, order, paymentId } = await delivered('gw-all', 1, 0);
    await post(`/orders/${order.id}/refund`, admin, { amount: 100, reason: 'Loose button', request_key: key(7) });
    const rest = rupees(paise(order.total) - 10_000);
    const all = await post(`/orders/${order.id}/refund`, admin, { amount: rest, reason: 'Sorry', request_key: key(8) });
    expect(all.statusCode, all.body).toBe(200);
    expect(MoveResponse.parse(all.json()).order).toMatchObject({ status: 'refund_progress', can_refund: false });
    const none = expectError(
      await post(`/orders/${order.id}/refund`, admin, { amount: 1, reason: 'More', request_key: key(9) }),
      409,
    );
    expect(none.message).toBe("This order is refund in progress: it cannot take 'goodwill_refund'");
    await settleAll(paymentId);
    expect((await shopperOrder(shopper, order.id)).money.state).toBe('refunded');
    expect((await world.row(order.id)).status).toBe('refunded');
  });

  it('before shipping gives back a part; all of it is a cancel, said in words', async () => {
    const { order } = await world.paidOrder('gw-packing', 1, 0);
    const all = expectError(
      await post(`/orders/${order.id}/refund`, admin, { amount: order.total, reason: 'All', request_key: key(10) }),
      409,
    );
    expect(all.message).toMatch(/before the parcel ships, cancel the order/);
    const part = await post(`/orders/${order.id}/refund`, admin, { amount: 50, reason: 'Delay', request_key: key(11) });
    expect(part.statusCode, part.body).toBe(200);
    expect(MoveResponse.parse(part.json()).order.status).toBe('packaging');
  });

  it('is refused on an unpaid order', async () => {
    const { order } = await world.order('gw-unpaid');
    expect((await adminOrder(order.id)).can_refund).toBe(false);
    expectError(
      await post(`/orders/${order.id}/refund`, admin, { amount: 50, reason: 'x'.repeat(5), request_key: key(12) }),
      409,
    );
  });
});

describe('a return request names its pieces, why and what the shopper would like', () => {
  const ask = (shopper: Shopper, payload: object) =>
    shop.app.inject({
      method: 'POST',
      url: '/api/v1/contacts',
      headers: shopper.auth,
      payload: { name: 'Asha', email: shopper.email, message: 'Please see the pieces chosen', ...payload },
    });

  it('is kept with the request, listed by wish, and its pieces preset for the shop', async () => {
    const { shopper, order } = await delivered('asked-pieces');
    const [small, large] = order.order_details;
    const sent = await ask(shopper, {
      order_id: order.id,
      return_lines: [{ line_id: small!.id, quantity: 1 }],
      return_reason: 'size',
      return_wish: 'credit',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const byWish = async (wish: string) =>
      ReturnsPage.parse((await get(`/returns?state=open&order_id=${order.id}&wish=${wish}`, staff)).json()).data;
    expect(await byWish('refund')).toEqual([]);
    const [request] = await byWish('credit');
    expect(request).toMatchObject({
      reason: 'size',
      reason_label: 'The size does not fit',
      wish: 'credit',
      wish_label: 'Store credit, at once',
    });
    expect(expectError(await get('/returns?wish=gift', staff), 400).errors.join(' ')).toMatch(
      /wish must be refund, credit, exchange or none/,
    );
    const detail = ReturnDetail.parse((await get(`/returns/${request!.enquiry_id}`, staff)).json());
    expect(detail.lines.map((l) => [l.id, l.asked])).toEqual([
      [small!.id, 1],
      [large!.id, 0],
    ]);
  });

  it('refuses more pieces than are left, a line of another order, and the choices without an order, in words', async () => {
    const { shopper, order } = await delivered('asked-refused');
    const [small] = order.order_details;
    const tooMany = await ask(shopper, {
      order_id: order.id,
      return_lines: [{ line_id: small!.id, quantity: small!.quantity + 1 }],
      return_reason: 'quality',
      return_wish: 'refund',
    });
    expect(expectError(tooMany, 400).errors.join(' ')).toMatch(/at most 2 pieces can come back/);
    const stranger = await ask(shopper, {
      order_id: order.id,
      return_lines: [{ line_id: 999_999, quantity: 1 }],
      return_reason: 'other',
    });
    expect(expectError(stranger, 400).errors.join(' ')).toMatch(new RegExp(`not part of order #${order.id}`));
    const none = await ask(shopper, { order_id: order.id, return_lines: [], return_reason: 'size' });
    expect(expectError(none, 400).errors.join(' ')).toMatch(/Choose at least one piece to return/);
    const badReason = await ask(shopper, {
      order_id: order.id,
      return_lines: [{ line_id: small!.id, quantity: 1 }],
      return_reason: 'bored',
    });
    expect(expectError(badReason, 400).errors.join(' ')).toMatch(/Choose why it is coming back/);
    const noOrder = await ask(shopper, { return_reason: 'size' });
    expect(expectError(noOrder, 400).errors.join(' ')).toMatch(/go with an order/);
    const queue = ReturnsPage.parse((await get(`/returns?state=all&order_id=${order.id}`, staff)).json());
    expect(queue.data).toEqual([]);
  });
});
