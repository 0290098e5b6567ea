import cluster from 'node:cluster';
import { fileURLToPath } from 'node:url';
import { runPrimary } from './cluster';
import { BackupError } from './db/backup';
import { DataDirOpen } from './db/data-dir';
import { DataDirInUse } from './db/pglite-lock';
import { EnvError, loadEnv } from './env';
import { PREPARE_ONLY, PrepareFailed, prepareOnly, serveShop } from './serve';

/**
 * The shop server: one process, or with WORKERS > 1 a cluster's primary
 * (which prepares the database and forks) and its workers (which serve).
 */
async function main() {
  // What the shop writes (its data, backups, pg_dump's files, the image cache) is its user's alone.
  // `npm start` has built the shop before it gets here, so the build keeps its usual modes.
  process.umask(0o077);
  const env = loadEnv();
  if (process.argv.includes(PREPARE_ONLY)) return prepareOnly(env).then(() => process.exit(0));
  const entry = fileURLToPath(import.meta.url);
  if (cluster.isWorker) return serveShop(env, { prepare: false, entry });
  if (env.WORKERS > 1) return runPrimary(env);
  return serveShop(env, { prepare: true, entry });
}

main().catch((err: unknown) => {
  if (
    err instanceof EnvError ||
    err instanceof DataDirInUse ||
    err instanceof DataDirOpen ||
    err instanceof BackupError ||
    err instanceof PrepareFailed
  ) {
    console.error(err.message);
  } else {
    console.error('The shop could not start:', err);
  }
  process.exit(1);
});
