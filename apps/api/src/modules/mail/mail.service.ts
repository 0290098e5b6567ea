import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';
import type { UnitOfWork } from '../../context';
import type { Db } from '../../db/client';
import { hasConsent } from '../messages/consent.service';
import { mailOutbox } from './mail.schema';
import type { MailBlock, MailShop } from './templates/blocks';
import { renderMail } from './templates/render';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** A slow or silent mail server costs a worker at most this long per step, never a request. */
const SMTP_TIMEOUT_MS = 10_000;
export const REDACTED = '[removed after sending]';

/** nodemailer reads its options from the URL's query: timeouts unless the URL sets its own. */
function withTimeouts(smtpUrl: string, ms: number): string {
  const url = new URL(smtpUrl);
  for (const key of ['connectionTimeout', 'greetingTimeout', 'socketTimeout']) {
    if (!url.searchParams.has(key)) url.searchParams.set(key, String(ms));
  }
  return url.toString();
}

/**
 * Delivers the mails of `mail_outbox`, one row at a time, for the outbox
 * worker. The try is counted before sending and the row marked sent after;
 * an SMTP refusal leaves it pending for the next attempt, or failed on the
 * last. Each mail keeps one Message-ID across attempts, so a resend after a
 * crash is recognisable as the same mail. Without SMTP the mail is only
 * logged (its text only in development, where a developer reads codes there).
 */
export class Mailer {
  /** The SMTP transport, made with the first mail: nodemailer is loaded then, not at the start. */
  private transport: Promise<Transporter> | undefined;
  private readonly smtp: string | undefined;
  private readonly domain: string;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly from: string,
    smtpUrl: string | undefined,
    private readonly development: boolean,
    timeoutMs = SMTP_TIMEOUT_MS,
  ) {
    this.smtp = smtpUrl ? withTimeouts(smtpUrl, timeoutMs) : undefined;
    this.domain = /@([^>\s]+)/.exec(from)?.[1] ?? 'shop.invalid';
  }

  /** Sends the stored mail unless it is already sent (or logged, or given up). */
  async deliver(mailId: number, job: { final: boolean }): Promise<void> {
    const [mail] = await this.db.select().from(mailOutbox).where(eq(mailOutbox.id, mailId));
    if (!mail || mail.status !== 'pending') return;
    // Consent is asked again now: a shopper who withdrew after it was written gets nothing.
    if (mail.marketingUserId !== null && !(await hasConsent(this.db, mail.marketingUserId, 'email', 'marketing'))) {
      await this.db
        .update(mailOutbox)
        .set({ status: 'cancelled', error: 'The shopper withdrew consent before it was sent' })
        .where(eq(mailOutbox.id, mailId));
      return;
    }
    if (!this.smtp) {
      const shown = this.development ? { text: mail.text } : {};
      this.log.info({ mailId, to: mail.to, subject: mail.subject, ...shown }, 'mail kept in the outbox (no SMTP_URL)');
      await this.db.update(mailOutbox).set({ status: 'logged' }).where(eq(mailOutbox.id, mailId));
      return;
    }
    await this.db
      .update(mailOutbox)
      .set({ attempts: sql`${mailOutbox.attempts} + 1` })
      .where(eq(mailOutbox.id, mailId));
    try {
      const smtp = this.smtp;
      const transport = await (this.transport ??= import('nodemailer').then((m) => m.default.createTransport(smtp)));
      await transport.sendMail({
        from: this.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        messageId: `<mail-${mail.id}@${this.domain}>`,
        ...(mail.headers ? { headers: mail.headers } : {}),
      });
    } catch (err) {
      await this.db
        .update(mailOutbox)
        .set({ status: job.final ? 'failed' : 'pending', error: String(err).slice(0, 500) })
        .where(eq(mailOutbox.id, mailId));
      throw err;
    }
    // A one-time code is not kept readable once it has left (a developer's own mailbox excepted).
    const redact = mail.secret && !this.development ? { text: REDACTED, html: REDACTED } : {};
    await this.db
      .update(mailOutbox)
      .set({ status: 'sent', sentAt: new Date(), error: null, ...redact })
      .where(eq(mailOutbox.id, mailId));
  }

  /** The last attempt failed outside the SMTP call itself: the mail is given up all the same. */
  async markFailed(mailId: number, error: string): Promise<void> {
    await this.db
      .update(mailOutbox)
      .set({ status: 'failed', error })
      .where(and(eq(mailOutbox.id, mailId), eq(mailOutbox.status, 'pending')));
  }

  close(): void {
    void this.transport?.then(
      (transport) => transport.close(),
      () => {},
    );
  }
}

/**
 * Queues a mail in the caller's transaction; the outbox worker delivers it
 * after the commit. With a `key`, a mail is queued once: the same key again
 * (an effect that ran twice) queues nothing more. A marketing mail names the
 * account whose consent it needs (`marketingUserId`) and carries its headers.
 */
export async function queueMail(
  work: UnitOfWork,
  mail: Mail,
  opts: { secret?: boolean; key?: string; headers?: Record<string, string>; marketingUserId?: number } = {},
): Promise<void> {
  await work.transaction(async (w) => {
    const [stored] = await w.db
      .insert(mailOutbox)
      .values({
        ...mail,
        status: 'pending',
        secret: opts.secret ?? false,
        key: opts.key ?? null,
        headers: opts.headers ?? null,
        marketingUserId: opts.marketingUserId ?? null,
      })
      .onConflictDoNothing({ target: mailOutbox.key })
      .returning({ id: mailOutbox.id });
    if (stored) await w.emit('mail.queued', { mailId: stored.id });
  });
}

/**
 * A mail from a subject and paragraphs (and a code to show large), in the
 * shop's layout (templates/layout.tsx). New mails are better written as
 * blocks (templates/catalogue.ts) and given to `renderMail`; given the shop's
 * name alone, the mail carries no link back to the shop.
 */
export function composeMail(
  shop: string | MailShop,
  to: string,
  subject: string,
  paragraphs: string[],
  highlight?: string,
): Mail {
  const blocks: MailBlock[] = paragraphs.map((text) => ({ kind: 'paragraph', text }));
  if (highlight) blocks.push({ kind: 'code', text: highlight });
  return renderMail(typeof shop === 'string' ? { name: shop, publicUrl: '' } : shop, to, { subject, blocks });
}
