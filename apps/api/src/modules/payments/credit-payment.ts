import type { UnitOfWork } from '../../context';
import type { OrderRow } from '../orders/order-state';
import { payments } from './payments.schema';

/** The provider and method of store credit spent on an order: the shop holds it, no one else (docs/product.md 'Store credit'). */
export const CREDIT_PROVIDER = 'store_credit';

/** The payment id of an order's store credit (one per order). */
export const creditPaymentId = (orderId: number) => `credit_${orderId}`;

/**
 * The store credit an order spent, recorded as a captured payment of method 'store_credit' in
 * the placing transaction, beside the online payment or the cash that pays the rest: refunds
 * are taken from payments, so what goes back of it goes back into credit. The same order again
 * answers the same row.
 */
export async function recordCreditPayment(work: UnitOfWork, order: OrderRow): Promise<string> {
  const id = creditPaymentId(order.id);
  await work.db
    .insert(payments)
    .values({
      orderId: order.id,
      provider: CREDIT_PROVIDER,
      providerOrderId: id,
      providerPaymentId: id,
      amountPaise: order.creditPaise,
      status: 'captured',
      method: CREDIT_PROVIDER,
    })
    .onConflictDoNothing({ target: payments.providerPaymentId });
  return id;
}
