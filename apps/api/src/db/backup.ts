import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { childEnv } from '../env';
import { PGLITE_EXTENSIONS, pgliteDir, pgliteLockFile, type Database } from './client';
import { OwnerOnlyNodeFS } from './owner-only-fs';
import { lockDataDir } from './pglite-lock';

/**
 * Backups of either database, restorable only into the same kind: PGlite's
 * own dump of its data folder (a .tar.gz), or pg_dump's custom format (a
 * .dump, restored by pg_restore). docs/operations.md tells how to use them.
 */
export class BackupError extends Error {
  override name = 'BackupError';
}

export const backupExtension = (kind: Database['kind']) => (kind === 'pglite' ? '.tar.gz' : '.dump');

/** A file name that sorts by time: `<label>-20250131-142501-123.<ext>`. */
export function backupFileName(label: string, kind: Database['kind'], at = new Date()): string {
  const stamp = at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace('T', '-')
    .replace(/\.(\d{3})Z$/, '-$1');
  return `${label}-${stamp}${backupExtension(kind)}`;
}

/** Writes a backup of an open database to `file`, readable by the shop's user alone (0600). */
export async function backupDatabase(database: Database, file: string): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const partial = `${file}.partial`;
  try {
    if (database.kind === 'pglite') {
      const dump = await database.pglite!.dumpDataDir('gzip');
      await writeFile(partial, Buffer.from(await dump.arrayBuffer()), { mode: 0o600 });
    } else {
      await dumpPostgres(database.url!, partial);
    }
    await chmod(partial, 0o600); // a .partial a crash left behind kept its old mode
    // Only a finished backup carries the name: a crash leaves a .partial, never a truncated backup.
    await rename(partial, file);
  } finally {
    await rm(partial, { force: true });
  }
}

export interface RestoreTarget {
  kind: Database['kind'];
  /** PostgreSQL: the database to restore into. */
  url?: string;
  /** PGlite: DATA_DIR, whose pglite folder is restored. */
  dataDir?: string;
}

/**
 * Restores a backup into an empty database. With `replace`, what is there is
 * first set aside: a PGlite folder is renamed (kept beside), a PostgreSQL
 * database is backed up to `asideFile` and then emptied. Answers what was set
 * aside, if anything.
 */
export async function restoreDatabase(
  target: RestoreTarget,
  file: string,
  opts: { replace: boolean; asideFile?: string },
): Promise<string | undefined> {
  const kind = await kindOfBackup(file);
  if (kind !== target.kind) {
    throw new BackupError(
      `${file} is a ${kind === 'pglite' ? 'PGlite (embedded)' : 'PostgreSQL'} backup; this shop runs on ${
        target.kind === 'pglite' ? 'PGlite (DATABASE_URL is empty)' : 'PostgreSQL (DATABASE_URL)'
      }. A backup restores into the same kind of database.`,
    );
  }
  return target.kind === 'pglite'
    ? restorePglite(target.dataDir!, file, opts.replace)
    : restorePostgres(target.url!, file, opts);
}

async function restorePglite(dataDir: string, file: string, replace: boolean): Promise<string | undefined> {
  const dir = pgliteDir(dataDir);
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const lock = lockDataDir(pgliteLockFile(dataDir), dir);
  try {
    let aside: string | undefined;
    if (existsSync(dir) && (await readdir(dir)).length > 0) {
      if (!replace) throw notEmpty(`The embedded database in ${dir} is not empty`);
      aside = `${dir}.before-restore-${Date.now()}`;
      await rename(dir, aside);
    }
    const dump = new Blob([await readFile(file)]);
    await mkdir(dir, { recursive: true, mode: 0o700 });
    const client = await PGlite.create({
      fs: new OwnerOnlyNodeFS(dir),
      loadDataDir: dump,
      extensions: PGLITE_EXTENSIONS,
    });
    await client.query('select 1');
    await client.close();
    return aside;
  } finally {
    lock.release();
  }
}

async function restorePostgres(
  url: string,
  file: string,
  opts: { replace: boolean; asideFile?: string },
): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_namespace n
       where nspname = 'drizzle' or (nspname = 'public' and exists (select 1 from pg_class c where c.relnamespace = n.oid))`,
    );
    let aside: string | undefined;
    if (rows[0]!.n > 0) {
      if (!opts.replace) throw notEmpty('The database of DATABASE_URL is not empty');
      if (opts.asideFile) {
        await mkdir(path.dirname(opts.asideFile), { recursive: true, mode: 0o700 });
        await dumpPostgres(url, opts.asideFile);
        aside = opts.asideFile;
      }
      await client.query('drop schema if exists drizzle cascade; drop schema public cascade; create schema public');
    }
    await client.end();
    await runTool('pg_restore', ['--no-owner', '--exit-on-error', '--single-transaction', '--dbname'], url, file);
    return aside;
  } finally {
    await client.end().catch(() => undefined);
  }
}

const notEmpty = (what: string) =>
  new BackupError(
    `${what}: restore into an empty one, or add --replace to set the current data aside first (it is kept).`,
  );

/** PGlite's dumps are gzip; pg_dump's custom format starts with PGDMP. */
async function kindOfBackup(file: string): Promise<Database['kind']> {
  let head: Buffer;
  try {
    head = (await readFile(file)).subarray(0, 5);
  } catch {
    throw new BackupError(`No backup at ${file}`);
  }
  if (head[0] === 0x1f && head[1] === 0x8b) return 'pglite';
  if (head.toString('latin1') === 'PGDMP') return 'postgres';
  throw new BackupError(`${file} is not a backup made by npm run backup`);
}

/**
 * pg_dump's custom format into `file`, made 0600 before pg_dump opens it
 * (pg_dump creates its file with the process's umask, often leaving it
 * readable by everyone; an existing file keeps its mode).
 */
async function dumpPostgres(url: string, file: string): Promise<void> {
  await writeFile(file, '', { mode: 0o600 });
  await chmod(file, 0o600); // writeFile's mode applies only to a new file
  await runTool('pg_dump', ['--format=custom', '--no-owner', `--file=${file}`], url);
}

/**
 * Runs pg_dump or pg_restore against the database of `url`. The password
 * goes through the environment, never the command line (which `ps` shows).
 */
function runTool(tool: 'pg_dump' | 'pg_restore', args: string[], url: string, file?: string): Promise<void> {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = '';
  const env = childEnv(password ? { PGPASSWORD: password } : {});
  return new Promise((resolve, reject) => {
    const child = spawn(tool, [...args, u.toString(), ...(file ? [file] : [])], {
      env,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', (err: NodeJS.ErrnoException) =>
      reject(
        err.code === 'ENOENT'
          ? new BackupError(
              `${tool} was not found on PATH: install PostgreSQL's client tools of the server's version (e.g. postgresql-client).`,
            )
          : err,
      ),
    );
    child.on('close', (code) =>
      code === 0
        ? resolve()
        : reject(new BackupError(`${tool} failed (exit ${code}): ${stderr.trim().slice(0, 2000)}`)),
    );
  });
}

/** Keeps the newest `keep` files of `dir` whose names start with `label-`; removes the rest. */
export async function pruneBackups(dir: string, label: string, keep: number): Promise<string[]> {
  const names = (await readdir(dir).catch(() => [] as string[]))
    .filter((n) => n.startsWith(`${label}-`) && !n.endsWith('.partial'))
    .sort()
    .reverse();
  const removed = names.slice(keep);
  for (const name of removed) await rm(path.join(dir, name), { force: true });
  return removed;
}
