import { MAX_CART_LINES, MESSAGES, type CartBody, type CartLine } from '@shop/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { lockUser } from '../../db/locks';
import { cartLines } from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';
import { findVariant, variantDetails } from '../catalog/catalog.service';

export async function getCart(db: DbOrTx, userId: number): Promise<CartLine[]> {
  const lines = await db.select().from(cartLines).where(eq(cartLines.userId, userId)).orderBy(asc(cartLines.id));
  const details = await variantDetails(
    db,
    lines.map((l) => l.variantId),
  );
  return lines.flatMap((l) => {
    const product = details.get(l.variantId);
    return product
      ? [{ id: l.id, product_id: l.productId, product_variant_id: l.variantId, quantity: l.quantity, product }]
      : [];
  });
}

const leftInStock = (stock: number) => (stock === 0 ? 'This item is out of stock' : `Only ${stock} left in stock`);

/**
 * Sets the quantity of a line (decisions §3): absolute, so a retry does no
 * harm; 0 removes it; never more than the stock.
 */
export async function setCartLine(db: Db, userId: number, body: CartBody): Promise<'updated' | 'removed'> {
  if (body.quantity === 0) {
    await db
      .delete(cartLines)
      .where(and(eq(cartLines.userId, userId), eq(cartLines.variantId, body.product_variant_id)));
    return 'removed';
  }
  const variant = await findVariant(db, body.product_variant_id);
  if (!variant) throw notFound(MESSAGES.productNotFound);
  if (variant.productId !== body.product_id) throw new AppError('invalid', MESSAGES.variantMismatch);
  if (body.quantity > variant.stock) throw new AppError('invalid', MESSAGES.invalidInput, [leftInStock(variant.stock)]);

  await db.transaction(async (tx) => {
    // Count-then-insert under the shopper's lock: parallel requests cannot pass the limit.
    await lockUser(tx, userId);
    const lines = await tx
      .select({ variantId: cartLines.variantId })
      .from(cartLines)
      .where(eq(cartLines.userId, userId));
    const isNew = !lines.some((l) => l.variantId === body.product_variant_id);
    if (isNew && lines.length >= MAX_CART_LINES) {
      throw new AppError('invalid', `Your cart can hold at most ${MAX_CART_LINES} different items`);
    }
    await tx
      .insert(cartLines)
      .values({ userId, productId: body.product_id, variantId: body.product_variant_id, quantity: body.quantity })
      .onConflictDoUpdate({
        target: [cartLines.userId, cartLines.variantId],
        set: { quantity: body.quantity, updatedAt: new Date() },
      });
  });
  return 'updated';
}
