import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns';
import { users } from '../accounts/accounts.schema';
import { orders } from '../orders/orders.schema';

export const ENQUIRY_STATUSES = ['new', 'answered', 'closed'] as const;
export const RETURN_DECISIONS = ['accepted', 'rejected'] as const;
export const RETURN_REASONS = ['size', 'quality', 'wrong_item', 'other'] as const;
export const RETURN_WISHES = ['refund', 'credit', 'exchange'] as const;

export const contactEnquiries = pgTable(
  'contact_enquiries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Set when the enquiry is a return request for one of the sender's orders. */
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull().default(''),
    message: text('message').notNull(),
    /** The back office's inbox (docs/back-office.md): new, answered by mail, closed. */
    status: text('status', { enum: ENQUIRY_STATUSES }).notNull().default('new'),
    /** A return request's outcome, once the shop has decided. */
    returnDecision: text('return_decision', { enum: RETURN_DECISIONS }),
    /** When the shop marked the returned parcel received (before or after deciding). */
    returnReceivedAt: timestamp('return_received_at', { withTimezone: true }),
    /** The pieces a return request names (order line and how many), checked against the order when sent. */
    returnLines: jsonb('return_lines').$type<{ lineId: number; quantity: number; exchangeVariantId?: number }[]>(),
    /** Why they come back, and what the shopper would like instead (docs/product.md 'After the sale'). */
    returnReason: text('return_reason', { enum: RETURN_REASONS }),
    returnWish: text('return_wish', { enum: RETURN_WISHES }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('contact_enquiries_status_idx').on(t.status, t.id),
    index('contact_enquiries_order_idx').on(t.orderId),
    index('contact_enquiries_user_idx').on(t.userId),
    check('contact_enquiries_status', sql`${t.status} in ('new', 'answered', 'closed')`),
    check(
      'contact_enquiries_return',
      sql`(${t.returnReason} is null or ${t.returnReason} in ('size', 'quality', 'wrong_item', 'other'))
        and (${t.returnWish} is null or ${t.returnWish} in ('refund', 'credit', 'exchange'))`,
    ),
    index('contact_enquiries_wish_idx')
      .on(t.returnWish, t.id)
      .where(sql`${t.orderId} is not null`),
  ],
);

/** The shop's mailed answers to an enquiry, kept with it (docs/back-office.md). */
export const enquiryReplies = pgTable(
  'enquiry_replies',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    enquiryId: integer('enquiry_id')
      .notNull()
      .references(() => contactEnquiries.id, { onDelete: 'cascade' }),
    authorUserId: integer('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    /** Makes a double click write one reply (and one mail). */
    requestKey: text('request_key').notNull().unique(),
    createdAt: createdAt(),
  },
  (t) => [index('enquiry_replies_enquiry_idx').on(t.enquiryId, t.id)],
);
