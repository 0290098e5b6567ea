import { randomBytes } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../src/db/client';
import { invoices } from '../src/modules/invoices/invoices.schema';
import { mailOutbox } from '../src/modules/mail/mail.schema';
import { oneTimeCodes, sessions, users } from '../src/modules/accounts/accounts.schema';
import { cartLines } from '../src/modules/cart/cart.schema';
import { orders } from '../src/modules/orders/orders.schema';
import { webhookEvents } from '../src/modules/payments/payments.schema';
import { pageViews } from '../src/modules/analytics/analytics.schema';
import { settings } from '../src/modules/settings/settings.schema';
import { startJobs } from '../src/jobs';
import { claimDailyRun, removeExpiredData } from '../src/retention';
import { createTestShop, type TestShop } from './helpers';
import { INDIAN_ADDRESS, placeOrder, setCart, signUp, type Shopper } from './shoppers';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop?.close());

const DAY = 24 * 60 * 60_000;
const ago = (days: number) => new Date(Date.now() - days * DAY);
const hex = () => randomBytes(8).toString('hex');

/** Rows on both sides of every period (defaults: 7 days after expiry, 180, 90 and 30 days). */
async function oldAndNew() {
  const db = shop.database.db;
  const shopper = await signUp(shop.app, 'retention');
  const userId = shopper.user.id;
  const s = await db
    .insert(sessions)
    .values([
      { userId, tokenHash: hex(), expiresAt: ago(10) }, // expired long ago: goes
      { userId, tokenHash: hex(), expiresAt: ago(2) }, // expired lately: kept a while
      { userId, tokenHash: hex(), expiresAt: ago(-20), revokedAt: ago(9) }, // logged out long ago: goes
      { userId, tokenHash: hex(), expiresAt: ago(-20) }, // live: kept
    ])
    .returning({ id: sessions.id });
  const c = await db
    .insert(oneTimeCodes)
    .values([
      { userId, purpose: 'password_reset', codeHash: hex(), expiresAt: ago(8) },
      { userId, purpose: 'password_reset', codeHash: hex(), expiresAt: ago(-1), consumedAt: ago(8) },
      { userId, purpose: 'password_reset', codeHash: hex(), expiresAt: ago(-1) },
    ])
    .returning({ id: oneTimeCodes.id });
  const v = await db
    .insert(pageViews)
    .values([
      { path: '/old', createdAt: ago(181) },
      { path: '/recent', createdAt: ago(179) },
    ])
    .returning({ id: pageViews.id });
  const w = await db
    .insert(webhookEvents)
    .values([
      { provider: 'test', eventId: hex(), eventType: 'payment.captured', payload: {}, receivedAt: ago(91) },
      { provider: 'test', eventId: hex(), eventType: 'payment.captured', payload: {}, receivedAt: ago(89) },
    ])
    .returning({ id: webhookEvents.id });
  const mail = { to: shopper.email, subject: 'Hello', text: 'Hi', html: '<p>Hi</p>' };
  const m = await db
    .insert(mailOutbox)
    .values([
      { ...mail, status: 'sent', createdAt: ago(40), sentAt: ago(40) }, // goes
      { ...mail, status: 'logged', createdAt: ago(40) }, // goes
      { ...mail, status: 'failed', createdAt: ago(40) }, // kept: the staff must see it
      { ...mail, status: 'pending', createdAt: ago(40) }, // kept: not sent yet
      { ...mail, status: 'sent', createdAt: ago(20), sentAt: ago(20) }, // kept
    ])
    .returning({ id: mailOutbox.id });
  const ids = (r: { id: number }[]) => r.map((x) => x.id);
  return { sessions: ids(s), codes: ids(c), views: ids(v), webhooks: ids(w), mails: ids(m), shopper };
}

describe('removing old data', () => {
  it('removes what is past its period and keeps the rest, orders and invoices above all', async () => {
    const made = await oldAndNew();
    // An old order: never removed, whatever its age.
    const db = shop.database.db;
    const [variant] = await rows<{ id: number; product_id: number }>(
      db,
      sql`select id, product_id from product_variants where stock > 5 and is_active order by id limit 1`,
    );
    await setCart(shop.app, made.shopper, variant!.product_id, variant!.id, 1);
    const order = await placeOrder(shop.app, made.shopper);
    await db
      .update(orders)
      .set({ createdAt: ago(4000) })
      .where(eq(orders.id, order.id));
    const ordersBefore = (await db.select().from(orders)).length;
    const invoicesBefore = (await db.select().from(invoices)).length;

    const removed = await removeExpiredData(db, shop.env);
    expect(removed).toEqual({
      sessions: 2,
      codes: 2,
      pageViews: 1,
      webhookEvents: 1,
      mails: 2,
      guests: 0,
      backInStock: 0,
    });

    const left = async <T extends { id: number }>(query: Promise<T[]>) => (await query).map((r) => r.id).sort();
    const ids = (all: number[], keep: number[]) => keep.map((i) => all[i]!).sort();
    expect(await left(db.select().from(sessions).where(inArray(sessions.id, made.sessions)))).toEqual(
      ids(made.sessions, [1, 3]),
    );
    expect(await left(db.select().from(oneTimeCodes).where(inArray(oneTimeCodes.id, made.codes)))).toEqual(
      ids(made.codes, [2]),
    );
    expect(await left(db.select().from(pageViews).where(inArray(pageViews.id, made.views)))).toEqual(
      ids(made.views, [1]),
    );
    expect(await left(db.select().from(webhookEvents).where(inArray(webhookEvents.id, made.webhooks)))).toEqual(
      ids(made.webhooks, [1]),
    );
    expect(await left(db.select().from(mailOutbox).where(inArray(mailOutbox.id, made.mails)))).toEqual(
      ids(made.mails, [2, 3, 4]),
    );
    expect((await db.select().from(orders)).length).toBe(ordersBefore);
    expect((await db.select().from(invoices)).length).toBe(invoicesBefore);
    // The shopper's live session still signs them in.
    expect((await shop.app.inject({ url: '/api/v1/orders', headers: made.shopper.auth })).statusCode).toBe(200);
  });

  it('removes a guest who never ordered once their cookie has lapsed, with their cart; keeps one who ordered or is live', async () => {
    const db = shop.database.db;
    const guest = async (sessionEnds: Date) => {
      const [row] = await db
        .insert(users)
        .values({ kind: 'guest', email: '', passwordHash: '', createdAt: ago(40) })
        .returning({ id: users.id });
      await db.insert(sessions).values({ userId: row!.id, tokenHash: hex(), expiresAt: sessionEnds });
      return row!.id;
    };
    const lapsed = await guest(ago(3));
    const live = await guest(ago(-5));
    // A guest who ordered: their order's buyer, kept with it (their session lapsed too).
    const [variant] = await rows<{ id: number; product_id: number }>(
      db,
      sql`select id, product_id from product_variants where stock > 5 and is_active order by id limit 1`,
    );
    const start = await shop.app.inject({ method: 'POST', url: '/api/v1/guest/session' });
    const buyer = { auth: { authorization: `Bearer ${start.json<{ token: string }>().token}` } };
    await setCart(shop.app, buyer as unknown as Shopper, variant!.product_id, variant!.id, 1);
    const details = await shop.app.inject({
      method: 'PUT',
      url: '/api/v1/guest/details',
      headers: buyer.auth,
      payload: { ...INDIAN_ADDRESS, name: 'Old Guest', email: `old.${hex()}@example.com` },
    });
    const address = details.json<{ data: { id: number } }>().data.id;
    const placed = await shop.app.inject({
      method: 'POST',
      url: '/api/v1/orders',
      headers: buyer.auth,
      payload: { address, shipping_type: 'standard', payment_method: 'ONLINE' },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const [{ userId: ordered }] = (await db
      .select({ userId: orders.userId })
      .from(orders)
      .where(eq(orders.id, placed.json<{ data: { id: number }[] }>().data[0]!.id))) as [{ userId: number }];
    await db
      .update(users)
      .set({ createdAt: ago(40) })
      .where(eq(users.id, ordered));
    await db
      .update(sessions)
      .set({ expiresAt: ago(3) })
      .where(eq(sessions.userId, ordered));
    await db
      .insert(cartLines)
      .values({ userId: lapsed, productId: variant!.product_id, variantId: variant!.id, quantity: 1 });

    const removed = await removeExpiredData(db, shop.env);
    expect(removed.guests).toBe(1);
    const left = (
      await db
        .select({ id: users.id })
        .from(users)
        .where(inArray(users.id, [lapsed, live, ordered]))
    ).map((u) => u.id);
    expect(left.sort()).toEqual([live, ordered].sort());
    expect(await db.select().from(cartLines).where(eq(cartLines.userId, lapsed))).toEqual([]);
  });

  it('follows the configured periods', async () => {
    const made = await oldAndNew();
    const removed = await removeExpiredData(shop.database.db, {
      ...shop.env,
      RETENTION_PAGE_VIEWS_DAYS: 1000,
      RETENTION_WEBHOOK_EVENTS_DAYS: 1,
    });
    const db = shop.database.db;
    expect(removed.pageViews).toBe(0);
    expect(await db.select().from(pageViews).where(inArray(pageViews.id, made.views))).toHaveLength(2);
    expect(removed.webhookEvents).toBeGreaterThanOrEqual(2); // both of these, and any older ones
    expect(await db.select().from(webhookEvents).where(inArray(webhookEvents.id, made.webhooks))).toEqual([]);
  });

  it('runs once a day, however many processes ask', async () => {
    const db = shop.database.db;
    await db.delete(settings).where(eq(settings.key, 'retention_last_run'));
    const claims = await Promise.all([claimDailyRun(db), claimDailyRun(db), claimDailyRun(db)]);
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await claimDailyRun(db)).toBe(false);
    await db
      .update(settings)
      .set({ value: ago(1).toISOString() })
      .where(eq(settings.key, 'retention_last_run'));
    expect(await claimDailyRun(db)).toBe(true);
  });

  it('is one of the background jobs', async () => {
    const db = shop.database.db;
    await db.delete(settings).where(eq(settings.key, 'retention_last_run'));
    const made = await oldAndNew();
    const stop = startJobs({ ...shop.app.ctx, env: { ...shop.env, JOBS_INTERVAL_SECONDS: 3600 } });
    try {
      await expect
        .poll(async () => (await db.select().from(pageViews).where(inArray(pageViews.id, made.views))).length, {
          timeout: 10_000,
        })
        .toBe(1);
    } finally {
      await stop();
    }
  });
});
