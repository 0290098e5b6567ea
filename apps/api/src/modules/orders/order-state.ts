import { MESSAGES, type OrderStatus } from '@shop/contract';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orderStatusHistory, orders } from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';

/**
 * Every move an order may make (decisions §4). This module is the only
 * writer of `orders.status`.
 */
export const ORDER_MOVES: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  created: ['packaging', 'payment_pending', 'user_cancelled', 'store_cancelled'],
  payment_pending: ['packaging', 'user_cancelled'],
  packaging: ['refund_progress', 'cancelled_refund', 'shipped'],
  shipped: ['delivered', 'refund_progress'],
  delivered: ['refund_progress'],
  refund_progress: ['refunded'],
  cancelled_refund: ['refunded'],
  user_cancelled: [],
  store_cancelled: [],
  refunded: [],
};

export const canMove = (from: OrderStatus, to: OrderStatus) => ORDER_MOVES[from].includes(to);

/** The shopper may pay, cancel or ask for a return exactly when the spec shows the button. */
export const shopperActions = (status: OrderStatus) => ({
  can_pay: status === 'created',
  can_cancel: status === 'created' || status === 'payment_pending' || status === 'packaging',
  can_return: status === 'shipped' || status === 'delivered',
});

export type OrderRow = typeof orders.$inferSelect;
type OrderChanges = Partial<Pick<OrderRow, 'paymentId' | 'paidAt' | 'cancelledAt' | 'trackingUrl' | 'invoiceNumber'>>;

/** Reads an order and locks its row until the transaction ends. */
export async function lockOrder(tx: DbOrTx, orderId: number): Promise<OrderRow> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!order) throw notFound(MESSAGES.orderNotFound);
  return order;
}

/**
 * Moves a locked order to `to`, recording who moved it. An illegal move is a
 * 409 conflict; the caller decides whether that is an error or a no-op.
 */
export async function moveOrder(
  tx: DbOrTx,
  order: OrderRow,
  to: OrderStatus,
  by: { actor: string; note?: string; changes?: OrderChanges; conflictMessage?: string },
): Promise<OrderRow> {
  if (!canMove(order.status, to)) {
    throw new AppError('conflict', by.conflictMessage ?? `An order that is ${order.status} cannot become ${to}`);
  }
  const [moved] = await tx
    .update(orders)
    .set({ ...by.changes, status: to, updatedAt: sql`now()` })
    .where(eq(orders.id, order.id))
    .returning();
  await tx
    .insert(orderStatusHistory)
    .values({ orderId: order.id, fromStatus: order.status, toStatus: to, actor: by.actor, note: by.note ?? '' });
  return moved!;
}
