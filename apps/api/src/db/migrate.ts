import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { BackupError, backupDatabase, backupFileName, pruneBackups } from './backup';
import type { Database } from './client';

/** The committed migrations folder, from the sources or from the build. */
export function migrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [
    path.resolve(here, '../../drizzle'),
    path.resolve(here, 'drizzle'),
    path.resolve(here, '../drizzle'),
  ];
  const found = candidates.find((dir) => existsSync(path.join(dir, 'meta', '_journal.json')));
  if (!found) throw new Error(`Migrations folder not found (looked in ${candidates.join(', ')})`);
  return found;
}

export interface SnapshotOptions {
  /** Where snapshots go (DATA_DIR/backups). */
  dir: string;
  /** How many automatic snapshots are kept. */
  keep: number;
  log: Pick<FastifyBaseLogger, 'info'>;
}

export const SNAPSHOT_LABEL = 'before-migration';

/**
 * Applies pending migrations; on a server an advisory lock keeps two
 * processes from racing. With `snapshot`, a database that already holds
 * applied migrations is backed up first, so a migration that goes wrong
 * (or a release rolled back) loses nothing.
 */
export async function migrate(
  database: Database,
  snapshot?: SnapshotOptions,
  folder = migrationsFolder(),
): Promise<void> {
  if (database.kind === 'pglite') {
    if (snapshot) await snapshotIfPending(database, database.db, folder, snapshot);
    await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder: folder });
    return;
  }
  // One dedicated connection, so the lock and the migration share a session.
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock(727001)');
    const db = drizzle(client);
    if (snapshot) await snapshotIfPending(database, db, folder, snapshot);
    await migratePg(db, { migrationsFolder: folder });
  } finally {
    await client.end();
  }
}

/** Migrations of the folder not yet applied, and how many are (drizzle's own rule: by their time). */
export async function migrationState(db: { execute(query: SQL): Promise<unknown> }, folder = migrationsFolder()) {
  const journal = JSON.parse(readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number; tag: string }[];
  };
  const result = (await db.execute(sql`select to_regclass('drizzle.__drizzle_migrations')::text as t`)) as {
    rows: { t: string | null }[];
  };
  if (!result.rows[0]?.t) return { applied: 0, pending: journal.entries.map((e) => e.tag) };
  const last = (await db.execute(
    sql`select count(*)::int as n, coalesce(max(created_at), 0)::text as at from drizzle.__drizzle_migrations`,
  )) as { rows: { n: number; at: string }[] };
  const lastAt = Number(last.rows[0]!.at);
  return { applied: last.rows[0]!.n, pending: journal.entries.filter((e) => e.when > lastAt).map((e) => e.tag) };
}

async function snapshotIfPending(
  database: Database,
  db: { execute(query: SQL): Promise<unknown> },
  folder: string,
  opts: SnapshotOptions,
): Promise<void> {
  const { applied, pending } = await migrationState(db, folder);
  if (applied === 0 || pending.length === 0) return;
  const file = path.join(opts.dir, backupFileName(SNAPSHOT_LABEL, database.kind));
  const started = Date.now();
  await backupDatabase(database, file).catch((err: unknown) => {
    throw new BackupError(
      `Could not take the snapshot before migrating (${pending.join(', ')}): ${err instanceof Error ? err.message : String(err)}\n` +
        'Set BACKUP_BEFORE_MIGRATE=false to migrate without one, only if the database is backed up elsewhere.',
    );
  });
  const removed = await pruneBackups(opts.dir, SNAPSHOT_LABEL, opts.keep);
  opts.log.info({ file, pending, ms: Date.now() - started, removed }, 'snapshot taken before migrating');
}
