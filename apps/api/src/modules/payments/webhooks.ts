import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { UnitOfWork } from '../../context';
import { orderOfProviderOrder } from '../orders/order-payment';
import { payableOf } from '../orders/money';
import { payments, refunds, webhookEvents } from './payments.schema';
import { AppError } from '../../lib/errors';
import type { ProviderRefund } from './provider';
import { recordIncident } from './incidents';
import { applyPayment } from './payment-facts';
import { outsideRefund, refundFailed } from './refunds';
import { settleRefund } from './refund-settlement';

interface PaymentEntity {
  id: string;
  order_id?: string | null;
  amount?: number;
  currency?: string;
  status?: string;
  method?: string | null;
  amount_refunded?: number;
}
interface RefundEntity {
  id: string;
  payment_id: string;
  amount?: number;
  status?: string;
  receipt?: string | null;
}
interface DisputeEntity {
  id: string;
  payment_id?: string;
  amount?: number;
  currency?: string;
  status?: string;
  reason_code?: string;
  reason_description?: string;
}
interface WebhookEvent {
  event: string;
  payload?: {
    payment?: { entity: PaymentEntity };
    refund?: { entity: RefundEntity };
    dispute?: { entity: DisputeEntity };
  };
}

const badWebhook = (why: string) => new AppError('invalid', 'Invalid webhook', [why]);

export type WebhookOutcome = 'applied' | 'duplicate' | 'ignored';

const toRefund = (r: RefundEntity, status: ProviderRefund['status']): ProviderRefund => ({
  id: r.id,
  paymentId: r.payment_id,
  amountPaise: r.amount ?? 0,
  status,
  receipt: r.receipt ?? null,
});

/**
 * A provider event: verified on the raw body, stored by its id so a replay
 * changes nothing, and applied in the same transaction (effects such as
 * mails follow through the outbox). Payments pay an order only with the
 * order's amount and currency; refunds and disputes the shop did not ask
 * for are recorded for the staff.
 */
export async function handleWebhook(
  work: UnitOfWork,
  rawBody: Buffer,
  signature: string | undefined,
  eventIdHeader: string | undefined,
): Promise<WebhookOutcome> {
  const { payments: provider } = work.app;
  if (!signature || !provider.verifyWebhookSignature(rawBody, signature)) {
    throw badWebhook('The webhook signature does not match');
  }
  let event: WebhookEvent;
  try {
    event = JSON.parse(rawBody.toString('utf8')) as WebhookEvent;
  } catch {
    throw badWebhook('The webhook body is not JSON');
  }
  if (typeof event?.event !== 'string') throw badWebhook('The webhook names no event');
  const eventId = eventIdHeader?.slice(0, 100) || createHash('sha256').update(rawBody).digest('hex');
  const payment = event.payload?.payment?.entity;
  const refund = event.payload?.refund?.entity;
  const needPayment = () => {
    if (!payment?.id) throw badWebhook('The event carries no payment');
    return payment;
  };
  const needRefund = () => {
    if (!refund?.id || !refund.payment_id) throw badWebhook('The event carries no refund');
    return refund;
  };

  return work.as({ kind: 'provider', via: 'webhook' }).transaction(async (w) => {
    const stored = await w.db
      .insert(webhookEvents)
      .values({ provider: provider.name, eventId, eventType: event.event, payload: event })
      .onConflictDoNothing()
      .returning({ id: webhookEvents.id });
    if (stored.length === 0) return 'duplicate';

    let outcome: WebhookOutcome = 'applied';
    switch (event.event) {
      case 'payment.captured':
      case 'order.paid':
      case 'payment.authorized': {
        const p = needPayment();
        if (!p.order_id) throw badWebhook('The payment names no order');
        await applyPayment(w, {
          providerOrderId: p.order_id,
          paymentId: p.id,
          amountPaise: p.amount ?? 0,
          currency: p.currency ?? '',
          method: p.method ?? null,
          state: event.event === 'payment.authorized' ? 'authorized' : 'captured',
        });
        break;
      }
      case 'payment.failed':
        await recordFailedPayment(w, needPayment());
        break;
      case 'refund.processed':
        await settleRefund(w, toRefund(needRefund(), 'processed'));
        break;
      case 'refund.failed':
        await refundFailed(w, toRefund(needRefund(), 'failed'), 'the provider reports the refund failed');
        break;
      case 'refund.created':
      case 'payment.refunded':
        outcome = (await noticeRefund(w, refund, payment)) ? 'applied' : 'ignored';
        break;
      default:
        if (event.event.startsWith('payment.dispute.')) await recordDispute(w, event);
        else outcome = 'ignored';
    }
    await w.db
      .update(webhookEvents)
      .set({ processedAt: sql`now()` })
      .where(eq(webhookEvents.id, stored[0]!.id));
    return outcome;
  });
}

async function recordFailedPayment(work: UnitOfWork, payment: PaymentEntity) {
  if (!payment.order_id) return;
  const order = await orderOfProviderOrder(work.db, payment.order_id);
  if (!order) return;
  await work.db
    .insert(payments)
    .values({
      orderId: order.id,
      provider: work.app.payments.name,
      providerOrderId: payment.order_id,
      providerPaymentId: payment.id,
      amountPaise: payment.amount || payableOf(order),
      currency: payment.currency ?? 'INR',
      status: 'failed',
      method: payment.method ?? null,
    })
    .onConflictDoNothing();
}

/**
 * A refund seen from the provider's side (refund.created, payment.refunded):
 * one the shop never asked for (made on the provider's dashboard) is recorded.
 */
async function noticeRefund(work: UnitOfWork, refund: RefundEntity | undefined, payment: PaymentEntity | undefined) {
  if (refund?.id && refund.payment_id) {
    const [ours] = await work.db
      .select({ id: refunds.id })
      .from(refunds)
      .where(eq(refunds.providerRefundId, refund.id));
    const ourReceipt = /^refund_\d+$/.test(refund.receipt ?? '');
    if (ours || ourReceipt) return false;
    await outsideRefund(work, toRefund(refund, refund.status === 'processed' ? 'processed' : 'pending'));
    return true;
  }
  if (!payment?.id || !payment.amount_refunded) return false;
  const [row] = await work.db
    .select({ owed: sql<number>`coalesce(sum(${refunds.amountPaise}), 0)::int`, orderId: payments.orderId })
    .from(payments)
    .leftJoin(refunds, sql`${refunds.paymentId} = ${payments.id} and ${refunds.status} <> 'failed'`)
    .where(eq(payments.providerPaymentId, payment.id))
    .groupBy(payments.orderId);
  const beyond = payment.amount_refunded - Number(row?.owed ?? 0);
  if (beyond <= 0) return false;
  await recordIncident(work, {
    kind: 'refund_outside',
    orderId: row?.orderId ?? null,
    providerPaymentId: payment.id,
    providerRef: `${payment.id}:refunded`,
    amountPaise: beyond,
    currency: payment.currency ?? null,
    providerStatus: payment.status ?? 'refunded',
    reason: 'refunded at the provider beyond what the shop asked',
  });
  return true;
}

/** A chargeback or dispute on a payment (payment.dispute.created, .won, .lost, .closed ...). */
async function recordDispute(work: UnitOfWork, event: WebhookEvent) {
  const dispute = event.payload?.dispute?.entity;
  const paymentId = dispute?.payment_id ?? event.payload?.payment?.entity.id;
  if (!dispute?.id) throw badWebhook('The event carries no dispute');
  const [payment] = paymentId
    ? await work.db.select().from(payments).where(eq(payments.providerPaymentId, paymentId))
    : [];
  await recordIncident(work, {
    kind: 'dispute',
    orderId: payment?.orderId ?? null,
    providerPaymentId: paymentId ?? null,
    providerRef: dispute.id,
    amountPaise: dispute.amount ?? null,
    currency: dispute.currency ?? null,
    providerStatus: dispute.status ?? event.event.slice('payment.dispute.'.length),
    reason: [dispute.reason_code, dispute.reason_description].filter(Boolean).join(': '),
  });
}
