import { asc, eq, inArray, sql } from 'drizzle-orm';
import { preparedQuery, type DbOrTx } from '../../db/client';
import { colors, orderLines, products, productVariants, sizes } from '../../db/schema';

/**
 * Locks the variants' rows in id order, so two buyers of the same items
 * queue instead of deadlocking, and answers their current state with the
 * names an order line keeps (product, size, colour). NO KEY UPDATE, which
 * the foreign keys of order lines (KEY SHARE) do not wait for.
 */
export async function lockVariants(tx: DbOrTx, variantIds: number[]) {
  const ids = [...new Set(variantIds)].sort((x, y) => x - y);
  if (ids.length === 0) return [];
  return variantsLock(tx, ids.length).execute(Object.fromEntries(ids.map((id, i) => [`id${i}`, id])));
}

const variantsLock = preparedQuery((tx, count: number) =>
  tx
    .select({
      v: productVariants,
      name: products.name,
      productActive: products.isActive,
      size: sizes.name,
      color: colors.name,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .innerJoin(sizes, eq(sizes.id, productVariants.sizeId))
    .innerJoin(colors, eq(colors.id, productVariants.colorId))
    .where(
      inArray(
        productVariants.id,
        Array.from({ length: count }, (_, i) => sql.placeholder(`id${i}`)),
      ),
    )
    .orderBy(asc(productVariants.id))
    .for('no key update', { of: productVariants })
    .prepare(`lock_variants_${count}`),
);

/** Puts an order's quantities back on the shelf (cancellation, expiry). */
export async function returnStock(tx: DbOrTx, orderId: number): Promise<void> {
  const lines = await tx
    .select({ variantId: orderLines.variantId, quantity: orderLines.quantity })
    .from(orderLines)
    .where(sql`${orderLines.orderId} = ${orderId} and ${orderLines.variantId} is not null`);
  await lockVariants(
    tx,
    lines.map((l) => l.variantId!),
  );
  for (const line of lines) {
    await tx
      .update(productVariants)
      .set({ stock: sql`${productVariants.stock} + ${line.quantity}`, updatedAt: sql`now()` })
      .where(sql`${productVariants.id} = ${line.variantId}`);
  }
}
