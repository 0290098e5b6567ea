import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from '../db/columns';

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
