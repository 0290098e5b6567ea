import type { UnitOfWork } from '../../context';
import type { OrderRow } from '../orders/order-state';
import { payableOf } from '../orders/money';
import { payments } from './payments.schema';

/** The provider and method of cash collected at the door (no provider holds it: the carrier hands it over). */
export const CASH_PROVIDER = 'cod';

/**
 * The cash a carrier collected for a delivered cash-on-delivery order (its total less any store credit),
 * recorded as a captured payment of method 'cod' in the payments table, so
 * that every report of money taken counts it as it counts an online payment.
 * Answers its payment id (kept on the order as an online payment's is). The
 * same order again answers the same row (its provider ids are the order's).
 */
export async function recordCashPayment(work: UnitOfWork, order: OrderRow): Promise<string> {
  const id = `cod_${order.id}`;
  await work.db
    .insert(payments)
    .values({
      orderId: order.id,
      provider: CASH_PROVIDER,
      providerOrderId: id,
      providerPaymentId: id,
      amountPaise: payableOf(order), // store credit paid the rest
      status: 'captured',
      method: 'cod',
    })
    .onConflictDoNothing({ target: payments.providerPaymentId });
  return id;
}
