import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';
import { users } from '../accounts/accounts.schema';
import { productVariants } from '../catalog/catalog.schema';

/**
 * 'Tell me when it's back' (docs/product.md 'Back in stock'): one row per
 * request, open until told (`notified_at`), lapsed after 90 days, deleted by
 * its way out. One open request per size and email: asking again is the same
 * request. A rise of the size's stock from 0 queues the telling in the
 * outbox (the trigger of the migration `back_in_stock`, beside this table).
 */
export const backInStockRequests = pgTable(
  'back_in_stock_requests',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    variantId: integer('variant_id')
      .notNull()
      .references(() => productVariants.id, { onDelete: 'cascade' }),
    /** The account that asked; null for a guest (an email alone). */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    createdAt: createdAt(),
    /** When it was told (mailed, and messaged where the account agreed to marketing): never again. */
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    /** The way out's link (random, 32 bytes): stops this and every other open request of the email. */
    token: text('token').notNull().unique(),
  },
  (t) => [
    uniqueIndex('back_in_stock_open_uq')
      .on(t.variantId, t.email)
      .where(sql`${t.notifiedAt} is null`),
    index('back_in_stock_email_idx').on(t.email),
    index('back_in_stock_user_idx').on(t.userId),
  ],
);
