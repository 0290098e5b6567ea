import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns';
import { DISCOUNT_KINDS } from '../pricing/discount-terms';

const kindList = sql.raw(DISCOUNT_KINDS.map((k) => `'${k}'`).join(', '));

/** A discount code (docs/product.md 'Discount codes'): its kind, amount and conditions. */
export const discountCodes = pgTable(
  'discount_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** As shoppers type it, kept in capitals: codes are case-insensitive. */
    code: text('code').notNull(),
    kind: text('kind', { enum: DISCOUNT_KINDS }).notNull(),
    /** Percent off (1–90), paise off, or 0 for free shipping. */
    value: integer('value').notNull(),
    minSubtotalPaise: integer('min_subtotal_paise').notNull().default(0),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    /** The first moment it no longer works (midnight in India after its last day). */
    endsAt: timestamp('ends_at', { withTimezone: true }),
    maxUses: integer('max_uses'),
    maxUsesPerBuyer: integer('max_uses_per_buyer'),
    firstOrderOnly: boolean('first_order_only').notNull().default(false),
    categoryIds: integer('category_ids')
      .array()
      .notNull()
      .default(sql`'{}'`),
    collectionIds: integer('collection_ids')
      .array()
      .notNull()
      .default(sql`'{}'`),
    excludeSaleItems: boolean('exclude_sale_items').notNull().default(false),
    active: boolean('active').notNull().default(true),
    /**
     * Orders holding a use now (their `discount_code_id`): counted in the placing transaction, given
     * back when an unpaid order is cancelled or expires.
     */
    uses: integer('uses').notNull().default(0),
    /** The owner's note of what it is for (an influencer, a festival). */
    note: text('note').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('discount_codes_code_uq').on(t.code),
    check('discount_codes_kind', sql`${t.kind} in (${kindList})`),
    check(
      'discount_codes_value',
      sql`(${t.kind} = 'percent' and ${t.value} between 1 and 90)
       or (${t.kind} = 'amount' and ${t.value} > 0)
       or (${t.kind} = 'free_shipping' and ${t.value} = 0)`,
    ),
    check('discount_codes_uses', sql`${t.uses} >= 0 and (${t.maxUses} is null or ${t.uses} <= ${t.maxUses})`),
    check('discount_codes_code_form', sql`${t.code} = upper(${t.code}) and length(${t.code}) between 3 and 32`),
  ],
);
