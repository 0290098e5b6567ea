import { eq, sql } from 'drizzle-orm';
import type { UnitOfWork } from '../../context';
import { rows } from '../../db/client';
import { payments, refunds } from './payments.schema';
import { ProviderError, type ProviderRefund } from './provider';
import { fireOrderEvent } from '../orders/lifecycle/fire';
import { may } from '../orders/lifecycle/may';
import { failRefund, findRefund, outsideRefund, receiptOf, refundFailed } from './refunds';
import { lockOrder } from '../orders/order-lock';

/**
 * Refunds between the shop and the provider: asking for them (the outbox's
 * step), settling them when the provider has paid (which may refund the
 * order), and following up those it has not settled yet (the clock's job).
 */

/**
 * The outbox's step for a recorded refund: asks the provider for it unless
 * it already has it (a retry after a lost answer finds it by its receipt).
 * A refusal the provider will repeat (a 4xx) fails the refund at once, for
 * the staff to see; anything else is retried by the outbox with backoff.
 */
export async function requestRefund(work: UnitOfWork, refundId: number): Promise<void> {
  const [row] = await work.db
    .select({ refund: refunds, payment: payments })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(eq(refunds.id, refundId));
  if (!row || row.refund.providerRefundId || row.refund.status !== 'pending' || row.refund.method !== 'provider')
    return;
  const paymentId = row.payment.providerPaymentId;
  if (!paymentId) throw new Error(`refund ${refundId} names a payment without a provider id`);
  const receipt = receiptOf(refundId);
  let refund: ProviderRefund;
  try {
    refund =
      (await work.app.payments.paymentRefunds(paymentId)).find((r) => r.receipt === receipt) ??
      (await work.app.payments.refund({
        paymentId,
        amountPaise: row.refund.amountPaise,
        receipt,
        notes: { shop_order_id: String(row.refund.orderId) },
      }));
  } catch (err) {
    if (err instanceof ProviderError && !err.retryable) {
      await failRefund(work, row.refund, { status: 'refused', reason: err.message, paymentId });
      return;
    }
    throw err;
  }
  await work.db
    .update(refunds)
    .set({
      providerRefundId: refund.id,
      error: null,
      nextCheckAt: sql`now() + interval '1 minute'`,
      updatedAt: sql`now()`,
    })
    .where(eq(refunds.id, refundId));
  const provider = work.as({ kind: 'provider', via: 'api' });
  // Razorpay settles some refunds at once (instant refunds, test mode): the order is refunded now.
  if (refund.status === 'processed') await settleRefund(provider, refund);
  if (refund.status === 'failed') await refundFailed(provider, refund, 'the provider failed the refund at once');
}

/**
 * The provider has paid a refund back. The refund is marked processed, and
 * its order refunded once every refund its move asked for is (refunds of a
 * second payment never move the order). A refund the shop never asked for
 * is recorded for the staff.
 */
export async function settleRefund(work: UnitOfWork, refund: ProviderRefund): Promise<void> {
  const found = await findRefund(work, refund);
  if (!found) return outsideRefund(work, refund);
  await work.transaction(async (w) => {
    const order = await lockOrder(w.db, found.orderId);
    const [row] = await w.db.select().from(refunds).where(eq(refunds.id, found.id)).for('update');
    if (!row || row.status === 'processed') return;
    await w.db
      .update(refunds)
      .set({ status: 'processed', providerRefundId: refund.id, error: null, updatedAt: sql`now()` })
      .where(eq(refunds.id, row.id));
    if (row.reason === 'orphan') return;
    const settle = { type: 'settle_refund', refundId: row.id, note: `refund ${refund.id}` } as const;
    if (await may(w, order, settle)) await fireOrderEvent(w, order.id, settle);
  });
}

/**
 * The clock's part: asks the provider about refunds it has not settled yet.
 * Each is claimed with SKIP LOCKED and its next check pushed back (1, 2, 4
 * ... 60 minutes) before asking, so two processes never ask about the same
 * refund at once, and one that keeps failing waits its turn without
 * holding up the others.
 */
export async function followUpRefunds(work: UnitOfWork, batch = 20): Promise<number> {
  const due = await rows<{ id: number; provider_refund_id: string; provider_payment_id: string }>(
    work.db,
    sql`with due as (
          select r.id from ${refunds} r
          where r.status = 'pending' and r.provider_refund_id is not null and r.next_check_at <= now()
          order by r.next_check_at limit ${batch}
          for update skip locked
        )
        update ${refunds} r set checks = r.checks + 1,
          next_check_at = now() + make_interval(mins => least(power(2, r.checks)::int, 60))
        from due, ${payments} p
        where r.id = due.id and p.id = r.payment_id
        returning r.id, r.provider_refund_id, p.provider_payment_id`,
  );
  const provider = work.as({ kind: 'provider', via: 'reconcile' });
  for (const row of due) {
    try {
      const found = (await work.app.payments.paymentRefunds(row.provider_payment_id)).find(
        (r) => r.id === row.provider_refund_id,
      );
      if (found?.status === 'processed') await settleRefund(provider, found);
      if (found?.status === 'failed') await refundFailed(provider, found, 'the provider reports the refund failed');
    } catch (err) {
      work.log.warn({ err, refundId: row.id }, 'could not follow up a refund; trying later');
    }
  }
  return due.length;
}
