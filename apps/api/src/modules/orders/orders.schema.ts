import { ORDER_STATUSES } from '@shop/contract';
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns';
import { users } from '../accounts/accounts.schema';
import { productVariants, products } from '../catalog/catalog.schema';

/** Why money goes back: the shopper or the shop cancelled, a return, or a payment the order did not need. */
export const REFUND_REASONS = ['cancel', 'shop_cancel', 'return', 'orphan'] as const;

const statusList = sql.raw(ORDER_STATUSES.map((s) => `'${s}'`).join(', '));

export const orders = pgTable(
  'orders',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('created'),
    subtotalPaise: integer('subtotal_paise').notNull(),
    shippingPaise: integer('shipping_paise').notNull(),
    totalPaise: integer('total_paise').notNull(),
    shippingType: text('shipping_type', { enum: ['standard', 'express'] }).notNull(),
    paymentMethod: text('payment_method').notNull().default('ONLINE'),
    /** The provider's id of the payment that paid this order. */
    paymentId: text('payment_id'),
    provider: text('provider'),
    providerOrderId: text('provider_order_id').unique(),
    // Delivery address, copied when the order is placed.
    name: text('name').notNull().default(''),
    email: text('email').notNull().default(''),
    phone: text('phone').notNull(),
    address: text('address').notNull(),
    locality: text('locality').notNull(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    pincode: text('pincode').notNull(),
    country: text('country').notNull(),
    invoiceNumber: text('invoice_number').unique(),
    trackingUrl: text('tracking_url'),
    /** As the back office chose them when shipping (docs/back-office.md). */
    carrier: text('carrier'),
    trackingNumber: text('tracking_number'),
    idempotencyKey: text('idempotency_key'),
    paymentDueAt: timestamp('payment_due_at', { withTimezone: true }).notNull(),
    /** When the shopper was reminded to pay (once per order, PAYMENT_REMINDER_MINUTES before the deadline). */
    paymentRemindedAt: timestamp('payment_reminded_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('orders_user_idx').on(t.userId, t.createdAt),
    index('orders_status_due_idx').on(t.status, t.paymentDueAt),
    // The shopper's unpaid open orders, counted on every checkout (MAX_UNPAID_ORDERS).
    index('orders_user_unpaid_idx')
      .on(t.userId)
      .where(sql`${t.status} in ('created', 'payment_pending')`),
    uniqueIndex('orders_user_idempotency_uq').on(t.userId, t.idempotencyKey),
    // The back office's list (docs/back-office.md): newest first, by status tab, and its searches.
    index('orders_created_idx').on(t.createdAt, t.id),
    index('orders_status_created_idx').on(t.status, t.createdAt, t.id),
    index('orders_email_idx').on(t.email),
    index('orders_phone_idx').on(t.phone),
    index('orders_payment_id_idx').on(t.paymentId),
    // The dashboard's revenue over the last days.
    index('orders_paid_at_idx')
      .on(t.paidAt)
      .where(sql`${t.paidAt} is not null`),
    // The dashboard's work waiting: orders packing since (paid), shipped since (last change).
    index('orders_packaging_paid_idx')
      .on(t.paidAt)
      .where(sql`${t.status} = 'packaging'`),
    index('orders_shipped_updated_idx')
      .on(t.updatedAt)
      .where(sql`${t.status} = 'shipped'`),
    index('orders_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    check('orders_status', sql`${t.status} in (${statusList})`),
    check(
      'orders_money',
      sql`${t.subtotalPaise} >= 0 and ${t.shippingPaise} >= 0 and ${t.totalPaise} = ${t.subtotalPaise} + ${t.shippingPaise}`,
    ),
  ],
);

/** A snapshot of what was bought, immune to later catalogue edits. */
export const orderLines = pgTable(
  'order_lines',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    variantId: integer('product_variant_id').references(() => productVariants.id, {
      onDelete: 'set null',
    }),
    quantity: integer('quantity').notNull(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    sku: text('sku').notNull(),
    size: text('size').notNull(),
    color: text('color').notNull(),
    image: text('image').notNull(),
    mrpPaise: integer('mrp_paise').notNull(),
    unitPricePaise: integer('unit_price_paise').notNull(),
    /** GST rate in basis points (500 = 5%), prices include it. */
    gstRateBp: integer('gst_rate_bp').notNull(),
    /** The product's HSN code when the order was placed (docs/product.md 'HSN codes'). */
    hsnCode: text('hsn_code').notNull().default('6111'),
  },
  (t) => [
    index('order_lines_order_idx').on(t.orderId),
    check('order_lines_quantity_pos', sql`${t.quantity} > 0`),
    check('order_lines_price_nonneg', sql`${t.unitPricePaise} >= 0`),
  ],
);

export const orderStatusHistory = pgTable(
  'order_status_history',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    actor: text('actor').notNull(),
    note: text('note').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('order_status_history_order_idx').on(t.orderId)],
);

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
