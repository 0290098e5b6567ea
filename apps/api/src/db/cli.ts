// `npm run db:migrate` and `npm run db:seed`, with the same configuration as the server.
import { loadEnv } from '../env';
import { openDatabase } from './client';
import { migrate } from './migrate';
import { seedIfEmpty } from './seed';

const command = process.argv[2];
const env = loadEnv();
const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, poolSize: 2 });
try {
  await migrate(database);
  if (command === 'seed')
    await seedIfEmpty(database.db, env, { info: (obj: object, msg?: string) => console.log(msg ?? '', obj) });
  console.log(command === 'seed' ? 'migrated and seeded' : 'migrated');
} finally {
  await database.close();
}
