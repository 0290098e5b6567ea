import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns';
import { orders } from '../orders/orders.schema';

// The money of an order, owned by the payments module: what the provider took (payments), what
// goes back (refunds), what it told us (webhook_events) and what the staff must look at
// (payment_incidents). The order itself, and its status, are the orders module's.

/**
 * Why money goes back: the shopper or the shop cancelled, a return, an amount an admin gave back
 * outside a return ('goodwill'), or a payment the order did not need.
 */
export const REFUND_REASONS = ['cancel', 'shop_cancel', 'return', 'goodwill', 'orphan'] as const;

/**
 * Through the provider, the shop's own transfer (a cash-on-delivery order's money: no provider holds it),
 * or into the shopper's store credit (paid at once: docs/product.md 'Store credit').
 */
export const REFUND_METHODS = ['provider', 'transfer', 'credit'] as const;

export const payments = pgTable(
  'payments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    provider: text('provider').notNull(),
    providerOrderId: text('provider_order_id').notNull(),
    providerPaymentId: text('provider_payment_id').unique(),
    amountPaise: integer('amount_paise').notNull(),
    currency: text('currency').notNull().default('INR'),
    status: text('status', { enum: ['created', 'authorized', 'captured', 'failed'] }).notNull(),
    method: text('method'),
    error: text('error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('payments_order_idx').on(t.orderId), check('payments_amount_pos', sql`${t.amountPaise} > 0`)],
);

/**
 * Money owed back on a payment. A payment may have several refunds (a
 * partial return, then a second payment of the same order), never more in
 * total than it captured: the order's row lock serialises the check.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id),
    /** One refund per key: a double click or a retry finds the refund already recorded. */
    idempotencyKey: text('idempotency_key').notNull().unique(),
    reason: text('reason', { enum: REFUND_REASONS }).notNull(),
    /**
     * How it goes back: through the payment's provider, or (cash collected at the door) by the shop's
     * own bank transfer or UPI, which the owner records with its reference (a UTR) once made.
     */
    method: text('method', { enum: REFUND_METHODS }).notNull().default('provider'),
    /** A transfer's reference (its UTR), recorded with it. */
    reference: text('reference'),
    providerRefundId: text('provider_refund_id').unique(),
    amountPaise: integer('amount_paise').notNull(),
    status: text('status', { enum: ['pending', 'processed', 'failed'] }).notNull(),
    /** The provider's last refusal or failure, for the shop's staff. */
    error: text('error'),
    /** When to ask the provider again about a refund it has not settled (backs off). */
    nextCheckAt: timestamp('next_check_at', { withTimezone: true }).notNull().defaultNow(),
    checks: integer('checks').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('refunds_payment_idx').on(t.paymentId),
    index('refunds_order_idx').on(t.orderId),
    index('refunds_unsettled_idx')
      .on(t.nextCheckAt)
      .where(sql`${t.status} = 'pending'`),
    check('refunds_amount_pos', sql`${t.amountPaise} > 0`),
  ],
);

export const webhookEvents = pgTable('webhook_events', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  provider: text('provider').notNull(),
  eventId: text('event_id').notNull().unique(),
  eventType: text('event_type').notNull(),
  payload: jsonb('payload').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  processedAt: timestamp('processed_at', { withTimezone: true }),
});

export const PAYMENT_INCIDENT_KINDS = [
  /** The provider reports a refund the shop asked for as failed. */
  'refund_failed',
  /** The shop could not get the provider to take a refund request, after every retry. */
  'refund_request_failed',
  /** A refund made outside the shop (the provider's dashboard). */
  'refund_outside',
  /** A chargeback or dispute opened by the shopper's bank. */
  'dispute',
  /** A payment whose amount or currency is not its order's: never marks the order paid. */
  'amount_mismatch',
] as const;

/**
 * Money events the shop did not ask for or could not complete, for the shop's
 * staff to look at: one row per provider object (refund, dispute, payment),
 * updated as the provider reports on it.
 */
export const paymentIncidents = pgTable(
  'payment_incidents',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind', { enum: PAYMENT_INCIDENT_KINDS }).notNull(),
    orderId: integer('order_id').references(() => orders.id),
    providerPaymentId: text('provider_payment_id'),
    /** The provider's id of the refund, dispute or payment concerned. */
    providerRef: text('provider_ref').notNull(),
    amountPaise: integer('amount_paise'),
    currency: text('currency'),
    /** The provider's status of it ('failed', 'open', 'lost', ...). */
    providerStatus: text('provider_status').notNull(),
    /** The provider's reason or our error, as given. */
    reason: text('reason').notNull().default(''),
    status: text('status', { enum: ['open', 'resolved'] })
      .notNull()
      .default('open'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('payment_incidents_ref_uq').on(t.kind, t.providerRef),
    index('payment_incidents_open_idx').on(t.status, t.createdAt),
  ],
);
