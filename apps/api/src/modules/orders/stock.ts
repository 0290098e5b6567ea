import { asc, inArray, sql } from 'drizzle-orm';
import { rows, type DbOrTx } from '../../db/client';
import { stockScope, type CatalogScope } from '../../lib/catalog-changes';
import { cartLines } from '../cart/cart.schema';
import { orderLines, orderStatusHistory } from './orders.schema';
import { productVariants } from '../catalog/catalog.schema';

/**
 * Locks the variants' rows in id order, so two writers of the same items
 * queue instead of deadlocking. NO KEY UPDATE, which the foreign keys of
 * order lines (KEY SHARE) do not wait for.
 */
export async function lockVariants(tx: DbOrTx, variantIds: number[]): Promise<void> {
  if (variantIds.length === 0) return;
  await tx
    .select({ id: productVariants.id })
    .from(productVariants)
    .where(inArray(productVariants.id, variantIds))
    .orderBy(asc(productVariants.id))
    .for('no key update');
}

/**
 * The last statement of placing an order, so that the variants stay locked
 * only from here to the commit: locks the variants' rows in id order (NO
 * KEY UPDATE), takes each line's quantity where the locked stock covers
 * it, empties the shopper's cart and writes the order's first history row.
 * Answers each variant's stock as it was locked (before taking); when one
 * is short of its line, the caller must roll the transaction back.
 */
export async function takeStock(
  tx: DbOrTx,
  order: { id: number; userId: number; lines: { variantId: number; quantity: number }[] },
): Promise<Map<number, number>> {
  const ids = [...new Set(order.lines.map((l) => l.variantId))].sort((x, y) => x - y);
  const wanted = sql.join(
    order.lines.map((l) => sql`(${l.variantId}::integer, ${l.quantity}::integer)`),
    sql`, `,
  );
  const locked = await rows<{ id: number; stock: number }>(
    tx,
    sql`
      with locked as (
        select id, stock from ${productVariants}
        where id in (${sql.join(ids, sql`, `)})
        order by id
        for no key update
      ), taken as (
        update ${productVariants} v set stock = v.stock - w.quantity, updated_at = now()
        from (values ${wanted}) as w(variant_id, quantity), locked l
        where v.id = w.variant_id and l.id = w.variant_id and l.stock >= w.quantity
      ), emptied as (
        delete from ${cartLines} where ${cartLines.userId} = ${order.userId}
      ), history as (
        insert into ${orderStatusHistory} (order_id, to_status, actor) values (${order.id}, 'created', 'shopper')
      )
      select id, stock from locked`,
  );
  return new Map(locked.map((row) => [Number(row.id), Number(row.stock)]));
}

/**
 * Puts an order's pieces back on the shelf (a cancellation, an expiry, a
 * return): every line's quantity, or only the given pieces of some lines.
 * Answers how much changed for the catalogue caches (catalog-changes.ts).
 */
export async function returnStock(
  tx: DbOrTx,
  orderId: number,
  pieces?: readonly { lineId: number; quantity: number }[],
): Promise<{ scope: CatalogScope; products: number[] }> {
  const lines = await tx
    .select({
      id: orderLines.id,
      productId: orderLines.productId,
      variantId: orderLines.variantId,
      quantity: orderLines.quantity,
    })
    .from(orderLines)
    .where(sql`${orderLines.orderId} = ${orderId} and ${orderLines.variantId} is not null`);
  const back = lines.flatMap((line) => {
    const quantity = pieces ? (pieces.find((p) => p.lineId === line.id)?.quantity ?? 0) : line.quantity;
    return quantity > 0 ? [{ variantId: line.variantId!, productId: line.productId, quantity }] : [];
  });
  await lockVariants(
    tx,
    back.map((l) => l.variantId),
  );
  const moves: [number, number][] = [];
  for (const line of back) {
    const [row] = await tx
      .update(productVariants)
      .set({ stock: sql`${productVariants.stock} + ${line.quantity}`, updatedAt: sql`now()` })
      .where(sql`${productVariants.id} = ${line.variantId}`)
      .returning({ stock: productVariants.stock });
    if (row) moves.push([row.stock - line.quantity, row.stock]);
  }
  return { scope: stockScope(moves), products: [...new Set(back.flatMap((l) => l.productId ?? []))] };
}
