import { MESSAGES, type Order } from '@shop/contract';
import { and, eq } from 'drizzle-orm';
import type { UnitOfWork } from '../../context';
import { orderLines, orders } from './orders.schema';
import type { DbOrTx } from '../../db/client';
import { AppError, notFound } from '../../lib/errors';
import { fireOrderEvent, settleIfCredited } from './lifecycle/fire';
import { newestFirst, orderView, orderViews } from './order-view';

/** The signed-in shopper a storefront call acts for. */
export function shopperId(work: UnitOfWork): number {
  if (work.actor.kind !== 'shopper') throw new AppError('unauthorized', MESSAGES.loginRequired);
  return work.actor.userId;
}

export async function listOrders(work: UnitOfWork): Promise<Order[]> {
  const rows = await work.db
    .select()
    .from(orders)
    .where(eq(orders.userId, shopperId(work)))
    .orderBy(...newestFirst);
  return orderViews(work, rows);
}

/** Whether the order is the shopper's own (a return request names one: contact.service.ts). */
export async function isShoppersOrder(db: DbOrTx, userId: number, orderId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  return row !== undefined;
}

/**
 * The pieces a return request names, checked against the order (a return request names lines of
 * it, each at most what is left of it: a piece is returned once). Refusals in words naming the piece.
 */
export async function checkReturnLines(
  db: DbOrTx,
  orderId: number,
  asked: readonly { line_id: number; quantity: number }[],
): Promise<string[]> {
  const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, orderId));
  return asked.flatMap(({ line_id, quantity }, i) => {
    const line = lines.find((l) => l.id === line_id);
    if (!line) return [`Line ${line_id} is not part of order #${orderId}`];
    if (asked.findIndex((a) => a.line_id === line_id) !== i) return [`${line.name} (${line.size}) is named twice`];
    const left = line.quantity - line.returnedQuantity;
    if (left === 0) return [`Every piece of ${line.name} (${line.size}) has already been returned`];
    if (quantity > left) {
      return [`${line.name} (${line.size}): at most ${left} piece${left === 1 ? '' : 's'} can come back`];
    }
    return [];
  });
}

/** One of the shopper's orders; another shopper's is 'not found'. */
export async function getOrder(work: UnitOfWork, orderId: number): Promise<Order> {
  const [row] = await work.db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, shopperId(work))));
  if (!row) throw notFound(MESSAGES.orderNotFound);
  const [view] = await orderViews(work, [row]);
  return view!;
}

/**
 * The shopper cancels: an unpaid order simply, a paid one with a refund of
 * its total (the lifecycle's 'cancel'). Answers the order and the message.
 */
export async function cancelOrder(work: UnitOfWork, orderId: number): Promise<{ message: string; data: Order }> {
  // An order the shopper's store credit paid is refunded at once: the credit is back in the account.
  const { rule } = await work.transaction(async (w) =>
    settleIfCredited(w, await fireOrderEvent(w, orderId, { type: 'cancel' })),
  );
  const data = await orderView(work, orderId);
  return { message: rule === 'cancel_paid' ? MESSAGES.orderCancelledRefund : MESSAGES.orderCancelled, data };
}
