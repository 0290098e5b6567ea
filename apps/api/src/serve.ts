import { fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import { APPLICATION_NAME, buildApp } from './app';
import { openDatabase, pgliteDir, timeoutsOf, type Database } from './db/client';
import { protectDataDir } from './db/data-dir';
import { migrate } from './db/migrate';
import { seedIfEmpty } from './db/seed';
import type { Env } from './env';
import { startJobs } from './jobs';
import { ensureAdmin } from './modules/admin/staff/bootstrap';
import { childSizer } from './modules/images/sizer';

/** The database of the settings, with the pool's size and timeouts. */
export function openShopDatabase(env: Env, poolSize = env.DATABASE_POOL_SIZE): Promise<Database> {
  return openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    poolSize,
    timeouts: timeoutsOf(env),
    applicationName: APPLICATION_NAME,
    pgliteSharedBuffersMb: env.PGLITE_SHARED_BUFFERS_MB,
    pgliteCompileTasks: env.PGLITE_COMPILE_TASKS,
  });
}

/**
 * Brings the database up to date once, before any process serves: a
 * snapshot when migrations are pending on a database with data (kept under
 * DATA_DIR/backups), the migrations, and the demo catalogue when empty.
 */
export async function prepareDatabase(
  database: Database,
  env: Env,
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>,
): Promise<void> {
  const snapshot = env.BACKUP_BEFORE_MIGRATE
    ? { dir: path.resolve(env.DATA_DIR, 'backups'), keep: env.BACKUP_KEEP, log }
    : undefined;
  await migrate(database, snapshot);
  await seedIfEmpty(database.db, env, log);
  await ensureAdmin(database.db, env, log);
}

/** The argument that makes main.ts a process that prepares the database, then exits. */
export const PREPARE_ONLY = '--prepare-database-only';

/** The child that prepared a new embedded database failed; it said why on its own output. */
export class PrepareFailed extends Error {
  override name = 'PrepareFailed';
}

/**
 * A process that only prepares the database (migrations, the demo catalogue, the first admin) and
 * closes it: what the shop's first start on a new embedded database runs in a child (serveShop).
 */
export async function prepareOnly(env: Env): Promise<void> {
  const log = pino({ level: env.LOG_LEVEL, base: { pid: process.pid, role: 'prepare' } });
  const database = await openShopDatabase(env, 2);
  try {
    await prepareDatabase(database, env, log);
  } finally {
    await database.close();
  }
}

/** The entry `name` next to main's: picture-sizer.ts beside main.ts, or picture-sizer.js in the build. */
const besideEntry = (entry: string, name: string) => path.join(path.dirname(entry), name + path.extname(entry));

/** An embedded database that does not exist yet: this start migrates and seeds it. */
function isNewPglite(env: Env): boolean {
  return !env.DATABASE_URL && !existsSync(path.join(pgliteDir(env.DATA_DIR), 'PG_VERSION'));
}

/** Runs `entry` (main.ts) with PREPARE_ONLY and waits for it to exit; rejects unless it exited with 0. */
function prepareInChild(entry: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = fork(entry, [PREPARE_ONLY], { stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0
        ? resolve()
        : reject(new PrepareFailed(`Preparing the new database failed (exit ${code ?? signal}); see above.`)),
    );
  });
}

/**
 * One process serving the shop: the API, the storefront and the jobs. On
 * SIGTERM (or SIGINT) its health check answers 503 and the jobs stop; after
 * SHUTDOWN_DRAIN_SECONDS (requests already sent are read meanwhile: closing
 * at once would reset connections the server had not yet read) it stops
 * taking connections, lets in-flight requests finish, closes the database
 * and exits; or exits anyway (code 1) after SHUTDOWN_TIMEOUT_SECONDS. `prepare` is false in cluster
 * workers: their primary has prepared the database. `entry` is main.ts: this process forks it to
 * prepare a new embedded database, and the picture sizer beside it (modules/images/sizer.ts).
 *
 * A new embedded database is prepared by a child process running `entry` (main.ts) before this one
 * opens it: migrating and seeding it leaves 100 MB and more of freed memory that the C library keeps
 * in the process that did it (docs/benchmarks.md 'Memory on the embedded database'), and the
 * child's exit gives it all back.
 */
export async function serveShop(env: Env, opts: { prepare: boolean; entry?: string }): Promise<void> {
  // Listened for from the first moment: a signal during start-up stops the process once it has started.
  const signals: { asked?: string; shutdown?: (signal: string) => Promise<void> } = {};
  const onSignal = (signal: string) => (signals.shutdown ? void signals.shutdown(signal) : (signals.asked ??= signal));
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  const log = pino({ level: env.LOG_LEVEL });
  if (opts.prepare) protectDataDir(env.DATA_DIR, log);
  const preparedByChild = opts.prepare && opts.entry !== undefined && isNewPglite(env);
  if (preparedByChild) await prepareInChild(opts.entry!);
  const database = await openShopDatabase(env);
  if (opts.prepare && !preparedByChild) await prepareDatabase(database, env, log);
  const app = await buildApp({
    env,
    db: database.db,
    serveWeb: true,
    databaseUrl: database.url,
    // Pictures are sized in a child process, so libvips's memory is never this one's (sizer.ts).
    ...(opts.entry ? { pictureSizer: childSizer(besideEntry(opts.entry, 'picture-sizer')) } : {}),
  });
  watchProcessErrors(app.log);
  let stopJobs: () => Promise<void> = () => Promise.resolve();
  let stopping = false;

  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    const started = Date.now();
    app.log.info({ signal }, 'shutting down');
    const deadline = setTimeout(() => {
      app.log.error(
        { seconds: env.SHUTDOWN_TIMEOUT_SECONDS },
        'shutdown did not finish within SHUTDOWN_TIMEOUT_SECONDS; exiting anyway',
      );
      process.exit(1);
    }, env.SHUTDOWN_TIMEOUT_SECONDS * 1000);
    try {
      app.draining.now = true;
      await Promise.all([stopJobs(), new Promise((r) => setTimeout(r, env.SHUTDOWN_DRAIN_SECONDS * 1000))]);
      await app.close(); // stops listening, then waits for the requests in flight
      await database.close();
      app.log.info({ ms: Date.now() - started }, 'stopped');
      clearTimeout(deadline);
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  signals.shutdown = shutdown;
  if (signals.asked) return shutdown(signals.asked);

  await app.listen({ host: env.HOST, port: env.PORT });
  if (env.PAYMENT_PROVIDER === 'test' && opts.prepare) {
    app.log.warn(
      'Payments: the built-in TEST provider is in use: no money is taken (set PAYMENT_PROVIDER=razorpay and the Razorpay keys to take payments)',
    );
  }
  if (!stopping) stopJobs = startJobs(app.ctx);
}

/**
 * A promise nobody awaited is logged, not left to end the process silently;
 * an exception nobody caught is logged and ends the process (its state is
 * unknown; the cluster's primary, or the service manager, starts another).
 */
export function watchProcessErrors(
  log: Pick<FastifyBaseLogger, 'error' | 'fatal'>,
  proc: Pick<NodeJS.Process, 'on' | 'exit'> = process,
): void {
  proc.on('unhandledRejection', (reason: unknown) => {
    log.error({ err: reason }, 'a promise was rejected and nobody handled it');
  });
  proc.on('uncaughtException', (err: Error) => {
    log.fatal({ err }, 'uncaught exception: the process ends');
    proc.exit(1);
  });
}
