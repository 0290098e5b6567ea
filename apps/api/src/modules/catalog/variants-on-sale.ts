import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { colors, productVariants, sizes } from './catalog.schema';

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
