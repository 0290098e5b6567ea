// `npm run db:migrate`, `db:seed`, `backup [FILE]` and `restore FILE [--replace]`, with the server's configuration.
import path from 'node:path';
import { EnvError, invocationDir, loadEnv } from '../env';
import { BackupError, backupDatabase, backupFileName, restoreDatabase } from './backup';
import { openDatabase, timeoutsOf } from './client';
import { DataDirOpen, protectDataDir } from './data-dir';
import { migrate } from './migrate';
import { DataDirInUse } from './pglite-lock';
import { seedIfEmpty } from './seed';
import { ensureAdmin } from '../modules/admin/staff/bootstrap';

const USAGE = `Usage:
  npm run db:migrate
  npm run db:seed
  npm run backup [-- FILE]               (default: DATA_DIR/backups/backup-<time>.<ext>)
  npm run restore -- FILE [--replace]    (--replace sets the current data aside first)`;

const log = {
  info: (obj: object, msg?: string) => console.log(msg ?? '', obj),
  warn: (obj: object, msg?: string) => console.warn(msg ?? '', obj),
};

async function run(command: string | undefined, args: string[]) {
  // Backups, pg_dump's files and PGlite's data are the user's alone (as the server's: main.ts).
  process.umask(0o077);
  const env = loadEnv();
  const kind = env.DATABASE_URL ? 'postgres' : 'pglite';
  const backups = path.resolve(env.DATA_DIR, 'backups');
  const fileArg = args.find((a) => !a.startsWith('--'));
  const file = fileArg ? path.resolve(invocationDir(), fileArg) : undefined;

  if (command === 'restore') {
    if (!file) throw new BackupError(`Name the backup to restore.\n${USAGE}`);
    protectDataDir(env.DATA_DIR, log);
    const aside = await restoreDatabase({ kind, url: env.DATABASE_URL, dataDir: env.DATA_DIR }, file, {
      replace: args.includes('--replace'),
      asideFile: path.join(backups, backupFileName('before-restore', kind)),
    });
    console.log(`restored ${file}${aside ? ` (what was there is kept in ${aside})` : ''}`);
    console.log('The next start applies any migrations newer than the backup.');
    return;
  }
  if (!['migrate', 'seed', 'backup'].includes(command ?? '')) throw new BackupError(USAGE);
  protectDataDir(env.DATA_DIR, log);

  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    poolSize: 2,
    timeouts: { ...timeoutsOf(env), statementMs: 0 },
    pgliteSharedBuffersMb: env.PGLITE_SHARED_BUFFERS_MB,
    pgliteCompileTasks: env.PGLITE_COMPILE_TASKS,
  });
  try {
    if (command === 'backup') {
      const target = file ?? path.join(backups, backupFileName('backup', kind));
      const started = Date.now();
      await backupDatabase(database, target);
      console.log(`backed up to ${target} in ${Date.now() - started} ms`);
      return;
    }
    await migrate(database, env.BACKUP_BEFORE_MIGRATE ? { dir: backups, keep: env.BACKUP_KEEP, log } : undefined);
    if (command === 'seed') {
      await seedIfEmpty(database.db, env, log);
      await ensureAdmin(database.db, env, log);
    }
    console.log(command === 'seed' ? 'migrated and seeded' : 'migrated');
  } finally {
    await database.close();
  }
}

try {
  await run(process.argv[2], process.argv.slice(3));
} catch (err) {
  if (
    err instanceof EnvError ||
    err instanceof DataDirInUse ||
    err instanceof DataDirOpen ||
    err instanceof BackupError
  ) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}
