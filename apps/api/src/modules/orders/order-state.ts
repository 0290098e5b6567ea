import { ORDER_STATUSES, type OrderStatus } from '@shop/contract';
import type { UnitOfWork } from '../../context';
import type { orders } from './orders.schema';
import { may } from './lifecycle/may';
import { ORDER_RULES } from './lifecycle/rules';

export type OrderRow = typeof orders.$inferSelect;
/** What a move may write on the order besides its status. */
export type OrderChanges = Partial<
  Pick<
    OrderRow,
    | 'paymentId'
    | 'paidAt'
    | 'cancelledAt'
    | 'trackingUrl'
    | 'carrier'
    | 'trackingNumber'
    | 'invoiceNumber'
    | 'codConfirmedAt'
    | 'codRemittedAt'
    | 'codRemittance'
  >
>;

/** Every move an order may make, as the lifecycle's rules allow (read-only views of that table). */
export const ORDER_MOVES: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = Object.fromEntries(
  ORDER_STATUSES.map((from) => [
    from,
    [...new Set(ORDER_RULES.flatMap((r) => (r.to && r.from.includes(from) ? [r.to] : [])))],
  ]),
) as Record<OrderStatus, OrderStatus[]>;

export const canMove = (from: OrderStatus, to: OrderStatus) => ORDER_MOVES[from].includes(to);

/** The shopper's buttons on an order (pay, confirm a COD order, cancel, ask for a return): what the lifecycle lets its shopper do now. */
export async function shopperActions(work: UnitOfWork, order: OrderRow) {
  const shopper = work.as({ kind: 'shopper', userId: order.userId });
  const [can_pay, can_confirm_cod, can_cancel, can_return] = await Promise.all([
    may(shopper, order, { type: 'start_payment' }),
    may(shopper, order, { type: 'confirm_cod' }),
    may(shopper, order, { type: 'cancel' }),
    may(shopper, order, { type: 'request_return' }),
  ]);
  return { can_pay, can_confirm_cod, can_cancel, can_return };
}
