import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { updatedAt } from '../../db/columns';

/** What shipping costs, by zone and speed (docs/product.md#shipping). */
export const shippingRates = pgTable(
  'shipping_rates',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    zone: text('zone', { enum: ['domestic', 'international'] }).notNull(),
    shippingType: text('shipping_type', { enum: ['standard', 'express'] }).notNull(),
    amountPaise: integer('amount_paise').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('shipping_rates_zone_type_uq').on(t.zone, t.shippingType),
    check('shipping_rates_amount_nonneg', sql`${t.amountPaise} >= 0`),
  ],
);
