import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import {
  CONSENT_PURPOSES,
  CONSENT_SOURCES,
  MARKETING_CHANNELS,
  MESSAGE_CHANNELS,
  MESSAGE_STATUSES,
} from '@shop/contract';
import { createdAt, updatedAt } from '../../db/columns';

/** One value of a template, by the name the SMS template uses; WhatsApp takes them in this order. */
export interface MessageParam {
  name: string;
  value: string;
}

/**
 * Every WhatsApp or SMS message to a shopper (docs/product.md 'Messages to shoppers'),
 * written before it is sent and sent by the outbox worker with retries, as
 * mail is. Its status follows the provider: `sent` when the provider took it
 * (its id kept), then `delivered` and `read` from the provider's webhooks;
 * `failed` when refused or given up (the back office lists them), `cancelled`
 * when the shopper withdrew consent before it left. A `secret` message (a
 * cash-on-delivery code) has its values blanked once sent.
 */
export const shopperMessages = pgTable(
  'shopper_messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** The buyer it is for, whose consent is checked again when it is sent. */
    userId: integer('user_id'),
    orderId: integer('order_id'),
    channel: text('channel', { enum: MESSAGE_CHANNELS }).notNull(),
    /** E.164 (+91XXXXXXXXXX); '' once the shopper's data is forgotten. */
    to: text('to').notNull(),
    template: text('template').notNull(),
    params: jsonb('params').$type<MessageParam[]>().notNull(),
    secret: boolean('secret').notNull().default(false),
    status: text('status', { enum: MESSAGE_STATUSES }).notNull().default('queued'),
    /** The provider's id of the message (WhatsApp's wamid, MSG91's request id): its webhooks name it. */
    providerId: text('provider_id'),
    /** Makes queueing idempotent (an outbox step that runs twice queues once). */
    key: text('key').notNull().unique(),
    attempts: integer('attempts').notNull().default(0),
    error: text('error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('shopper_messages_provider_uq').on(t.channel, t.providerId),
    index('shopper_messages_to_idx').on(t.to),
    index('shopper_messages_status_idx').on(t.status, t.id),
    check(
      'shopper_messages_status',
      sql`${t.status} in ('queued', 'sent', 'delivered', 'read', 'failed', 'cancelled')`,
    ),
    check('shopper_messages_channel', sql`${t.channel} in ('whatsapp', 'sms')`),
  ],
);

/**
 * A shopper's consent to messages on a channel for a purpose, and its
 * withdrawal: one row per choice, never changed, so the record shows who
 * agreed to what, when and from where (India's DPDP Act 2023). The newest row
 * of a user, channel and purpose is the one in force; none is no consent.
 * Email has a row for marketing only: order mails need no consent.
 */
export const messageConsents = pgTable(
  'message_consents',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id').notNull(),
    channel: text('channel', { enum: MARKETING_CHANNELS }).notNull(),
    purpose: text('purpose', { enum: CONSENT_PURPOSES }).notNull(),
    granted: boolean('granted').notNull(),
    source: text('source', { enum: CONSENT_SOURCES }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('message_consents_user_idx').on(t.userId, t.channel, t.purpose, t.id),
    check('message_consents_purpose', sql`${t.purpose} in ('orders', 'marketing')`),
    check(
      'message_consents_channel',
      sql`${t.channel} in ('whatsapp', 'sms') or (${t.channel} = 'email' and ${t.purpose} = 'marketing')`,
    ),
  ],
);
