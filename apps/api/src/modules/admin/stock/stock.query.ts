import { toRupees, type StockFilter, type StockPage, type StockQuery } from '@shop/contract';
import { and, asc, count, eq, exists, ilike, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import {
  categories,
  collections,
  colors,
  productCollections,
  productVariants,
  products,
  sizes,
} from '../../catalog/catalog.schema';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** What the grid's filters select (archived products never show). Low: `threshold` or fewer, out included. */
export function stockWhere(filter: StockFilter, threshold: number): SQL {
  const where: (SQL | undefined)[] = [isNull(products.archivedAt)];
  if (filter.q) {
    const like = `%${escapeLike(filter.q)}%`;
    where.push(or(ilike(products.name, like), ilike(productVariants.sku, like)));
  }
  if (filter.category) where.push(eq(products.categoryId, filter.category));
  if (filter.collection) {
    where.push(
      exists(
        sql`(select 1 from ${productCollections} where ${productCollections.productId} = ${products.id} and ${productCollections.collectionId} = ${filter.collection})`,
      ),
    );
  }
  if (filter.stock === 'low') where.push(lte(productVariants.stock, threshold));
  if (filter.stock === 'out') where.push(lte(productVariants.stock, 0));
  return and(...where)!;
}

/** The ids of every variant the filter finds (a sale on "all filtered"). */
export async function filteredVariantIds(db: DbOrTx, filter: StockFilter, threshold: number): Promise<number[]> {
  const found = await db
    .select({ id: productVariants.id })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(stockWhere(filter, threshold));
  return found.map((r) => r.id);
}

/** One page of the grid: variants by product name, then colour and size, with the filters' choices. */
export async function stockPage(db: DbOrTx, query: StockQuery, threshold: number): Promise<StockPage> {
  const where = stockWhere(query, threshold);
  const [list, [total], cats, cols] = await Promise.all([
    db
      .select({
        variantId: productVariants.id,
        productId: products.id,
        productName: products.name,
        productSlug: products.slug,
        productPublished: products.isActive,
        colour: colors.name,
        size: sizes.name,
        sku: productVariants.sku,
        mrp: productVariants.mrpPaise,
        price: productVariants.sellingPricePaise,
        stock: productVariants.stock,
        active: productVariants.isActive,
      })
      .from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId))
      .innerJoin(colors, eq(colors.id, productVariants.colorId))
      .innerJoin(sizes, eq(sizes.id, productVariants.sizeId))
      .where(where)
      .orderBy(asc(products.name), asc(products.id), asc(colors.name), asc(sizes.position), asc(productVariants.id))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    db
      .select({ n: count() })
      .from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId))
      .where(where),
    db.select({ id: categories.id, name: categories.name }).from(categories).orderBy(asc(categories.name)),
    db.select({ id: collections.id, name: collections.name }).from(collections).orderBy(asc(collections.name)),
  ]);
  return {
    data: list.map((r) => ({
      variant_id: r.variantId,
      product_id: r.productId,
      product_name: r.productName,
      product_slug: r.productSlug,
      product_published: r.productPublished,
      colour: r.colour,
      size: r.size,
      sku: r.sku,
      mrp: toRupees(r.mrp),
      selling_price: toRupees(r.price),
      stock: r.stock,
      active: r.active,
    })),
    total: total?.n ?? 0,
    page: query.page,
    per_page: query.per_page,
    low_stock_threshold: threshold,
    categories: cats,
    collections: cols,
  };
}
