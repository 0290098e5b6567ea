import type { UnitOfWork } from '../../context';
import { claimPastDue, unpaidPastDue } from '../orders/order-payment';
import { payableOf } from '../orders/money';
import { ProviderError, type ProviderPayment } from './provider';
import { fireOrderEvent } from '../orders/lifecycle/fire';
import { applyPayment } from './payment-facts';

/**
 * The clock's adapter: orders still unpaid past their payment window
 * (`created`, or `payment_pending` with an authorised payment not captured)
 * are first reconciled with the provider, which may hold a payment the shop
 * missed (a lost webhook) or one to capture; only an order the provider says
 * is unpaid expires, and its stock goes back. A cash-on-delivery order not
 * confirmed in its window expires the same way, without asking the provider. Each order is handled on its
 * own (one the provider cannot answer for is tried next time) and claimed
 * with SKIP LOCKED, so several processes can run this at once.
 */
export async function expireUnpaidOrders(work: UnitOfWork, batch = 50): Promise<number> {
  const due = await unpaidPastDue(work.db, batch);
  let expired = 0;
  for (const order of due) {
    try {
      // A cash-on-delivery order was never at the provider: not confirmed in time, it simply expires.
      const online = order.paymentMethod === 'ONLINE';
      if (
        online &&
        order.providerOrderId &&
        (await reconcile(work, order.providerOrderId, payableOf(order))) !== 'unpaid'
      ) {
        continue;
      }
      const done = await work.transaction(async (w) => {
        if (!(await claimPastDue(w.db, order.id))) return false;
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
  /** What the order asks to be paid online (its total less any store credit). */
  payablePaise: number,
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
    if (payment.amountPaise !== payablePaise || payment.currency !== 'INR') return 'unpaid';
    try {
      payment = await provider.capturePayment(payment.id, payablePaise);
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
