import cluster from 'node:cluster';
import { runPrimary } from './cluster';
import { BackupError } from './db/backup';
import { DataDirInUse } from './db/pglite-lock';
import { EnvError, loadEnv } from './env';
import { serveShop } from './serve';

/**
 * The shop server: one process, or with WORKERS > 1 a cluster's primary
 * (which prepares the database and forks) and its workers (which serve).
 */
async function main() {
  const env = loadEnv();
  if (cluster.isWorker) return serveShop(env, { prepare: false });
  if (env.WORKERS > 1) return runPrimary(env);
  return serveShop(env, { prepare: true });
}

main().catch((err: unknown) => {
  if (err instanceof EnvError || err instanceof DataDirInUse || err instanceof BackupError) {
    console.error(err.message);
  } else {
    console.error('The shop could not start:', err);
  }
  process.exit(1);
});
