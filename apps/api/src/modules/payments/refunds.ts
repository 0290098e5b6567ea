import { formatRupees, toRupees } from '@shop/contract';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { UnitOfWork } from '../../context';
import { rows, type DbOrTx } from '../../db/client';
import type { REFUND_REASONS } from './payments.schema';
import { payments, refunds } from './payments.schema';
import { AppError, invalid, notFound } from '../../lib/errors';
import { fireOrderEvent } from '../orders/lifecycle/fire';
import { may } from '../orders/lifecycle/may';
import { lockOrder } from '../orders/order-lock';
import type { ProviderRefund } from './provider';
import type { OrderRow } from '../orders/order-state';
import type { RefundTo } from '../orders/hooks';
import { recordIncident } from './incidents';
import { CASH_PROVIDER } from './cash';
import { CREDIT_PROVIDER, creditPaymentId } from './credit-payment';
import { addCredit } from '../credit/credit.service';

export type RefundRow = typeof refunds.$inferSelect;
export type RefundReason = (typeof REFUND_REASONS)[number];

/** What a credit paid from a refund says in the account. */
const REFUND_WORDS: Record<RefundReason, string> = {
  cancel: 'Refund for the cancelled order',
  shop_cancel: 'Refund for the cancelled order',
  return: 'Refund for the return',
  goodwill: 'Refund',
  orphan: 'Refund of a second payment',
};

/** Our refund's id travels as its receipt, so a retry finds a refund the provider already made. */
export const receiptOf = (refundId: number) => `refund_${refundId}`;
const refundIdOfReceipt = (receipt: string | null | undefined) => {
  const m = /^refund_(\d+)$/.exec(receipt ?? '');
  return m ? Number(m[1]) : null;
};

type PaymentRow = typeof payments.$inferSelect;

/**
 * Records money owed back on the order's payments, inside the caller's
 * transaction with the order's row locked, so that refunds of a payment never
 * add up to more than it captured. What was paid goes back first, online or
 * (cash collected at the door) by the shop's transfer; store credit spent on
 * the order goes back last, into credit. Paid `to` store credit instead, the
 * credit part is taken first and all of it goes into the account's credit
 * (an account's order only), paid at once. A second payment ('orphan') names
 * its own. One refund per key: the same key again (a double click, a
 * replayed event) answers the refund already recorded and asks nothing more.
 * The provider is asked after the commit ('refund.recorded'); cash is the
 * shop's own to transfer back (`recordTransfer`). Answers the first refund's
 * id, or null when nothing is left to refund.
 */
export async function recordRefund(
  work: UnitOfWork,
  order: OrderRow,
  r: { amountPaise: number | 'rest'; reason: RefundReason; key: string; providerPaymentId?: string; to?: RefundTo },
): Promise<number | null> {
  const [earlier] = await work.db.select().from(refunds).where(eq(refunds.idempotencyKey, r.key));
  if (earlier) return earlier.id;
  const paid = await paymentsToRefund(work, order, r);
  const owed = await rows<{ payment_id: number; owed: number }>(
    work.db,
    sql`select payment_id, coalesce(sum(amount_paise), 0)::int as owed from ${refunds}
        where payment_id in (${sql.join(
          paid.map((p) => sql`${p.id}`),
          sql`, `,
        )}) and status <> 'failed' group by payment_id`,
  );
  const leftOf = (p: PaymentRow) => p.amountPaise - Number(owed.find((o) => o.payment_id === p.id)?.owed ?? 0);
  const left = paid.reduce((n, p) => n + leftOf(p), 0);
  const amount = r.amountPaise === 'rest' ? left : r.amountPaise;
  if (r.amountPaise === 'rest' && amount <= 0) return null;
  if (!Number.isInteger(amount) || amount < 100)
    throw invalid(['A refund must be a whole number of paise, at least ₹1']);
  if (amount > left) {
    throw invalid([
      `A refund of ${formatRupees(toRupees(amount))} is more than is left of the payment (${formatRupees(toRupees(left))})`,
    ]);
  }
  let ids: number[] = [];
  let due = amount;
  for (const payment of paid) {
    const part = Math.min(due, leftOf(payment));
    if (part <= 0) continue;
    due -= part;
    ids = [
      ...ids,
      await refundPart(work, order, r, payment, part, ids.length === 0 ? r.key : `${r.key}:${payment.id}`),
    ];
  }
  return ids[0]!;
}

/** The payments a refund is taken from, in turn: the order's own (or the one named), then its store credit. */
async function paymentsToRefund(
  work: UnitOfWork,
  order: OrderRow,
  r: { providerPaymentId?: string; to?: RefundTo },
): Promise<PaymentRow[]> {
  const named = r.providerPaymentId ?? order.paymentId;
  const credit = !r.providerPaymentId && order.creditPaise > 0 ? creditPaymentId(order.id) : null;
  // An order its credit paid in full has that payment as its own.
  const wanted = [...(named ? [named] : []), ...(credit && credit !== named ? [credit] : [])];
  const found = wanted.length
    ? await work.db.select().from(payments).where(inArray(payments.providerPaymentId, wanted))
    : [];
  const paid = wanted.flatMap((id) => found.filter((p) => p.providerPaymentId === id && p.orderId === order.id));
  if (paid.length === 0 || (named && paid[0]!.providerPaymentId !== named))
    throw new AppError('conflict', `Order #${order.id} has no such payment`);
  // Into credit, the credit spent is taken first: what was paid stays to be given back to it later.
  return r.to === 'credit' ? [...paid].reverse() : paid;
}

/** One payment's part of a refund: through its provider, by the shop's transfer (cash), or into credit. */
async function refundPart(
  work: UnitOfWork,
  order: OrderRow,
  r: { reason: RefundReason; to?: RefundTo },
  payment: PaymentRow,
  amount: number,
  key: string,
): Promise<number> {
  // Credit spent goes back into credit; cash collected at the door is no provider's to give back:
  // the shop transfers it and records the UTR.
  const method =
    r.to === 'credit' || payment.provider === CREDIT_PROVIDER
      ? 'credit'
      : payment.provider === CASH_PROVIDER
        ? 'transfer'
        : 'provider';
  const [inserted] = await work.db
    .insert(refunds)
    .values({
      orderId: order.id,
      paymentId: payment.id,
      idempotencyKey: key,
      reason: r.reason,
      method,
      amountPaise: amount,
      status: method === 'credit' ? 'processed' : 'pending',
    })
    .returning({ id: refunds.id });
  if (method === 'provider') await work.emit('refund.recorded', { refundId: inserted!.id });
  if (method === 'credit') {
    await addCredit(work, {
      userId: order.userId,
      source: 'refund',
      amountPaise: amount,
      reason: `${REFUND_WORDS[r.reason]} of order #${order.id}`,
      orderId: order.id,
      refundId: inserted!.id,
    });
  }
  return inserted!.id;
}

/** The orders' refunds, oldest first (an order's view and mails, through AppContext.orderHooks). */
export function refundsOf(db: DbOrTx, orderIds: number[]): Promise<RefundRow[]> {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db.select().from(refunds).where(inArray(refunds.orderId, orderIds)).orderBy(asc(refunds.id));
}

/** The outbox gave up asking: the refund stays owed, and the staff are told. */
export async function refundRequestGaveUp(work: UnitOfWork, refundId: number, error: string): Promise<void> {
  const [row] = await work.db.select().from(refunds).where(eq(refunds.id, refundId));
  if (row && row.status === 'pending' && !row.providerRefundId) {
    await failRefund(work, row, {
      status: 'not_requested',
      reason: error,
      paymentId: null,
      kind: 'refund_request_failed',
    });
  }
}

export async function failRefund(
  work: UnitOfWork,
  refund: RefundRow,
  how: { status: string; reason: string; paymentId: string | null; kind?: 'refund_failed' | 'refund_request_failed' },
) {
  await work.transaction(async (w) => {
    await w.db
      .update(refunds)
      .set({ status: 'failed', error: how.reason.slice(0, 500), updatedAt: sql`now()` })
      .where(eq(refunds.id, refund.id));
    await recordIncident(w, {
      kind: how.kind ?? 'refund_failed',
      orderId: refund.orderId,
      providerPaymentId: how.paymentId,
      providerRef: refund.providerRefundId ?? receiptOf(refund.id),
      amountPaise: refund.amountPaise,
      currency: 'INR',
      providerStatus: how.status,
      reason: how.reason,
    });
  });
}

/** Our refund the provider reports on: by its id, its receipt, or the one unplaced refund of that amount. */
export async function findRefund(
  work: UnitOfWork,
  refund: Pick<ProviderRefund, 'id' | 'paymentId' | 'amountPaise' | 'receipt'>,
) {
  const [byId] = await work.db.select().from(refunds).where(eq(refunds.providerRefundId, refund.id));
  if (byId) return byId;
  const ours = refundIdOfReceipt(refund.receipt);
  if (ours !== null) {
    const [byReceipt] = await work.db.select().from(refunds).where(eq(refunds.id, ours));
    if (byReceipt) return byReceipt;
  }
  const unplaced = await work.db
    .select({ refund: refunds })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(
      and(
        eq(payments.providerPaymentId, refund.paymentId),
        isNull(refunds.providerRefundId),
        eq(refunds.amountPaise, refund.amountPaise),
      ),
    );
  return unplaced.length === 1 ? unplaced[0]!.refund : undefined;
}

/** The provider could not pay a refund back (`refund.failed`): the staff must act. */
export async function refundFailed(work: UnitOfWork, refund: ProviderRefund, reason: string): Promise<void> {
  const found = await findRefund(work, refund);
  if (!found) {
    await recordIncident(work, {
      kind: 'refund_failed',
      providerPaymentId: refund.paymentId,
      providerRef: refund.id,
      amountPaise: refund.amountPaise,
      providerStatus: 'failed',
      reason,
    });
    return;
  }
  if (found.status === 'processed') return;
  await failRefund(
    work,
    { ...found, providerRefundId: refund.id },
    { status: 'failed', reason, paymentId: refund.paymentId },
  );
}

/** A refund made outside the shop (the provider's dashboard): recorded for the staff. */
export async function outsideRefund(work: UnitOfWork, refund: ProviderRefund): Promise<void> {
  const [payment] = await work.db.select().from(payments).where(eq(payments.providerPaymentId, refund.paymentId));
  await recordIncident(work, {
    kind: 'refund_outside',
    orderId: payment?.orderId ?? null,
    providerPaymentId: refund.paymentId,
    providerRef: refund.id,
    amountPaise: refund.amountPaise,
    currency: 'INR',
    providerStatus: refund.status,
    reason: 'a refund the shop did not ask for',
  });
}

/**
 * The owner transferred a cash-on-delivery order's refund (bank or UPI) and
 * records its reference (a UTR): the refund is paid back, and the order is
 * refunded once every refund its moves asked for is (as the provider's
 * settlement does for an online payment). The order's row is locked; the
 * same refund again answers that it was recorded.
 */
export async function recordTransfer(
  work: UnitOfWork,
  refundId: number,
  reference: string,
): Promise<{ orderId: number; repeated: boolean }> {
  return work.transaction(async (w) => {
    const [first] = await w.db.select({ orderId: refunds.orderId }).from(refunds).where(eq(refunds.id, refundId));
    if (!first) throw notFound('Refund not found');
    const order = await lockOrder(w.db, first.orderId);
    const [refund] = await w.db.select().from(refunds).where(eq(refunds.id, refundId)).for('update');
    if (refund!.method !== 'transfer') throw new AppError('conflict', 'This refund goes back through the provider');
    if (refund!.status === 'processed') return { orderId: order.id, repeated: true };
    await w.db
      .update(refunds)
      .set({ status: 'processed', reference, error: null, updatedAt: sql`now()` })
      .where(eq(refunds.id, refundId));
    const settle = { type: 'settle_refund', refundId, note: `transfer ${reference}` } as const;
    if (await may(w, order, settle)) await fireOrderEvent(w, order.id, settle);
    return { orderId: order.id, repeated: false };
  });
}
