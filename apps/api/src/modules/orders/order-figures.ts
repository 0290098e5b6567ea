import { count } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { orders } from './orders.schema';

/**
 * Figures over every order that the back office shows on each page: the
 * tabs' counts per status and the dashboard's money (30 days of revenue and
 * best sellers). Each is a scan of tens of milliseconds at 100,000 orders that
 * every request would pay (docs/benchmarks.md, 'Back office'); so they are
 * kept for a few seconds per process, loaded once however many ask at the
 * same time, and all forgotten in this process as soon as an order is placed
 * or moves here. A move made by another process shows within TTL_MS.
 */
const TTL_MS = 5_000;
type Figure = 'status-counts' | 'dashboard-money';
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
