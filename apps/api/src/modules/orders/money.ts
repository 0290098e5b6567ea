import { MONEY_STATE_LABELS, toRupees, type MoneyState, type OrderMoney } from '@shop/contract';
import type { UnitOfWork } from '../../context';
import type { OrderRefund } from './hooks';
import type { OrderRow } from './order-state';

/**
 * What is paid for an order online or in cash at the door: its total less the store credit
 * spent on it (docs/product.md 'Store credit'). Every payment is checked against this.
 */
export const payableOf = (order: Pick<OrderRow, 'totalPaise' | 'creditPaise'>) => order.totalPaise - order.creditPaise;

/** Where an order's money stands, in paise (docs/product.md 'After the sale'). */
export interface Money {
  state: MoneyState;
  /** The order's total once paid (a COD order's once its cash is collected); 0 before. */
  paidPaise: number;
  /** Given back or on its way back: refunds of the order's payment that have not failed. */
  refundedPaise: number;
  /** Of those, what the provider has not paid back yet. */
  refundingPaise: number;
  /** What may still be given back. */
  leftPaise: number;
}

/**
 * The order's money beside its status: paid, partly refunded, or refunded
 * once everything paid is given back (or on its way). A refund of a second
 * payment ('orphan') is not the order's money; a failed refund request is
 * still owed and retried by the shop, so it is not counted as given back.
 */
export function moneyOf(order: Pick<OrderRow, 'paymentId' | 'totalPaise'>, refunds: readonly OrderRefund[]): Money {
  const paidPaise = order.paymentId ? order.totalPaise : 0;
  const owed = refunds.filter((r) => r.reason !== 'orphan' && r.status !== 'failed');
  const refundedPaise = owed.reduce((sum, r) => sum + r.amountPaise, 0);
  const refundingPaise = owed.filter((r) => r.status === 'pending').reduce((sum, r) => sum + r.amountPaise, 0);
  const state: MoneyState =
    paidPaise === 0
      ? 'unpaid'
      : refundedPaise === 0
        ? 'paid'
        : refundedPaise >= paidPaise
          ? 'refunded'
          : 'partly_refunded';
  return { state, paidPaise, refundedPaise, refundingPaise, leftPaise: Math.max(0, paidPaise - refundedPaise) };
}

/** The money as the shopper's and the back office's order pages show it (rupees). */
export const moneyView = (m: Money): OrderMoney => ({
  state: m.state,
  state_label: MONEY_STATE_LABELS[m.state],
  paid: toRupees(m.paidPaise),
  refunded: toRupees(m.refundedPaise),
  refunding: toRupees(m.refundingPaise),
  left: toRupees(m.leftPaise),
});

/** The order's money now, read through the payments module's hook (inside a move: the order's row is locked). */
export async function moneyNow(work: UnitOfWork, order: OrderRow): Promise<Money> {
  return moneyOf(order, await work.app.orderHooks.refundsOf(work.db, [order.id]));
}
