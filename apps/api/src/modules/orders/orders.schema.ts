import { ORDER_STATUSES, PAYMENT_METHODS } from '@shop/contract';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns';
import { users } from '../accounts/accounts.schema';
import { productVariants, products } from '../catalog/catalog.schema';
import { discountCodes } from '../discounts/discounts.schema';

const statusList = sql.raw(ORDER_STATUSES.map((s) => `'${s}'`).join(', '));

export const orders = pgTable(
  'orders',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('created'),
    /** Σ quantity × unit price of the lines, before any discount. */
    subtotalPaise: integer('subtotal_paise').notNull(),
    /** The shipping rate; a free-shipping code's waiver is part of the discount. */
    shippingPaise: integer('shipping_paise').notNull(),
    /** All the code took off: the lines' shares (order_lines.discount_paise) and any shipping waived. */
    discountPaise: integer('discount_paise').notNull().default(0),
    /** The cash-on-delivery fee, a charge like shipping. */
    codFeePaise: integer('cod_fee_paise').notNull().default(0),
    /** subtotal − discount + shipping + COD fee: the quote's total. */
    totalPaise: integer('total_paise').notNull(),
    /**
     * Store credit spent on it (docs/product.md 'Store credit'): a way to pay, not a discount, so the
     * total and its tax are unchanged; total − credit is what is paid online or at the door.
     */
    creditPaise: integer('credit_paise').notNull().default(0),
    discountCodeId: integer('discount_code_id').references(() => discountCodes.id),
    /** The code as the order used it (a later rename of the code does not change it). */
    discountCode: text('discount_code'),
    shippingType: text('shipping_type', { enum: ['standard', 'express'] }).notNull(),
    paymentMethod: text('payment_method', { enum: PAYMENT_METHODS }).notNull().default('ONLINE'),
    /** Cash on delivery: when the shopper's code (or the shop, when no code is asked) confirmed it. */
    codConfirmedAt: timestamp('cod_confirmed_at', { withTimezone: true }),
    /** Cash on delivery: when the carrier handed the cash it collected over to the shop, and its reference. */
    codRemittedAt: timestamp('cod_remitted_at', { withTimezone: true }),
    codRemittance: text('cod_remittance'),
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
    /** An exchange's replacement: the order whose returned pieces it replaces (docs/product.md 'Exchanges'). */
    exchangeOf: integer('exchange_of').references((): AnyPgColumn => orders.id),
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
    // A code's uses by a buyer (checked at every checkout with it) and its sales in the back office.
    index('orders_discount_code_user_idx')
      .on(t.discountCodeId, t.userId)
      .where(sql`${t.discountCodeId} is not null`),
    // Open cash-on-delivery orders of one phone, counted on every COD checkout.
    index('orders_cod_phone_idx')
      .on(t.phone, t.status)
      .where(sql`${t.paymentMethod} = 'COD'`),
    // An order's exchanges (its page names them).
    index('orders_exchange_of_idx')
      .on(t.exchangeOf)
      .where(sql`${t.exchangeOf} is not null`),
    index('orders_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    check('orders_status', sql`${t.status} in (${statusList})`),
    check(
      'orders_money',
      sql`${t.subtotalPaise} >= 0 and ${t.shippingPaise} >= 0 and ${t.codFeePaise} >= 0
       and ${t.discountPaise} >= 0 and ${t.discountPaise} <= ${t.subtotalPaise} + ${t.shippingPaise}
       and ${t.totalPaise} = ${t.subtotalPaise} - ${t.discountPaise} + ${t.shippingPaise} + ${t.codFeePaise}`,
    ),
    check('orders_credit', sql`${t.creditPaise} between 0 and ${t.totalPaise}`),
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
    /** The line's share of the code's discount: what is paid for it is quantity × unit price − this. */
    discountPaise: integer('discount_paise').notNull().default(0),
    /** GST rate in basis points (500 = 5%) of a piece as paid (after its discount); prices include it. */
    gstRateBp: integer('gst_rate_bp').notNull(),
    /** The product's HSN code when the order was placed (docs/product.md 'HSN codes'). */
    hsnCode: text('hsn_code').notNull().default('6111'),
    /** Pieces the shop has taken back by accepted returns: a piece is returned once. */
    returnedQuantity: integer('returned_quantity').notNull().default(0),
  },
  (t) => [
    index('order_lines_order_idx').on(t.orderId),
    check('order_lines_quantity_pos', sql`${t.quantity} > 0`),
    check('order_lines_price_nonneg', sql`${t.unitPricePaise} >= 0`),
    check('order_lines_returned', sql`${t.returnedQuantity} >= 0 and ${t.returnedQuantity} <= ${t.quantity}`),
    check(
      'order_lines_discount',
      sql`${t.discountPaise} >= 0 and ${t.discountPaise} <= ${t.quantity} * ${t.unitPricePaise}`,
    ),
  ],
);

/**
 * A parcel handed to a carrier: some pieces of an order's lines, with its
 * tracking (docs/product.md 'Shipments'). An order ships in one or more of
 * them; it moves to shipped when every piece is in one. `requestKey` is the
 * back office form's, so a second submit records nothing twice.
 */
export const orderShipments = pgTable(
  'order_shipments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    carrier: text('carrier'),
    trackingNumber: text('tracking_number'),
    trackingUrl: text('tracking_url').notNull(),
    requestKey: text('request_key'),
    /** Who shipped it, as the history names actors ('staff:3'). */
    actor: text('actor').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('order_shipments_order_idx').on(t.orderId),
    uniqueIndex('order_shipments_request_uq').on(t.orderId, t.requestKey),
  ],
);

/** The pieces of one line in a shipment: a line's pieces in all its shipments never exceed its quantity. */
export const orderShipmentLines = pgTable(
  'order_shipment_lines',
  {
    shipmentId: integer('shipment_id')
      .notNull()
      .references(() => orderShipments.id, { onDelete: 'cascade' }),
    lineId: integer('order_line_id')
      .notNull()
      .references(() => orderLines.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.shipmentId, t.lineId] }),
    index('order_shipment_lines_line_idx').on(t.lineId),
    check('order_shipment_lines_quantity_pos', sql`${t.quantity} > 0`),
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

/**
 * The code that confirms a cash-on-delivery order, hashed at rest like the
 * accounts' one-time codes: one live code per order, five wrong tries spend
 * it, a new one may be asked for (a few times, spaced out).
 */
export const codConfirmations = pgTable(
  'cod_confirmations',
  {
    orderId: integer('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** How many codes were mailed (the first, then each 'send again'). */
    sends: integer('sends').notNull().default(1),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [check('cod_confirmations_attempts', sql`${t.attempts} >= 0`)],
);

/*
 * The dashboard's money as running totals per Indian day (Asia/Kolkata), kept by PostgreSQL
 * triggers in the transaction of every write that changes them (migration dashboard_day_totals, docs/back-office.md
 * 'Dashboard'): an order's `paid_at` or total, its lines, its refunds. The day is the order's paid
 * day; a refund changes the day its order was paid on, as the dashboard always counted it. Each day
 * is split over a few `slot`s (the writer's backend pid modulo 4), so that two payments at once
 * seldom wait for one row; readers add the slots up.
 */

/** Per day: orders paid that day and their money, less refunds of them other than failed ones. */
export const orderDayTotals = pgTable(
  'order_day_totals',
  {
    day: date('day').notNull(),
    slot: smallint('slot').notNull(),
    orders: integer('orders').notNull().default(0),
    paise: bigint('paise', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.slot] })],
);

/** Per day and product name (as the order's line says it): pieces paid that day and what was paid for them. */
export const orderDayProducts = pgTable(
  'order_day_products',
  {
    day: date('day').notNull(),
    name: text('name').notNull(),
    slot: smallint('slot').notNull(),
    quantity: integer('quantity').notNull().default(0),
    paise: bigint('paise', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.name, t.slot] })],
);
