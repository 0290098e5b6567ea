import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';
import { users } from '../accounts/accounts.schema';

/**
 * Where an account's store credit came from: an amount an admin gave with a reason, or a
 * refund paid into it instead of back to the payment (a return the shopper wanted as credit).
 */
export const CREDIT_SOURCES = ['grant', 'refund'] as const;

/**
 * Store credit (docs/product.md 'Store credit'): an account's ledger, one row per amount
 * credited. Each keeps what is left of it and when it expires, so that credit is
 * spent oldest-expiring first and an expired amount simply stops counting: the
 * balance is what is left of the rows not yet expired. A row is never deleted.
 */
export const storeCredit = pgTable(
  'store_credit',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    source: text('source', { enum: CREDIT_SOURCES }).notNull(),
    amountPaise: integer('amount_paise').notNull(),
    /** What is left to spend of it. */
    remainingPaise: integer('remaining_paise').notNull(),
    /** Why, in the shop's words, as the shopper reads it in the account. */
    reason: text('reason').notNull(),
    // No foreign keys to orders or refunds: credit builds on accounts alone, so that the modules
    // above it (orders spends it, payments pays refunds into it) may import it (docs/architecture.md).
    /** The order it came from (a refund), or the order named by a grant. */
    orderId: integer('order_id'),
    /** The refund paid into it: one credit per refund. */
    refundId: integer('refund_id').unique(),
    /** The admin who gave it (a grant). */
    grantedBy: integer('granted_by').references(() => users.id),
    /** One grant per page: the same submit again finds it given. */
    requestKey: text('request_key').unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('store_credit_user_idx').on(t.userId, t.expiresAt),
    check('store_credit_amount_pos', sql`${t.amountPaise} > 0`),
    check('store_credit_remaining', sql`${t.remainingPaise} between 0 and ${t.amountPaise}`),
    check('store_credit_source', sql`${t.source} in ('grant', 'refund')`),
  ],
);

/**
 * Store credit spent on an order: one row per order, taken from the account's credits
 * soonest-expiring first (their `remaining_paise` falls by as much). What an order that ends
 * gives back is a refund paid into credit, a new amount (docs/product.md 'Store credit').
 */
export const storeCreditSpends = pgTable(
  'store_credit_spends',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** No foreign key, as above: orders builds on credit. One spend per order. */
    orderId: integer('order_id').notNull().unique(),
    amountPaise: integer('amount_paise').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('store_credit_spends_user_idx').on(t.userId, t.createdAt),
    check('store_credit_spends_amount_pos', sql`${t.amountPaise} > 0`),
  ],
);
