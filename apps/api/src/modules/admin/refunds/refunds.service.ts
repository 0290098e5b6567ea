import {
  toPaise,
  toRupees,
  type GoodwillRefundBody,
  type RefundActionResponse,
  type RefundIssue,
  type RefundIssues,
} from '@shop/contract';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { UnitOfWork } from '../../../context';
import { rows } from '../../../db/client';
import { isQueued } from '../../../outbox/outbox';
import { paymentIncidents, payments, refunds } from '../../payments/payments.schema';
import { AppError, notFound } from '../../../lib/errors';
import { receiptOf, recordRefund, recordTransfer } from '../../payments/refunds';
import { lockOrder } from '../../orders/order-lock';
import { audit } from '../../audit/audit.service';
import { fireOrderEvent, settleIfCredited } from '../../orders/lifecycle/fire';
import { goodwillKey } from '../../orders/lifecycle/steps';

/** The key of a failed refund's retry: one retry per failed refund, however often it is clicked. */
const retryKey = (refundId: number) => `retry:${refundId}`;

/**
 * Refunds that need a person (docs/back-office.md): ours the provider failed
 * (not yet retried), ours still unsettled after REFUND_PENDING_DAYS, and the
 * provider's reports of money moved outside the shop (its dashboard, a
 * dispute, a payment of the wrong amount) still open. Newest first.
 */
export async function listRefundIssues(work: UnitOfWork): Promise<RefundIssues> {
  const days = work.app.env.REFUND_PENDING_DAYS;
  const ours = await rows<{
    id: number;
    order_id: number;
    amount_paise: number;
    status: 'failed' | 'pending';
    method: 'provider' | 'transfer' | 'credit';
    error: string | null;
    provider_refund_id: string | null;
    created_at: string | Date;
  }>(
    work.db,
    sql`select r.id, r.order_id, r.amount_paise, r.status, r.method, r.error, r.provider_refund_id, r.created_at
        from ${refunds} r
        where (r.status = 'failed' and not exists (
                 select 1 from ${refunds} again where again.idempotency_key = 'retry:' || r.id))
           or (r.status = 'pending' and r.method = 'provider' and r.created_at < now() - make_interval(days => ${days}))
           or (r.status = 'pending' and r.method = 'transfer')
        order by r.id desc limit 200`,
  );
  const incidents = await work.db
    .select()
    .from(paymentIncidents)
    .where(
      and(
        eq(paymentIncidents.status, 'open'),
        or(
          inArray(paymentIncidents.kind, ['refund_outside', 'dispute', 'amount_mismatch']),
          sql`${paymentIncidents.orderId} is null`,
        ),
      ),
    )
    .orderBy(sql`${paymentIncidents.id} desc`)
    .limit(200);
  const data: RefundIssue[] = [
    ...ours.map((r): RefundIssue => ({
      kind: r.method === 'transfer' && r.status === 'pending' ? 'transfer' : r.status,
      refund_id: r.id,
      incident_id: null,
      order_id: r.order_id,
      amount: toRupees(r.amount_paise),
      reason:
        r.error ??
        (r.method === 'transfer'
          ? 'cash on delivery: pay it back by bank transfer or UPI, then record the UTR'
          : r.status === 'pending'
            ? `not settled by the provider after ${days} days`
            : ''),
      provider_ref: r.provider_refund_id,
      created_at: new Date(r.created_at).toISOString(),
    })),
    ...incidents.map((i): RefundIssue => ({
      kind: 'outside',
      refund_id: null,
      incident_id: i.id,
      order_id: i.orderId,
      amount: i.amountPaise === null ? null : toRupees(i.amountPaise),
      reason: [i.kind.replace(/_/g, ' '), i.providerStatus, i.reason].filter(Boolean).join(' · '),
      provider_ref: i.providerRef,
      created_at: i.createdAt.toISOString(),
    })),
  ].sort((a, b) => b.created_at.localeCompare(a.created_at));
  return { data, pending_days: days };
}

/**
 * Retries a refund (admin only): a failed one is recorded again under its
 * retry key (so two clicks ask once) and asked of the provider through the
 * outbox, its incidents resolved; a pending one not yet placed is asked
 * again (the provider is first asked whether it has it, by its receipt), a
 * placed one is followed up at once. Order row locked, audited.
 */
export async function retryRefund(work: UnitOfWork, refundId: number, note: string): Promise<RefundActionResponse> {
  return work.transaction(async (w) => {
    const [first] = await w.db.select().from(refunds).where(eq(refunds.id, refundId));
    if (!first) throw notFound('Refund not found');
    const order = await lockOrder(w.db, first.orderId);
    const [refund] = await w.db.select().from(refunds).where(eq(refunds.id, refundId)).for('update');
    if (!refund || refund.status === 'processed') throw new AppError('conflict', 'This refund has been paid back');
    if (refund.method === 'transfer') {
      throw new AppError('conflict', 'The shop pays this refund by its own transfer: record its UTR once it is made');
    }
    let repeated = false;
    if (refund.status === 'failed') {
      const [earlier] = await w.db
        .select()
        .from(refunds)
        .where(eq(refunds.idempotencyKey, retryKey(refund.id)));
      repeated = !!earlier;
      const [payment] = await w.db.select().from(payments).where(eq(payments.id, refund.paymentId));
      await recordRefund(w, order, {
        amountPaise: refund.amountPaise,
        reason: refund.reason,
        key: retryKey(refund.id),
        providerPaymentId: payment!.providerPaymentId ?? undefined,
      });
      await w.db
        .update(paymentIncidents)
        .set({ status: 'resolved', updatedAt: sql`now()` })
        .where(
          and(
            inArray(paymentIncidents.kind, ['refund_failed', 'refund_request_failed']),
            inArray(paymentIncidents.providerRef, [
              receiptOf(refund.id),
              ...(refund.providerRefundId ? [refund.providerRefundId] : []),
            ]),
          ),
        );
    } else if (refund.providerRefundId) {
      await w.db
        .update(refunds)
        .set({ nextCheckAt: sql`now()` })
        .where(eq(refunds.id, refund.id));
    } else {
      repeated = await isQueued(w.db, 'refund.request', 'refundId', refund.id);
      if (!repeated) await w.emit('refund.recorded', { refundId: refund.id });
    }
    await audit(w, {
      action: 'refund.retry',
      entityType: 'order',
      entityId: order.id,
      before: { refund: refund.id, status: refund.status, error: refund.error },
      after: { retried: !repeated },
      note: note || null,
    });
    return {
      message: repeated
        ? 'This refund is already being asked again'
        : 'The refund has been asked of the provider again',
      repeated,
    };
  });
}

/** Marks a provider's report dealt with (admin only), audited on its order when it has one. */
export async function resolveIncident(work: UnitOfWork, id: number, note: string): Promise<RefundActionResponse> {
  return work.transaction(async (w) => {
    const [incident] = await w.db.select().from(paymentIncidents).where(eq(paymentIncidents.id, id)).for('update');
    if (!incident) throw notFound('Incident not found');
    if (incident.status === 'resolved') return { message: 'Already marked resolved', repeated: true };
    await w.db
      .update(paymentIncidents)
      .set({ status: 'resolved', updatedAt: sql`now()` })
      .where(eq(paymentIncidents.id, id));
    await audit(w, {
      action: 'incident.resolve',
      entityType: 'order',
      entityId: incident.orderId ?? `incident:${id}`,
      before: { status: 'open', kind: incident.kind, provider_ref: incident.providerRef },
      after: { status: 'resolved' },
      note: note || null,
    });
    return { message: 'Marked resolved', repeated: false };
  });
}

/**
 * A goodwill refund (admins, docs/product.md 'After the sale'): an amount given back outside a
 * return, up to what is left of the payment, with the reason the shopper is
 * mailed; through the lifecycle (a part leaves the order where it was, all of
 * it takes it to 'refund progress'), audited. The order's row is locked
 * first: a second submit of the same page waits, finds the refund recorded
 * under its key and does nothing twice.
 */
export async function goodwillRefund(
  work: UnitOfWork,
  orderId: number,
  body: GoodwillRefundBody,
): Promise<{ repeated: boolean }> {
  return work.transaction(async (w) => {
    const before = await lockOrder(w.db, orderId);
    const key = goodwillKey(orderId, body.request_key);
    const [earlier] = await w.db.select({ id: refunds.id }).from(refunds).where(eq(refunds.idempotencyKey, key));
    if (earlier) return { repeated: true };
    const amountPaise = toPaise(body.amount);
    const fired = await fireOrderEvent(w, orderId, {
      type: 'goodwill_refund',
      amountPaise,
      note: body.reason,
      idempotencyKey: body.request_key,
      refundTo: body.refund_to,
    });
    const { order } = await settleIfCredited(w, fired);
    await audit(w, {
      action: 'order.goodwill_refund',
      entityType: 'order',
      entityId: orderId,
      before: { status: before.status },
      after: { status: order.status, amount: body.amount, refund_to: body.refund_to },
      note: body.reason,
    });
    return { repeated: false };
  });
}

/** A COD order's refund the owner has transferred, recorded with its UTR (admins), audited on its order. */
export async function transferMade(
  work: UnitOfWork,
  refundId: number,
  reference: string,
): Promise<RefundActionResponse> {
  return work.transaction(async (w) => {
    const { orderId, repeated } = await recordTransfer(w, refundId, reference);
    if (!repeated) {
      await audit(w, {
        action: 'refund.transfer',
        entityType: 'order',
        entityId: orderId,
        before: { refund: refundId, status: 'pending' },
        after: { status: 'processed', reference },
        note: null,
      });
    }
    return {
      message: repeated
        ? 'This refund was already recorded as paid'
        : `Refund recorded as paid by transfer ${reference}`,
      repeated,
    };
  });
}
