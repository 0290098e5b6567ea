import { and, eq, inArray, sql } from 'drizzle-orm';
import { rows, type DbOrTx } from '../db/client';
import { outbox } from './outbox.schema';

export type OutboxRow = typeof outbox.$inferSelect;

/** One row per subscriber, in the caller's transaction, so the effect exists exactly when the change does. */
export async function enqueue(tx: DbOrTx, event: string, handlers: readonly string[], payload: unknown) {
  if (handlers.length === 0) return;
  await tx.insert(outbox).values(handlers.map((handler) => ({ event, handler, payload })));
}

/** Whether a subscriber's run about one record (its payload's `field`) is still waiting or running. */
export async function isQueued(db: DbOrTx, handler: string, field: string, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: outbox.id })
    .from(outbox)
    .where(
      and(
        eq(outbox.handler, handler),
        inArray(outbox.status, ['pending', 'running']),
        sql`(${outbox.payload} ->> ${field})::int = ${id}`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Claims up to `batch` due rows: pending ones whose time has come (by `at`,
 * which tests may move forward) and running ones whose lease has passed (a
 * worker that died). SKIP LOCKED lets several processes claim side by side;
 * each row goes to one of them. The lease is the row's new `run_at`.
 */
export async function claimDue(db: DbOrTx, opts: { at: Date | null; batch: number; leaseMs: number }) {
  const at = opts.at ? sql`${opts.at.toISOString()}::timestamptz` : sql`now()`;
  return rows<{ id: number; event: string; handler: string; payload: unknown; attempts: number }>(
    db,
    sql`update ${outbox} set status = 'running', attempts = attempts + 1,
          run_at = now() + ${`${opts.leaseMs} milliseconds`}::interval
        where id in (
          select id from ${outbox}
          where (status = 'pending' and run_at <= ${at}) or (status = 'running' and run_at <= now())
          order by run_at, id
          limit ${opts.batch}
          for update skip locked)
        returning id, event, handler, payload, attempts`,
  );
}

export async function markDone(db: DbOrTx, id: number) {
  await db
    .update(outbox)
    .set({ status: 'done', lastError: null, finishedAt: sql`now()` })
    .where(eq(outbox.id, id));
}

/** Back to pending after `delayMs`, or failed for good. */
export async function markFailed(db: DbOrTx, id: number, error: string, retryInMs: number | null) {
  await db
    .update(outbox)
    .set(
      retryInMs === null
        ? { status: 'failed', lastError: error, finishedAt: sql`now()` }
        : { status: 'pending', lastError: error, runAt: sql`now() + ${`${retryInMs} milliseconds`}::interval` },
    )
    .where(eq(outbox.id, id));
}
