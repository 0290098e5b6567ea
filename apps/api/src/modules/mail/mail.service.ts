import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../../db/client';
import { mailOutbox } from '../../db/schema';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * Every mail is written to the outbox first. With SMTP configured it is then
 * sent and marked sent or failed; without it, it is only logged, so a
 * developer can read a one-time code from the log or the table.
 */
export class Mailer {
  private transport: Transporter | undefined;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly from: string,
    smtpUrl: string | undefined,
  ) {
    this.transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : undefined;
  }

  /** Answers false when SMTP refused the mail (it stays in the outbox as failed). */
  async send(mail: Mail): Promise<boolean> {
    const [row] = await this.db
      .insert(mailOutbox)
      .values({ ...mail, status: this.transport ? 'pending' : 'logged' })
      .returning({ id: mailOutbox.id });
    if (!this.transport) {
      this.log.info({ to: mail.to, subject: mail.subject, text: mail.text }, 'mail kept in the outbox (no SMTP_URL)');
      return true;
    }
    try {
      await this.transport.sendMail({ from: this.from, ...mail });
      await this.db.update(mailOutbox).set({ status: 'sent', sentAt: new Date() }).where(eq(mailOutbox.id, row!.id));
      return true;
    } catch (err) {
      this.log.error({ err, to: mail.to }, 'mail could not be sent');
      await this.db
        .update(mailOutbox)
        .set({ status: 'failed', error: String(err).slice(0, 500) })
        .where(eq(mailOutbox.id, row!.id));
      return false;
    }
  }

  close(): void {
    this.transport?.close();
  }
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A mail in the shop's voice: the same words as text and as simple, inline-styled HTML. */
export function composeMail(
  shopName: string,
  to: string,
  subject: string,
  paragraphs: string[],
  highlight?: string,
): Mail {
  const text = [
    `${shopName}`,
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    ...(highlight ? [highlight, ''] : []),
    `With love,\nThe ${shopName} team`,
  ].join('\n');
  const html = `<!doctype html><html><body style="margin:0;background:#fbf6ee;font-family:Georgia,serif;color:#3b2f2a">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" style="max-width:520px;background:#ffffff;border-radius:12px;padding:32px">
<tr><td style="font-size:22px;color:#b4546a;padding-bottom:16px">${escapeHtml(shopName)}</td></tr>
${paragraphs.map((p) => `<tr><td style="font-size:16px;line-height:1.5;padding-bottom:12px">${escapeHtml(p)}</td></tr>`).join('\n')}
${highlight ? `<tr><td style="font-size:32px;letter-spacing:8px;font-weight:bold;padding:12px 0 20px">${escapeHtml(highlight)}</td></tr>` : ''}
<tr><td style="font-size:14px;color:#7a6a62;padding-top:12px">With love,<br>The ${escapeHtml(shopName)} team</td></tr>
</table></td></tr></table></body></html>`;
  return { to, subject, text, html };
}
