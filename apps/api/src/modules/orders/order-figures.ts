import { count, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { rows, type DbOrTx } from '../../db/client';
import { orderDayProducts, orderDayTotals } from './orders.schema';
import { orders } from './orders.schema';

/**
 * Figures over every order that the back office shows.
 *
 * The dashboard's money (revenue per Indian day, best sellers) is read from
 * the running totals per day that triggers keep as orders are paid and
 * refunded (orders.schema.ts, orderDayTotals): a few hundred rows for 30 days, however
 * many orders there are, and exact at once in every process.
 *
 * The tabs' counts per status are a scan of tens of milliseconds at 100,000
 * orders that every request would pay (docs/benchmarks.md, 'Back office'), and
 * the dashboard's orders to pack one of milliseconds per thousand packing; so
 * they are kept for a few seconds per process, loaded once however many ask
 * at the same time, and forgotten in this process as soon as an order is
 * placed or moves here. A move made by another process shows within TTL_MS.
 */
const TTL_MS = 5_000;
type Figure = 'status-counts' | 'packing';
type Kept = Map<Figure, { at: number; value: Promise<unknown> }>;
const kept = new WeakMap<AppContext, Kept>();

/** The figure `name`, as kept for this process, or loaded now (a failed load is not kept). */
export function orderFigure<T>(app: AppContext, name: Figure, load: () => Promise<T>): Promise<T> {
  let figures = kept.get(app);
  if (!figures) kept.set(app, (figures = new Map() as Kept));
  const entry = figures.get(name);
  if (entry && Date.now() - entry.at < TTL_MS) return entry.value as Promise<T>;
  const value = load();
  const mine = { at: Date.now(), value };
  figures.set(name, mine);
  value.catch(() => {
    if (figures.get(name) === mine) figures.delete(name);
  });
  return value;
}

/** An order was placed or moved: this process reads every figure afresh at the next request. */
export function forgetOrderFigures(app: AppContext): void {
  kept.delete(app);
}

/** How many orders are in each status (the back office's tabs). */
export function statusCounts(app: AppContext, db: DbOrTx): Promise<Record<string, number>> {
  return orderFigure(app, 'status-counts', () =>
    db
      .select({ status: orders.status, n: count() })
      .from(orders)
      .groupBy(orders.status)
      .then((rows) => Object.fromEntries(rows.map((r) => [r.status, r.n]))),
  );
}

/**
 * The dashboard's money from `since` (an Indian day, `YYYY-MM-DD`) on, in one statement: orders paid per
 * day and their money less refunds other than failed ones; the `limit` products (by the name on their
 * order lines) most pieces of which were paid.
 */
export async function dashboardMoney(db: DbOrTx, since: string, limit: number) {
  const [money] = await rows<{
    days: { day: string; orders: number; paise: number }[];
    top: { name: string; quantity: number; paise: number }[];
  }>(
    db,
    sql`select
      (select coalesce(json_agg(d), '[]') from (
        select to_char(${orderDayTotals.day}, 'YYYY-MM-DD') as day, sum(${orderDayTotals.orders})::int as orders,
               sum(${orderDayTotals.paise})::float8 as paise
        from ${orderDayTotals} where ${orderDayTotals.day} >= ${since} group by ${orderDayTotals.day}) d) as days,
      (select coalesce(json_agg(t order by t.quantity desc, t.name), '[]') from (
        select ${orderDayProducts.name} as name, sum(${orderDayProducts.quantity})::int as quantity,
               sum(${orderDayProducts.paise})::float8 as paise
        from ${orderDayProducts} where ${orderDayProducts.day} >= ${since} group by ${orderDayProducts.name}
        having sum(${orderDayProducts.quantity}) > 0
        order by sum(${orderDayProducts.quantity}) desc, ${orderDayProducts.name} limit ${limit}) t) as top`,
  );
  return money!;
}
