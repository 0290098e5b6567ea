import { BACK_IN_STOCK_DAYS } from '@shop/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { AppContext } from './context';
import { rows, type Db } from './db/client';
import type { Env } from './env';

/**
 * Data kept only as long as it is needed (docs/operations.md): once a day,
 * sessions and one-time codes some days after they expired or were spent,
 * page views, received webhooks and sent mails after their periods; guests
 * who never ordered, once their cart's cookie has lapsed; back-in-stock
 * requests once lapsed (90 days untold) or told as long ago as sent mails. Orders,
 * payments, refunds and invoices are never removed (tax law keeps them for
 * years); mails that failed stay for the staff to see.
 */
export interface Removed {
  sessions: number;
  codes: number;
  pageViews: number;
  webhookEvents: number;
  mails: number;
  guests: number;
  backInStock: number;
}

/** Rows go in batches, so no statement holds locks or bloats the log for long. */
const BATCH = 5_000;
const CHECK_EVERY_MS = 60 * 60_000;
const LAST_RUN_KEY = 'retention_last_run';

type Periods = Pick<
  Env,
  | 'RETENTION_EXPIRED_SESSIONS_DAYS'
  | 'RETENTION_PAGE_VIEWS_DAYS'
  | 'RETENTION_WEBHOOK_EVENTS_DAYS'
  | 'RETENTION_SENT_MAILS_DAYS'
>;

export async function removeExpiredData(db: Db, periods: Periods): Promise<Removed> {
  const before = (days: number) => sql`now() - make_interval(days => ${days})`;
  const expired = before(periods.RETENTION_EXPIRED_SESSIONS_DAYS);
  return {
    sessions: await removeAll(db, 'sessions', sql`expires_at < ${expired} or revoked_at < ${expired}`),
    codes: await removeAll(db, 'one_time_codes', sql`expires_at < ${expired} or consumed_at < ${expired}`),
    pageViews: await removeAll(db, 'page_views', sql`created_at < ${before(periods.RETENTION_PAGE_VIEWS_DAYS)}`),
    webhookEvents: await removeAll(
      db,
      'webhook_events',
      sql`received_at < ${before(periods.RETENTION_WEBHOOK_EVENTS_DAYS)}`,
    ),
    // A guest who never ordered is a cart and maybe an address: gone once no session of theirs is live
    // (a guest's lasts 30 days), with their cart and addresses (cascade).
    guests: await removeAll(
      db,
      'users',
      sql`kind = 'guest' and created_at < ${expired}
          and not exists (select 1 from orders o where o.user_id = users.id)
          and not exists (select 1 from sessions s where s.user_id = users.id and s.expires_at > now() and s.revoked_at is null)`,
    ),
    mails: await removeAll(
      db,
      'mail_outbox',
      sql`status in ('sent', 'logged', 'cancelled') and coalesce(sent_at, created_at) < ${before(periods.RETENTION_SENT_MAILS_DAYS)}`,
    ),
    // docs/product.md 'Back in stock': lapsed untold, or told (the mail's record) as long ago as a sent mail is kept.
    backInStock: await removeAll(
      db,
      'back_in_stock_requests',
      sql`(notified_at is null and created_at < ${before(BACK_IN_STOCK_DAYS)})
          or notified_at < ${before(periods.RETENTION_SENT_MAILS_DAYS)}`,
    ),
  };
}

async function removeAll(db: Db, table: string, where: SQL): Promise<number> {
  let total = 0;
  for (;;) {
    const [{ n } = { n: 0 }] = await rows<{ n: number }>(
      db,
      sql`with gone as (
            delete from ${sql.identifier(table)} where id in (
              select id from ${sql.identifier(table)} where ${where} limit ${BATCH}
            ) returning 1
          ) select count(*)::int as n from gone`,
    );
    total += n;
    if (n < BATCH) return total;
  }
}

/**
 * Claims today's run for this process: true at most once a day whatever
 * the number of processes, and after a restart only if a day has passed.
 */
export async function claimDailyRun(db: Db): Promise<boolean> {
  await db.execute(
    sql`insert into settings (key, value) values (${LAST_RUN_KEY}, '1970-01-01T00:00:00Z') on conflict do nothing`,
  );
  const claimed = await rows<{ key: string }>(
    db,
    sql`update settings set value = now()::text
        where key = ${LAST_RUN_KEY} and value::timestamptz < now() - interval '23 hours'
        returning key`,
  );
  return claimed.length > 0;
}

async function forgetLastRun(db: Db): Promise<void> {
  await db.execute(sql`update settings set value = '1970-01-01T00:00:00Z' where key = ${LAST_RUN_KEY}`);
}

/** Checks every hour whether the day's clean-up is due; answers a stop that waits for a run in progress. */
export function startRetention(ctx: AppContext): () => Promise<void> {
  let current: Promise<void> = Promise.resolve();
  let running = false;
  const check = async () => {
    running = true;
    try {
      if (!(await claimDailyRun(ctx.db))) return;
      const started = Date.now();
      const removed = await removeExpiredData(ctx.db, ctx.env);
      ctx.log.info({ removed, ms: Date.now() - started }, 'old data removed');
    } catch (err) {
      ctx.log.error({ err }, 'removing old data failed; trying again in an hour');
      await forgetLastRun(ctx.db).catch(() => undefined);
    } finally {
      running = false;
    }
  };
  const run = () => {
    if (!running) current = check();
  };
  const timer = setInterval(run, CHECK_EVERY_MS);
  timer.unref();
  run();
  return () => {
    clearInterval(timer);
    return current;
  };
}
