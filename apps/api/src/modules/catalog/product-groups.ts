import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { productCollections } from './catalog.schema';

/** The collections each product is in (a discount code may be limited to collections). */
export async function collectionsOfProducts(db: DbOrTx, productIds: readonly number[]): Promise<Map<number, number[]>> {
  const found = new Map<number, number[]>(productIds.map((id) => [id, []]));
  if (productIds.length === 0) return found;
  const rows = await db
    .select({ productId: productCollections.productId, collectionId: productCollections.collectionId })
    .from(productCollections)
    .where(inArray(productCollections.productId, [...productIds]));
  for (const r of rows) found.get(r.productId)?.push(r.collectionId);
  return found;
}
