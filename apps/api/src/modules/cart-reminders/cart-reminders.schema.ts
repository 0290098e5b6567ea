import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';
import { users } from '../accounts/accounts.schema';

/**
 * Each cart reminder (docs/product.md 'Messages to shoppers'): claimed by the
 * clock for a cart's episode (its `started_at`) and its number, 1 or 2, so a
 * cart is reminded at most twice however often the clock runs and in however
 * many processes. The outbox's step sends it and notes the channels it went
 * on (`sent_at`: on one at least); none when consent or the cart had gone.
 */
export const cartReminders = pgTable(
  'cart_reminders',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    cartStartedAt: timestamp('cart_started_at', { withTimezone: true }).notNull(),
    number: integer('number').notNull(),
    channels: text('channels')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('cart_reminders_episode_uq').on(t.userId, t.cartStartedAt, t.number),
    index('cart_reminders_sent_idx').on(t.sentAt),
    check('cart_reminders_number', sql`${t.number} in (1, 2)`),
  ],
);
