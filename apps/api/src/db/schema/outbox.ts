import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { orders } from './orders';

export const OUTBOX_STATUSES = ['pending', 'running', 'done', 'failed'] as const;

/**
 * Work that follows a committed change (a mail, an invoice, a refund request),
 * written in the change's own transaction: one row per subscriber of the
 * event. The worker claims due rows (`run_at` passed) with SKIP LOCKED; a
 * running row's `run_at` is its lease, so a row whose process died is taken
 * up again. Failures come back later (exponential backoff) until `failed`.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    event: text('event').notNull(),
    handler: text('handler').notNull(),
    payload: jsonb('payload').notNull(),
    status: text('status', { enum: OUTBOX_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('outbox_due_idx')
      .on(t.runAt)
      .where(sql`${t.status} in ('pending', 'running')`),
    check('outbox_status', sql`${t.status} in ('pending', 'running', 'done', 'failed')`),
  ],
);

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
