import { ORDER_STATUSES, type OrderStatus } from '@shop/contract';
import type { orders } from './orders.schema';
import { ORDER_RULES } from './lifecycle/rules';

export type OrderRow = typeof orders.$inferSelect;
/** What a move may write on the order besides its status. */
export type OrderChanges = Partial<
  Pick<
    OrderRow,
    'paymentId' | 'paidAt' | 'cancelledAt' | 'trackingUrl' | 'carrier' | 'trackingNumber' | 'invoiceNumber'
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

const shopperMay = (event: 'cancel', status: OrderStatus) =>
  ORDER_RULES.some((r) => r.event === event && r.by.includes('shopper') && r.from.includes(status));

/** The shopper may pay, cancel or ask for a return exactly when the storefront shows the button. */
export const shopperActions = (status: OrderStatus) => ({
  can_pay: status === 'created',
  can_cancel: shopperMay('cancel', status),
  // The shopper asks (a return request); the shop accepts or rejects it.
  can_return: status === 'shipped' || status === 'delivered',
});
