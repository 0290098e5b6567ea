import { asc, eq, inArray, sql, type SQLWrapper } from 'drizzle-orm';
import { rows, type DbOrTx } from '../../db/client';
import { stockScope, type CatalogScope } from '../../lib/catalog-changes';
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
 * Puts pieces back on the shelf. Answers how much changed for the catalogue
 * caches (catalog-changes.ts): the scope and the products concerned.
 */
export async function restoreStock(
  tx: DbOrTx,
  lines: readonly { variantId: number; productId: number | null; quantity: number }[],
): Promise<{ scope: CatalogScope; products: number[] }> {
  await lockVariants(
    tx,
    lines.map((l) => l.variantId),
  );
  const moves: [number, number][] = [];
  for (const line of lines) {
    const [row] = await tx
      .update(productVariants)
      .set({ stock: sql`${productVariants.stock} + ${line.quantity}`, updatedAt: sql`now()` })
      .where(sql`${productVariants.id} = ${line.variantId}`)
      .returning({ stock: productVariants.stock });
    if (row) moves.push([row.stock - line.quantity, row.stock]);
  }
  return { scope: stockScope(moves), products: [...new Set(lines.flatMap((l) => l.productId ?? []))] };
}

/** What sells shows first under 'popular': a paid order's pieces raise their products' score. */
export async function countSales(
  tx: DbOrTx,
  lines: readonly { productId: number | null; quantity: number }[],
): Promise<void> {
  for (const line of lines) {
    if (line.productId === null) continue;
    await tx
      .update(products)
      .set({ popularity: sql`${products.popularity} + ${line.quantity}` })
      .where(eq(products.id, line.productId));
  }
}
