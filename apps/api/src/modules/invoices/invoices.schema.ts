import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';
import { orders } from '../orders/orders.schema';

/** The tax invoice of a paid order: its number and the rendered PDF (base64). */
export const invoices = pgTable('invoices', {
  orderId: integer('order_id')
    .primaryKey()
    .references(() => orders.id),
  number: text('number').notNull().unique(),
  pdf: text('pdf'),
  createdAt: createdAt(),
});

/** Tax invoice numbers run per financial year (April to March). */
export const invoiceCounters = pgTable('invoice_counters', {
  financialYear: text('financial_year').primaryKey(),
  lastNumber: integer('last_number').notNull().default(0),
});
