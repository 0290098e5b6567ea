import { and, eq, sql } from 'drizzle-orm';
import type { UnitOfWork } from '../../context';
import { payments } from './payments.schema';
import { fireOrderEvent } from '../orders/lifecycle/fire';
import { may } from '../orders/lifecycle/may';
import { lockOrder } from '../orders/order-lock';
import { payableOf } from '../orders/money';
import { orderOfProviderOrder } from '../orders/order-payment';
import { recordIncident } from './incidents';
import { recordRefund } from './refunds';

/** A payment as the provider reported it (by webhook, by its API, or in a list of an order's payments). */
export interface PaymentFacts {
  providerOrderId: string;
  paymentId: string;
  amountPaise: number;
  currency: string;
  method: string | null;
  /** 'captured' pays the order; 'authorized' only makes it payment_pending. */
  state: 'captured' | 'authorized';
}

export type PaymentOutcome = 'paid' | 'pending' | 'orphaned' | 'mismatch' | 'nothing';

/**
 * Applies a verified payment: records it, then pays the order when its
 * amount and currency are the order's (its total less any store credit spent on it). Never moves an order backwards: the
 * same payment again is a no-op; a second payment of a paid order, or money
 * for an order that ended unpaid, is refunded in full; a payment of another
 * amount or currency is recorded as an incident and pays nothing.
 */
export function applyPayment(work: UnitOfWork, facts: PaymentFacts): Promise<PaymentOutcome> {
  return work.transaction(async (w) => {
    const found = await orderOfProviderOrder(w.db, facts.providerOrderId);
    if (!found) return 'nothing';
    const order = await lockOrder(w.db, found.id);
    const matches = facts.amountPaise === payableOf(order) && facts.currency === 'INR';

    const status = facts.state;
    await w.db
      .insert(payments)
      .values({
        orderId: order.id,
        provider: w.app.payments.name,
        providerOrderId: facts.providerOrderId,
        providerPaymentId: facts.paymentId,
        amountPaise: facts.amountPaise,
        currency: facts.currency,
        status,
        method: facts.method,
        error: matches ? null : 'amount or currency differs from the order',
      })
      .onConflictDoUpdate({
        target: payments.providerPaymentId,
        set: {
          status: sql`case when ${payments.status} = 'captured' then 'captured' else ${status} end`,
          updatedAt: sql`now()`,
        },
      });
    // The placeholder written when payment started has served its purpose.
    await w.db
      .delete(payments)
      .where(
        and(eq(payments.orderId, order.id), eq(payments.status, 'created'), sql`${payments.providerPaymentId} is null`),
      );

    if (!matches) {
      await recordIncident(w, {
        kind: 'amount_mismatch',
        orderId: order.id,
        providerPaymentId: facts.paymentId,
        providerRef: facts.paymentId,
        amountPaise: facts.amountPaise,
        currency: facts.currency,
        providerStatus: facts.state,
        reason: `the order is for ${payableOf(order)} paise in INR`,
      });
      return 'mismatch';
    }
    if (facts.state === 'authorized') {
      const authorize = { type: 'authorize', paymentId: facts.paymentId } as const;
      if (!(await may(w, order, authorize))) return 'nothing';
      await fireOrderEvent(w, order.id, authorize);
      return 'pending';
    }
    if (order.paymentId === facts.paymentId) return 'nothing'; // told twice
    const pay = { type: 'pay', paymentId: facts.paymentId } as const;
    if (!(await may(w, order, pay))) {
      const refundId = await recordRefund(w, order, {
        amountPaise: 'rest',
        reason: 'orphan',
        key: `orphan:${facts.paymentId}`,
        providerPaymentId: facts.paymentId,
      });
      return refundId === null ? 'nothing' : 'orphaned';
    }
    await fireOrderEvent(w, order.id, pay);
    return 'paid';
  });
}
