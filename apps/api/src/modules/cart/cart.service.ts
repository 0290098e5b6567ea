import { MAX_CART_LINES, MESSAGES, type CartBody, type CartLine } from '@shop/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgSelect } from 'drizzle-orm/pg-core';
import { preparedQuery, type Db, type DbOrTx } from '../../db/client';
import { lockUser } from '../accounts/user-lock';
import { cartLines, carts } from './cart.schema';
import { products, productVariants } from '../catalog/catalog.schema';
import { AppError, notFound } from '../../lib/errors';
import { detailColumns, findVariant, joinDetails, toProductDetail, type VariantRow } from '../catalog/catalog.service';

/** The shopper's lines, oldest first, each with its variant, product, size and colour. */
const linesWithDetails = <T extends PgSelect>(query: T) =>
  joinDetails(query.innerJoin(productVariants, eq(productVariants.id, cartLines.variantId)))
    .where(eq(cartLines.userId, sql.placeholder('userId')))
    .orderBy(asc(cartLines.id));

const cartOfUser = preparedQuery((db) =>
  linesWithDetails(
    db
      .select({ line: cartLines, ...detailColumns })
      .from(cartLines)
      .$dynamic(),
  ).prepare('cart_of_user'),
);

/**
 * A new quantity for a line the shopper holds already, if its variant is of
 * that product, on sale, and has the stock; and the cart read, all in one
 * statement. The read sees the cart as it was when the statement began, so
 * the changed line's new quantity comes from the update's RETURNING.
 */
const setHeldQuantity = preparedQuery((db) => {
  const changed = db.$with('changed').as(
    db
      .update(cartLines)
      .set({ quantity: sql`${sql.placeholder('quantity')}`, updatedAt: sql`now()` })
      .where(
        and(
          eq(cartLines.userId, sql.placeholder('userId')),
          eq(cartLines.variantId, sql.placeholder('variantId')),
          sql`exists (
            select 1 from ${productVariants} v join ${products} p on p.id = v.product_id
            where v.id = ${cartLines.variantId} and v.product_id = ${sql.placeholder('productId')}
              and v.is_active and p.is_active and v.stock >= ${sql.placeholder('quantity')}
          )`,
        ),
      )
      .returning({ id: cartLines.id, quantity: cartLines.quantity }),
  );
  return linesWithDetails(
    db
      .with(changed)
      .select({ line: cartLines, ...detailColumns, newQuantity: changed.quantity })
      .from(cartLines)
      .leftJoin(changed, eq(changed.id, cartLines.id))
      .$dynamic(),
  ).prepare('set_held_cart_quantity');
});

const toCartLine = ({ line, ...detail }: { line: typeof cartLines.$inferSelect } & VariantRow): CartLine => ({
  id: line.id,
  product_id: line.productId,
  product_variant_id: line.variantId,
  quantity: line.quantity,
  product: toProductDetail(detail),
});

/** The shopper's lines, oldest first, each with its product as the cart shows it: one query. */
export async function getCart(db: Db, userId: number): Promise<CartLine[]> {
  return (await cartOfUser(db).execute({ userId })).map(toCartLine);
}

/**
 * What a page shows of a shopper's cart, as a column over `userId`: each line's
 * variant and quantity, oldest first, as JSON (read beside the session: web/shared-pages.ts).
 */
export const cartShapeOf = (userId: AnyPgColumn) =>
  sql<
    [variantId: number, quantity: number][]
  >`(select coalesce(json_agg(json_build_array(${cartLines.variantId}, ${cartLines.quantity}) order by ${cartLines.id}), '[]') from ${cartLines} where ${cartLines.userId} = ${userId})`;

/**
 * The cart changed: its row notes when (a new episode when it held nothing),
 * or goes when the cart is now empty (docs/product.md 'Messages to shoppers').
 * One statement: the two branches exclude each other.
 */
async function noteCartChange(db: DbOrTx, userId: number): Promise<void> {
  const holds = sql`exists (select 1 from ${cartLines} where ${cartLines.userId} = ${userId})`;
  await db.execute(sql`
    with gone as (delete from ${carts} where ${carts.userId} = ${userId} and not ${holds})
    insert into ${carts} (user_id) select ${userId} where ${holds}
    on conflict (user_id) do update set changed_at = now()`);
}

const leftInStock = (stock: number) => (stock === 0 ? 'This item is out of stock' : `Only ${stock} left in stock`);

/**
 * Sets the quantity of a line (docs/product.md#cart): absolute, so a retry does no
 * harm; 0 removes it; never more than the stock. Answers the cart after.
 */
export async function setCartLine(
  db: Db,
  userId: number,
  body: CartBody,
): Promise<{ outcome: 'updated' | 'removed'; cart: CartLine[] }> {
  if (body.quantity === 0) {
    await db
      .delete(cartLines)
      .where(and(eq(cartLines.userId, userId), eq(cartLines.variantId, body.product_variant_id)));
    await noteCartChange(db, userId);
    return { outcome: 'removed', cart: await getCart(db, userId) };
  }
  // The common case, one statement: a line the shopper holds, still on sale, with the stock.
  const held = await setHeldQuantity(db).execute({
    userId,
    productId: body.product_id,
    variantId: body.product_variant_id,
    quantity: body.quantity,
  });
  if (held.some((row) => row.newQuantity !== null)) {
    await noteCartChange(db, userId);
    return {
      outcome: 'updated',
      cart: held.map(({ newQuantity, ...row }) =>
        toCartLine(newQuantity === null ? row : { ...row, line: { ...row.line, quantity: newQuantity } }),
      ),
    };
  }

  // Otherwise a new line (under the limit), or the reason the change is refused.
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
    await noteCartChange(tx, userId);
  });
  return { outcome: 'updated', cart: await getCart(db, userId) };
}

/** An account being deleted (personal-data.ts) or a guest's cart taken into an account's: the cart goes. */
export async function forgetCart(db: DbOrTx, userId: number): Promise<void> {
  for (const write of forgetCartWrites(db, userId)) await write;
}

/** The writes that empty a cart, for a caller that sends them within a statement of its own (orders/stock.ts). */
export const forgetCartWrites = (db: DbOrTx, userId: number) => [
  db.delete(cartLines).where(eq(cartLines.userId, userId)),
  db.delete(carts).where(eq(carts.userId, userId)),
];

/** A guest's cart handed, as it is, to the new guest row that takes over their cookie (orders/guests.ts). */
export async function moveCart(db: DbOrTx, fromUserId: number, toUserId: number): Promise<void> {
  await db.update(cartLines).set({ userId: toUserId }).where(eq(cartLines.userId, fromUserId));
  await db.update(carts).set({ userId: toUserId }).where(eq(carts.userId, fromUserId));
}

/**
 * A guest's cart taken into an account's at sign-in (docs/product.md 'Buying
 * as a guest'): each piece's quantities added together, capped by the stock;
 * pieces no longer on sale or out of stock left out; the account's lines
 * first when the cart would hold more than MAX_CART_LINES. The guest's cart
 * is emptied. One statement each, under the account's lock.
 */
export async function mergeCart(db: Db, fromUserId: number, toUserId: number): Promise<void> {
  if (fromUserId === toUserId) return;
  // An empty guest cart changes nothing (a sign-in is no change to the account's cart).
  const [held] = await db.select({ id: cartLines.id }).from(cartLines).where(eq(cartLines.userId, fromUserId)).limit(1);
  if (!held) return;
  await db.transaction(async (tx) => {
    await lockUser(tx, toUserId);
    await lockUser(tx, fromUserId);
    await tx.execute(sql`
      with wanted as (
        select g.product_id, g.product_variant_id,
               coalesce(a.quantity, 0) + g.quantity as quantity, v.stock, a.id is not null as held
        from ${cartLines} g
        join ${productVariants} v on v.id = g.product_variant_id
        join ${products} p on p.id = v.product_id
        left join ${cartLines} a on a.user_id = ${toUserId} and a.product_variant_id = g.product_variant_id
        where g.user_id = ${fromUserId} and v.is_active and p.is_active and v.stock > 0
      ),
      room as (
        select greatest(${MAX_CART_LINES} - count(*), 0) as n from ${cartLines} where user_id = ${toUserId}
      ),
      chosen as (
        select w.* from wanted w where w.held
        union all
        (select w.* from wanted w where not w.held order by w.product_variant_id limit (select n from room))
      )
      insert into ${cartLines} (user_id, product_id, product_variant_id, quantity)
      select ${toUserId}, product_id, product_variant_id, least(quantity, stock) from chosen
      on conflict (user_id, product_variant_id)
      do update set quantity = excluded.quantity, updated_at = now()`);
    await forgetCart(tx, fromUserId);
    await noteCartChange(tx, toUserId);
  });
}
