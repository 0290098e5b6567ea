import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unitOfWork } from '../src/context';
import { mailOutbox } from '../src/modules/mail/mail.schema';
import { outbox } from '../src/outbox/outbox.schema';
import { composeMail, queueMail } from '../src/modules/mail/mail.service';
import { createTestShop, type TestShop } from './helpers';
import { startMailCatcher } from './mail-catcher';

let mail: Awaited<ReturnType<typeof startMailCatcher>>;
let shop: TestShop;
beforeAll(async () => {
  mail = await startMailCatcher();
  shop = await createTestShop({ SMTP_URL: mail.url });
});
afterAll(async () => {
  await shop?.close();
  await mail?.close();
});

const db = () => shop.database.db;
const work = () => unitOfWork(shop.app.ctx, { kind: 'system' });
const letter = (to: string) => composeMail('Shop', to, `For ${to}`, ['Hello']);
const rowsFor = async (to: string) => {
  const [m] = await db().select().from(mailOutbox).where(eq(mailOutbox.to, to));
  if (!m) return { mail: undefined, effects: [] };
  const effects = (await db().select().from(outbox)).filter((r) => (r.payload as { mailId?: number }).mailId === m.id);
  return { mail: m, effects };
};
const waitFor = async (check: () => boolean | Promise<boolean>, ms: number) => {
  const deadline = Date.now() + ms;
  while (!(await check()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
  return check();
};

describe('the outbox', () => {
  it('writes an effect with the change that causes it: a rollback leaves neither, nor runs its after-commit callbacks', async () => {
    let dropped = false;
    const failed = await work()
      .transaction(async (w) => {
        await queueMail(w, letter('rolledback@example.com'));
        w.afterCommit(() => (dropped = true));
        throw new Error('the change fails after its mail was queued');
      })
      .catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(Error);
    expect(dropped).toBe(false);
    expect(await rowsFor('rolledback@example.com')).toEqual({ mail: undefined, effects: [] });
    await shop.app.ctx.outbox.drain();
    expect(mail.allTo('rolledback@example.com')).toEqual([]);
  });

  it('is nudged by the commit: the mail leaves at once, with no drain and no polling', async () => {
    const started = Date.now();
    await queueMail(work(), letter('nudged@example.com'));
    expect(await waitFor(() => mail.allTo('nudged@example.com').length === 1, 3_000)).toBe(true);
    // About 100 ms on an idle machine; generous here for a busy test runner.
    expect(Date.now() - started).toBeLessThan(3_000);
    await shop.app.ctx.outbox.drain(); // lets the pass that sent it finish marking it
    const { mail: row, effects } = await rowsFor('nudged@example.com');
    expect(row!.status).toBe('sent');
    expect(effects.map((e) => [e.event, e.handler, e.status])).toEqual([['mail.queued', 'mail.deliver', 'done']]);
  });

  it('takes up what a process left running when it died, once its lease has passed, and only then', async () => {
    // A worker claimed these and died before finishing: one lease has passed, one has not.
    const stale = await queueLeft('stale@example.com', sql`now() - interval '1 second'`);
    const leased = await queueLeft('leased@example.com', sql`now() + interval '5 minutes'`);
    await shop.app.ctx.outbox.drain();
    expect(mail.allTo('stale@example.com')).toHaveLength(1);
    expect(mail.allTo('leased@example.com')).toEqual([]);
    const [after] = await db().select().from(outbox).where(eq(outbox.id, stale));
    expect(after).toMatchObject({ status: 'done', attempts: 2 });
    const [still] = await db().select().from(outbox).where(eq(outbox.id, leased));
    expect(still).toMatchObject({ status: 'running', attempts: 1 });
  });

  it('polls for effects that come due later', async () => {
    const id = await queueLeft('polled@example.com', sql`now() + interval '300 milliseconds'`, 'pending');
    shop.app.ctx.outbox.start(100);
    expect(await waitFor(() => mail.allTo('polled@example.com').length === 1, 5_000)).toBe(true);
    // The server has the mail a moment before the worker marks its row done.
    const status = async () => (await db().select().from(outbox).where(eq(outbox.id, id)))[0]!.status;
    expect(await waitFor(async () => (await status()) === 'done', 5_000)).toBe(true);
  });

  it('fails a row whose handler does not exist, at once', async () => {
    const [row] = await db()
      .insert(outbox)
      .values({ event: 'mail.queued', handler: 'no.such.handler', payload: {} })
      .returning();
    await shop.app.ctx.outbox.drain();
    const [after] = await db().select().from(outbox).where(eq(outbox.id, row!.id));
    expect(after).toMatchObject({ status: 'failed', lastError: 'no handler named no.such.handler' });
  });
});

/** A mail and its delivery row as a dead worker would have left them (not nudged). */
async function queueLeft(to: string, runAt: ReturnType<typeof sql>, status: 'running' | 'pending' = 'running') {
  const [m] = await db()
    .insert(mailOutbox)
    .values({ ...letter(to), status: 'pending' })
    .returning();
  const [row] = await db()
    .insert(outbox)
    .values({
      event: 'mail.queued',
      handler: 'mail.deliver',
      payload: { mailId: m!.id },
      status,
      attempts: status === 'running' ? 1 : 0,
      runAt,
    })
    .returning();
  return row!.id;
}
