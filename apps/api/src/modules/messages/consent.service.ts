import {
  CONSENT_PURPOSES,
  CONSENT_TOPICS,
  MARKETING_CHANNELS,
  MESSAGE_CHANNELS,
  type ConsentPurpose,
  type ConsentSource,
  type ConsentState,
  type ConsentTopic,
  type MarketingChannel,
  type MessageChannel,
  type MessageConsent,
  type UpdateMessageConsentBody,
} from '@shop/contract';
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { UnitOfWork } from '../../context';
import type { DbOrTx } from '../../db/client';
import { messageConsents, shopperMessages } from './messages.schema';

/**
 * Consent to messages (docs/product.md 'Messages to shoppers'; India's DPDP Act 2023):
 * each choice is a row with its time and source; the newest per channel and
 * purpose is in force. Order messages and marketing are separate purposes:
 * agreeing to one never implies the other. Email is asked about for marketing
 * only (order mails need no consent).
 */

/** The newest choice of each channel and purpose the user ever made. */
async function latestChoices(db: DbOrTx, userId: number) {
  return db
    .selectDistinctOn([messageConsents.channel, messageConsents.purpose])
    .from(messageConsents)
    .where(eq(messageConsents.userId, userId))
    .orderBy(messageConsents.channel, messageConsents.purpose, desc(messageConsents.id));
}

/** Whether the user's consent for the channel and purpose is in force now (email: marketing only). */
export function hasConsent(
  db: DbOrTx,
  userId: number,
  channel: MessageChannel,
  purpose: ConsentPurpose,
): Promise<boolean>;
export function hasConsent(db: DbOrTx, userId: number, channel: 'email', purpose: 'marketing'): Promise<boolean>;
export function hasConsent(db: DbOrTx, userId: number, channel: MarketingChannel, purpose: ConsentPurpose) {
  return inForce(db, userId, { channel, purpose } as ConsentTopic);
}

async function inForce(db: DbOrTx, userId: number, { channel, purpose }: ConsentTopic): Promise<boolean> {
  const [row] = await db
    .select({ granted: messageConsents.granted })
    .from(messageConsents)
    .where(
      and(
        eq(messageConsents.userId, userId),
        eq(messageConsents.channel, channel),
        eq(messageConsents.purpose, purpose),
      ),
    )
    .orderBy(desc(messageConsents.id))
    .limit(1);
  return row?.granted ?? false;
}

/**
 * A condition on `userId` (a column of the caller's query): a marketing consent
 * is in force on one of `channels`. The claim of cart reminders asks it in SQL,
 * so carts without consent never take a place in its batch.
 */
export function marketingConsentIn(userId: SQL, channels: MarketingChannel[]): SQL {
  if (channels.length === 0) return sql`false`;
  const list = sql.join(
    channels.map((c) => sql`${c}`),
    sql`, `,
  );
  return sql`exists (
    select 1 from (
      select distinct on (mc.channel) mc.granted from ${messageConsents} mc
      where mc.user_id = ${userId} and mc.purpose = 'marketing' and mc.channel in (${list})
      order by mc.channel, mc.id desc
    ) latest where latest.granted
  )`;
}

/** Every channel and purpose, as in force now (never chosen: off). */
export async function consentStates(db: DbOrTx, userId: number): Promise<ConsentState[]> {
  const latest = await latestChoices(db, userId);
  return CONSENT_TOPICS.map((topic) => {
    const row = latest.find((r) => r.channel === topic.channel && r.purpose === topic.purpose);
    return {
      ...topic,
      granted: row?.granted ?? false,
      at: row?.createdAt.toISOString() ?? null,
      source: row?.source ?? null,
    };
  });
}

export async function messageConsent(work: UnitOfWork, userId: number): Promise<MessageConsent> {
  const states = await consentStates(work.db, userId);
  const granted = (channel: MarketingChannel, purpose: ConsentPurpose) =>
    states.find((s) => s.channel === channel && s.purpose === purpose)?.granted ?? false;
  return {
    available: { whatsapp: !!work.app.channels.whatsapp, sms: !!work.app.channels.sms },
    orders: { whatsapp: granted('whatsapp', 'orders'), sms: granted('sms', 'orders') },
    marketing: {
      email: granted('email', 'marketing'),
      whatsapp: granted('whatsapp', 'marketing'),
      sms: granted('sms', 'marketing'),
    },
    states,
  };
}

/**
 * Records a choice when it changes what is in force (saving the form again
 * records nothing). Answers whether anything changed.
 */
export async function recordConsent(
  db: DbOrTx,
  userId: number,
  choice: ConsentTopic & { granted: boolean; source: ConsentSource },
): Promise<boolean> {
  // One choice at a time per user: two saves at once cannot both see 'unchanged'.
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`message-consent:${userId}`}))`);
  if ((await inForce(db, userId, choice)) === choice.granted) return false;
  await db.insert(messageConsents).values({ userId, ...choice });
  return true;
}

/**
 * The account's form: order messages on each channel, on or off; and, when the
 * body has them, reminders and back-in-stock news on each channel, email included.
 */
export async function updateMessageConsent(
  work: UnitOfWork,
  userId: number,
  body: UpdateMessageConsentBody,
): Promise<MessageConsent> {
  await work.transaction(async (w) => {
    for (const channel of MESSAGE_CHANNELS) {
      await recordConsent(w.db, userId, { channel, purpose: 'orders', granted: body[channel], source: 'account' });
    }
    const marketing = body.marketing;
    if (!marketing) return;
    for (const channel of MARKETING_CHANNELS) {
      await recordConsent(w.db, userId, {
        channel,
        purpose: 'marketing',
        granted: marketing[channel],
        source: 'account',
      });
    }
  });
  return messageConsent(work, userId);
}

/**
 * The checkout's ticks for order messages: each channel the owner configured
 * is agreed to or withdrawn as ticked, recorded with the source 'checkout'
 * (in the order's transaction, so its first message already sees it).
 */
export async function chooseOrderMessagesAtCheckout(
  work: UnitOfWork,
  userId: number,
  choice: Record<MessageChannel, boolean>,
): Promise<void> {
  for (const channel of MESSAGE_CHANNELS) {
    if (!work.app.channels[channel]) continue;
    await recordConsent(work.db, userId, { channel, purpose: 'orders', granted: choice[channel], source: 'checkout' });
  }
}

/** 'STOP' and its usual words, alone in a reply. */
export const isStop = (text: string) =>
  /^(stop|stop all|unsubscribe|cancel|end|quit|optout|opt out)$/i.test(text.trim().replace(/[.!]+$/, ''));

/**
 * A reply of STOP from a number: every buyer the shop messaged at that number
 * on that channel withdraws, for every purpose, at once; the withdrawal is
 * recorded with its source. Messages still queued are cancelled when their
 * turn comes (the send checks consent again).
 */
export async function withdrawByReply(work: UnitOfWork, channel: MessageChannel, from: string): Promise<number> {
  return work.transaction(async (w) => {
    const users = await w.db
      .selectDistinct({ userId: shopperMessages.userId })
      .from(shopperMessages)
      .where(and(eq(shopperMessages.channel, channel), eq(shopperMessages.to, from)));
    const ids = users.map((u) => u.userId).filter((id): id is number => id !== null);
    const source: ConsentSource = channel === 'whatsapp' ? 'whatsapp_stop' : 'sms_stop';
    for (const userId of ids) {
      for (const purpose of CONSENT_PURPOSES) {
        await recordConsent(w.db, userId, { channel, purpose, granted: false, source });
      }
    }
    if (ids.length > 0) {
      await w.db
        .update(shopperMessages)
        .set({
          status: 'cancelled',
          error: 'The shopper replied STOP',
          updatedAt: new Date(),
          // A code's values are not kept once its message will never leave.
          params: sql`case when ${shopperMessages.secret} then '[]'::jsonb else ${shopperMessages.params} end`,
        })
        .where(
          and(
            eq(shopperMessages.channel, channel),
            inArray(shopperMessages.userId, ids),
            eq(shopperMessages.status, 'queued'),
          ),
        );
    }
    return ids.length;
  });
}

/** The user's record of consent, for their copy of their data: every choice, oldest first. */
export async function consentHistory(db: DbOrTx, userId: number) {
  const rows = await db
    .select()
    .from(messageConsents)
    .where(eq(messageConsents.userId, userId))
    .orderBy(messageConsents.id);
  return rows.map((r) => ({
    channel: r.channel,
    purpose: r.purpose,
    granted: r.granted,
    source: r.source,
    at: r.createdAt.toISOString(),
  }));
}
