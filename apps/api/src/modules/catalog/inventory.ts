import { asc, inArray, sql, type SQLWrapper } from 'drizzle-orm';
import { rows, type DbOrTx } from '../../db/client';
import type { UnitOfWork } from '../../context';
import { stockChange, type StockMove } from '../../lib/catalog-changes';
import { keptSettingsOf } from '../settings/settings.service';
import { productVariants, products } from './catalog.schema';

/**
 * The catalogue's side of a sale (docs/product.md#stock): orders take pieces
 * off the shelf when placed, put them back when cancelled, expired or
 * returned, and a paid order's pieces raise its products' sales score. Orders
 * change the catalogue only through here.
 */

/**
 * Locks the variants' rows in id order, so two writers of the same items
 * queue instead of deadlocking. NO KEY UPDATE, which the foreign keys of
 * order lines (KEY SHARE) do not wait for.
 */
async function lockVariants(tx: DbOrTx, variantIds: number[]): Promise<void> {
  if (variantIds.length === 0) return;
  await tx
    .select({ id: productVariants.id })
    .from(productVariants)
    .where(inArray(productVariants.id, variantIds))
    .orderBy(asc(productVariants.id))
    .for('no key update');
}

/**
 * In one statement: locks the variants' rows in id order (NO KEY UPDATE) and
 * takes each line's quantity where the locked stock covers it. Answers each
 * variant's stock as it was locked (before taking); when one is short of its
 * line, the caller must roll the transaction back. `alongside`: other writes
 * sent in the same statement (one round trip, orders/stock.ts), each run once
 * whatever the stock; they see the statement's snapshot and must not touch
 * the variants.
 */
export async function decrementStock(
  tx: DbOrTx,
  lines: readonly { variantId: number; quantity: number }[],
  alongside: readonly SQLWrapper[] = [],
): Promise<Map<number, number>> {
  const ids = [...new Set(lines.map((l) => l.variantId))].sort((x, y) => x - y);
  const wanted = sql.join(
    lines.map((l) => sql`(${l.variantId}::integer, ${l.quantity}::integer)`),
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
      )${sql.join(
        alongside.map((write, i) => sql`, ${sql.raw(`write_${i}`)} as (${write.getSQL()})`),
        sql``,
      )}
      select id, stock from locked`,
  );
  return new Map(locked.map((row) => [Number(row.id), Number(row.stock)]));
}

/**
 * Puts pieces back on the shelf. Answers each size's stock before and after,
 * for the catalogue's caches (`stockMoved`).
 */
export async function restoreStock(
  tx: DbOrTx,
  lines: readonly { variantId: number; productId: number | null; quantity: number }[],
): Promise<StockMove[]> {
  await lockVariants(
    tx,
    lines.map((l) => l.variantId),
  );
  const moves: StockMove[] = [];
  for (const line of lines) {
    const [row] = await tx
      .update(productVariants)
      .set({ stock: sql`${productVariants.stock} + ${line.quantity}`, updatedAt: sql`now()` })
      .where(sql`${productVariants.id} = ${line.variantId}`)
      .returning({ stock: productVariants.stock });
    if (row) moves.push({ productId: line.productId, before: row.stock - line.quantity, after: row.stock });
  }
  return moves;
}

/**
 * Tells the catalogue's caches of stock moves, as far as they change what
 * shoppers are shown (catalog-changes.ts `stockChange`): a move above the
 * low-stock threshold, the common sale, changes nothing and drops nothing.
 */
export async function stockMoved(work: UnitOfWork, moves: readonly StockMove[]): Promise<void> {
  const change = stockChange(moves, (await keptSettingsOf(work)).low_stock_threshold);
  if (change.scope !== 'none') await work.catalogChanged(change.scope, change.products);
}

/**
 * What sells shows first under 'popular': a paid order's pieces raise their
 * products' score. Answers whether that changed the order shoppers see (a
 * product passed another under 'popular', by score, then id): most sales do not,
 * and those leave every kept listing as it is.
 */
export async function countSales(
  tx: DbOrTx,
  lines: readonly { productId: number | null; quantity: number }[],
): Promise<boolean> {
  const sold = new Map<number, number>();
  for (const l of lines) if (l.productId !== null) sold.set(l.productId, (sold.get(l.productId) ?? 0) + l.quantity);
  let reordered = false;
  for (const [productId, quantity] of sold) {
    const [row] = await rows<{ passed: boolean }>(
      tx,
      sql`
        with raised as (
          update ${products} set popularity = popularity + ${quantity}
          where id = ${productId}
          returning id, popularity - ${quantity} as before, popularity as after
        )
        select exists (
          select 1 from ${products} q, raised r
          where q.id <> r.id
            and (q.popularity > r.before or (q.popularity = r.before and q.id < r.id))
            and (q.popularity < r.after or (q.popularity = r.after and q.id > r.id))
        ) as passed`,
    );
    if (row?.passed) reordered = true;
  }
  return reordered;
}
