import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { colors, productVariants, products, sizes } from './catalog.schema';

/** The variants on sale of the products, by product: what a returned piece may be exchanged for. */
export async function variantsOnSale(db: DbOrTx, productIds: number[]) {
  const found = productIds.length
    ? await db
        .select({
          productId: productVariants.productId,
          variantId: productVariants.id,
          size: sizes.name,
          color: colors.name,
          stock: productVariants.stock,
          pricePaise: productVariants.sellingPricePaise,
        })
        .from(productVariants)
        .innerJoin(sizes, eq(sizes.id, productVariants.sizeId))
        .innerJoin(colors, eq(colors.id, productVariants.colorId))
        .where(and(inArray(productVariants.productId, productIds), eq(productVariants.isActive, true)))
        .orderBy(asc(productVariants.id))
    : [];
  const byProduct = new Map<number, typeof found>();
  for (const v of found) byProduct.set(v.productId, [...(byProduct.get(v.productId) ?? []), v]);
  return byProduct;
}

/**
 * One size of a product as a shopper names it ('{name} ({size}, {colour})',
 * docs/product.md#stock), its stock and whether it is on sale. With `share`,
 * its row is locked FOR SHARE until the commit: a write of its stock waits.
 */
export async function pieceOf(db: DbOrTx, variantId: number, opts: { share?: boolean } = {}) {
  const query = db
    .select({
      variantId: productVariants.id,
      productId: products.id,
      name: products.name,
      slug: productVariants.slug,
      size: sizes.name,
      colour: colors.name,
      stock: productVariants.stock,
      onSale: sql<boolean>`${productVariants.isActive} and ${products.isActive} and ${products.archivedAt} is null`,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .innerJoin(sizes, eq(sizes.id, productVariants.sizeId))
    .innerJoin(colors, eq(colors.id, productVariants.colorId))
    .where(eq(productVariants.id, variantId));
  const [row] = await (opts.share ? query.for('share', { of: productVariants }) : query);
  return row ? { ...row, label: `${row.name} (${row.size}, ${row.colour})` } : null;
}
