import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { payments, refunds } from '../../db/schema';
import { afterOrderEvent } from '../orders/notifications';
import { lockOrder, moveOrder, type OrderRow } from '../orders/order-state';
import type { ProviderRefund } from './provider';

/** Our refund's id travels as its receipt, so a retry finds a refund the provider already made. */
const receiptOf = (refundId: number) => `refund_${refundId}`;

/**
 * Records, inside the cancelling transaction, that the order's captured
 * payment is owed back in full. One refund per order (a unique index), so a
 * second cancel can never ask twice.
 */
export async function recordRefund(tx: DbOrTx, order: OrderRow): Promise<void> {
  if (!order.paymentId) throw new Error(`Order ${order.id} is paid but has no payment id`);
  const [payment] = await tx.select().from(payments).where(eq(payments.providerPaymentId, order.paymentId));
  if (!payment) throw new Error(`Order ${order.id} has no record of its payment ${order.paymentId}`);
  await tx
    .insert(refunds)
    .values({ orderId: order.id, paymentId: payment.id, amountPaise: order.totalPaise, status: 'pending' })
    .onConflictDoNothing();
}

/** A captured payment for a cancelled, unpaid order: owed back in full. */
export async function recordOrphanRefund(tx: DbOrTx, order: OrderRow, providerPaymentId: string): Promise<boolean> {
  const [payment] = await tx.select().from(payments).where(eq(payments.providerPaymentId, providerPaymentId));
  if (!payment) return false;
  const inserted = await tx
    .insert(refunds)
    .values({ orderId: order.id, paymentId: payment.id, amountPaise: payment.amountPaise, status: 'pending' })
    .onConflictDoNothing()
    .returning({ id: refunds.id });
  return inserted.length > 0;
}

/**
 * Asks the provider for the order's recorded refund, unless it already has it
 * (a retry after a lost answer finds it by its receipt).
 */
export async function requestRefund(ctx: AppContext, orderId: number): Promise<void> {
  const unplaced = await ctx.db
    .select({ refund: refunds, payment: payments })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(and(eq(refunds.orderId, orderId), isNull(refunds.providerRefundId)));
  for (const row of unplaced) {
    const paymentId = row.payment.providerPaymentId;
    if (!paymentId) continue;
    const receipt = receiptOf(row.refund.id);
    const existing = (await ctx.payments.paymentRefunds(paymentId)).find((r) => r.receipt === receipt);
    const refund =
      existing ??
      (await ctx.payments.refund({
        paymentId,
        amountPaise: row.refund.amountPaise,
        receipt,
        notes: { shop_order_id: String(orderId) },
      }));
    await ctx.db
      .update(refunds)
      .set({ providerRefundId: refund.id, status: refund.status, updatedAt: sql`now()` })
      .where(eq(refunds.id, row.refund.id));
    if (refund.status === 'processed') await settleRefund(ctx, refund);
  }
}

/** The provider has paid the shopper back: the refund and its order are done. Answers whether this was news. */
export async function settleRefund(ctx: AppContext, refund: Pick<ProviderRefund, 'id' | 'paymentId'>): Promise<void> {
  const orderId = await ctx.db.transaction((tx) => settleRefundIn(tx, refund));
  if (orderId !== null) await afterOrderEvent(ctx, orderId, 'refunded');
}

/** settleRefund inside the caller's transaction; answers the order id when this was news. */
export async function settleRefundIn(
  tx: DbOrTx,
  refund: Pick<ProviderRefund, 'id' | 'paymentId'>,
): Promise<number | null> {
  let [row] = await tx.select().from(refunds).where(eq(refunds.providerRefundId, refund.id)).for('update');
  if (!row) {
    // The webhook can beat our own record of the provider's refund id.
    const [byPayment] = await tx
      .select({ refund: refunds })
      .from(refunds)
      .innerJoin(payments, eq(payments.id, refunds.paymentId))
      .where(eq(payments.providerPaymentId, refund.paymentId))
      .for('update');
    row = byPayment?.refund;
  }
  if (!row || row.status === 'processed') return null;
  await tx
    .update(refunds)
    .set({ status: 'processed', providerRefundId: refund.id, updatedAt: sql`now()` })
    .where(eq(refunds.id, row.id));
  const order = await lockOrder(tx, row.orderId);
  if (order.status === 'refund_progress' || order.status === 'cancelled_refund') {
    await moveOrder(tx, order, 'refunded', { actor: 'provider', note: `refund ${refund.id}` });
  }
  return order.id;
}

/** The job's part: ask again for refunds never placed, and poll those the provider has not settled. */
export async function followUpRefunds(ctx: AppContext, olderThanMs = 60_000): Promise<void> {
  const unplaced = await ctx.db
    .select({ orderId: refunds.orderId })
    .from(refunds)
    .where(and(isNull(refunds.providerRefundId), eq(refunds.status, 'pending')));
  for (const { orderId } of unplaced) await requestRefund(ctx, orderId);

  const unsettled = await ctx.db
    .select({ refund: refunds, payment: payments })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(and(eq(refunds.status, 'pending'), lt(refunds.updatedAt, new Date(Date.now() - olderThanMs))));
  for (const { refund, payment } of unsettled) {
    if (!refund.providerRefundId || !payment.providerPaymentId) continue;
    const found = (await ctx.payments.paymentRefunds(payment.providerPaymentId)).find(
      (r) => r.id === refund.providerRefundId,
    );
    if (found?.status === 'processed') await settleRefund(ctx, found);
  }
}
