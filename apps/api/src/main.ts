import { buildApp } from './app';
import { openDatabase } from './db/client';
import { migrate } from './db/migrate';
import { seedIfEmpty } from './db/seed';
import { EnvError, loadEnv } from './env';
import { startJobs } from './jobs';

async function main() {
  const env = loadEnv();
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    poolSize: env.DATABASE_POOL_SIZE,
  });
  await migrate(database);
  const app = await buildApp({ env, db: database.db, serveWeb: true });
  await seedIfEmpty(database.db, env, app.log);
  let stopJobs = () => {};

  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    stopJobs();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: env.HOST, port: env.PORT });
  if (env.PAYMENT_PROVIDER === 'test') {
    app.log.warn(
      'Payments: the built-in TEST provider is in use: no money is taken (set PAYMENT_PROVIDER=razorpay and the Razorpay keys to take payments)',
    );
  }
  stopJobs = startJobs(app.ctx);
}

main().catch((err: unknown) => {
  if (err instanceof EnvError) {
    console.error(err.message);
  } else {
    console.error('The shop could not start:', err);
  }
  process.exit(1);
});
