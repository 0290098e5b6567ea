/**
 * `npm run bench -- admin`: the back office at 100,000 orders (docs/benchmarks.md 'The back office at
 * 100,000 orders').
 *
 * Creates the PostgreSQL database `shop_bench_admin`, migrates it and seeds 2,000 shoppers and
 * 100,000 orders over the last year in a few set-based statements (generate_series), each with two
 * lines; starts the built shop against it with an owner from ADMIN_EMAIL/ADMIN_PASSWORD, signs in
 * to the back office and loads each admin call with 10 connections (10 concurrent admins) for
 * --duration seconds (default 10) after a warm-up: the orders list's 'packaging' tab, a search by
 * a shopper's email, a 7-day date filter, and the dashboard when this build has one.
 * Prints p50, p99 and req/s beside the target (p99 ≤ 50 ms) and the machine's load average.
 * DATABASE_URL, when set, is the admin connection (default postgres://postgres@127.0.0.1:5432/postgres).
 * Flags: --no-fail (exit 0 when a target is missed), --duration <s>, --keep (leave the database),
 * --baseline <main.js>: also start that build (an older commit's apps/api/dist/main.js) on the same
 * database and load each call on both, in turn, for before/after figures in one run; --rounds <n>:
 * how many turns (default 2 with a baseline, the second with the baseline first; else 1).
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon, { type AutocannonOptions, type AutocannonResult } from 'autocannon';
import pg from 'pg';
import { openDatabase } from '../src/db/client';
import { migrate } from '../src/db/migrate';

const ORDERS = 100_000;
const SHOPPERS = 2_000;
const ADMINS = 10;
const P99_TARGET_MS = 50;
const DB_NAME = 'shop_bench_admin';
const OWNER = { email: 'bench-owner@example.com', password: 'bench owner password' };

const argv = process.argv.slice(2);
const durationAt = argv.indexOf('--duration');
const DURATION_S = Number(durationAt >= 0 ? argv[durationAt + 1] : 10) || 10;
const here = path.dirname(fileURLToPath(import.meta.url));
const serverEntry = path.resolve(here, '../dist/main.js');
const baselineAt = argv.indexOf('--baseline');
// Relative to where `npm run` was typed (npm runs the script in apps/api).
const baselineEntry =
  baselineAt >= 0 ? path.resolve(process.env.INIT_CWD ?? process.cwd(), argv[baselineAt + 1] ?? '') : undefined;
const roundsAt = argv.indexOf('--rounds');
const ROUNDS = Number(roundsAt >= 0 ? argv[roundsAt + 1] : baselineEntry ? 2 : 1) || 1;
const log = (msg: string) => console.log(`[bench:admin] ${msg}`);

/** The seed, set-based: shoppers, then orders spread over 365 days in every state, then two lines each. */
const SEED = `
insert into users (email, name, phone, password_hash)
  select 'shopper' || i || '@example.com', 'Shopper ' || i, (9000000000 + i)::text, 'x'
  from generate_series(1, ${SHOPPERS}) i;
insert into orders (user_id, status, subtotal_paise, shipping_paise, total_paise, shipping_type, name, email, phone,
                    address, locality, city, state, pincode, country, payment_id, payment_due_at, paid_at, created_at)
  select u.id, s.status, 199800, 25000, 224800, case when i % 5 = 0 then 'express' else 'standard' end,
         u.name, u.email, u.phone, '12 MG Road', 'Centre', 'Pune', 'Maharashtra', '411001', 'India',
         case when s.status in ('created', 'payment_pending') then null else 'pay_bench' || i end,
         t.at + interval '30 minutes',
         case when s.status in ('created', 'payment_pending') then null else t.at + interval '5 minutes' end, t.at
  from generate_series(1, ${ORDERS}) i
  cross join lateral (select now() - (i::float / ${ORDERS}) * interval '365 days' as at) t
  cross join lateral (select (array['delivered', 'delivered', 'delivered', 'shipped', 'packaging', 'created',
                                    'cancelled_refund', 'refunded', 'refund_progress', 'delivered'])[1 + i % 10] as status) s
  join users u on u.email = 'shopper' || (1 + i % ${SHOPPERS}) || '@example.com';
insert into order_lines (order_id, quantity, name, slug, sku, size, color, image, mrp_paise, unit_price_paise, gst_rate_bp)
  select o.id, 1, 'Bench frock ' || k, 'bench-frock-' || k, 'BENCH-' || o.id || '-' || k, '2-3Y', 'Red', 'x',
         99900, 99900, 500
  from orders o cross join generate_series(1, 2) k;
`;

async function seed(adminUrl: string): Promise<string> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${DB_NAME} with (force)`);
    await admin.query(`create database ${DB_NAME}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${DB_NAME}`;
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 1 });
  try {
    await migrate(database);
  } finally {
    await database.close();
  }
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    const t0 = Date.now();
    await client.query(SEED);
    // Its own statement: VACUUM cannot run in the seed's implicit transaction.
    await client.query('vacuum analyze');
    log(
      `seeded ${SHOPPERS} shoppers and ${ORDERS} orders (${ORDERS * 2} lines) in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
    );
  } finally {
    await client.end();
  }
  return url.toString();
}

async function until(url: string, ms: number) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the shop did not answer ${url} within ${ms} ms`);
}

interface Result {
  name: string;
  build: string;
  round?: number;
  path: string;
  status: number;
  p50?: number;
  p99?: number;
  rps?: number;
}

const cannon = (opts: AutocannonOptions) =>
  new Promise<AutocannonResult>((resolve, reject) => {
    autocannon(opts, (err, result) => (err ? reject(err) : resolve(result)));
  });

interface Shop {
  build: string;
  base: string;
  token: string;
  stop: () => Promise<void>;
}

/** Starts a build of the shop on the bench's database and signs its owner in to the back office. */
async function startShop(entry: string, build: string, dbUrl: string): Promise<Shop> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'shop-bench-admin-'));
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const base = `http://127.0.0.1:${port}`;
  const shop = spawn(process.execPath, [entry], {
    env: {
      ...process.env,
      DATABASE_URL: dbUrl,
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: base,
      DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      PAYMENT_PROVIDER: 'test',
      DATA_DIR: dataDir,
      ADMIN_EMAIL: OWNER.email,
      ADMIN_PASSWORD: OWNER.password,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const stop = async () => {
    if (shop.exitCode === null) {
      shop.kill('SIGTERM');
      await new Promise((r) => shop.once('exit', r));
    }
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await until(`${base}/api/v1/health`, 60_000);
    const login = await fetch(`${base}/api/v1/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(OWNER),
    });
    if (!login.ok) throw new Error(`admin sign-in answered ${login.status}: ${await login.text()}`);
    const { token } = (await login.json()) as { token: string };
    return { build, base, token, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

async function load({ base, token, build }: Shop, name: string, urlPath: string): Promise<Result> {
  const headers = { authorization: `Bearer ${token}` };
  const probe = await fetch(base + urlPath, { headers });
  await probe.arrayBuffer();
  if (probe.status !== 200) return { name, build, path: urlPath, status: probe.status };
  const opts = { url: base + urlPath, headers, connections: ADMINS };
  await cannon({ ...opts, amount: 200 });
  const r = await cannon({ ...opts, duration: DURATION_S });
  if (r.non2xx > 0) throw new Error(`${name}: ${r.non2xx} answers were not 2xx`);
  return {
    name,
    build,
    path: urlPath,
    status: 200,
    p50: r.latency.p50,
    p99: r.latency.p99,
    rps: r.requests.average,
  };
}

async function main(): Promise<number> {
  if (!existsSync(serverEntry)) throw new Error('apps/api/dist/main.js is missing: run `npm run build` first');
  const adminUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  if (baselineEntry && !existsSync(baselineEntry)) throw new Error(`--baseline: ${baselineEntry} is missing`);
  const dbUrl = await seed(adminUrl);
  const shops: Shop[] = [];
  try {
    shops.push(await startShop(serverEntry, 'this build', dbUrl));
    if (baselineEntry) shops.push(await startShop(baselineEntry, 'baseline', dbUrl));
    const day = (d: number) => new Date(Date.now() - d * 86_400_000).toISOString().slice(0, 10);
    const loadBefore = os.loadavg();
    const results: Result[] = [];
    for (const [name, urlPath] of [
      ['orders: packaging tab', '/api/v1/admin/orders?status=packaging'],
      ['orders: search by email', '/api/v1/admin/orders?q=shopper1234%40example.com'],
      ['orders: 7-day date filter', `/api/v1/admin/orders?from=${day(40)}&to=${day(33)}`],
      ['dashboard', '/api/v1/admin/dashboard'],
    ] as const) {
      // With a baseline, ROUNDS rounds in turn (this, baseline; baseline, this; ...): whatever else the
      // machine does falls on both alike.
      for (let round = 0; round < ROUNDS; round++) {
        for (const shop of round % 2 ? [...shops].reverse() : shops) {
          results.push({ ...(await load(shop, name, urlPath)), round: round + 1 });
        }
      }
      log(`${name} done`);
    }
    const loadAfter = os.loadavg();
    // The target is this build's; a baseline is measured to compare.
    const missed = results.filter((r) => r.build === 'this build' && r.p99 !== undefined && r.p99 > P99_TARGET_MS);
    console.log(
      `\nAdmin calls at ${ORDERS.toLocaleString('en')} orders, ${ADMINS} concurrent admins, ${DURATION_S} s each`,
    );
    if (baselineEntry) console.log(`baseline: ${baselineEntry}, loaded right after this build on each call`);
    console.log('| call | build | round | p50 ms | p99 ms | req/s | target p99 | |');
    console.log('| --- | --- | ---: | ---: | ---: | ---: | ---: | --- |');
    for (const r of results) {
      if (r.p99 === undefined)
        console.log(
          `| ${r.name} | ${r.build} | ${r.round} | — | — | — | ≤ ${P99_TARGET_MS} ms | not measured: ${r.status} (not on this build) |`,
        );
      else
        console.log(
          `| ${r.name} | ${r.build} | ${r.round} | ${r.p50} | ${r.p99} | ${Math.round(r.rps!)} | ≤ ${P99_TARGET_MS} ms | ${r.p99 <= P99_TARGET_MS ? 'met' : 'MISSED'} |`,
        );
    }
    const fmt = (l: number[]) => l.map((v) => v.toFixed(2)).join(' ');
    console.log(`\nload average before ${fmt(loadBefore)}, after ${fmt(loadAfter)} (${os.cpus().length} cores)`);
    return missed.length && !argv.includes('--no-fail') ? 1 : 0;
  } finally {
    for (const shop of shops) await shop.stop();
    if (!argv.includes('--keep')) {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`drop database if exists ${DB_NAME} with (force)`);
      await admin.end();
    }
  }
}

process.exitCode = await main().catch((err: unknown) => {
  console.error('[bench:admin] FAILED:', err instanceof Error ? err.message : err);
  return 1;
});
