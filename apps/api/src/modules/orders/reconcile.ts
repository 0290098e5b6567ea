import { and, inArray, lt, sql } from 'drizzle-orm';
import type { UnitOfWork } from '../../context';
import { rows } from '../../db/client';
import { orders } from './orders.schema';
import { ProviderError, type ProviderPayment } from '../payments/provider';
import { fireOrderEvent } from './lifecycle/fire';
import { applyPayment } from './money/payment-facts';

const UNPAID = ['created', 'payment_pending'] as const;

/**
 * The clock's adapter: orders still unpaid past their payment window
 * (`created`, or `payment_pending` with an authorised payment not captured)
 * are first reconciled with the provider, which may hold a payment the shop
 * missed (a lost webhook) or one to capture; only an order the provider says
 * is unpaid expires, and its stock goes back. Each order is handled on its
 * own (one the provider cannot answer for is tried next time) and claimed
 * with SKIP LOCKED, so several processes can run this at once.
 */
export async function expireUnpaidOrders(work: UnitOfWork, batch = 50): Promise<number> {
  const due = await work.db
    .select({ id: orders.id, providerOrderId: orders.providerOrderId, totalPaise: orders.totalPaise })
    .from(orders)
    .where(and(inArray(orders.status, [...UNPAID]), lt(orders.paymentDueAt, new Date())))
    .limit(batch);
  let expired = 0;
  for (const order of due) {
    try {
      if (order.providerOrderId && (await reconcile(work, order.providerOrderId, order.totalPaise)) !== 'unpaid') {
        continue;
      }
      const done = await work.transaction(async (w) => {
        const [claimed] = await rows<{ id: number }>(
          w.db,
          sql`select id from orders where id = ${order.id} and status in ('created', 'payment_pending')
              and payment_due_at < now() for update skip locked`,
        );
        if (!claimed) return false;
        await fireOrderEvent(w.as({ kind: 'clock' }), order.id, { type: 'expire' });
        return true;
      });
      if (done) expired += 1;
    } catch (err) {
      work.log.error({ err, orderId: order.id }, 'could not expire an unpaid order; trying next time');
    }
  }
  return expired;
}

/**
 * What the provider knows of a provider order: a captured payment is applied,
 * an authorised one of the right amount captured and applied. 'unknown' when
 * the provider cannot say now (nothing is cancelled on a guess).
 */
export async function reconcile(
  work: UnitOfWork,
  providerOrderId: string,
  totalPaise: number,
): Promise<'paid' | 'unpaid' | 'unknown'> {
  const { payments: provider } = work.app;
  let list: ProviderPayment[];
  try {
    list = await provider.orderPayments(providerOrderId);
  } catch (err) {
    // The provider not knowing the order (e.g. made under other keys) is an answer: nothing was paid.
    if (err instanceof ProviderError && !err.retryable) return 'unpaid';
    work.log.warn({ err, providerOrderId }, 'could not ask the provider about an unpaid order; trying later');
    return 'unknown';
  }
  let payment = list.find((p) => p.status === 'captured') ?? list.find((p) => p.status === 'authorized');
  if (!payment) return 'unpaid';
  if (payment.status === 'authorized') {
    // Of another amount: never captured; the provider lets an uncaptured authorisation lapse.
    if (payment.amountPaise !== totalPaise || payment.currency !== 'INR') return 'unpaid';
    try {
      payment = await provider.capturePayment(payment.id, totalPaise);
    } catch (err) {
      work.log.warn({ err, providerOrderId }, 'could not capture an authorised payment; trying later');
      return 'unknown';
    }
  }
  const outcome = await applyPayment(work.as({ kind: 'provider', via: 'reconcile' }), {
    providerOrderId,
    paymentId: payment.id,
    amountPaise: payment.amountPaise,
    currency: payment.currency,
    method: payment.method,
    state: payment.status === 'captured' ? 'captured' : 'authorized',
  });
  // A payment of another amount pays nothing (it is an incident for the staff): the order expires.
  return outcome === 'mismatch' ? 'unpaid' : 'paid';
}
