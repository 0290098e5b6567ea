import net from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { mailOutbox } from '../src/modules/mail/mail.schema';
import { outbox } from '../src/outbox/outbox.schema';
import { composeMail, Mailer, REDACTED } from '../src/modules/mail/mail.service';
import { createTestShop, type TestShop } from './helpers';
import { startMailCatcher } from './mail-catcher';
import { signUp, type Shopper } from './shoppers';

let mail: Awaited<ReturnType<typeof startMailCatcher>>;
let shop: TestShop;
beforeAll(async () => {
  mail = await startMailCatcher();
  shop = await createTestShop({ SMTP_URL: mail.url, RATE_LIMIT_OTP_REQUESTS_PER_EMAIL: '100' });
});
afterAll(async () => {
  await shop?.close();
  await mail?.close();
});

const db = () => shop.database.db;
/** A mail written straight to the table, out of the shop's own worker's sight (no outbox row). */
const storeMail = async (m: ReturnType<typeof composeMail>, secret: boolean) =>
  (
    await db()
      .insert(mailOutbox)
      .values({ ...m, status: 'pending', secret })
      .returning()
  )[0]!;
const later = (ms: number) => new Date(Date.now() + ms);
const askForCode = (shopper: Shopper) =>
  shop.app.inject({ method: 'POST', url: '/api/v1/forgot-password-otp', payload: { email: shopper.email } });
const mailsOf = (shoppers: Shopper[]) =>
  db()
    .select()
    .from(mailOutbox)
    .where(
      inArray(
        mailOutbox.to,
        shoppers.map((s) => s.email),
      ),
    );
const deliveriesOf = async (mailIds: number[]) =>
  (await db().select().from(outbox).where(eq(outbox.handler, 'mail.deliver'))).filter((r) =>
    mailIds.includes((r.payload as { mailId: number }).mailId),
  );

describe('a mail server that refuses for a while', () => {
  it('answers the shopper at once, retries with backoff, then delivers every mail exactly once', async () => {
    const shoppers = await Promise.all(['slowa', 'slowb', 'slowc'].map((l) => signUp(shop.app, l)));
    mail.state.refusing = true;
    for (const s of shoppers) expect((await askForCode(s)).statusCode).toBe(200);

    await shop.app.ctx.outbox.drain();
    let rows = await mailsOf(shoppers);
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      expect(row).toMatchObject({ status: 'pending', attempts: 1 });
      expect(row.error).toMatch(/451|busy/i);
    }
    const deliveries = await deliveriesOf(rows.map((r) => r.id));
    for (const d of deliveries) {
      expect(d).toMatchObject({ status: 'pending', attempts: 1 });
      expect(d.runAt.getTime()).toBeGreaterThan(Date.now() + 3_000); // backs off before the next try
    }
    expect(await shop.app.ctx.outbox.drain()).toBe(0); // nothing due yet
    await shop.app.ctx.outbox.drain({ at: later(60_000) }); // still refused
    expect(mail.state.refused).toBeGreaterThanOrEqual(6);
    for (const s of shoppers) expect(mail.allTo(s.email)).toEqual([]);

    mail.state.refusing = false;
    await shop.app.ctx.outbox.drain({ at: later(3_600_000) });
    for (const s of shoppers) expect(mail.allTo(s.email)).toHaveLength(1);
    rows = await mailsOf(shoppers);
    for (const row of rows) {
      expect(row.status).toBe('sent');
      // The one-time code is not kept readable once it has left.
      expect(row.text).toBe(REDACTED);
      expect(row.html).toBe(REDACTED);
    }
    expect((await deliveriesOf(rows.map((r) => r.id))).map((d) => d.status)).toEqual(['done', 'done', 'done']);
    const ids = shoppers.map((s) => mail.lastTo(s.email)!.messageId);
    expect(new Set(ids).size).toBe(3);
    // Delivered mails stay delivered: draining again sends nothing.
    await shop.app.ctx.outbox.drain({ at: later(86_400_000) });
    for (const s of shoppers) expect(mail.allTo(s.email)).toHaveLength(1);
  });

  it('marks a mail failed, for the back office, once every attempt is spent', async () => {
    const shopper = await signUp(shop.app, 'neverdelivered');
    mail.state.refusing = true;
    try {
      expect((await askForCode(shopper)).statusCode).toBe(200);
      await shop.app.ctx.outbox.drain({ at: later(7 * 86_400_000) });
    } finally {
      mail.state.refusing = false;
    }
    const [row] = await mailsOf([shopper]);
    expect(row).toMatchObject({ status: 'failed', attempts: 12 });
    const [delivery] = await deliveriesOf([row!.id]);
    expect(delivery).toMatchObject({ status: 'failed', attempts: 12 });
    expect(delivery!.finishedAt).not.toBeNull();
    expect(mail.allTo(shopper.email)).toEqual([]);
  });

  it('sends each mail once when two processes run the outbox at the same time', async () => {
    const second = await buildApp({ env: shop.env, db: db(), logger: false });
    try {
      const shoppers = await Promise.all(['twina', 'twinb', 'twinc', 'twind'].map((l) => signUp(shop.app, l)));
      mail.state.refusing = true; // keep them queued
      for (const s of shoppers) expect((await askForCode(s)).statusCode).toBe(200);
      await shop.app.ctx.outbox.drain();
      mail.state.refusing = false;
      const at = later(3_600_000);
      await Promise.all([shop.app.ctx.outbox.drain({ at }), second.ctx.outbox.drain({ at })]);
      for (const s of shoppers) expect(mail.allTo(s.email)).toHaveLength(1);
    } finally {
      await second.close();
    }
  });
});

describe('the mailer', () => {
  it('gives up on a server that never greets after its timeout, leaving the mail to retry', async () => {
    const silent = net.createServer(() => {}); // accepts, never speaks
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const { port } = silent.address() as net.AddressInfo;
    const mailer = new Mailer(db(), shop.app.log, 'Shop <shop@example.com>', `smtp://127.0.0.1:${port}`, false, 300);
    try {
      const row = await storeMail(composeMail('Shop', 'silent@example.com', 'Hello', ['A mail']), false);
      const started = Date.now();
      await expect(mailer.deliver(row.id, { final: false })).rejects.toThrow(/timeout/i);
      expect(Date.now() - started).toBeLessThan(5_000);
      const [after] = await db().select().from(mailOutbox).where(eq(mailOutbox.id, row.id));
      expect(after).toMatchObject({ status: 'pending', attempts: 1 });
    } finally {
      mailer.close();
      silent.close();
    }
  });

  it('never logs a code outside development; in development without SMTP it does', async () => {
    const logged: unknown[] = [];
    const log = { info: (o: unknown) => logged.push(o) } as unknown as FastifyBaseLogger;
    const code = '482913';
    for (const development of [false, true]) {
      const row = await storeMail(composeMail('Shop', 'dev@example.com', 'Code', ['Your code'], code), true);
      await new Mailer(db(), log, 'Shop <shop@example.com>', undefined, development).deliver(row.id, { final: false });
    }
    expect(JSON.stringify(logged[0])).not.toContain(code);
    expect(JSON.stringify(logged[1])).toContain(code);
  });
});
