import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { StockMove } from '../../lib/catalog-changes';
import { forgetCartWrites } from '../cart/cart.service';
import { decrementStock, restoreStock } from '../catalog/inventory';
import { orderLines, orderStatusHistory } from './orders.schema';

/**
 * The last statement of placing an order: takes the stock (catalog/inventory.ts),
 * so that the variants stay locked only from there to the commit, and in the
 * same statement empties the shopper's cart and writes the order's first
 * history row. Answers each variant's stock as it was locked (before taking);
 * when one is short of its line, the caller must roll the transaction back.
 */
export async function takeStock(
  tx: DbOrTx,
  order: { id: number; userId: number; lines: { variantId: number; quantity: number }[] },
): Promise<Map<number, number>> {
  return decrementStock(tx, order.lines, [
    ...forgetCartWrites(tx, order.userId),
    tx.insert(orderStatusHistory).values({ orderId: order.id, toStatus: 'created', actor: 'shopper' }),
  ]);
}

/**
 * Puts an order's pieces back on the shelf (a cancellation, an expiry, a
 * return): every line's quantity, or only the given pieces of some lines.
 * Answers each size's stock before and after (catalog/inventory.ts `stockMoved`).
 */
export async function returnStock(
  tx: DbOrTx,
  orderId: number,
  pieces?: readonly { lineId: number; quantity: number }[],
): Promise<StockMove[]> {
  const lines = await tx
    .select({
      id: orderLines.id,
      productId: orderLines.productId,
      variantId: orderLines.variantId,
      quantity: orderLines.quantity,
    })
    .from(orderLines)
    .where(sql`${orderLines.orderId} = ${orderId} and ${orderLines.variantId} is not null`);
  return restoreStock(
    tx,
    lines.flatMap((line) => {
      const quantity = pieces ? (pieces.find((p) => p.lineId === line.id)?.quantity ?? 0) : line.quantity;
      return quantity > 0 ? [{ variantId: line.variantId!, productId: line.productId, quantity }] : [];
    }),
  );
}
