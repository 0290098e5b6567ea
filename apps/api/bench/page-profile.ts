/**
 * Diagnosis, not part of `npm run bench`: what rendering one storefront page costs, in
 * process, with no HTTP client in the way. Starts the shop on a fresh embedded database with
 * the demo catalogue and the storefront's build (`npm run build` first), signs a shopper in,
 * then renders the product page N times signed in (and, for comparison, anonymous with
 * rendered each time: a cookie that is not a session's keeps it out of the page cache) and prints
 * the CPU ms per page.
 *
 *   npx tsx bench/page-profile.ts                       # ms per page (PGlite; DATABASE_URL: PostgreSQL)
 *   PROFILE=/tmp/signed-in.cpuprofile npx tsx bench/page-profile.ts  # and a CPU profile of the signed-in pages
 *
 * The profile covers the signed-in renders only (not the start-up); bench/profile.ts's
 * summariseProfile says where the time went.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { buildApp } from '../src/app';
import { openDatabase } from '../src/db/client';
import { loadEnv } from '../src/env';
import { prepareDatabase } from '../src/serve';

// React as production loads it (its development build is several times slower); the shop's
// own settings are NODE_ENV=test below, for the test payment provider.
process.env.NODE_ENV = 'production';
const N = Number(process.env.PAGES) || 300;
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'shop-page-profile-'));
const env = loadEnv({
  NODE_ENV: 'test',
  LOG_LEVEL: 'warn',
  DATA_DIR: dataDir,
  PAGE_CACHE_MB: process.env.PAGE_CACHE_MB,
});
// DATABASE_URL: an empty PostgreSQL database to use instead (the demo catalogue is put in it).
const database = await openDatabase(
  process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : { dataDir: path.join(dataDir, 'db') },
);
await prepareDatabase(database, env, pino({ level: 'warn' }));
const app = await buildApp({ env, db: database.db, logger: false, serveWeb: true });
await app.ready();

const email = `profile-${Date.now()}@example.com`;
const password = 'profile-password-123';
await app.inject({ method: 'POST', url: '/api/v1/register', payload: { email, password, name: 'Profile' } });
const { token } = (await app.inject({ method: 'POST', url: '/api/v1/login', payload: { email, password } })).json<{
  token: string;
}>();
const { data } = (await app.inject('/api/v1/products/productvariant')).json<{
  data: { product_variants: { slug: string } }[];
}>();
const url = `/product/${data[0]!.product_variants.slug}`;

async function time(label: string, headers: Record<string, string>, profile?: string) {
  for (let i = 0; i < 30; i += 1) await app.inject({ url, headers }); // warm
  const session = profile ? new Session() : undefined;
  session?.connect();
  await session?.post('Profiler.enable');
  await session?.post('Profiler.start');
  const cpu = process.cpuUsage();
  const t0 = performance.now();
  const served = new Map<string, number>();
  for (let i = 0; i < N; i += 1) {
    const res = await app.inject({ url, headers });
    if (res.statusCode !== 200) throw new Error(`${label}: ${res.statusCode}`);
    const how = String(res.headers['x-page-cache'] ?? 'rendered');
    served.set(how, (served.get(how) ?? 0) + 1);
  }
  const used = process.cpuUsage(cpu);
  if (session) {
    const { profile: taken } = await session.post('Profiler.stop');
    await writeFile(profile!, JSON.stringify(taken));
    session.disconnect();
  }
  console.log(
    `${label}: ${((performance.now() - t0) / N).toFixed(2)} ms/page wall, ` +
      `${((used.user + used.system) / 1000 / N).toFixed(2)} ms/page CPU over ${N} pages ` +
      `(${[...served].map(([how, n]) => `${how} ${n}`).join(', ')})`,
  );
}

await time('signed in', { cookie: `session=${token}`, 'accept-encoding': 'gzip, deflate, br' }, process.env.PROFILE);
await time('anonymous, rendered', { cookie: 'profile=1', 'accept-encoding': 'br' });
await app.close();
await database.close();
await rm(dataDir, { recursive: true, force: true });
