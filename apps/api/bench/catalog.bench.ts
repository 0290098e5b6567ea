/**
 * `npm run bench`: the catalogue under load, next to what this machine can do at all; then the
 * two writes of a purchase, add-to-cart and order placement.
 *
 * Seeds 500 products (6,000 variants) into a fresh PostgreSQL database `shop_bench`,
 * starts the built shop against it, and loads three catalogue answers with autocannon
 * (50 connections, 10 s per server after a warm-up, in 2 s slices alternating with the
 * ceiling). The ceiling is a bare node:http server sending the very same bytes with the
 * same content type; ratio = shop req/s ÷ ceiling req/s. Also reports each server's CPU
 * time per answer, which is steadier than req/s on a shared machine.
 * Targets (listing and product): p99 ≤ 20 ms and ratio ≥ 0.5.
 *
 * Then, against the same shop (no ceiling): **cart**, 20 shoppers registered through the API, one
 * autocannon connection each with its own token, POST /api/v1/carts setting quantity 1, 2, 1, ...
 * of one variant (target p99 ≤ 25 ms); **cart-burst**, the same with 50 shoppers (reported, no
 * target); **orders**, 20 buyers with a saved address, each in a loop
 * (set the cart line to 1, then POST /api/v1/orders, timing the order only), each on its own variant
 * with a huge stock; **orders-one-variant**, the same with all 20 buying one variant (target p99 ≤ 60 ms
 * for both). Every order must answer 201. See docs/benchmarks.md.
 *
 * Flags: --no-fail (exit 0 when a target is missed), --build (rebuild the shop first),
 * --duration <s> (seconds per server and target, default 10),
 * --only <listing,product,search,page-home,page-product,page-product-signed-in,cart,cart-burst,orders,
 *   orders-code,orders-one-variant,quote,mixed>,
 * --cpu-prof (profile the shop under load and print where its time goes),
 * --dev-react (render pages with React's development build, as the bench did before 2026-11-23),
 * --server <path to main.js> (measure another build of the shop, e.g. an older commit's),
 * --baseline <path to main.js> (the signed-in product page against that older build too, in the same
 *   run, alternating slices: one process each, then one worker per core each as production runs on
 *   PostgreSQL; target: ≥ 2× its pages/s as production runs; docs/benchmarks.md, "Pages").
 * `npm run bench -- pages`: the page targets only (page-home, page-product, page-product-signed-in).
 * DATABASE_URL, when set, is the admin connection (default postgres://postgres@127.0.0.1:5432/postgres).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { copyFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon, { type AutocannonInstance, type AutocannonOptions, type AutocannonResult } from 'autocannon';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, type Db } from '../src/db/client';
import { DEMO_COLORS, DEMO_PRODUCTS, DEMO_SIZES } from '@shop/demo';
import { createProduct } from '../src/db/factories';
import { migrate } from '../src/db/migrate';
import { seedDemoTaxonomy, seedShippingRates } from '../src/db/seed';
import { mixedRun, mixedTable, type MixedRow } from './mixed';
import { summariseProfile } from './profile';

// ── Settings ──────────────────────────────────────────────────────────────────

const PRODUCTS = 500;
const COLORS_PER_PRODUCT = 3;
const SIZES_PER_PRODUCT = 4; // 3 × 4 = 12 variants a product, 6,000 in all
const CONNECTIONS = 50;
const WARMUP_REQUESTS = 500;
/** Seconds of each alternating slice of load. */
const SLICE_S = 2;
const P99_TARGET_MS = 20;
/** Shoppers changing their carts at the same moment: as many as the issue's concurrent buyers. */
const CART_SHOPPERS = 20;
/** A burst of more shoppers than that, reported without a target. */
const CART_BURST_SHOPPERS = 50;
const CART_P99_TARGET_MS = 25;
const ORDER_BUYERS = 20;
const ORDER_P99_TARGET_MS = 60;
/** Orders each buyer places before the timed loop. */
const ORDER_WARMUP = 3;
/** The stock given to the variants the writes buy, so none runs out. */
const BIG_STOCK = 1_000_000;
const CATALOGUE_TARGETS = ['listing', 'product', 'search'];
const WRITE_TARGETS = ['cart', 'cart-burst', 'orders', 'orders-code', 'orders-one-variant', 'quote', 'mixed'];
/** The code the 'orders-code' and 'quote' targets use: 10% off, no limits, so every order takes a use of one row. */
const BENCH_CODE = 'BENCH10';
/** Placing an order with a code may take at most this much longer than without (p50 and p99). */
const CODE_OVERHEAD_TARGET = 0.1;
/** Storefront pages as a browser asks for them (brotli): anonymous ones (gated), and one signed in. */
const PAGE_TARGETS = ['page-home', 'page-product', 'page-product-signed-in'];
const BROTLI = { 'accept-encoding': 'gzip, deflate, br' };
const RATIO_TARGET = 0.5;
/** Cores of other work during a run above which the report warns that the machine was busy. */
const BUSY_MACHINE = 0.6;
const BENCH_DB = 'shop_bench';
const DEFAULT_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
const HOST = '127.0.0.1';

const ADJECTIVES = [
  'Classic',
  'Festive',
  'Everyday',
  'Sunny',
  'Heritage',
  'Little',
  'Pastel',
  'Garden',
  'Royal',
  'Breezy',
];

const argv = process.argv.slice(2);
const option = (name: string) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined);
const flags = {
  noFail: argv.includes('--no-fail'),
  build: argv.includes('--build'),
  cpuProf: argv.includes('--cpu-prof'),
  devReact: argv.includes('--dev-react'),
  // `npm run bench -- pages`: the page targets only.
  only: option('--only') ?? (argv.includes('pages') ? PAGE_TARGETS.join(',') : undefined),
};
const DURATION_S = Number(option('--duration') ?? 10) || 10;

const here = path.dirname(fileURLToPath(import.meta.url));
const apiDir = path.resolve(here, '..');
const root = path.resolve(apiDir, '../..');
// --server <main.js>: another build of the shop (an older commit's), for before/after figures.
const serverEntry = path.resolve(option('--server') ?? path.join(apiDir, 'dist', 'main.js'));
// --baseline <main.js>: an older build the signed-in product page is measured against, in the same
// run and in alternating slices (target: at least SIGNED_IN_TARGET times its pages/s).
const baselineEntry = option('--baseline') && path.resolve(option('--baseline')!);
const SIGNED_IN_TARGET = 2;

/** The signed-in page against the baseline build, with this many workers each. */
interface BaselineRow {
  workers: number;
  now: Measure;
  before: Measure;
  times: number;
}

// ── Clean-up, whatever happens ────────────────────────────────────────────────

const cleanups: (() => Promise<void>)[] = [];
let cleaning: Promise<void> | undefined;
const running = new Set<AutocannonInstance>();

function cleanup(): Promise<void> {
  cleaning ??= (async () => {
    for (const instance of running) instance.stop();
    for (const fn of cleanups.reverse()) {
      try {
        await fn();
      } catch (err) {
        console.error('clean-up step failed:', err);
      }
    }
  })();
  return cleaning;
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping the servers and dropping ${BENCH_DB}...`);
    void cleanup().finally(() => process.exit(130));
  });
}

// ── Helpers ───────────────────────────────────────────────────────────────────

const log = (msg: string) => console.log(`[bench] ${msg}`);

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, HOST, () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The newest modification time of the shop's sources under `dir` (tests aside). */
function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'dist') newest = Math.max(newest, newestMtime(full));
    } else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) {
      newest = Math.max(newest, statSync(full).mtimeMs);
    }
  }
  return newest;
}

interface Child {
  name: string;
  proc: ChildProcess;
  /** The last lines it printed, for the report when it fails. */
  output: string[];
}

/** Starts a process whose output is kept (and echoed, up to a point). */
function startChild(name: string, command: string, args: string[], env: NodeJS.ProcessEnv): Child {
  const proc = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const child: Child = { name, proc, output: [] };
  let echoed = 0;
  const onData = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (line.trim() === '') continue;
      child.output.push(line);
      if (child.output.length > 200) child.output.shift();
      if (line.startsWith('listening ')) continue;
      if (echoed < 20) console.error(`[${name}] ${line}`);
      else if (echoed === 20) console.error(`[${name}] (further output not shown)`);
      echoed += 1;
    }
  };
  proc.stdout?.on('data', onData);
  proc.stderr?.on('data', onData);
  cleanups.push(() => stopChild(child));
  return child;
}

async function stopChild(child: Child): Promise<void> {
  const { proc } = child;
  if (proc.exitCode !== null || proc.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  proc.kill('SIGTERM');
  const timer = setTimeout(() => proc.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}

function exitedEarly(child: Child): Error | undefined {
  const { proc } = child;
  if (proc.exitCode === null && proc.signalCode === null) return undefined;
  return new Error(
    `${child.name} exited (${proc.exitCode ?? proc.signalCode}) before it was ready:\n${child.output.join('\n')}`,
  );
}

/** Runs autocannon to the end, telling `onLatency` each answer's time; SIGINT can stop it. */
function cannon(opts: AutocannonOptions, onLatency?: (ms: number) => void): Promise<AutocannonResult> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(opts, (err, result) => {
      running.delete(instance);
      if (err) reject(err);
      else resolve(result);
    });
    running.add(instance);
    if (onLatency) instance.on('response', (_client, _status, _bytes, ms) => onLatency(ms));
  });
}

// ── The catalogue ─────────────────────────────────────────────────────────────

interface Seeded {
  products: number;
  variants: number;
  /** A variant slug to ask /product/{slug} for. */
  productSlug: string;
}

/**
 * 500 products made from the demo ones ("Festive Rose Smocked Mulmul Frock"...),
 * each in 3 colours × 4 sizes, through the same factories the demo seeding uses.
 */
async function seedCatalogue(db: Db): Promise<Seeded> {
  const now = Date.now();
  return db.transaction(async (tx) => {
    await seedShippingRates(tx);
    const { categoryIds, collectionIds } = await seedDemoTaxonomy(tx);

    let variants = 0;
    let productSlug = '';
    for (let i = 0; i < PRODUCTS; i++) {
      const base = DEMO_PRODUCTS[i % DEMO_PRODUCTS.length]!;
      const adjective = ADJECTIVES[Math.floor(i / DEMO_PRODUCTS.length) % ADJECTIVES.length]!;
      const colors = Array.from(
        { length: COLORS_PER_PRODUCT },
        (_, k) => DEMO_COLORS[(i * 5 + k * 7) % DEMO_COLORS.length]!,
      );
      const start = i % (DEMO_SIZES.length - SIZES_PER_PRODUCT); // a run of sizes, 'Free Size' aside
      const sizes =
        base.sizes.length >= SIZES_PER_PRODUCT
          ? base.sizes.slice(0, SIZES_PER_PRODUCT)
          : DEMO_SIZES.slice(start, start + SIZES_PER_PRODUCT);
      const mrp = base.mrp + (i % 7) * 50;
      const sellingPrice = i % 3 === 0 ? Math.round(mrp * 0.8) : mrp;
      const { variants: rows } = await createProduct(tx, {
        name: `${adjective} ${base.name}`,
        categoryId: categoryIds.get(base.category)!,
        collectionIds: base.collections.map((s) => collectionIds.get(s)!),
        description: base.description,
        careDetails: base.care_details,
        highlights: base.highlights,
        popularity: (i * 37) % 1000,
        createdAt: new Date(now - i * 3_600_000),
        kind: base.kind,
        seed: i * 7 + 3,
        variants: colors.flatMap((color, ci) =>
          sizes.map((size, si) => ({
            size,
            color,
            mrp,
            sellingPrice,
            stock: (i * 7 + ci * 5 + si * 3) % 20,
          })),
        ),
      });
      variants += rows.length;
      if (i === Math.floor(PRODUCTS / 2)) productSlug = rows[0]!.slug;
    }
    return { products: PRODUCTS, variants, productSlug };
  });
}

// ── Measuring ─────────────────────────────────────────────────────────────────

interface Target {
  name: string;
  path: string;
  /** Sent with every request (pages: the encodings a browser takes, the session cookie). */
  headers?: Record<string, string>;
  /** Held to the p99 and ratio targets. */
  gated: boolean;
}

interface Measure {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  /** Bytes on the wire per answer, headers included. */
  wireBytes: number;
  /** The server process's CPU time per answer (µs), user + system; NaN off Linux. */
  serverUsPerReq: number;
  /** Share of one core the server and autocannon (this process) used during the run. */
  serverCpu: number;
  clientCpu: number;
  /** Cores busy on the whole machine beyond the server and autocannon: other processes, the kernel. */
  restCpu: number;
}

interface Row {
  target: Target;
  bodyBytes: number;
  shop: Measure;
  ceiling: Measure;
  ratio: number;
  missed: string[];
}

const CLOCK_TICKS = (() => {
  const out = spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' });
  return Number(out.stdout?.trim()) || 100;
})();

/** CPU seconds (user + system, all threads) a process has used so far; NaN where /proc is missing. */
function cpuSeconds(pid: number | undefined): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return NaN;
  }
}

/** The same for a process and its children (a cluster's primary and its workers). */
function treeCpuSeconds(pid: number | undefined): number {
  let children: number[] = [];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  } catch {
    // no /proc: cpuSeconds says NaN
  }
  return children.reduce((sum, child) => sum + treeCpuSeconds(child), cpuSeconds(pid));
}

/** Busy CPU seconds of the whole machine so far (all cores); NaN where /proc is missing. */
function machineCpuSeconds(): number {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0]!;
    const [user, nice, system, , , irq, softirq, steal] = line.split(/\s+/).slice(1).map(Number);
    return (user! + nice! + system! + irq! + softirq! + steal!) / CLOCK_TICKS;
  } catch {
    return NaN;
  }
}

/** What one side (shop or ceiling) did over all its slices. */
interface Tally {
  /** Every answer's latency (ms), as autocannon timed it. */
  latencies: number[];
  answers: number;
  ok: number;
  non2xx: number;
  errors: number;
  bytes: number;
  wall: number;
  serverCpu: number;
  clientCpu: number;
  machineCpu: number;
}

const newTally = (): Tally => ({
  latencies: [],
  answers: 0,
  ok: 0,
  non2xx: 0,
  errors: 0,
  bytes: 0,
  wall: 0,
  serverCpu: 0,
  clientCpu: 0,
  machineCpu: 0,
});

/** One slice of load on one server, added to its tally. */
async function slice(
  url: string,
  server: Child,
  tally: Tally,
  seconds: number,
  headers?: Record<string, string>,
): Promise<void> {
  const serverBefore = treeCpuSeconds(server.proc.pid);
  const machineBefore = machineCpuSeconds();
  const clientBefore = process.cpuUsage();
  const wallBefore = performance.now();
  const r = await cannon({ url, connections: CONNECTIONS, duration: seconds, headers }, (ms) =>
    tally.latencies.push(ms),
  );
  tally.wall += (performance.now() - wallBefore) / 1000;
  const serverCpu = treeCpuSeconds(server.proc.pid) - serverBefore;
  const client = process.cpuUsage(clientBefore);
  tally.serverCpu += serverCpu;
  tally.clientCpu += (client.user + client.system) / 1e6;
  tally.machineCpu += machineCpuSeconds() - machineBefore;
  tally.answers += r.requests.total;
  tally.ok += r['2xx'];
  tally.non2xx += r.non2xx;
  tally.errors += r.errors + r.timeouts;
  tally.bytes += r.throughput.total;
}

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function measure(t: Tally): Measure {
  const sorted = Float64Array.from(t.latencies).sort();
  return {
    rps: t.answers / t.wall,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    non2xx: t.non2xx,
    errors: t.errors,
    wireBytes: t.ok > 0 ? Math.round(t.bytes / t.ok) : 0,
    serverUsPerReq: t.answers > 0 ? (t.serverCpu * 1e6) / t.answers : NaN,
    serverCpu: t.serverCpu / t.wall,
    clientCpu: t.clientCpu / t.wall,
    restCpu: (t.machineCpu - t.serverCpu - t.clientCpu) / t.wall,
  };
}

/**
 * Warms both up, then loads the shop and the ceiling in alternating slices (shop first, then
 * ceiling first, ...), so that whatever else the machine is doing falls on both alike.
 */
async function loadPair(
  shopUrl: string,
  shop: Child,
  ceilingUrl: string,
  ceiling: Child,
  headers?: Record<string, string>,
): Promise<[Measure, Measure]> {
  await cannon({ url: shopUrl, connections: CONNECTIONS, amount: WARMUP_REQUESTS, headers });
  await cannon({ url: ceilingUrl, connections: CONNECTIONS, amount: WARMUP_REQUESTS, headers });
  const shopTally = newTally();
  const ceilingTally = newTally();
  const slices = Math.max(1, Math.round(DURATION_S / SLICE_S));
  const seconds = DURATION_S / slices;
  for (let i = 0; i < slices; i++) {
    const order: [string, Child, Tally][] = [
      [shopUrl, shop, shopTally],
      [ceilingUrl, ceiling, ceilingTally],
    ];
    if (i % 2 === 1) order.reverse();
    for (const [url, server, tally] of order) await slice(url, server, tally, seconds, headers);
  }
  return [measure(shopTally), measure(ceilingTally)];
}

async function fetchOk(url: string): Promise<string> {
  const res = await fetch(url);
  const body = await res.text();
  if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}: ${body.slice(0, 500)}`);
  return body;
}

/** An answer's exact bytes (compressed as sent) and the headers that say what they are. */
function rawGet(
  url: string,
  headers: Record<string, string>,
): Promise<{ body: Buffer; headers: Record<string, string> }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          if (res.statusCode !== 200) return reject(new Error(`GET ${url} answered ${res.statusCode}`));
          const kept: Record<string, string> = {};
          for (const name of ['content-type', 'content-encoding']) {
            if (res.headers[name]) kept[name] = String(res.headers[name]);
          }
          resolve({ body: Buffer.concat(chunks), headers: kept });
        });
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

async function waitForHealth(child: Child, url: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const early = exitedEarly(child);
    if (early) throw early;
    try {
      const res = await fetch(url);
      await res.arrayBuffer();
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${child.name} did not answer ${url} within ${timeoutMs} ms`);
    await sleep(100);
  }
}

async function waitForLine(child: Child, prefix: string, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const line = child.output.find((l) => l.startsWith(prefix));
    if (line) return line;
    const early = exitedEarly(child);
    if (early) throw early;
    if (Date.now() > deadline) throw new Error(`${child.name} did not print "${prefix}" within ${timeoutMs} ms`);
    await sleep(50);
  }
}

// ── Writes: add-to-cart and order placement ───────────────────────────────────

interface Shopper {
  email: string;
  token: string;
  /** A saved address (buyers only). */
  address?: number;
}

interface BenchVariant {
  id: number;
  productId: number;
}

interface WriteRow {
  name: string;
  what: string;
  clients: number;
  /** Timed answers per second. */
  rps: number;
  p50: number;
  p99: number;
  answers: number;
  /** Answers with another status than expected, and socket errors. */
  failures: number;
  /** Undefined: reported only. */
  p99Target: number | undefined;
  missed: boolean;
  /** Share of one core: the shop, this process (the load), everything else (PostgreSQL included). */
  serverCpu: number;
  clientCpu: number;
  restCpu: number;
}

/** Keep-alive connections for the write loads: node:http costs the load far less CPU than fetch. */
const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 256 });

/** One JSON request; the latency of the orders target is this call's, until the body is read. */
function call(
  base: string,
  method: string,
  urlPath: string,
  body: unknown,
  token?: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; text: string }> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${base}${urlPath}`,
      {
        method,
        agent: keepAlive,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...headers,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

async function expectStatus(
  base: string,
  method: string,
  urlPath: string,
  body: unknown,
  status: number,
  token?: string,
): Promise<unknown> {
  const res = await call(base, method, urlPath, body, token);
  if (res.status !== status) {
    throw new Error(`${method} ${urlPath} answered ${res.status}, not ${status}: ${res.text.slice(0, 500)}`);
  }
  return JSON.parse(res.text) as unknown;
}

/** Registers and logs in `count` shoppers through the API (a few at a time: argon2 is slow on purpose). */
async function registerShoppers(base: string, prefix: string, count: number, withAddress: boolean): Promise<Shopper[]> {
  const password = 'bench-password-123';
  const shoppers: Shopper[] = [];
  const one = async (i: number): Promise<Shopper> => {
    const email = `${prefix}-${i}@bench.example.com`;
    await expectStatus(base, 'POST', '/api/v1/register', { email, password }, 201);
    const { token } = (await expectStatus(base, 'POST', '/api/v1/login', { email, password }, 200)) as {
      token: string;
    };
    if (!withAddress) return { email, token };
    const { data } = (await expectStatus(
      base,
      'POST',
      '/api/v1/address',
      {
        address: `${i + 1} Bench Road`,
        phone: '9876543210',
        locality: 'Indiranagar',
        city: 'Bengaluru',
        state: 'Karnataka',
        pincode: '560038',
        country: 'India',
      },
      201,
      token,
    )) as { data: { id: number } };
    return { email, token, address: data.id };
  };
  for (let i = 0; i < count; i += 4) {
    const batch = Array.from({ length: Math.min(4, count - i) }, (_, k) => one(i + k));
    shoppers.push(...(await Promise.all(batch)));
  }
  return shoppers;
}

/** CPU counters before a write run, to say afterwards who was busy. */
function cpuMark(shop: Child) {
  return {
    server: cpuSeconds(shop.proc.pid),
    machine: machineCpuSeconds(),
    client: process.cpuUsage(),
    wall: performance.now(),
  };
}

function cpuSplit(shop: Child, mark: ReturnType<typeof cpuMark>) {
  const wall = (performance.now() - mark.wall) / 1000;
  const server = cpuSeconds(shop.proc.pid) - mark.server;
  const c = process.cpuUsage(mark.client);
  const client = (c.user + c.system) / 1e6;
  const machine = machineCpuSeconds() - mark.machine;
  return { wall, serverCpu: server / wall, clientCpu: client / wall, restCpu: (machine - server - client) / wall };
}

/**
 * Add-to-cart: one autocannon instance of one connection per shopper, each with its own token,
 * all at once, setting the quantity of the same line to 1, 2, 1, 2, ... (absolute, so it never grows).
 */
async function loadCart(
  base: string,
  shop: Child,
  name: string,
  shoppers: Shopper[],
  variant: BenchVariant,
  p99Target: number | undefined,
): Promise<WriteRow> {
  const requests = [1, 2].map((quantity) => ({
    method: 'POST' as const,
    path: '/api/v1/carts',
    body: JSON.stringify({ product_id: variant.productId, product_variant_id: variant.id, quantity }),
  }));
  const options = (s: Shopper): AutocannonOptions => ({
    url: base,
    connections: 1,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${s.token}` },
    requests,
  });
  await Promise.all(shoppers.map((s) => cannon({ ...options(s), amount: 10 })));
  const latencies: number[] = [];
  const mark = cpuMark(shop);
  const results = await Promise.all(
    shoppers.map((s) => cannon({ ...options(s), duration: DURATION_S }, (ms) => latencies.push(ms))),
  );
  const cpu = cpuSplit(shop, mark);
  const sorted = Float64Array.from(latencies).sort();
  const answers = results.reduce((n, r) => n + r.requests.total, 0);
  const failures = results.reduce((n, r) => n + r.non2xx + r.errors + r.timeouts, 0);
  const p99 = percentile(sorted, 99);
  return {
    name,
    what: `POST /api/v1/carts, quantity 1 / 2, ${shoppers.length} shoppers × 1 connection`,
    clients: shoppers.length,
    rps: answers / cpu.wall,
    p50: percentile(sorted, 50),
    p99,
    answers,
    failures,
    p99Target,
    missed: p99Target !== undefined && !(p99 <= p99Target),
    ...cpu,
  };
}

/**
 * Order placement: each buyer in turn sets its cart line to 1 and places an order (201), for the
 * duration; the buyers run at the same time. Only POST /orders is timed, until its body is read.
 */
async function loadOrders(
  base: string,
  shop: Child,
  name: string,
  buyers: Shopper[],
  variantOf: (buyer: number) => BenchVariant,
  code?: string,
): Promise<WriteRow> {
  const failed: string[] = [];
  let failures = 0;
  const fail = (what: string) => {
    failures += 1;
    if (failed.length < 5) failed.push(what);
  };
  let seq = 0;
  const run = async (b: number, stopAt: number, maxOrders: number, latencies?: number[]) => {
    const buyer = buyers[b]!;
    const v = variantOf(b);
    for (let n = 0; n < maxOrders && performance.now() < stopAt && failures < 50; n++) {
      const cart = await call(
        base,
        'POST',
        '/api/v1/carts',
        { product_id: v.productId, product_variant_id: v.id, quantity: 1 },
        buyer.token,
      );
      if (cart.status !== 200) {
        fail(`POST /api/v1/carts → ${cart.status}: ${cart.text.slice(0, 300)}`);
        continue;
      }
      const t0 = performance.now();
      const order = await call(
        base,
        'POST',
        '/api/v1/orders',
        {
          address: buyer.address,
          shipping_type: 'standard',
          payment_method: 'ONLINE',
          ...(code ? { discount_code: code } : {}),
        },
        buyer.token,
        { 'idempotency-key': `bench-${name}-${b}-${(seq += 1)}` },
      );
      const elapsed = performance.now() - t0;
      if (order.status !== 201) fail(`POST /api/v1/orders → ${order.status}: ${order.text.slice(0, 300)}`);
      else if (code && !order.text.includes(`"discount_code":"${code}"`)) fail(`the order was placed without ${code}`);
      else latencies?.push(elapsed);
    }
  };
  await Promise.all(buyers.map((_, b) => run(b, Infinity, ORDER_WARMUP)));
  const latencies: number[] = [];
  const mark = cpuMark(shop);
  const stopAt = performance.now() + DURATION_S * 1000;
  await Promise.all(buyers.map((_, b) => run(b, stopAt, Infinity, latencies)));
  const cpu = cpuSplit(shop, mark);
  for (const f of failed) console.error(`[bench] ${name}: ${f}`);
  const sorted = Float64Array.from(latencies).sort();
  const p99 = percentile(sorted, 99);
  const variants = new Set(buyers.map((_, b) => variantOf(b).id)).size;
  return {
    name,
    what: `POST /api/v1/orders, ${buyers.length} buyers on ${variants === 1 ? 'one variant' : `${variants} variants`}${code ? `, each with the code ${code}` : ''}`,
    clients: buyers.length,
    rps: latencies.length / cpu.wall,
    p50: percentile(sorted, 50),
    p99,
    answers: latencies.length,
    failures,
    p99Target: ORDER_P99_TARGET_MS,
    missed: !(p99 <= ORDER_P99_TARGET_MS),
    ...cpu,
  };
}

/**
 * The checkout's price (POST /api/v1/checkout/quote with a code): each buyer, its cart holding one
 * piece, asks again and again for the duration; the buyers run at the same time.
 */
async function loadQuotes(base: string, shop: Child, buyers: Shopper[], variants: BenchVariant[]): Promise<WriteRow> {
  let failures = 0;
  const failed: string[] = [];
  for (const [b, buyer] of buyers.entries()) {
    const v = variants[b]!;
    await call(
      base,
      'POST',
      '/api/v1/carts',
      { product_id: v.productId, product_variant_id: v.id, quantity: 1 },
      buyer.token,
    );
  }
  const ask = async (buyer: Shopper, stopAt: number, max: number, latencies?: number[]) => {
    for (let n = 0; n < max && performance.now() < stopAt && failures < 50; n++) {
      const t0 = performance.now();
      const res = await call(
        base,
        'POST',
        '/api/v1/checkout/quote',
        { address: buyer.address, discount_code: BENCH_CODE },
        buyer.token,
      );
      const elapsed = performance.now() - t0;
      if (res.status !== 200 || !res.text.includes(`"discount_code":"${BENCH_CODE}"`)) {
        failures += 1;
        if (failed.length < 5) failed.push(`POST /api/v1/checkout/quote → ${res.status}: ${res.text.slice(0, 300)}`);
      } else latencies?.push(elapsed);
    }
  };
  await Promise.all(buyers.map((buyer) => ask(buyer, Infinity, 10)));
  const latencies: number[] = [];
  const mark = cpuMark(shop);
  const stopAt = performance.now() + DURATION_S * 1000;
  await Promise.all(buyers.map((buyer) => ask(buyer, stopAt, Infinity, latencies)));
  const cpu = cpuSplit(shop, mark);
  for (const f of failed) console.error(`[bench] quote: ${f}`);
  const sorted = Float64Array.from(latencies).sort();
  const p99 = percentile(sorted, 99);
  return {
    name: 'quote',
    what: `POST /api/v1/checkout/quote with the code ${BENCH_CODE}, ${buyers.length} buyers`,
    clients: buyers.length,
    rps: latencies.length / cpu.wall,
    p50: percentile(sorted, 50),
    p99,
    answers: latencies.length,
    failures,
    p99Target: ORDER_P99_TARGET_MS,
    missed: !(p99 <= ORDER_P99_TARGET_MS),
    ...cpu,
  };
}

// ── Report ────────────────────────────────────────────────────────────────────

const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const ms = (n: number) => fmt(n, 1);

function table(rows: Row[]): string {
  const head = [
    'target',
    'body B',
    'shop req/s',
    'shop p50 ms',
    'shop p99 ms',
    'ceiling req/s',
    'ceiling p50 ms',
    'ceiling p99 ms',
    'ratio',
    'verdict',
  ];
  const lines = rows.map((r) => [
    r.target.name,
    fmt(r.bodyBytes),
    fmt(r.shop.rps),
    ms(r.shop.p50),
    ms(r.shop.p99),
    fmt(r.ceiling.rps),
    ms(r.ceiling.p50),
    ms(r.ceiling.p99),
    fmt(r.ratio, 2),
    !r.target.gated ? 'no target' : r.missed.length ? `MISSED (${r.missed.join(', ')})` : 'ok',
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const render = (cells: string[]) =>
    `| ${cells.map((c, i) => (i === 0 || i === cells.length - 1 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`;
  const rule = `|${widths.map((w, i) => (i === 0 || i === widths.length - 1 ? `-${'-'.repeat(w)}-` : `-${'-'.repeat(w)}:`)).join('|')}|`;
  return [render(head), rule, ...lines.map(render)].join('\n');
}

/** What each answer cost the server in CPU, and how busy each side was: where the ratio comes from. */
function costTable(rows: Row[]): string {
  const pct = (n: number) => (Number.isNaN(n) ? '?' : `${fmt(n * 100)}%`);
  const us = (n: number) => (Number.isNaN(n) ? '?' : fmt(n, 1));
  const split = (m: Measure) => `${pct(m.serverCpu)} · ${pct(m.clientCpu)} · ${pct(m.restCpu)}`;
  const head = [
    'target',
    'shop CPU µs/req',
    'ceiling CPU µs/req',
    'CPU ratio',
    'shop run: server · client · rest',
    'ceiling run: server · client · rest',
  ];
  const lines = rows.map((r) => [
    r.target.name,
    us(r.shop.serverUsPerReq),
    us(r.ceiling.serverUsPerReq),
    Number.isNaN(r.shop.serverUsPerReq) ? '?' : fmt(r.ceiling.serverUsPerReq / r.shop.serverUsPerReq, 2),
    split(r.shop),
    split(r.ceiling),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const render = (cells: string[]) =>
    `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`;
  const rule = `|${widths.map((w, i) => (i === 0 ? `-${'-'.repeat(w)}-` : `-${'-'.repeat(w)}:`)).join('|')}|`;
  return [render(head), rule, ...lines.map(render)].join('\n');
}

function writeTable(rows: WriteRow[]): string {
  const pct = (n: number) => (Number.isNaN(n) ? '?' : `${fmt(n * 100)}%`);
  const head = ['target', 'clients', 'req/s', 'p50 ms', 'p99 ms', 'answers', 'server · client · rest', 'verdict'];
  const lines = rows.map((r) => [
    r.name,
    fmt(r.clients),
    fmt(r.rps),
    ms(r.p50),
    ms(r.p99),
    fmt(r.answers),
    `${pct(r.serverCpu)} · ${pct(r.clientCpu)} · ${pct(r.restCpu)}`,
    r.failures
      ? `INVALID (${fmt(r.failures)} failed)`
      : r.p99Target === undefined
        ? 'no target'
        : r.missed
          ? `MISSED (p99 > ${r.p99Target} ms)`
          : 'ok',
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const render = (cells: string[]) =>
    `| ${cells.map((c, i) => (i === 0 || i === cells.length - 1 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`;
  const rule = `|${widths.map((w, i) => (i === 0 || i === widths.length - 1 ? `-${'-'.repeat(w)}-` : `-${'-'.repeat(w)}:`)).join('|')}|`;
  return [render(head), rule, ...lines.map(render)].join('\n');
}

// ── Main ──────────────────────────────────────────────────────────────────────

/**
 * How fast this machine is at the moment, as the writes feel it: the mean
 * round trip of `select 1` to PostgreSQL, 2,000 in a row on one connection
 * (syscalls, wake-ups, scheduling). A shared VM's speed drifts during a day;
 * runs are comparable only when this is too.
 */
async function roundTripMicros(db: Db): Promise<number> {
  for (let i = 0; i < 200; i += 1) await db.execute(sql`select 1`);
  const t0 = performance.now();
  for (let i = 0; i < 2000; i += 1) await db.execute(sql`select 1`);
  return ((performance.now() - t0) * 1000) / 2000;
}

async function main(): Promise<number> {
  const started = Date.now();
  const loadAtStart = os.loadavg();
  const only = flags.only?.split(',').map((s) => s.trim());
  const all = [...CATALOGUE_TARGETS, ...PAGE_TARGETS, ...WRITE_TARGETS];
  const unknown = only?.filter((n) => !all.includes(n)) ?? [];
  if (unknown.length || only?.length === 0) throw new Error(`--only ${flags.only}: no such target (${all.join(', ')})`);
  const wanted = (name: string) => !only || only.includes(name);
  const writes = WRITE_TARGETS.filter(wanted);
  const adminUrl = process.env.DATABASE_URL || DEFAULT_ADMIN_URL;
  const benchUrl = withDatabase(adminUrl, BENCH_DB);

  // 1. The build.
  if (flags.build || !existsSync(serverEntry)) {
    log(flags.build ? 'rebuilding the shop (--build)...' : 'no build found: building the shop...');
    const built = spawnSync('npm', ['run', 'build', '-w', '@shop/api'], { cwd: root, stdio: 'inherit' });
    if (built.status !== 0) throw new Error('npm run build -w @shop/api failed');
  } else {
    const built = statSync(serverEntry).mtimeMs;
    const sources = Math.max(newestMtime(path.join(apiDir, 'src')), newestMtime(path.join(root, 'packages')));
    if (sources > built) {
      console.error(
        '[bench] WARNING: apps/api/dist/main.js is older than the sources; the figures are for the old build. Run with --build.',
      );
    }
  }

  // 2. A fresh database with the catalogue.
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  cleanups.push(async () => {
    await admin.query(`drop database if exists ${BENCH_DB} with (force)`);
    await admin.end();
    log(`dropped database ${BENCH_DB}`);
  });
  const { rows: versionRows } = await admin.query<{ server_version: string }>('show server_version');
  await admin.query(`drop database if exists ${BENCH_DB} with (force)`);
  await admin.query(`create database ${BENCH_DB}`);
  log(`created database ${BENCH_DB} on ${new URL(adminUrl).host}`);

  const database = await openDatabase({ databaseUrl: benchUrl, poolSize: 2 });
  let seeded: Seeded;
  let seedSeconds: number;
  let roundTrip: number;
  try {
    await migrate(database);
    const t0 = Date.now();
    seeded = await seedCatalogue(database.db);
    // Settle the bulk load before measuring: without this, autovacuum of the fresh tables
    // and the checkpoint of the seeding's pages fall into the first timed runs.
    await database.db.execute(sql`vacuum analyze`);
    await database.db.execute(sql`checkpoint`).catch(() => log('no CHECKPOINT (needs pg_checkpoint); going on'));
    seedSeconds = (Date.now() - t0) / 1000;
    roundTrip = await roundTripMicros(database.db);
    log(
      `seeded ${seeded.products} products, ${seeded.variants} variants in ${seedSeconds.toFixed(1)} s; ` +
        `select 1 round trip ${roundTrip.toFixed(0)} µs`,
    );
  } finally {
    await database.close();
  }

  // 3. The shop.
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'shop-bench-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  const port = await freePort();
  const profileDir = path.join(dataDir, 'cpu-prof');
  const nodeArgs = [
    ...(flags.cpuProf ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []),
    // Pages render with React's production build, as in production (production-react.mjs).
    ...(flags.devReact ? [] : ['--import', path.join(here, 'production-react.mjs')]),
  ];
  const shopEnv: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: benchUrl,
    HOST,
    PORT: String(port),
    DEMO_DATA: 'false',
    LOG_LEVEL: 'warn',
    // Not 'production', which refuses the test payment provider the orders use (env-rules.ts).
    NODE_ENV: 'test',
    PAYMENT_PROVIDER: 'test',
    DATA_DIR: dataDir,
    // The shoppers all log in, register and search from 127.0.0.1.
    RATE_LIMIT_LOGINS_PER_IP: '1000000',
    RATE_LIMIT_LOGIN_FAILURES_PER_EMAIL: '1000000',
    RATE_LIMIT_LOGIN_FAILURES_PER_EMAIL_IP: '1000000',
    RATE_LIMIT_REGISTRATIONS_PER_IP: '1000000',
    RATE_LIMIT_SEARCHES_PER_MINUTE: '1000000000',
    RATE_LIMIT_OTP_REQUESTS_PER_IP: '1000000',
    RATE_LIMIT_OTP_CHECKS_PER_IP: '1000000',
    RATE_LIMIT_CONTACTS_PER_IP: '1000000',
    // Each buyer places order after order without paying.
    RATE_LIMIT_ORDERS_PER_IP: '1000000',
    RATE_LIMIT_ORDERS_PER_USER: '1000000',
    MAX_UNPAID_ORDERS: '1000000',
    MAX_UNPAID_PIECES_PER_VARIANT: '1000',
  };
  const shop = startChild('shop', process.execPath, [...nodeArgs, serverEntry], shopEnv);
  const shopBase = `http://${HOST}:${port}`;
  await waitForHealth(shop, `${shopBase}/api/v1/health`);
  log(`shop listening on ${shopBase} (pid ${shop.proc.pid})`);

  // The signed-in page's shopper: their session cookie, as a browser sends it.
  const [pageShopper] = wanted('page-product-signed-in') ? await registerShoppers(shopBase, 'page', 1, false) : [];
  const targets: Target[] = [
    { name: 'listing', path: '/api/v1/products/productvariant', gated: true },
    { name: 'product', path: `/api/v1/product/${seeded.productSlug}`, gated: true },
    { name: 'search', path: '/api/v1/products/search?query=frok', gated: false },
    { name: 'page-home', path: '/', gated: true, headers: BROTLI },
    { name: 'page-product', path: `/product/${seeded.productSlug}`, gated: true, headers: BROTLI },
    {
      name: 'page-product-signed-in',
      path: `/product/${seeded.productSlug}`,
      gated: false,
      headers: { ...BROTLI, cookie: `session=${pageShopper?.token}` },
    },
  ].filter((t) => wanted(t.name));

  // The shop's answers, which the ceiling sends back byte for byte (pages: compressed, as sent).
  const bodies: Record<string, string> = {};
  const raw: Record<string, { base64: string; headers: Record<string, string> }> = {};
  const sizes = new Map<string, number>();
  const ceilingKey = (t: Target) => (t.headers?.cookie ? `${t.path}#cookie` : t.path);
  for (const t of targets.filter((t) => t.headers)) {
    await rawGet(`${shopBase}${t.path}`, t.headers!); // the first visit renders (and keeps an anonymous page)
    const got = await rawGet(`${shopBase}${t.path}`, t.headers!);
    raw[ceilingKey(t)] = { base64: got.body.toString('base64'), headers: got.headers };
    sizes.set(t.name, got.body.length);
    log(`GET ${t.path} (${t.name}): ${got.body.length} bytes ${got.headers['content-encoding'] ?? 'identity'}`);
  }
  for (const t of targets.filter((t) => !t.headers)) {
    const body = await fetchOk(`${shopBase}${t.path}`);
    sizes.set(t.name, Buffer.byteLength(body));
    bodies[t.path] = body;
    const parsed = JSON.parse(body) as { data?: unknown[]; other_variants?: unknown[]; meta?: { total: number } };
    const detail =
      t.name === 'product'
        ? `${1 + (parsed.other_variants?.length ?? 0)} variants`
        : `${parsed.data?.length ?? 0} items of ${parsed.meta?.total ?? 0}`;
    log(`GET ${t.path}: ${Buffer.byteLength(body)} bytes, ${detail}`);
    if (t.name === 'search' && !parsed.data?.length) throw new Error('the search found nothing; the seeding is wrong');
  }

  // 4. The ceiling (for the catalogue reads only).
  const rows: Row[] = [];
  if (targets.length) {
    const specFile = path.join(dataDir, 'ceiling.json');
    await writeFile(specFile, JSON.stringify({ bodies, raw }));
    const ceiling = startChild(
      'ceiling',
      process.execPath,
      [path.join(here, 'ceiling-server.mjs'), specFile],
      process.env,
    );
    const ceilingPort = Number((await waitForLine(ceiling, 'listening ')).split(' ')[1]);
    const ceilingBase = `http://${HOST}:${ceilingPort}`;
    for (const t of targets) {
      const size = t.headers
        ? (await rawGet(`${ceilingBase}${t.path}`, t.headers)).body.length
        : Buffer.byteLength(await fetchOk(`${ceilingBase}${t.path}`));
      if (size !== sizes.get(t.name)) throw new Error(`the ceiling sends another body for ${t.name}`);
    }

    // 5. Load.
    for (const t of targets) {
      log(
        `${t.name}: warm-up ${WARMUP_REQUESTS} requests each, then ${DURATION_S} s each at ${CONNECTIONS} connections, ` +
          `shop and ceiling alternating every ${SLICE_S} s...`,
      );
      const [shopMeasure, ceilingMeasure] = await loadPair(
        `${shopBase}${t.path}`,
        shop,
        `${ceilingBase}${t.path}`,
        ceiling,
        t.headers,
      );
      const ratio = ceilingMeasure.rps > 0 ? shopMeasure.rps / ceilingMeasure.rps : 0;
      const missed: string[] = [];
      if (t.gated && shopMeasure.p99 > P99_TARGET_MS) missed.push(`p99 > ${P99_TARGET_MS} ms`);
      if (t.gated && ratio < RATIO_TARGET) missed.push(`ratio < ${RATIO_TARGET}`);
      rows.push({
        target: t,
        bodyBytes: sizes.get(t.name)!,
        shop: shopMeasure,
        ceiling: ceilingMeasure,
        ratio,
        missed,
      });
    }
  }

  // 5a. The signed-in page against an older build (--baseline), on the same database and shopper: both
  // builds as one process, then both as production runs them on PostgreSQL, one worker per core (WORKERS).
  const signedIn = targets.find((t) => t.name === 'page-product-signed-in');
  const baselineRows: BaselineRow[] = [];
  if (baselineEntry && signedIn) {
    const startBuild = async (name: string, entry: string, workers: number) => {
      const buildPort = await freePort();
      const buildDir = await mkdtemp(path.join(os.tmpdir(), `shop-bench-${name}-`));
      cleanups.push(() => rm(buildDir, { recursive: true, force: true }));
      const child = startChild(name, process.execPath, [...nodeArgs, entry], {
        ...shopEnv,
        WORKERS: String(workers),
        PORT: String(buildPort),
        DATA_DIR: buildDir,
      });
      const base = `http://${HOST}:${buildPort}`;
      await waitForHealth(child, `${base}/api/v1/health`);
      return { child, url: `${base}${signedIn.path}` };
    };
    for (const workers of [1, os.availableParallelism()]) {
      log(
        `${signedIn.name}: this build against ${baselineEntry}, ${workers} worker(s) each, alternating every ${SLICE_S} s...`,
      );
      const current = await startBuild('current', serverEntry, workers);
      const baseline = await startBuild('baseline', baselineEntry, workers);
      const [now, before] = await loadPair(current.url, current.child, baseline.url, baseline.child, signedIn.headers);
      await stopChild(baseline.child);
      await stopChild(current.child);
      baselineRows.push({ workers, now, before, times: before.rps > 0 ? now.rps / before.rps : 0 });
    }
  }

  // 5b. The writes: add-to-cart, then order placement, on variants given a stock that cannot run out.
  const writeRows: WriteRow[] = [];
  const mixedRows: MixedRow[] = [];
  if (writes.length) {
    const client = new pg.Client({ connectionString: benchUrl });
    await client.connect();
    let variants: BenchVariant[];
    let boughtSlug: string;
    try {
      const { rows: found } = await client.query<{ id: number; product_id: number; slug: string }>(
        `update product_variants set stock = $1 where id in (
           select v.id from product_variants v join products p on p.id = v.product_id
           where v.is_active and p.is_active order by v.id limit $2)
         returning id, product_id, slug`,
        [BIG_STOCK, ORDER_BUYERS],
      );
      variants = found.map((r) => ({ id: r.id, productId: r.product_id })).sort((a, b) => a.id - b.id);
      await client.query(
        `insert into discount_codes (code, kind, value, note) values ($1, 'percent', 10, 'bench') on conflict do nothing`,
        [BENCH_CODE],
      );
      boughtSlug = found.find((r) => r.id === variants[0]?.id)?.slug ?? seeded.productSlug;
    } finally {
      await client.end();
    }
    if (variants.length < ORDER_BUYERS) throw new Error(`only ${variants.length} variants to buy`);
    const t0 = Date.now();
    const shoppers = writes.some((w) => w.startsWith('cart'))
      ? await registerShoppers(shopBase, 'cart', CART_BURST_SHOPPERS, false)
      : [];
    const buyers = writes.some((w) => w.startsWith('orders') || w === 'quote' || w === 'mixed')
      ? await registerShoppers(shopBase, 'buyer', ORDER_BUYERS, true)
      : [];
    log(
      `registered ${shoppers.length + buyers.length} shoppers through the API in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
    );
    if (writes.includes('cart')) {
      log(`cart: ${CART_SHOPPERS} shoppers, one connection each, 10 requests each to warm up, then ${DURATION_S} s...`);
      writeRows.push(
        await loadCart(shopBase, shop, 'cart', shoppers.slice(0, CART_SHOPPERS), variants[0]!, CART_P99_TARGET_MS),
      );
    }
    if (writes.includes('cart-burst')) {
      log(`cart-burst: ${CART_BURST_SHOPPERS} shoppers, the same way (no target)...`);
      writeRows.push(await loadCart(shopBase, shop, 'cart-burst', shoppers, variants[0]!, undefined));
    }
    if (writes.includes('orders')) {
      log(
        `orders: ${ORDER_BUYERS} buyers on their own variants, ${ORDER_WARMUP} orders each to warm up, then ${DURATION_S} s...`,
      );
      writeRows.push(await loadOrders(shopBase, shop, 'orders', buyers, (b) => variants[b]!));
    }
    if (writes.includes('orders-code')) {
      log(
        `orders-code: ${ORDER_BUYERS} buyers on their own variants, each order with the code ${BENCH_CODE} (one row every order updates), then ${DURATION_S} s...`,
      );
      writeRows.push(await loadOrders(shopBase, shop, 'orders-code', buyers, (b) => variants[b]!, BENCH_CODE));
    }
    if (writes.includes('quote')) {
      log(`quote: ${ORDER_BUYERS} buyers asking for the checkout's price with ${BENCH_CODE}, ${DURATION_S} s...`);
      writeRows.push(await loadQuotes(shopBase, shop, buyers, variants));
    }
    if (writes.includes('orders-one-variant')) {
      log(
        `orders-one-variant: ${ORDER_BUYERS} buyers on one variant, ${ORDER_WARMUP} orders each to warm up, then ${DURATION_S} s...`,
      );
      writeRows.push(await loadOrders(shopBase, shop, 'orders-one-variant', buyers, () => variants[0]!));
    }
    if (writes.includes('mixed')) {
      const deps = { cannon, call, percentile };
      const buying = buyers.map((b, i) => ({ token: b.token, address: b.address, variant: variants[i]! }));
      const products = [`/product/${seeded.productSlug}`, `/product/${boughtSlug}`];
      const readSets = [
        { name: 'pages', paths: ['/', '/shop', ...products], headers: BROTLI },
        {
          name: 'catalogue API',
          paths: ['/api/v1/products/productvariant', ...products.map((p) => `/api/v1${p}`)],
          headers: {},
        },
      ];
      for (const reads of readSets) {
        for (const flowing of [false, true]) {
          log(
            `mixed: ${reads.name} at ${CONNECTIONS} connections, ${flowing ? `while ${buyers.length} buyers place and cancel orders` : 'alone'}, ${DURATION_S} s...`,
          );
          mixedRows.push(await mixedRun(deps, shopBase, reads, flowing ? buying : null, CONNECTIONS, DURATION_S));
        }
      }
    }
  }

  // 6. Report.
  const cpus = os.cpus();
  const loadNow = os.loadavg();
  const load = (l: number[]) => l.map((x) => x.toFixed(2)).join(' ');
  console.log('');
  console.log(
    `Machine: ${cpus.length} × ${cpus[0]?.model.trim() ?? 'unknown CPU'}, ${fmt(os.totalmem() / 2 ** 30, 1)} GiB, ` +
      `Node ${process.version}, PostgreSQL ${versionRows[0]?.server_version ?? '?'}. ` +
      `Load average (1, 5, 15 min): ${load(loadAtStart)} at the start, ${load(loadNow)} at the end. ` +
      `Calibration: the seeding took ${fmt(seedSeconds, 1)} s; a round trip of select 1 took ${fmt(roundTrip, 0)} µs.`,
  );
  if (rows.length) {
    console.log(
      `Catalogue: ${seeded.products} products, ${seeded.variants} variants. autocannon: ${CONNECTIONS} connections, ` +
        `${DURATION_S} s per server after ${WARMUP_REQUESTS} warm-up requests, in ${SLICE_S} s slices alternating ` +
        'shop and ceiling. req/s = answers ÷ seconds; p50/p99 over every answer.',
    );
    console.log('');
    console.log(table(rows));
    console.log('');
    console.log(
      'CPU time per answer (server process, user + system), and cores used during each run (100% = one core) by the ' +
        'server, autocannon (client) and the rest of the machine (other processes, kernel):',
    );
    console.log('');
    console.log(costTable(rows));
    console.log('');
    for (const r of rows) {
      console.log(
        `${r.target.name}: GET ${r.target.path} — on the wire ${fmt(r.shop.wireBytes)} B/answer from the shop, ` +
          `${fmt(r.ceiling.wireBytes)} B from the ceiling (headers included)`,
      );
    }
  }
  if (baselineRows.length) {
    const line = (name: string, m: Measure) =>
      `| ${name} | ${fmt(m.rps)} | ${ms(m.p50)} | ${ms(m.p99)} | ${fmt(m.serverUsPerReq, 1)} |`;
    console.log(
      `\npage-product-signed-in against the baseline (${baselineEntry}), the same database and shopper, ` +
        `${CONNECTIONS} connections, alternating ${SLICE_S} s slices; CPU of the whole process (its workers included):`,
    );
    for (const { workers, now, before, times } of baselineRows) {
      console.log(
        `\n${workers === 1 ? 'One process each' : `${workers} workers each (WORKERS: production's default on PostgreSQL, one per core)`}:\n`,
      );
      console.log(
        '| build | pages/s | p50 ms | p99 ms | CPU µs/page |\n|-------|--------:|-------:|-------:|------------:|',
      );
      console.log(line('this one', now));
      console.log(line('baseline', before));
      console.log(
        `\n${fmt(times, 2)}× the baseline's pages/s; ${fmt(before.serverUsPerReq / now.serverUsPerReq, 2)}× less CPU a page`,
      );
    }
    const deployed = baselineRows.at(-1)!;
    console.log(
      `\nTarget (signed-in product page, as production runs it: ${deployed.workers} workers): ` +
        `≥ ${SIGNED_IN_TARGET}× the baseline's pages/s: ${fmt(deployed.times, 2)}× — ` +
        (deployed.times >= SIGNED_IN_TARGET ? 'met' : 'MISSED'),
    );
  }
  if (writeRows.length) {
    console.log(
      `\nWrites, ${DURATION_S} s each after a warm-up; no ceiling. cart: req/s and latency as autocannon measures them. ` +
        'orders: orders/s and the latency of POST /orders alone (fetch, until the body is read), each buyer ' +
        'setting its cart line before each order. Cores: the shop · this process (the load) · the rest ' +
        '(PostgreSQL, other processes, the kernel).',
    );
    console.log('');
    console.log(writeTable(writeRows));
    for (const r of writeRows) console.log(`${r.name}: ${r.what}`);
    const plain = writeRows.find((r) => r.name === 'orders');
    const withCode = writeRows.find((r) => r.name === 'orders-code');
    if (plain && withCode) {
      const more = (a: number, b: number) => `${b >= a ? '+' : ''}${fmt(((b - a) / a) * 100, 1)}%`;
      console.log(
        `A code's cost at placing (same run, same buyers): p50 ${ms(withCode.p50)} ms vs ${ms(plain.p50)} ms without ` +
          `(${more(plain.p50, withCode.p50)}), p99 ${ms(withCode.p99)} ms vs ${ms(plain.p99)} ms ` +
          `(${more(plain.p99, withCode.p99)}); target: p50 within +${fmt(CODE_OVERHEAD_TARGET * 100)}%.`,
      );
      if (withCode.p50 > plain.p50 * (1 + CODE_OVERHEAD_TARGET)) withCode.missed = true;
    }
  }

  if (mixedRows.length) {
    console.log(
      `\nMixed: shoppers reading (${CONNECTIONS} connections: pages home, shop, two products; or the catalogue API) ` +
        `alone, then while ${ORDER_BUYERS} buyers each set a cart line, place an order and cancel it, in a loop. ` +
        'Each order and each cancellation moves stock; only a move that changes what a page shows (a sell-out, a count at or below the low-stock threshold) drops kept answers and pages.',
    );
    console.log('');
    console.log(mixedTable(mixedRows));
  }

  const busiest = Math.max(...rows.flatMap((r) => [r.shop.restCpu, r.ceiling.restCpu]));
  if (busiest > BUSY_MACHINE) {
    console.log(
      `\nNOTE: up to ${fmt(busiest * 100)}% of a core went to other work during a run (other processes, the kernel): ` +
        'req/s and latency are less trustworthy than CPU µs/req. The CPU ratio (ceiling µs/req ÷ shop µs/req) ' +
        'is what the req/s ratio tends to when the server is the bottleneck.',
    );
  }

  const broken = rows.filter((r) => r.shop.non2xx || r.shop.errors || r.ceiling.non2xx || r.ceiling.errors);
  for (const r of broken) {
    console.error(
      `\n!!! ${r.target.name}: non-2xx shop ${r.shop.non2xx} / ceiling ${r.ceiling.non2xx}, ` +
        `errors+timeouts shop ${r.shop.errors} / ceiling ${r.ceiling.errors}: these figures are not valid.`,
    );
  }
  const brokenWrites = [
    ...writeRows.filter((r) => r.failures),
    ...mixedRows
      .filter((r) => r.readFailures || r.writeFailures)
      .map((r) => ({ name: `mixed ${r.reads}`, failures: r.readFailures + r.writeFailures })),
  ];
  for (const r of brokenWrites) {
    console.error(
      `\n!!! ${r.name}: ${r.failures} answers with an unexpected status or socket errors: these figures are not valid.`,
    );
  }
  const missed = rows.filter((r) => r.missed.length);
  if (rows.length) {
    console.log(
      `\nTargets (listing, product): p99 ≤ ${P99_TARGET_MS} ms and ≥ ${RATIO_TARGET * 100}% of the ceiling's req/s: ` +
        (missed.length ? `MISSED by ${missed.map((r) => r.target.name).join(', ')}` : 'met'),
    );
  }
  const missedWrites = writeRows.filter((r) => r.missed);
  if (writeRows.length) {
    console.log(
      `Targets (writes): cart p99 ≤ ${CART_P99_TARGET_MS} ms, orders p99 ≤ ${ORDER_P99_TARGET_MS} ms: ` +
        (missedWrites.length ? `MISSED by ${missedWrites.map((r) => r.name).join(', ')}` : 'met'),
    );
  }
  if (flags.cpuProf) {
    await stopChild(shop); // the profile is written as the shop exits
    const files = existsSync(profileDir) ? readdirSync(profileDir).filter((f) => f.endsWith('.cpuprofile')) : [];
    if (files[0]) {
      console.log(`\nWhere the shop's CPU time went (all targets, warm-ups included):\n`);
      console.log(summariseProfile(path.join(profileDir, files[0])));
      const kept = path.join(os.tmpdir(), `shop-bench-${Date.now()}.cpuprofile`);
      await copyFile(path.join(profileDir, files[0]), kept);
      log(`profile kept in ${kept} (open it in Chrome DevTools or speedscope)`);
    } else {
      console.error('[bench] the shop left no CPU profile');
    }
  }
  log(`done in ${((Date.now() - started) / 1000).toFixed(0)} s`);

  if (broken.length || brokenWrites.length) return 1;
  const missedBaseline = baselineRows.length > 0 && baselineRows.at(-1)!.times < SIGNED_IN_TARGET;
  if ((missed.length || missedWrites.length || missedBaseline) && !flags.noFail) return 1;
  return 0;
}

let code = 1;
try {
  code = await main();
} catch (err) {
  console.error('\n[bench] FAILED:', err instanceof Error ? err.message : err);
} finally {
  await cleanup();
}
process.exit(code);
