import { MESSAGE_CHANNELS, normaliseMobile, type MessageChannel, type MessageStatus } from '@shop/contract';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { UnitOfWork } from '../../context';
import type { DbOrTx } from '../../db/client';
import { ChannelError, type WebhookNews } from './channel';
import { hasConsent, isStop, withdrawByReply } from './consent.service';
import { shopperMessages, type MessageParam } from './messages.schema';
import { messageParams, purposeOf, type MessageKey, type TemplateMessage } from './templates';

/**
 * A message to a shopper, on every channel they agreed to for its template's
 * purpose: about their order, or marketing (a cart reminder, a size back in stock).
 */
export type ShopperMessage = TemplateMessage & {
  /** The buyer, whose consent (for the template's purpose) decides the channels; null (no account): none. */
  userId: number | null;
  /** The order it is about; null for marketing (a cart reminder, a size back in stock). */
  orderId: number | null;
  /** An order's: the phone given at checkout for it, used for that order's messages only; else the account's. */
  phone: string;
  /** Queued once per key and channel (an outbox step that runs twice queues nothing more). */
  key: string;
  /** Values to blank once sent (a one-time code). */
  secret?: boolean;
};

/** How far a message has gone: a provider's late or repeated report never moves it back. */
const PROGRESS: Record<MessageStatus, number> = { queued: 0, sent: 1, delivered: 2, read: 3, failed: 9, cancelled: 9 };
const REDACTED: MessageParam[] = [{ name: 'removed', value: '[removed after sending]' }];

/**
 * Queues the message in the caller's transaction, on each configured channel
 * the shopper agreed to for its purpose (order messages, or marketing); the
 * outbox sends each after the commit. A phone that is no mobile is recorded as
 * failed, with why, for the owner to see. Answers the channels it was queued on.
 */
export async function queueShopperMessage(work: UnitOfWork, m: ShopperMessage): Promise<MessageChannel[]> {
  if (m.userId === null) return [];
  const userId = m.userId;
  const params = messageParams(m);
  const purpose = purposeOf(m.template);
  const queued: MessageChannel[] = [];
  await work.transaction(async (w) => {
    for (const channel of MESSAGE_CHANNELS) {
      if (!w.app.channels[channel]?.offers(m.template)) continue;
      if (!(await hasConsent(w.db, userId, channel, purpose))) continue;
      const phone = normaliseMobile(m.phone);
      const [stored] = await w.db
        .insert(shopperMessages)
        .values({
          userId,
          orderId: m.orderId,
          channel,
          to: phone.ok ? phone.e164 : m.phone.trim(),
          template: m.template,
          params,
          secret: m.secret ?? false,
          key: `${m.key}:${channel}`,
          ...(phone.ok ? {} : { status: 'failed' as const, error: phone.message }),
        })
        .onConflictDoNothing({ target: shopperMessages.key })
        .returning({ id: shopperMessages.id, status: shopperMessages.status });
      if (stored?.status === 'queued') {
        await w.emit('message.queued', { messageId: stored.id });
        queued.push(channel);
      }
    }
  });
  return queued;
}

async function settle(
  work: UnitOfWork,
  id: number,
  status: MessageStatus,
  extra: Partial<typeof shopperMessages.$inferInsert> = {},
) {
  await work.db
    .update(shopperMessages)
    .set({ status, updatedAt: new Date(), ...extra })
    .where(eq(shopperMessages.id, id));
}

/**
 * The outbox's step: sends one queued message. Consent is asked again now: a
 * shopper who withdrew after it was queued gets nothing. A refusal of the
 * message itself (a bad number, a bad token) fails it at once; the provider's
 * own trouble (5xx, the network) is retried by the outbox, and the last try
 * fails it.
 */
export async function deliverMessage(work: UnitOfWork, messageId: number, job: { final: boolean }): Promise<void> {
  const [m] = await work.db.select().from(shopperMessages).where(eq(shopperMessages.id, messageId));
  if (!m || m.status !== 'queued') return;
  // A code is not kept readable once its message is done with, sent or not.
  const blank = m.secret ? { params: REDACTED } : {};
  const channel = work.app.channels[m.channel];
  if (!channel) return settle(work, m.id, 'failed', { error: `${m.channel} is no longer configured`, ...blank });
  if (m.userId === null || !(await hasConsent(work.db, m.userId, m.channel, purposeOf(m.template)))) {
    return settle(work, m.id, 'cancelled', { error: 'The shopper withdrew consent before it was sent', ...blank });
  }
  await work.db
    .update(shopperMessages)
    .set({ attempts: sql`${shopperMessages.attempts} + 1` })
    .where(eq(shopperMessages.id, m.id));
  try {
    const { providerId } = await channel.send({ to: m.to, template: m.template as MessageKey, params: m.params });
    await settle(work, m.id, 'sent', { providerId, sentAt: new Date(), error: null, ...blank });
  } catch (err) {
    const error = (err instanceof Error ? err.message : String(err)).slice(0, 500);
    const retry = !(err instanceof ChannelError) || err.retryable;
    if (!retry || job.final) return settle(work, m.id, 'failed', { error, ...blank });
    await settle(work, m.id, 'queued', { error });
    throw err;
  }
}

/** After the outbox's last try failed outside the send itself: the message is given up all the same. */
export async function messageGaveUp(work: UnitOfWork, messageId: number, error: string): Promise<void> {
  await work.db
    .update(shopperMessages)
    .set({
      status: 'failed',
      error,
      updatedAt: new Date(),
      params: sql`case when ${shopperMessages.secret} then ${JSON.stringify(REDACTED)}::jsonb else ${shopperMessages.params} end`,
    })
    .where(and(eq(shopperMessages.id, messageId), eq(shopperMessages.status, 'queued')));
}

/**
 * What a provider's webhook said, its sender already checked: each status
 * moves its message forward (never back: a late 'delivered' after 'read'
 * changes nothing); a reply of STOP withdraws consent at once.
 */
export async function applyWebhook(
  work: UnitOfWork,
  channel: MessageChannel,
  news: WebhookNews,
): Promise<{ updated: number; withdrawn: number }> {
  let updated = 0;
  for (const report of news.statuses) {
    const [m] = await work.db
      .select({ id: shopperMessages.id, status: shopperMessages.status })
      .from(shopperMessages)
      .where(and(eq(shopperMessages.channel, channel), eq(shopperMessages.providerId, report.providerId)));
    if (!m || PROGRESS[report.status] <= PROGRESS[m.status] || m.status === 'failed') continue;
    // A message delivered or read stays so: a later 'failed' (another device) does not undo it.
    if (report.status === 'failed' && PROGRESS[m.status] >= PROGRESS.delivered) continue;
    await settle(work, m.id, report.status, report.error ? { error: report.error.slice(0, 500) } : {});
    updated += 1;
  }
  let withdrawn = 0;
  for (const reply of news.replies) {
    if (isStop(reply.text)) withdrawn += await withdrawByReply(work, channel, reply.from);
  }
  return { updated, withdrawn };
}

/** The back office's list: newest first, optionally of one status. */
export async function listMessages(work: UnitOfWork, query: { status?: MessageStatus; limit: number }) {
  const rows = await work.db
    .select()
    .from(shopperMessages)
    .where(query.status ? eq(shopperMessages.status, query.status) : undefined)
    .orderBy(sql`${shopperMessages.id} desc`)
    .limit(query.limit);
  const [failed] = await work.db
    .select({ n: sql<number>`count(*)::int` })
    .from(shopperMessages)
    .where(and(eq(shopperMessages.status, 'failed'), sql`${shopperMessages.updatedAt} > now() - interval '7 days'`));
  return { rows, failedRecently: failed?.n ?? 0 };
}

/** The user's messages, for their copy of their data (a code's values are never in it once sent). */
export async function messagesOf(work: UnitOfWork, userId: number) {
  const rows = await work.db
    .select()
    .from(shopperMessages)
    .where(eq(shopperMessages.userId, userId))
    .orderBy(shopperMessages.id);
  return rows.map((m) => ({
    channel: m.channel,
    to: m.to,
    template: m.template,
    order_id: m.orderId,
    status: m.status,
    created_at: m.createdAt.toISOString(),
  }));
}

/** An account deleted: its messages keep their facts for the books, not the number or the words. */
export async function forgetMessages(db: DbOrTx, userId: number): Promise<void> {
  await db
    .update(shopperMessages)
    .set({ to: '', params: [], error: null, updatedAt: new Date() })
    .where(and(eq(shopperMessages.userId, userId), ne(shopperMessages.status, 'queued')));
  await db
    .update(shopperMessages)
    .set({ to: '', params: [], status: 'cancelled', error: 'The account was deleted', updatedAt: new Date() })
    .where(and(eq(shopperMessages.userId, userId), eq(shopperMessages.status, 'queued')));
}
