import { boolean, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';

/**
 * Every mail the shop sends, written before it is sent and delivered by the
 * outbox worker with retries; `failed` once it has given up (the back office
 * lists them). A `secret` mail (a one-time code) has its body blanked once sent.
 * A marketing mail names its account: it is sent only while that account's
 * consent to marketing by email holds, else `cancelled`.
 */
export const mailOutbox = pgTable('mail_outbox', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html').notNull(),
  status: text('status', { enum: ['pending', 'sent', 'failed', 'logged', 'cancelled'] }).notNull(),
  secret: boolean('secret').notNull().default(false),
  /** Makes writing a mail idempotent (an effect that runs twice stores its mail once). */
  key: text('key').unique(),
  /** Headers of its own (a marketing mail's List-Unsubscribe). */
  headers: jsonb('headers').$type<Record<string, string>>(),
  /** A marketing mail: the account whose consent it needs when it is sent. */
  marketingUserId: integer('marketing_user_id'),
  attempts: integer('attempts').notNull().default(0),
  error: text('error'),
  createdAt: createdAt(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
});
