import { mkdirSync } from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations, SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { OwnerOnlyNodeFS } from './owner-only-fs';
import { lockDataDir, type DataDirLock } from './pglite-lock';
import { GuardedPool } from './pool';
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
  /** PGlite's own client (its dumps make the backups), when kind is 'pglite'. */
  pglite?: PGlite;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  dataDir?: string;
  poolSize?: number;
  /** A PGlite data dump to start from (tests copy a migrated template this way). */
  loadDataDir?: Blob | File;
  /** Server limits (PostgreSQL only: PGlite runs one statement at a time and cannot interrupt it). */
  timeouts?: DatabaseTimeouts;
  /** How the server's activity view names this process's connections. */
  applicationName?: string;
  /** PGlite's buffer cache (shared_buffers) in MB; PGlite's own default (128) when absent. */
  pgliteSharedBuffersMb?: number;
  /** How many threads compile PGlite's WebAssembly at once (for the whole process); V8's own default when absent. */
  pgliteCompileTasks?: number;
}

export interface DatabaseTimeouts {
  /** Waiting for a connection (new, or a free one of the pool). */
  connectMs: number;
  /** A statement running longer is cancelled; 0 = none. */
  statementMs: number;
  /** A transaction idle this long is ended and its locks released; 0 = none. */
  idleInTransactionMs: number;
}

/** The settings' timeouts, as openDatabase takes them. */
export function timeoutsOf(env: {
  DATABASE_CONNECT_TIMEOUT_SECONDS: number;
  DATABASE_STATEMENT_TIMEOUT_SECONDS: number;
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_SECONDS: number;
}): DatabaseTimeouts {
  return {
    connectMs: env.DATABASE_CONNECT_TIMEOUT_SECONDS * 1000,
    statementMs: env.DATABASE_STATEMENT_TIMEOUT_SECONDS * 1000,
    idleInTransactionMs: env.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_SECONDS * 1000,
  };
}

/** The PGlite data folder under DATA_DIR, and its lock file beside it. */
export const pgliteDir = (dataDir: string) => path.resolve(dataDir, 'pglite');
export const pgliteLockFile = (dataDir: string) => path.resolve(dataDir, 'pglite.lock');

export const PGLITE_EXTENSIONS = { pg_trgm };

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const t = opts.timeouts;
    const pool = new GuardedPool({
      connectionString: opts.databaseUrl,
      max: opts.poolSize ?? 10,
      // Noticed at once when a server or a network path dies, rather than at the next query.
      keepAlive: true,
      ...(opts.applicationName ? { application_name: opts.applicationName } : {}),
      ...(t ? { connectionTimeoutMillis: t.connectMs } : {}),
      ...(t?.statementMs ? { statement_timeout: t.statementMs } : {}),
      ...(t?.idleInTransactionMs ? { idle_in_transaction_session_timeout: t.idleInTransactionMs } : {}),
    });
    // A dropped connection must not take the process down; the next query reconnects.
    pool.on('error', () => {});
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return { db, kind: 'postgres', url: opts.databaseUrl, close: () => pool.end() };
  }
  let dir: string | undefined;
  let lock: DataDirLock | undefined;
  if (opts.dataDir && !opts.loadDataDir) {
    dir = pgliteDir(opts.dataDir);
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    lock = lockDataDir(pgliteLockFile(opts.dataDir), dir);
  }
  // Read by V8 whenever it compiles WebAssembly: set before PGlite's module is compiled.
  if (opts.pgliteCompileTasks) v8.setFlagsFromString(`--wasm-num-compilation-tasks=${opts.pgliteCompileTasks}`);
  let client: PGlite;
  try {
    client = await PGlite.create({
      ...(dir ? { fs: new OwnerOnlyNodeFS(dir) } : {}),
      ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
      ...(opts.pgliteSharedBuffersMb
        ? { startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${opts.pgliteSharedBuffersMb}MB`] }
        : {}),
      extensions: PGLITE_EXTENSIONS,
    });
  } catch (err) {
    lock?.release();
    throw err;
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  const close = async () => {
    try {
      await client.close();
    } finally {
      lock?.release();
    }
  };
  return { db, kind: 'pglite', pglite: client, close };
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
