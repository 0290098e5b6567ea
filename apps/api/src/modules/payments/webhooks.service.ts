import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { orders, payments, webhookEvents } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { afterOrderEvent } from '../orders/notifications';
import { afterPayment, applyPayment } from './payments.service';
import { settleRefundIn } from './refunds.service';

interface PaymentEntity {
  id: string;
  order_id: string;
  amount?: number;
  status?: string;
  method?: string | null;
}
interface RefundEntity {
  id: string;
  payment_id: string;
}
interface WebhookEvent {
  event: string;
  payload: { payment?: { entity: PaymentEntity }; refund?: { entity: RefundEntity } };
}

const badWebhook = (why: string) => new AppError('invalid', 'Invalid webhook', [why]);

export type WebhookOutcome = 'applied' | 'duplicate' | 'ignored';

/**
 * A provider event (decisions §3): verified on the raw body, stored by its id
 * so a replay changes nothing, applied in the same transaction, and never
 * moving an order backwards.
 */
export async function handleWebhook(
  ctx: AppContext,
  rawBody: Buffer,
  signature: string | undefined,
  eventIdHeader: string | undefined,
): Promise<WebhookOutcome> {
  if (!signature || !ctx.payments.verifyWebhookSignature(rawBody, signature)) {
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

  const result = await ctx.db.transaction(async (tx) => {
    const stored = await tx
      .insert(webhookEvents)
      .values({ provider: ctx.payments.name, eventId, eventType: event.event, payload: event })
      .onConflictDoNothing()
      .returning({ id: webhookEvents.id });
    if (stored.length === 0) return { outcome: 'duplicate' as const };
    const done = () =>
      tx
        .update(webhookEvents)
        .set({ processedAt: sql`now()` })
        .where(eq(webhookEvents.id, stored[0]!.id));

    switch (event.event) {
      case 'payment.captured':
      case 'order.paid':
      case 'payment.authorized': {
        if (!payment?.id || !payment.order_id) throw badWebhook('The event carries no payment');
        const paid = await applyPayment(ctx, tx, {
          providerOrderId: payment.order_id,
          paymentId: payment.id,
          amountPaise: payment.amount,
          method: payment.method ?? null,
          state: event.event === 'payment.authorized' ? 'authorized' : 'captured',
          source: 'webhook',
        });
        const [order] = await tx
          .select({ id: orders.id })
          .from(orders)
          .where(eq(orders.providerOrderId, payment.order_id));
        await done();
        return { outcome: 'applied' as const, paid, orderId: order?.id };
      }
      case 'payment.failed': {
        if (!payment?.id || !payment.order_id) throw badWebhook('The event carries no payment');
        const [order] = await tx.select().from(orders).where(eq(orders.providerOrderId, payment.order_id));
        if (order) {
          await tx
            .insert(payments)
            .values({
              orderId: order.id,
              provider: ctx.payments.name,
              providerOrderId: payment.order_id,
              providerPaymentId: payment.id,
              amountPaise: payment.amount ?? order.totalPaise,
              status: 'failed',
              method: payment.method ?? null,
            })
            .onConflictDoNothing();
        }
        await done();
        return { outcome: 'applied' as const };
      }
      case 'refund.processed': {
        if (!refund?.id || !refund.payment_id) throw badWebhook('The event carries no refund');
        const refundedOrder = await settleRefundIn(tx, { id: refund.id, paymentId: refund.payment_id });
        await done();
        return { outcome: 'applied' as const, refundedOrder };
      }
      default:
        await done();
        return { outcome: 'ignored' as const };
    }
  });

  if (result.outcome === 'applied' && 'paid' in result && result.orderId !== undefined) {
    await afterPayment(ctx, result.orderId, result.paid);
  }
  if ('refundedOrder' in result && result.refundedOrder != null) {
    await afterOrderEvent(ctx, result.refundedOrder, 'refunded');
  }
  return result.outcome;
}
