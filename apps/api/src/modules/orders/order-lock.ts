import { MESSAGES } from '@shop/contract';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orders } from './orders.schema';
import { notFound } from '../../lib/errors';
import type { OrderRow } from './order-state';

/**
 * Reads an order and locks its row until the transaction ends. Every write
 * about an order's money or status takes this lock first, so they queue.
 */
export async function lockOrder(db: DbOrTx, orderId: number): Promise<OrderRow> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!order) throw notFound(MESSAGES.orderNotFound);
  return order;
}
