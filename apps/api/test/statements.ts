import type { PGlite, Transaction } from '@electric-sql/pglite';
import pg from 'pg';
import type { Database } from '../src/db/client';

/**
 * Every statement the database is sent while `fn` runs, one line each (its
 * text, whitespace folded), in order: each is one round trip. On PostgreSQL
 * every client's `query` is counted (`begin` and `commit` are statements of
 * Drizzle's); on PGlite its client's, and a transaction's own BEGIN and COMMIT.
 * Work of other connections running meanwhile is counted too: keep it still.
 */
export async function statementsOf(database: Database, fn: () => Promise<unknown>): Promise<string[]> {
  const seen: string[] = [];
  const note = (text: unknown) => {
    const raw = typeof text === 'string' ? text : (text as { text?: string; name?: string } | undefined)?.text;
    seen.push((raw ?? '(prepared)').replace(/\s+/g, ' ').trim());
  };
  const restore: (() => void)[] = [];
  if (database.pglite) {
    const client: PGlite = database.pglite;
    const query = client.query.bind(client);
    const exec = client.exec.bind(client);
    const transaction = client.transaction.bind(client);
    const counted = <F extends (text: string, ...rest: never[]) => unknown>(f: F) =>
      ((text: string, ...rest: never[]) => {
        note(text);
        return f(text, ...rest);
      }) as unknown as F;
    client.query = counted(query);
    client.exec = counted(exec);
    client.transaction = ((callback: (tx: Transaction) => Promise<unknown>) =>
      transaction(async (tx) => {
        note('BEGIN');
        const wrapped: Transaction = Object.create(tx) as Transaction;
        wrapped.query = counted(tx.query.bind(tx));
        wrapped.exec = counted(tx.exec.bind(tx));
        try {
          return await callback(wrapped);
        } finally {
          if (!tx.closed) note('COMMIT (or ROLLBACK)');
        }
      })) as typeof transaction;
    // The methods are the class's: taking the instance's own copies away restores them.
    restore.push(() => {
      for (const name of ['query', 'exec', 'transaction']) delete (client as unknown as Record<string, unknown>)[name];
    });
  } else {
    const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
    const query = proto.query;
    proto.query = function (this: unknown, ...args: unknown[]) {
      note(args[0]);
      return query.apply(this, args);
    };
    restore.push(() => (proto.query = query));
  }
  try {
    await fn();
  } finally {
    for (const undo of restore) undo();
  }
  return seen;
}
