import {
  CancelOrderResponse,
  ErrorBody,
  MESSAGES,
  OrdersResponse,
  PaymentStart,
  PaymentStatusResponse,
  type Order,
} from '@shop/contract';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../src/modules/orders/orders.schema';
import { refunds } from '../src/modules/payments/payments.schema';
import { productVariants } from '../src/modules/catalog/catalog.schema';
import type { TestPaymentProvider } from '../src/modules/payments/test.provider';
import { createTestShop, type TestShop } from './helpers';
import { placeOrder, setCart, signUp, type Shopper } from './shoppers';

let shop: TestShop;
let provider: TestPaymentProvider;
beforeAll(async () => {
  shop = await createTestShop({ TEST_PAYMENT_WEBHOOK_DELAY_MS: '0' });
  provider = shop.app.ctx.payments as TestPaymentProvider;
});
afterAll(() => shop?.close());

/** Two in-stock variants of different products, with their prices. */
async function pickVariants(count = 2) {
  const list = await shop.database.db
    .select()
    .from(productVariants)
    .where(eq(productVariants.isActive, true))
    .limit(200);
  const seen = new Set<number>();
  return list.filter((v) => v.stock >= 5 && !seen.has(v.productId) && seen.add(v.productId)).slice(0, count);
}

async function pay(shopper: Shopper, order: Order, outcome: 'success' | 'failure' = 'success') {
  const start = await shop.app.inject({
    method: 'POST',
    url: `/api/v1/orders/${order.id}/payment`,
    headers: shopper.auth,
  });
  expect(start.statusCode, start.body).toBe(200);
  const options = PaymentStart.parse(start.json());
  const answer = provider.pay(options.provider_order_id, 'upi', outcome);
  return { options, answer };
}

const waitFor = async (check: () => Promise<boolean>) => {
  for (let i = 0; i < 100; i += 1) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('timed out waiting');
};

describe('an order from cart to refund', () => {
  it('places, pays, cancels and refunds, with stock and money right at each step', async () => {
    const shopper = await signUp(shop.app, 'buyer');
    const [a, b] = await pickVariants();
    await setCart(shop.app, shopper, a!.productId, a!.id, 2);
    await setCart(shop.app, shopper, b!.productId, b!.id, 1);

    const order = await placeOrder(shop.app, shopper, 'express');
    expect(order.status).toBe('created');
    expect(order.subtotal).toBe((2 * a!.sellingPricePaise + b!.sellingPricePaise) / 100);
    expect(order.shipping).toBe(450);
    expect(order.total).toBe(order.subtotal + 450);
    expect(order.item_count).toBe(3);
    expect(order.payment_status).toBe('Unpaid');
    expect(order).toMatchObject({ can_pay: true, can_cancel: true, can_return: false });

    const stockOf = async (id: number) =>
      (await shop.database.db.select().from(productVariants).where(eq(productVariants.id, id)))[0]!.stock;
    expect(await stockOf(a!.id)).toBe(a!.stock - 2);
    const cart = await shop.app.inject({ url: '/api/v1/carts', headers: shopper.auth });
    expect(cart.json()).toEqual({ data: [] });

    const { options, answer } = await pay(shopper, order);
    expect(options.amount).toBe(Math.round(order.total * 100));
    expect(options.currency).toBe('INR');
    expect(options.prefill.contact).toBe('+919876543210');
    expect('razorpay_signature' in answer).toBe(true);
    if (!('razorpay_signature' in answer)) return;

    const confirm = await shop.app.inject({
      method: 'PUT',
      url: '/api/v1/orders/payment-status',
      headers: shopper.auth,
      payload: {
        order_id: order.id,
        payment_id: answer.razorpay_payment_id,
        provider_order_id: answer.razorpay_order_id,
        signature: answer.razorpay_signature,
      },
    });
    expect(confirm.statusCode, confirm.body).toBe(200);
    const paid = PaymentStatusResponse.parse(confirm.json()).data;
    expect(paid.status).toBe('packaging');
    expect(paid.payment_status).toBe('Paid');
    expect(paid.payment_id).toBe(answer.razorpay_payment_id);
    expect(paid.invoice_url).toMatch(/\/api\/v1\/orders\/\d+\/invoice\?expires=\d+&signature=/);

    const invoice = await shop.app.inject(paid.invoice_url!);
    expect(invoice.statusCode).toBe(200);
    expect(invoice.headers['content-type']).toBe('application/pdf');
    expect(invoice.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const forged = await shop.app.inject(paid.invoice_url!.replace(/signature=[^&]+/, 'signature=forged'));
    expect(forged.statusCode).toBe(403);

    const cancel = await shop.app.inject({
      method: 'POST',
      url: '/api/v1/orders/cancel',
      headers: shopper.auth,
      payload: { order_id: order.id },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const cancelled = CancelOrderResponse.parse(cancel.json());
    expect(cancelled.message).toBe(MESSAGES.orderCancelledRefund);
    expect(['refund_progress', 'refunded']).toContain(cancelled.data.status);
    expect(await stockOf(a!.id)).toBe(a!.stock);

    // The provider settles the refund by webhook.
    await waitFor(async () => {
      const [row] = await shop.database.db.select().from(orders).where(eq(orders.id, order.id));
      return row!.status === 'refunded';
    });
    const refundRows = await shop.database.db.select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(refundRows).toHaveLength(1);
    expect(refundRows[0]!.amountPaise).toBe(Math.round(order.total * 100));
    expect(refundRows[0]!.status).toBe('processed');

    const again = await shop.app.inject({
      method: 'POST',
      url: '/api/v1/orders/cancel',
      headers: shopper.auth,
      payload: { order_id: order.id },
    });
    expect(again.statusCode).toBe(409);
    expect(ErrorBody.parse(again.json()).message).toBe(MESSAGES.cannotCancel);
  });

  it('lists orders newest first and hides them from other shoppers', async () => {
    const shopper = await signUp(shop.app, 'lister');
    const [a] = await pickVariants(1);
    await setCart(shop.app, shopper, a!.productId, a!.id, 1);
    const first = await placeOrder(shop.app, shopper, 'standard');
    await setCart(shop.app, shopper, a!.productId, a!.id, 1);
    const second = await placeOrder(shop.app, shopper, 'standard');
    const list = OrdersResponse.parse((await shop.app.inject({ url: '/api/v1/orders', headers: shopper.auth })).json());
    expect(list.data.map((o) => o.id)).toEqual([second.id, first.id]);
    expect(list.data[0]!.shipping).toBe(250);

    const other = await signUp(shop.app, 'other');
    expect((await shop.app.inject({ url: `/api/v1/orders/${first.id}`, headers: other.auth })).statusCode).toBe(404);
    const cancel = await shop.app.inject({
      method: 'POST',
      url: '/api/v1/orders/cancel',
      headers: other.auth,
      payload: { order_id: first.id },
    });
    expect(cancel.statusCode).toBe(404);
    const ids = [first.id, second.id];
    const statuses = await shop.database.db.select().from(orders).where(inArray(orders.id, ids));
    expect(statuses.every((o) => o.status === 'created')).toBe(true);
  });

  it('is marked paid by the webhook alone when the shopper closed the tab', async () => {
    const shopper = await signUp(shop.app, 'closedtab');
    const [a] = await pickVariants(1);
    await setCart(shop.app, shopper, a!.productId, a!.id, 1);
    const order = await placeOrder(shop.app, shopper, 'express');
    await pay(shopper, order); // the browser never reports back
    await waitFor(async () => {
      const [row] = await shop.database.db.select().from(orders).where(eq(orders.id, order.id));
      return row!.status === 'packaging';
    });
    const [row] = await shop.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.paymentId).toMatch(/^pay_/);
  });
});
