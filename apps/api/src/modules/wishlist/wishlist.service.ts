import { MESSAGES, type WishlistBody, type WishlistItem } from '@shop/contract';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { preparedQuery, type Db, type DbOrTx } from '../../db/client';
import { lockUser } from '../accounts/user-lock';
import { productVariants } from '../catalog/catalog.schema';
import { wishlistItems } from './wishlist.schema';
import { AppError, notFound } from '../../lib/errors';
import { detailColumns, findVariant, joinDetails, toProductDetail } from '../catalog/catalog.service';

export const MAX_WISHLIST_ITEMS = 200;

/** The shopper's saved items, newest first, each with its product: one prepared query. */
const wishlistOfUser = preparedQuery((db) =>
  joinDetails(
    db
      .select({ item: wishlistItems, ...detailColumns })
      .from(wishlistItems)
      .innerJoin(productVariants, eq(productVariants.id, wishlistItems.variantId))
      .$dynamic(),
  )
    .where(eq(wishlistItems.userId, sql.placeholder('userId')))
    .orderBy(desc(wishlistItems.id))
    .prepare('wishlist_of_user'),
);

export async function getWishlist(db: DbOrTx, userId: number): Promise<WishlistItem[]> {
  const found = await wishlistOfUser(db).execute({ userId });
  return found.map(({ item, ...detail }) => ({
    id: item.id,
    product_id: item.productId,
    product_variant_id: item.variantId,
    product: toProductDetail(detail),
  }));
}

/**
 * The variants on a shopper's wishlist (what a product page's heart shows), newest first, as a JSON
 * column over `userId` (read beside the session: web/shared-pages.ts).
 */
export const wishlistShapeOf = (userId: AnyPgColumn) =>
  sql<
    number[]
  >`(select coalesce(json_agg(${wishlistItems.variantId} order by ${wishlistItems.id} desc), '[]') from ${wishlistItems} where ${wishlistItems.userId} = ${userId})`;

/** Adding an item twice keeps one. */
export async function addToWishlist(db: Db, userId: number, body: WishlistBody): Promise<void> {
  const variant = await findVariant(db, body.product_variant_id);
  if (!variant) throw notFound(MESSAGES.productNotFound);
  if (variant.productId !== body.product_id) throw new AppError('invalid', MESSAGES.variantMismatch);
  await db.transaction(async (tx) => {
    // Count-then-insert under the shopper's lock: parallel requests cannot pass the limit.
    await lockUser(tx, userId);
    const [{ value } = { value: 0 }] = await tx
      .select({ value: count() })
      .from(wishlistItems)
      .where(eq(wishlistItems.userId, userId));
    const present = await tx
      .select({ id: wishlistItems.id })
      .from(wishlistItems)
      .where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.variantId, body.product_variant_id)));
    if (present.length > 0) return;
    if (value >= MAX_WISHLIST_ITEMS) {
      throw new AppError('invalid', `Your wishlist can hold at most ${MAX_WISHLIST_ITEMS} items`);
    }
    await tx
      .insert(wishlistItems)
      .values({ userId, productId: body.product_id, variantId: body.product_variant_id })
      .onConflictDoNothing();
  });
}

export async function removeFromWishlist(db: DbOrTx, userId: number, body: WishlistBody): Promise<void> {
  const removed = await db
    .delete(wishlistItems)
    .where(
      and(
        eq(wishlistItems.userId, userId),
        eq(wishlistItems.productId, body.product_id),
        eq(wishlistItems.variantId, body.product_variant_id),
      ),
    )
    .returning({ id: wishlistItems.id });
  if (removed.length === 0) throw notFound(MESSAGES.wishlistNotFound);
}

/** An account being deleted (accounts/self-service.service.ts): its wishlist goes. */
export async function forgetWishlist(db: DbOrTx, userId: number): Promise<void> {
  await db.delete(wishlistItems).where(eq(wishlistItems.userId, userId));
}
