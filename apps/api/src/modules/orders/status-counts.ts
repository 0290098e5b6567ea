import { count } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { orders } from '../../db/schema';

/**
 * How many orders are in each status (the back office's tabs). It is a count
 * over every order, tens of milliseconds at 100,000 orders, which every list
 * request would pay (docs/benchmarks.md, 'Back office'); so it is kept for a
 * few seconds per process, and forgotten in this process as soon as an order
 * is placed or moves here. A move made by another process shows within TTL_MS.
 */
const TTL_MS = 5_000;
const kept = new WeakMap<AppContext, { at: number; counts: Promise<Record<string, number>> }>();

export function statusCounts(app: AppContext, db: DbOrTx): Promise<Record<string, number>> {
  const entry = kept.get(app);
  if (entry && Date.now() - entry.at < TTL_MS) return entry.counts;
  const counts = db
    .select({ status: orders.status, n: count() })
    .from(orders)
    .groupBy(orders.status)
    .then((rows) => Object.fromEntries(rows.map((r) => [r.status, r.n])));
  kept.set(app, { at: Date.now(), counts });
  counts.catch(() => kept.delete(app)); // a failed count is not kept
  return counts;
}

/** An order was placed or moved: this process counts afresh at the next request. */
export function forgetStatusCounts(app: AppContext): void {
  kept.delete(app);
}
