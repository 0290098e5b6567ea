import { MESSAGES, type Order, type PaymentStart, type PaymentStatusBody, type User } from '@shop/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { orderLines, orders, payments, products } from '../../db/schema';
import { catalogChanged } from '../../lib/catalog-changes';
import { AppError, notFound } from '../../lib/errors';
import { allocateInvoiceNumber } from '../invoices/invoices.service';
import { afterOrderEvent } from '../orders/notifications';
import { lockOrder, moveOrder } from '../orders/order-state';
import { orderView } from '../orders/order-view';
import { ProviderError } from './provider';
import { recordOrphanRefund, requestRefund } from './refunds.service';

/** Provider trouble the shopper can do nothing about: a 503 with a plain message, details in the log. */
export function providerFailure(ctx: AppContext, err: unknown): never {
  if (err instanceof ProviderError) {
    ctx.log.error({ err, provider: ctx.payments.name }, 'payment provider call failed');
    throw new AppError('unavailable', MESSAGES.paymentUnavailable);
  }
  throw err;
}

async function ownOrder(ctx: AppContext, userId: number, orderId: number) {
  const [order] = await ctx.db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  if (!order) throw notFound(MESSAGES.orderNotFound);
  return order;
}

/**
 * Starts or resumes paying a `created` order: one provider order per shop
 * order, reused while it can still be paid (decisions §6).
 */
export async function startPayment(ctx: AppContext, user: User, orderId: number): Promise<PaymentStart> {
  let order = await ownOrder(ctx, user.id, orderId);
  if (order.status !== 'created') {
    throw new AppError('conflict', order.paymentId ? MESSAGES.orderAlreadyPaid : MESSAGES.cannotPay);
  }
  if (!order.providerOrderId) {
    const created = await ctx.payments
      .createOrder({
        amountPaise: order.totalPaise,
        receipt: `order_${order.id}`,
        notes: { shop_order_id: String(order.id) },
      })
      .catch((err: unknown) => providerFailure(ctx, err));
    // Two tabs may race here: the first provider order stored wins, the other is never used.
    await ctx.db.transaction(async (tx) => {
      const locked = await lockOrder(tx, order.id);
      if (locked.providerOrderId) return;
      await tx
        .update(orders)
        .set({ providerOrderId: created.id, provider: ctx.payments.name, updatedAt: sql`now()` })
        .where(eq(orders.id, order.id));
      await tx.insert(payments).values({
        orderId: order.id,
        provider: ctx.payments.name,
        providerOrderId: created.id,
        amountPaise: order.totalPaise,
        status: 'created',
      });
    });
    order = await ownOrder(ctx, user.id, orderId);
  }
  const phone = order.phone || user.phone;
  return {
    order_id: order.id,
    key: ctx.payments.keyId,
    provider_order_id: order.providerOrderId!,
    amount: order.totalPaise,
    currency: 'INR',
    name: ctx.env.SHOP_NAME,
    description: `Order #${order.id}`,
    prefill: { name: order.name || user.name, email: user.email, contact: phone ? `+91${phone}` : '' },
    script_url: ctx.payments.checkoutScriptUrl,
  };
}

export interface PaymentFacts {
  providerOrderId: string;
  paymentId: string;
  amountPaise?: number;
  method?: string | null;
  /** 'captured' moves the order to packaging; 'authorized' only to payment_pending. */
  state: 'captured' | 'authorized';
  source: 'browser' | 'webhook' | 'reconcile';
}

/**
 * Applies a verified payment inside a transaction. Answers whether the order
 * became paid now (so the caller sends the mail and invoice after commit).
 * Never moves an order backwards: a late or second payment is only recorded.
 */
export async function applyPayment(
  ctx: AppContext,
  tx: DbOrTx,
  facts: PaymentFacts,
): Promise<'paid' | 'pending' | 'orphaned' | 'nothing'> {
  const [found] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.providerOrderId, facts.providerOrderId));
  if (!found) return 'nothing';
  const order = await lockOrder(tx, found.id);

  const status = facts.state === 'captured' ? 'captured' : 'authorized';
  await tx
    .insert(payments)
    .values({
      orderId: order.id,
      provider: ctx.payments.name,
      providerOrderId: facts.providerOrderId,
      providerPaymentId: facts.paymentId,
      amountPaise: facts.amountPaise ?? order.totalPaise,
      status,
      method: facts.method ?? null,
    })
    .onConflictDoUpdate({
      target: payments.providerPaymentId,
      set: {
        status: sql`case when ${payments.status} = 'captured' then 'captured' else ${status} end`,
        updatedAt: sql`now()`,
      },
    });
  await tx
    .delete(payments)
    .where(
      and(eq(payments.orderId, order.id), eq(payments.status, 'created'), sql`${payments.providerPaymentId} is null`),
    );

  if (facts.state === 'authorized') {
    if (order.status !== 'created') return 'nothing';
    await moveOrder(tx, order, 'payment_pending', { actor: facts.source, note: facts.paymentId });
    return 'pending';
  }
  if (order.paymentId === facts.paymentId) return 'nothing'; // told twice
  if (order.paymentId || order.status === 'user_cancelled' || order.status === 'store_cancelled') {
    // A second payment of a paid order, or money for an order the shop cancelled: it goes back.
    return (await recordOrphanRefund(tx, order, facts.paymentId)) ? 'orphaned' : 'nothing';
  }
  if (order.status !== 'created' && order.status !== 'payment_pending') return 'nothing';
  const invoiceNumber = await allocateInvoiceNumber(tx, order.id, ctx.env.INVOICE_PREFIX);
  await moveOrder(tx, order, 'packaging', {
    actor: facts.source,
    note: facts.paymentId,
    changes: { paymentId: facts.paymentId, paidAt: new Date(), invoiceNumber },
  });
  // What sells, shows first under 'popular'.
  const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, order.id));
  for (const line of lines) {
    if (line.productId === null) continue;
    await tx
      .update(products)
      .set({ popularity: sql`${products.popularity} + ${line.quantity}` })
      .where(eq(products.id, line.productId));
  }
  await catalogChanged(tx); // the 'popular' order moved
  return 'paid';
}

/** The browser's report of a payment (decisions §3): believed only with a valid signature. */
export async function confirmPayment(ctx: AppContext, user: User, body: PaymentStatusBody): Promise<Order> {
  const order = await ownOrder(ctx, user.id, body.order_id);
  if (order.paymentId === body.payment_id) return orderView(ctx.db, order.id, ctx.secret); // a repeat: no-op
  if (!order.providerOrderId || order.providerOrderId !== body.provider_order_id) {
    throw new AppError('invalid', MESSAGES.paymentInvalid, ['The payment does not belong to this order']);
  }
  if (!ctx.payments.verifyPaymentSignature(body.provider_order_id, body.payment_id, body.signature)) {
    throw new AppError('invalid', MESSAGES.paymentInvalid, ['The payment signature does not match']);
  }
  const outcome = await ctx.db.transaction((tx) =>
    applyPayment(ctx, tx, {
      providerOrderId: body.provider_order_id,
      paymentId: body.payment_id,
      state: 'captured',
      source: 'browser',
    }),
  );
  await afterPayment(ctx, order.id, outcome);
  const view = await orderView(ctx.db, order.id, ctx.secret);
  if (view.payment_id !== body.payment_id) {
    throw new AppError('conflict', view.payment_id ? MESSAGES.orderAlreadyPaid : MESSAGES.cannotPay);
  }
  return view;
}

/** What follows a committed payment: mail and invoice for a new order, a refund for an orphaned payment. */
export async function afterPayment(
  ctx: AppContext,
  orderId: number,
  outcome: Awaited<ReturnType<typeof applyPayment>>,
) {
  if (outcome === 'paid') {
    ctx.cache.invalidate(); // popularity changed
    await afterOrderEvent(ctx, orderId, 'paid');
  }
  if (outcome === 'orphaned') {
    await requestRefund(ctx, orderId).catch((err: unknown) =>
      ctx.log.error({ err, orderId }, 'refund of a payment for a cancelled order failed; the job retries'),
    );
  }
}
