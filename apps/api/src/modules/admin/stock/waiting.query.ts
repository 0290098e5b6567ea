import type { WaitingPage, WaitingQuery } from '@shop/contract';
import { and, asc, desc, eq, min, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { backInStockRequests } from '../../back-in-stock/back-in-stock.schema';
import { isOpen } from '../../back-in-stock/back-in-stock.service';
import { colors, productVariants, products, sizes } from '../../catalog/catalog.schema';

const PER_PAGE = 50;

/**
 * The waiting list (docs/back-office.md 'Back in stock'): each size with open
 * requests (not told, not lapsed), most waiting first, then the longest
 * waiting; of one product when asked (its page's count per size).
 */
export async function waitingPage(db: DbOrTx, query: WaitingQuery): Promise<WaitingPage> {
  const waiting = sql<number>`count(*)::int`;
  const where = and(isOpen, query.product_id ? eq(productVariants.productId, query.product_id) : undefined);
  const found = await db
    .select({
      variant_id: productVariants.id,
      product_id: products.id,
      product_name: products.name,
      colour: colors.name,
      size: sizes.name,
      sku: productVariants.sku,
      stock: productVariants.stock,
      waiting,
      since: min(backInStockRequests.createdAt),
      total: sql<number>`count(*) over ()::int`,
    })
    .from(backInStockRequests)
    .innerJoin(productVariants, eq(productVariants.id, backInStockRequests.variantId))
    .innerJoin(products, eq(products.id, productVariants.productId))
    .innerJoin(sizes, eq(sizes.id, productVariants.sizeId))
    .innerJoin(colors, eq(colors.id, productVariants.colorId))
    .where(where)
    .groupBy(productVariants.id, products.id, colors.name, sizes.name)
    .orderBy(desc(waiting), asc(min(backInStockRequests.createdAt)), asc(productVariants.id))
    .limit(PER_PAGE)
    .offset((query.page - 1) * PER_PAGE);
  const total = found[0]?.total ?? 0;
  return {
    data: found.map(({ total: _total, since, ...row }) => ({ ...row, since: new Date(since!).toISOString() })),
    total,
    page: query.page,
    pages: Math.max(1, Math.ceil(total / PER_PAGE)),
  };
}
