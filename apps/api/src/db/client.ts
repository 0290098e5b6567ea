import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations, SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import * as schema from './schema';

type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Services take either the database or an open transaction. */
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The server's URL when kind is 'postgres'. */
  url?: string;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  dataDir?: string;
  poolSize?: number;
  /** A PGlite data dump to start from (tests copy a migrated template this way). */
  loadDataDir?: Blob | File;
}

export const PGLITE_EXTENSIONS = { pg_trgm };

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: opts.poolSize ?? 10 });
    // A dropped connection must not take the process down; the next query reconnects.
    pool.on('error', () => {});
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return { db, kind: 'postgres', url: opts.databaseUrl, close: () => pool.end() };
  }
  let dir: string | undefined;
  if (opts.dataDir && !opts.loadDataDir) {
    dir = path.resolve(opts.dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
  }
  const client = await PGlite.create({
    ...(dir ? { dataDir: dir } : {}),
    ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
    extensions: PGLITE_EXTENSIONS,
  });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return { db, kind: 'pglite', close: () => client.close() };
}

/** Rows of a raw query, the same on both drivers. */
export async function rows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}

/**
 * What a query runs on: the pool (or PGlite) for the database, the one
 * connection a transaction holds for a transaction. Drizzle keeps it as
 * `session.client`; should that change, every call builds afresh (slower, still right).
 */
function runner(db: DbOrTx): object {
  return (db as unknown as { session?: { client?: object } }).session?.client ?? db;
}

/**
 * A query of the hot paths, built once per connection instead of on every
 * call (`build` ends with `.prepare(name)`, its values `sql.placeholder`s).
 * On PostgreSQL it runs as a named statement, parsed and planned once per
 * connection. A transaction gets the query bound to its own connection, so
 * the query runs inside it. `variant` tells apart shapes of one query (such as
 * the length of an IN list); `build` must name each shape differently.
 */
export function preparedQuery<Q, V extends string | number = ''>(
  build: (db: DbOrTx, variant: V) => Q,
): (db: DbOrTx, variant?: V) => Q {
  const built = new WeakMap<object, Map<V, Q>>();
  return (db, variant = '' as V) => {
    const key = runner(db);
    let queries = built.get(key);
    if (!queries) {
      queries = new Map();
      built.set(key, queries);
    }
    let query = queries.get(variant);
    if (!query) {
      query = build(db, variant);
      queries.set(variant, query);
    }
    return query;
  };
}
