import { randomBytes } from 'node:crypto';
import { PaymentStart, PaymentStatusResponse, type Order } from '@shop/contract';
import { asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { unitOfWork, type Actor } from '../src/context';
import { createCategory, createProduct } from '../src/db/factories';
import { mailOutbox } from '../src/modules/mail/mail.schema';
import { orderStatusHistory, orders } from '../src/modules/orders/orders.schema';
import { refunds } from '../src/modules/payments/payments.schema';
import { productVariants } from '../src/modules/catalog/catalog.schema';
import type { TestPaymentProvider } from '../src/modules/payments/test.provider';
import type { TestShop } from './helpers';
import { placeOrder, setCart, signUp, type Shopper } from './shoppers';

/**
 * A small world for order tests: one product with two variants, shoppers
 * who order and pay through the API (the built-in test provider), and the
 * shop's side as units of work acting as staff, admin, provider or clock.
 */
export async function orderWorld(shop: TestShop) {
  const db = shop.database.db;
  const provider = shop.app.ctx.payments as TestPaymentProvider;
  const category = await createCategory(db, { name: `World ${randomBytes(3).toString('hex')}` });
  const made = await createProduct(db, {
    name: `Hand-embroidered jhabla ${randomBytes(3).toString('hex')}`,
    categoryId: category.id,
    variants: [
      { size: '0-6M', color: { name: 'Saffron', hex: '#f4a300' }, mrp: 999, sellingPrice: 899, stock: 500 },
      { size: '6-12M', color: { name: 'Saffron', hex: '#f4a300' }, mrp: 1099, sellingPrice: 999, stock: 500 },
    ],
  });
  shop.app.ctx.cache.invalidate();
  const productId = made.product.id;
  const [small, large] = [made.variants[0]!, made.variants[1]!];

  const world = {
    db,
    provider,
    productId,
    variants: { small: small.id, large: large.id },
    /** The shop's side: a unit of work acting as `actor`. */
    as: (actor: Actor) => unitOfWork(shop.app.ctx, actor),
    staff: () => unitOfWork(shop.app.ctx, { kind: 'staff', userId: 1 }),
    admin: () => unitOfWork(shop.app.ctx, { kind: 'admin', userId: 1 }),
    drain: (at?: Date) => shop.app.ctx.outbox.drain({ at }),

    /** A shopper's order of `small` and `large` pieces, waiting for payment. */
    async order(label: string, small = 1, large = 0): Promise<{ shopper: Shopper; order: Order }> {
      const shopper = await signUp(shop.app, label);
      if (small) await setCart(shop.app, shopper, productId, world.variants.small, small);
      if (large) await setCart(shop.app, shopper, productId, world.variants.large, large);
      return { shopper, order: await placeOrder(shop.app, shopper, 'standard') };
    },

    /** Pays an order through the checkout, as the browser reports it; answers the provider's payment id. */
    async pay(shopper: Shopper, order: Order): Promise<string> {
      const start = await shop.app.inject({
        method: 'POST',
        url: `/api/v1/orders/${order.id}/payment`,
        headers: shopper.auth,
      });
      expect(start.statusCode, start.body).toBe(200);
      const answer = provider.pay(PaymentStart.parse(start.json()).provider_order_id, 'card', 'success');
      if (!('razorpay_signature' in answer)) throw new Error('the test payment failed');
      const res = await shop.app.inject({
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
      expect(res.statusCode, res.body).toBe(200);
      expect(PaymentStatusResponse.parse(res.json()).data.status).toBe('packaging');
      return answer.razorpay_payment_id;
    },

    async paidOrder(label: string, small = 1, large = 0) {
      const placed = await world.order(label, small, large);
      const paymentId = await world.pay(placed.shopper, placed.order);
      await world.drain();
      return { ...placed, paymentId };
    },

    row: async (orderId: number) => (await db.select().from(orders).where(eq(orders.id, orderId)))[0]!,
    stock: async (variantId: number) =>
      (await db.select().from(productVariants).where(eq(productVariants.id, variantId)))[0]!.stock,
    history: (orderId: number) =>
      db
        .select()
        .from(orderStatusHistory)
        .where(eq(orderStatusHistory.orderId, orderId))
        .orderBy(asc(orderStatusHistory.id)),
    refunds: (orderId: number) =>
      db.select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(asc(refunds.id)),
    /** Subjects of the mails to an address, once the outbox has run. */
    async mailsTo(email: string): Promise<string[]> {
      await world.drain();
      const mails = await db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(asc(mailOutbox.id));
      return mails.map((m) => m.subject);
    },
    mailText: async (email: string, subject: string) =>
      (await db.select().from(mailOutbox).where(eq(mailOutbox.to, email))).find((m) => m.subject === subject)?.text,
  };
  return world;
}
export type OrderWorld = Awaited<ReturnType<typeof orderWorld>>;
