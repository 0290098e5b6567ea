import { createHmac, randomBytes } from 'node:crypto';
import { PaymentStart, type Order } from '@shop/contract';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { createCategory, createProduct } from '../src/db/factories';
import { orders } from '../src/modules/orders/orders.schema';
import { refunds } from '../src/modules/payments/payments.schema';
import { productVariants } from '../src/modules/catalog/catalog.schema';
import { startFakeRazorpay, type FakePayment } from './fake-razorpay';
import { createTestShop } from './helpers';
import { placeOrder, setCart, signUp, type Shopper } from './shoppers';

export const KEYS = { keyId: 'rzp_test_life', keySecret: 'secret_life', webhookSecret: 'whsec_life' };
export const sign = (secret: string, data: string) => createHmac('sha256', secret).update(data).digest('hex');

/** A shop paid through a fake Razorpay, with one product of ample stock, and what its tests need. */
export async function razorpayShop(overrides: Record<string, string> = {}) {
  const fake = await startFakeRazorpay(KEYS);
  const shop = await createTestShop({
    PAYMENT_PROVIDER: 'razorpay',
    RAZORPAY_KEY_ID: KEYS.keyId,
    RAZORPAY_KEY_SECRET: KEYS.keySecret,
    RAZORPAY_WEBHOOK_SECRET: KEYS.webhookSecret,
    RAZORPAY_API_BASE: fake.url,
    ...overrides,
  });
  const db = shop.database.db;
  const category = await createCategory(db, { name: `Rzp ${randomBytes(3).toString('hex')}` });
  const made = await createProduct(db, {
    name: `Ikat dungarees ${randomBytes(3).toString('hex')}`,
    categoryId: category.id,
    variants: [{ size: '2-3Y', color: { name: 'Teal', hex: '#2a9d8f' }, mrp: 1599, sellingPrice: 1399, stock: 300 }],
  });
  shop.app.ctx.cache.invalidate();
  const variantId = made.variants[0]!.id;

  const t = {
    fake,
    shop,
    db,
    close: async () => {
      await shop.close();
      await fake.close();
    },
    drain: (at?: Date) => shop.app.ctx.outbox.drain({ at }),
    paise: (order: Order) => Math.round(order.total * 100),
    row: async (orderId: number) => (await db.select().from(orders).where(eq(orders.id, orderId)))[0]!,
    refunds: (orderId: number) => db.select().from(refunds).where(eq(refunds.orderId, orderId)),
    stock: async () => (await db.select().from(productVariants).where(eq(productVariants.id, variantId)))[0]!.stock,

    async order(label: string, quantity = 1): Promise<{ shopper: Shopper; order: Order }> {
      const shopper = await signUp(shop.app, label);
      await setCart(shop.app, shopper, made.product.id, variantId, quantity);
      return { shopper, order: await placeOrder(shop.app, shopper, 'standard') };
    },
    async start(shopper: Shopper, orderId: number) {
      const res = await shop.app.inject({
        method: 'POST',
        url: `/api/v1/orders/${orderId}/payment`,
        headers: shopper.auth,
      });
      expect(res.statusCode, res.body).toBe(200);
      return PaymentStart.parse(res.json());
    },
    /** The browser's report of a checkout payment, signed as Razorpay signs it. */
    report: (shopper: Shopper, orderId: number, payment: FakePayment) =>
      shop.app.inject({
        method: 'PUT',
        url: '/api/v1/orders/payment-status',
        headers: shopper.auth,
        payload: {
          order_id: orderId,
          payment_id: payment.id,
          provider_order_id: payment.order_id,
          signature: sign(KEYS.keySecret, `${payment.order_id}|${payment.id}`),
        },
      }),
    cancel: (shopper: Shopper, orderId: number) =>
      shop.app.inject({
        method: 'POST',
        url: '/api/v1/orders/cancel',
        headers: shopper.auth,
        payload: { order_id: orderId },
      }),
    /** A Razorpay event, signed with the webhook secret. */
    webhook(event: string, payload: Record<string, unknown>) {
      const body = JSON.stringify({
        entity: 'event',
        event,
        contains: Object.keys(payload),
        payload: Object.fromEntries(Object.entries(payload).map(([k, v]) => [k, { entity: v }])),
        created_at: Math.floor(Date.now() / 1000),
      });
      return shop.app.inject({
        method: 'POST',
        url: '/api/v1/payments/webhook',
        headers: {
          'content-type': 'application/json',
          'x-razorpay-signature': sign(KEYS.webhookSecret, body),
          'x-razorpay-event-id': `evt_${randomBytes(6).toString('hex')}`,
        },
        payload: body,
      });
    },
    /** A paid order (captured at the fake, reported by the browser). */
    async paid(label: string, quantity = 1) {
      const { shopper, order } = await t.order(label, quantity);
      const options = await t.start(shopper, order.id);
      const payment = t.fake.pay(options.provider_order_id);
      const res = await t.report(shopper, order.id, payment);
      expect(res.statusCode, res.body).toBe(200);
      return { shopper, order, payment };
    },
  };
  return t;
}
export type RazorpayShop = Awaited<ReturnType<typeof razorpayShop>>;
