import cluster, { type Worker } from 'node:cluster';
import { pino } from 'pino';
import { protectDataDir } from './db/data-dir';
import type { Env } from './env';
import { openShopDatabase, prepareDatabase, watchProcessErrors } from './serve';

/** A worker that lived this long before dying is restarted at once; quicker deaths wait longer each time. */
const STEADY_MS = 60_000;
const MAX_BACKOFF_MS = 30_000;

/**
 * The primary of `WORKERS` processes (Node's cluster, one listening port):
 * it prepares the database once, forks the workers, starts a new one when
 * one dies (waiting longer after each quick death, so a shop that cannot
 * start does not spin), and on SIGTERM or SIGINT passes the signal on and
 * waits for every worker, killing those still running after
 * SHUTDOWN_TIMEOUT_SECONDS (plus a little, so a worker's own deadline comes first).
 */
export async function runPrimary(env: Env): Promise<void> {
  const log = pino({ level: env.LOG_LEVEL, base: { pid: process.pid, role: 'primary' } });
  watchProcessErrors(log);
  protectDataDir(env.DATA_DIR, log);
  const database = await openShopDatabase(env, 2);
  try {
    await prepareDatabase(database, env, log);
  } finally {
    await database.close();
  }
  if (env.PAYMENT_PROVIDER === 'test') {
    log.warn(
      'Payments: the built-in TEST provider is in use: no money is taken (set PAYMENT_PROVIDER=razorpay and the Razorpay keys to take payments)',
    );
  }

  let stopping = false;
  let exitCode = 0;
  let quickDeaths = 0;
  const startedAt = new Map<Worker, number>();
  const serving = new Set<Worker>();
  cluster.on('listening', (worker) => serving.add(worker));
  const fork = () => {
    const worker = cluster.fork();
    startedAt.set(worker, Date.now());
    log.info({ worker: worker.process.pid }, 'worker started');
  };

  cluster.on('exit', (worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker) ?? 0);
    const served = serving.delete(worker);
    startedAt.delete(worker);
    if (stopping) {
      log.info({ worker: worker.process.pid, code, signal }, 'worker stopped');
      // A worker still starting has no handler yet: the signal ends it, with nothing in flight to lose.
      if (code !== 0 && (served || signal !== 'SIGTERM')) exitCode = 1;
      if (startedAt.size === 0) process.exit(exitCode);
      return;
    }
    quickDeaths = lived >= STEADY_MS ? 0 : quickDeaths + 1;
    const delay = quickDeaths === 0 ? 0 : Math.min(MAX_BACKOFF_MS, 500 * 2 ** (quickDeaths - 1));
    log.error({ worker: worker.process.pid, code, signal, livedMs: lived, restartInMs: delay }, 'worker died');
    setTimeout(() => {
      if (!stopping) fork();
    }, delay);
  });

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal, workers: startedAt.size }, 'shutting down the workers');
    if (startedAt.size === 0) process.exit(0);
    for (const worker of startedAt.keys()) worker.process.kill('SIGTERM');
    setTimeout(
      () => {
        log.error({ left: startedAt.size }, 'workers still running after the shutdown deadline: killing them');
        for (const worker of startedAt.keys()) worker.process.kill('SIGKILL');
        process.exit(1);
      },
      env.SHUTDOWN_TIMEOUT_SECONDS * 1000 + 5_000,
    ).unref();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  log.info({ workers: env.WORKERS }, 'starting the workers');
  for (let i = 0; i < env.WORKERS; i += 1) fork();
}
