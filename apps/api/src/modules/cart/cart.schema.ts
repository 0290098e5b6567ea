import { sql } from 'drizzle-orm';
import { check, integer, pgTable, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns';
import { users } from '../accounts/accounts.schema';
import { productVariants, products } from '../catalog/catalog.schema';

export const cartLines = pgTable(
  'cart_lines',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    variantId: integer('product_variant_id')
      .notNull()
      .references(() => productVariants.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('cart_lines_user_variant_uq').on(t.userId, t.variantId),
    check('cart_lines_quantity_pos', sql`${t.quantity} > 0`),
  ],
);

/**
 * A cart that holds something, one row per shopper: when its 'episode' began
 * (its first piece, after it was last empty) and when it last changed. Emptying
 * the cart, by hand or by ordering, ends the episode and drops the row. Cart
 * reminders count from `changed_at` and at most two per episode
 * (docs/product.md 'Messages to shoppers').
 */
export const carts = pgTable('carts', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
});
