import {
  OrderResponse,
  ReturnDecisionResponse,
  ReturnDetail,
  ReturnsPage,
  StoreCredit,
  type Order,
} from '@shop/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productVariants } from '../src/modules/catalog/catalog.schema';
import { fireOrderEvent } from '../src/modules/orders/lifecycle/fire';
import { createTestShop, expectError, type TestShop } from './helpers';
import { orderWorld, type OrderWorld } from './order-world';
import type { Shopper } from './shoppers';
import { signUpStaff, type StaffMember } from './staff';

// Exchanges (docs/product.md 'Exchanges'): a returned piece's worth, through store credit, pays for
// another size or colour of it, sent as a replacement order of its own.

let shop: TestShop;
let world: OrderWorld;
let staff: StaffMember;

beforeAll(async () => {
  shop = await createTestShop({ TEST_PAYMENT_WEBHOOK_DELAY_MS: '60000' });
  world = await orderWorld(shop);
  staff = await signUpStaff(shop.app, 'staff');
});
afterAll(() => shop?.close());

/** A delivered, paid order of `small` and `large` pieces. */
async function delivered(label: string, small: number, large: number) {
  const paid = await world.paidOrder(label, small, large);
  await fireOrderEvent(world.staff(), paid.order.id, { type: 'ship', carrier: 'bluedart', trackingNumber: '80012345' });
  await fireOrderEvent(world.staff(), paid.order.id, { type: 'deliver' });
  return paid;
}

/** The shopper asks to exchange pieces of a line for a variant; answers the request's id. */
async function askExchange(shopper: Shopper, order: Order, lines: object[]) {
  const res = await shop.app.inject({
    method: 'POST',
    url: '/api/v1/contacts',
    headers: shopper.auth,
    payload: {
      name: 'Asha',
      email: shopper.email,
      message: 'Too small, the next size please',
      order_id: order.id,
      return_lines: lines,
      return_reason: 'size',
      return_wish: 'exchange',
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const queue = ReturnsPage.parse(
    (
      await shop.app.inject({
        method: 'GET',
        url: `/api/v1/admin/returns?state=open&order_id=${order.id}`,
        headers: staff.admin,
      })
    ).json(),
  );
  return queue.data[0]!.enquiry_id;
}

const accept = (enquiryId: number, payload: object) =>
  shop.app.inject({
    method: 'POST',
    url: `/api/v1/admin/returns/${enquiryId}/accept`,
    headers: staff.admin,
    payload: { restock: true, request_key: `exchange-${enquiryId}-key`, ...payload },
  });

const orderOf = async (shopper: Shopper, id: number) => {
  const res = await shop.app.inject({ method: 'GET', url: `/api/v1/orders/${id}`, headers: shopper.auth });
  expect(res.statusCode, res.body).toBe(200);
  return OrderResponse.parse(res.json()).data;
};
const balanceOf = async (shopper: Shopper) =>
  StoreCredit.parse(
    (await shop.app.inject({ method: 'GET', url: '/api/v1/user/credit', headers: shopper.auth })).json(),
  ).balance;

describe('an exchange for a dearer size', () => {
  it('makes a replacement order paid by the piece’s worth, leaving the difference to pay; it ships on its own', async () => {
    const { shopper, order } = await delivered('exchange-up', 2, 0);
    const line = order.order_details[0]!;
    const largeStock = await world.stock(world.variants.large);
    const enquiryId = await askExchange(shopper, order, [
      { line_id: line.id, quantity: 1, exchange_variant_id: world.variants.large },
    ]);
    const detail = ReturnDetail.parse(
      (
        await shop.app.inject({ method: 'GET', url: `/api/v1/admin/returns/${enquiryId}`, headers: staff.admin })
      ).json(),
    );
    expect(detail.wish).toBe('exchange');
    expect(detail.lines[0]).toMatchObject({ asked: 1, asked_variant_id: world.variants.large });
    expect(detail.lines[0]!.exchange_options).toEqual([
      expect.objectContaining({ variant_id: world.variants.large, size: '6-12M', price: 999 }),
    ]);

    const res = await accept(enquiryId, {
      lines: [{ line_id: line.id, quantity: 1, exchange_variant_id: world.variants.large }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const decision = ReturnDecisionResponse.parse(res.json());
    const replacementId = decision.exchange_order_id!;
    expect(decision.message).toBe(
      `Exchange accepted: the replacement is order #${replacementId}, waiting for the shopper to pay the difference of ₹100; the shopper has been mailed`,
    );
    // The original keeps its other piece: delivered, partly refunded, and names its replacement.
    const original = await orderOf(shopper, order.id);
    expect(original).toMatchObject({ status: 'delivered', exchanges: [replacementId] });
    expect(original.money.state).toBe('partly_refunded');
    const replacement = await orderOf(shopper, replacementId);
    expect(replacement).toMatchObject({
      status: 'created',
      exchange_of: order.id,
      total: 999,
      shipping: 0,
      credit: 899,
      payable: 100,
    });
    expect(replacement.order_details.map((d) => [d.size, d.quantity])).toEqual([['6-12M', 1]]);
    expect(await world.stock(world.variants.large)).toBe(largeStock - 1);
    expect(await balanceOf(shopper)).toBe(0);
    await world.drain();
    const mail = await world.mailText(shopper.email, `Exchange accepted for order #${order.id}`);
    expect(mail).toContain(`your new size or colour is order #${replacementId}`);
    expect(mail).toContain('The new piece costs ₹100 more');

    // The shopper pays the difference; the replacement is packed and ships with its own tracking.
    await world.pay(shopper, replacement);
    await fireOrderEvent(world.staff(), replacementId, {
      type: 'ship',
      carrier: 'delhivery',
      trackingNumber: '55500011',
    });
    const shipped = await orderOf(shopper, replacementId);
    expect(shipped.status).toBe('shipped');
    expect(shipped.tracking_url).toContain('55500011');
    expect((await orderOf(shopper, order.id)).status).toBe('delivered');

    // The same form again: nothing twice.
    const again = ReturnDecisionResponse.parse((await accept(enquiryId, { lines: [] })).json());
    expect(again).toMatchObject({ repeated: true, exchange_order_id: replacementId });
  });
});

describe('an exchange for a cheaper size', () => {
  it('is paid at once by the piece’s worth; what it costs less stays in store credit', async () => {
    const { shopper, order } = await delivered('exchange-down', 0, 1);
    const line = order.order_details[0]!;
    const enquiryId = await askExchange(shopper, order, [
      { line_id: line.id, quantity: 1, exchange_variant_id: world.variants.small },
    ]);
    const decision = ReturnDecisionResponse.parse(
      (
        await accept(enquiryId, {
          lines: [{ line_id: line.id, quantity: 1, exchange_variant_id: world.variants.small }],
        })
      ).json(),
    );
    const replacement = await orderOf(shopper, decision.exchange_order_id!);
    expect(replacement).toMatchObject({ status: 'packaging', total: 899, credit: 899, payable: 0 });
    expect(await balanceOf(shopper)).toBe(100);
    // Its only piece exchanged for what it was paid: the shipping paid stays with the original.
    const original = await orderOf(shopper, order.id);
    expect(original.status).toBe('delivered');
    expect(original.money).toMatchObject({ state: 'partly_refunded', refunded: 999 });
    await world.drain();
    const mail = await world.mailText(shopper.email, `Exchange accepted for order #${order.id}`);
    expect(mail).toContain('We will pack it and send it to you with its own tracking.');
    expect(mail).toContain('The ₹100 it costs less stays in your store credit.');
  });
});

describe('refusals', () => {
  it('refuses in words, changing nothing: out of stock, another product, some pieces exchanged and some not', async () => {
    const { shopper, order } = await delivered('exchange-refused', 2, 1);
    const [small, large] = order.order_details;
    const enquiryId = await askExchange(shopper, order, [
      { line_id: small!.id, quantity: 1, exchange_variant_id: world.variants.large },
    ]);
    const stock = await world.stock(world.variants.large);
    await world.db.update(productVariants).set({ stock: 0 }).where(eq(productVariants.id, world.variants.large));
    try {
      const out = await accept(enquiryId, {
        lines: [{ line_id: small!.id, quantity: 1, exchange_variant_id: world.variants.large }],
      });
      expect(expectError(out, 409).message).toMatch(
        /\(6-12M, Saffron\) has 0 left: accept the return as store credit or a refund instead/,
      );
    } finally {
      await world.db.update(productVariants).set({ stock }).where(eq(productVariants.id, world.variants.large));
    }
    const other = await accept(enquiryId, {
      lines: [{ line_id: small!.id, quantity: 1, exchange_variant_id: 999_999 }],
    });
    expect(expectError(other, 400).errors.join(' ')).toMatch(/may be exchanged only for another size or colour/);
    const mixed = await accept(enquiryId, {
      lines: [
        { line_id: small!.id, quantity: 1, exchange_variant_id: world.variants.large },
        { line_id: large!.id, quantity: 1 },
      ],
    });
    expect(expectError(mixed, 400).errors.join(' ')).toMatch(/Exchange every piece named, or refund them/);
    // Nothing was taken back or credited, and the request is still open.
    expect((await orderOf(shopper, order.id)).money.state).toBe('paid');
    expect(await balanceOf(shopper)).toBe(0);
    expect((await world.refunds(order.id)).length).toBe(0);
    const ok = await accept(enquiryId, {
      lines: [{ line_id: small!.id, quantity: 1, exchange_variant_id: world.variants.large }],
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('asks the shopper for a size per piece, and only with an exchange', async () => {
    const { shopper, order } = await delivered('exchange-ask', 1, 0);
    const line = order.order_details[0]!;
    const ask = (payload: object) =>
      shop.app.inject({
        method: 'POST',
        url: '/api/v1/contacts',
        headers: shopper.auth,
        payload: {
          name: 'Asha',
          email: shopper.email,
          message: 'Please',
          order_id: order.id,
          return_reason: 'size',
          ...payload,
        },
      });
    const noSize = await ask({ return_wish: 'exchange', return_lines: [{ line_id: line.id, quantity: 1 }] });
    expect(expectError(noSize, 400).errors).toContain('Choose the size or colour you would like for each piece');
    const itself = await ask({
      return_wish: 'exchange',
      return_lines: [{ line_id: line.id, quantity: 1, exchange_variant_id: world.variants.small }],
    });
    expect(expectError(itself, 400).errors.join(' ')).toMatch(/may be exchanged for another size or colour of it/);
    const notExchange = await ask({
      return_wish: 'refund',
      return_lines: [{ line_id: line.id, quantity: 1, exchange_variant_id: world.variants.large }],
    });
    expect(expectError(notExchange, 400).errors).toContain('A size or colour instead goes with an exchange');
  });
});

describe('the returned parcel received', () => {
  it('is marked once, mailed to the shopper and audited; a rejected request has nothing to receive', async () => {
    const { shopper, order } = await delivered('exchange-received', 1, 0);
    const line = order.order_details[0]!;
    const enquiryId = await askExchange(shopper, order, [
      { line_id: line.id, quantity: 1, exchange_variant_id: world.variants.large },
    ]);
    const received = () =>
      shop.app.inject({ method: 'POST', url: `/api/v1/admin/returns/${enquiryId}/received`, headers: staff.admin });
    const first = await received();
    expect(first.statusCode, first.body).toBe(200);
    const answer = ReturnDecisionResponse.parse(first.json());
    expect(answer.repeated).toBe(false);
    expect(answer.message).toMatch(/Parcel marked received/);
    expect(answer.return.received_at).not.toBeNull();
    expect(ReturnDecisionResponse.parse((await received()).json()).repeated).toBe(true);
    await world.drain();
    expect(await world.mailText(shopper.email, `We have received your return for order #${order.id}`)).toContain(
      'has reached our workshop',
    );
    // Still to decide: the exchange is accepted after the parcel came in, and the order keeps its status.
    expect((await orderOf(shopper, order.id)).status).toBe('delivered');
    expect((await world.history(order.id)).at(-1)).toMatchObject({ fromStatus: 'delivered', toStatus: 'delivered' });

    const other = await delivered('exchange-received-rejected', 1, 0);
    const rejectedId = await askExchange(other.shopper, other.order, [
      { line_id: other.order.order_details[0]!.id, quantity: 1, exchange_variant_id: world.variants.large },
    ]);
    const reject = await shop.app.inject({
      method: 'POST',
      url: `/api/v1/admin/returns/${rejectedId}/reject`,
      headers: staff.admin,
      payload: { reason: 'Worn and washed' },
    });
    expect(reject.statusCode, reject.body).toBe(200);
    const late = await shop.app.inject({
      method: 'POST',
      url: `/api/v1/admin/returns/${rejectedId}/received`,
      headers: staff.admin,
    });
    expect(expectError(late, 409).message).toBe('This return was rejected: nothing comes back');
  });
});
