import { MESSAGES } from '@shop/contract';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { UnitOfWork } from '../../context';
import type { DbOrTx } from '../../db/client';
import { notFound } from '../../lib/errors';
import { statusesFor } from './lifecycle/may';
import { lockOrder } from './order-lock';
import type { OrderRow } from './order-state';
import { orders } from './orders.schema';
import { shopperId } from './orders.service';

/**
 * What the payments module asks of an order besides firing events at it:
 * the shopper's order to pay, the order a provider order pays, tying the two
 * together, and the unpaid orders past their window. The orders table is
 * read and written here, never by payments.
 */

/** The signed-in shopper's own order; another's is 'not found'. */
export async function shoppersOrder(work: UnitOfWork, orderId: number): Promise<OrderRow> {
  const [order] = await work.db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, shopperId(work))));
  if (!order) throw notFound(MESSAGES.orderNotFound);
  return order;
}

/** The order a provider order was made for, if any. */
export async function orderOfProviderOrder(db: DbOrTx, providerOrderId: string): Promise<OrderRow | undefined> {
  const [order] = await db.select().from(orders).where(eq(orders.providerOrderId, providerOrderId));
  return order;
}

/**
 * Ties the provider's order to the shop's unless one already is (two tabs
 * may race: the first stored wins). Locks the order's row until the
 * caller's transaction ends; true when this provider order was stored.
 */
export async function setProviderOrder(
  work: UnitOfWork,
  orderId: number,
  provider: string,
  providerOrderId: string,
): Promise<boolean> {
  const locked = await lockOrder(work.db, orderId);
  if (locked.providerOrderId) return false;
  await work.db
    .update(orders)
    .set({ providerOrderId, provider, updatedAt: sql`now()` })
    .where(eq(orders.id, orderId));
  return true;
}

/** Orders still unpaid past their payment window, a batch at a time: those the clock may expire. */
export function unpaidPastDue(db: DbOrTx, batch: number) {
  return db
    .select({
      id: orders.id,
      providerOrderId: orders.providerOrderId,
      totalPaise: orders.totalPaise,
      creditPaise: orders.creditPaise,
      paymentMethod: orders.paymentMethod,
    })
    .from(orders)
    .where(and(inArray(orders.status, statusesFor('expire')), lt(orders.paymentDueAt, new Date())))
    .limit(batch);
}

/**
 * Claims an order for expiry inside the caller's transaction: its row
 * locked if it is still unpaid past its window and no other process holds
 * it (SKIP LOCKED); false otherwise.
 */
export async function claimPastDue(db: DbOrTx, orderId: number): Promise<boolean> {
  const [claimed] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(eq(orders.id, orderId), inArray(orders.status, statusesFor('expire')), lt(orders.paymentDueAt, sql`now()`)),
    )
    .for('update', { skipLocked: true });
  return claimed !== undefined;
}
