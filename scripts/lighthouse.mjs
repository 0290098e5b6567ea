// `npm run lighthouse`: the speed budget of the built shop (Lighthouse's default mobile preset,
// simulated throttling) on the home page, a category page and a product page.
//
//   npm run lighthouse                    checks the budget; exits 1 when it is missed
//   npm run lighthouse -- --no-fail       only reports
//   npm run lighthouse -- --runs 5        runs per page (the median counts); 3 by default
//   npm run lighthouse -- --root DIR      measures another checkout's build (DIR/apps/...)
//
// The JSON reports are written to /tmp/lh/ (LIGHTHOUSE_REPORTS=DIR for elsewhere).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const BUDGET = {
  performance: 95,
  accessibility: 100,
  'best-practices': 95,
  seo: 95,
  /** The product page's first-load JavaScript, gzipped. */
  productJsBytes: 150 * 1000,
};
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const CHROME_PATH = '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const args = process.argv.slice(2);
const option = (name) => {
  const i = args.indexOf(name);
  return i === -1 ? undefined : args[i + 1];
};
const noFail = args.includes('--no-fail');
const runs = Math.max(1, Number(option('--runs') ?? 3) || 3);
const root = path.resolve(option('--root') ?? fileURLToPath(new URL('..', import.meta.url)));
const reportDir = process.env.LIGHTHOUSE_REPORTS ?? '/tmp/lh';
const serverMain = path.join(root, 'apps/api/dist/main.js');
const webServer = path.join(root, 'apps/web/build/server/index.js');
const webClient = path.join(root, 'apps/web/build/client');

let server;
let chrome;
let dataDir;

async function cleanUp() {
  if (chrome) {
    const c = chrome;
    chrome = undefined;
    await Promise.resolve(c.kill()).catch(() => {});
  }
  if (server && server.exitCode === null && server.signalCode === null) {
    const s = server;
    const exited = new Promise((resolve) => s.once('exit', resolve));
    s.kill('SIGTERM');
    const timer = setTimeout(() => s.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  }
  server = undefined;
  if (dataDir) await rm(dataDir, { recursive: true, force: true }).catch(() => {});
  dataDir = undefined;
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    void cleanUp().finally(() => process.exit(130));
  });
}

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitForHealth(base, timeoutMs = 180_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (server.exitCode !== null) throw new Error(`the shop exited early (code ${server.exitCode})`);
    try {
      const res = await fetch(`${base}/api/v1/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(500);
  }
  throw new Error('the shop did not become healthy in time');
}

/**
 * Renders each page once, with the images it shows (sharp makes them on first
 * request) and the scripts and styles it loads (compressed once, then kept).
 */
async function warm(base, pagePath) {
  const res = await fetch(base + pagePath);
  if (!res.ok) throw new Error(`${pagePath} answered ${res.status}`);
  const html = await res.text();
  const urls = new Set();
  for (const [, attr] of html.matchAll(/\b(?:src|srcset|imagesrcset|href)="([^"]+)"/gi)) {
    for (const candidate of attr.replace(/&amp;/g, '&').split(',')) {
      const url = candidate.trim().split(/\s+/)[0];
      if (url?.startsWith('/images/') || url?.startsWith('/assets/')) urls.add(url);
    }
  }
  const queue = [...urls];
  const headers = { 'accept-encoding': 'br, gzip' };
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let url = queue.shift(); url; url = queue.shift()) {
        await fetch(base + url, { headers }).then((r) => r.arrayBuffer());
      }
    }),
  );
  return html;
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : Math.round((sorted[mid - 1] + sorted[mid]) / 2);
};

/** The JavaScript a page loaded: as sent over the network and gzipped from the build. */
async function javaScriptOf(lhr) {
  const items = lhr.audits['network-requests']?.details?.items ?? [];
  const scripts = items.filter((item) => item.resourceType === 'Script');
  let transfer = 0;
  let gzipped = 0;
  const files = [];
  for (const item of scripts) {
    transfer += item.transferSize ?? 0;
    const { pathname } = new URL(item.url);
    const file = path.join(webClient, decodeURIComponent(pathname));
    let size = item.transferSize ?? 0;
    if (file.startsWith(webClient + path.sep) && existsSync(file)) size = gzipSync(await readFile(file)).length;
    gzipped += size;
    files.push({ path: pathname, gzipped: size });
  }
  return { count: scripts.length, transfer, gzipped, files };
}

async function runLighthouse(url, name, run) {
  chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error' });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    await writeFile(path.join(reportDir, `${name}-${run}.json`), result.report);
    return result.lhr;
  } finally {
    const c = chrome;
    chrome = undefined;
    await Promise.resolve(c.kill()).catch(() => {});
  }
}

const kb = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;

async function main() {
  if (!existsSync(serverMain) || !existsSync(webServer)) {
    console.log('No build found: building the shop first...');
    const built = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
    if (built.status !== 0) return built.status ?? 1;
  }
  await mkdir(reportDir, { recursive: true });

  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'shop-lighthouse-'));
  server = spawn(process.execPath, [serverMain], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      // Production as a shop runs it (React's production build on the server), so it needs
      // every setting production insists on: none of them is used by the pages measured.
      NODE_ENV: 'production',
      PAYMENT_PROVIDER: 'razorpay',
      RAZORPAY_KEY_ID: 'rzp_live_lighthouse',
      RAZORPAY_KEY_SECRET: 'not-a-real-secret',
      RAZORPAY_WEBHOOK_SECRET: 'not-a-real-secret',
      SMTP_URL: 'smtp://127.0.0.1:9',
      SHOP_EMAIL: 'orders@shop.example',
      PUBLIC_URL: 'https://shop.example',
      ADMIN_EMAIL: 'owner@shop.example',
      ADMIN_PASSWORD: 'not-a-real-password',
      DEMO_DATA: 'true',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
    },
  });
  console.log(`Starting the shop on ${base} (data in ${dataDir})...`);
  await waitForHealth(base);

  const listing = await fetch(`${base}/api/v1/products/productvariant?limit=1`).then((r) => r.json());
  const slug = listing?.data?.[0]?.product_variants?.slug;
  if (!slug) throw new Error('no product variant to measure: is the catalogue empty?');
  const pages = [
    { name: 'home', path: '/' },
    { name: 'category', path: '/categories/frocks-dresses' },
    { name: 'product', path: `/product/${slug}` },
  ];
  for (const page of pages) await warm(base, page.path);
  await sleep(2000); // the server's best compression of the scripts finishes in the background

  const results = [];
  for (const page of pages) {
    const lhrs = [];
    for (let run = 1; run <= runs; run++) {
      process.stdout.write(`Lighthouse ${page.path} (run ${run}/${runs})... `);
      let lhr = await runLighthouse(base + page.path, page.name, run);
      // A failed trace (NO_NAVSTART and the like) says nothing about the page: run it again.
      for (let retry = 1; lhr.runtimeError && retry <= 2; retry++) {
        process.stdout.write(`${lhr.runtimeError.code}, again... `);
        lhr = await runLighthouse(base + page.path, page.name, run);
      }
      const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
      console.log(CATEGORIES.map((id) => `${id} ${score(id)}`).join(', '));
      if (lhr.runtimeError) console.log(`  runtime error: ${lhr.runtimeError.message}`);
      lhrs.push(lhr);
    }
    const scores = Object.fromEntries(
      CATEGORIES.map((id) => [id, median(lhrs.map((lhr) => Math.round((lhr.categories[id]?.score ?? 0) * 100)))]),
    );
    // The run whose performance is the median one stands for the page's metrics.
    const perf = lhrs.map((lhr) => lhr.categories.performance?.score ?? 0);
    const sortedRuns = perf.map((p, i) => [p, i]).sort((a, b) => a[0] - b[0]);
    const typical = lhrs[sortedRuns[Math.floor((sortedRuns.length - 1) / 2)][1]];
    const metric = (id) => typical.audits[id]?.displayValue ?? '-';
    results.push({
      ...page,
      version: typical.lighthouseVersion,
      scores,
      perfRuns: perf.map((p) => Math.round(p * 100)),
      metrics: {
        FCP: metric('first-contentful-paint'),
        LCP: metric('largest-contentful-paint'),
        TBT: metric('total-blocking-time'),
        CLS: metric('cumulative-layout-shift'),
        SI: metric('speed-index'),
      },
      js: await javaScriptOf(typical),
      failed: CATEGORIES.flatMap((id) =>
        Object.values(typical.categories[id]?.auditRefs ?? [])
          .filter((ref) => ref.weight > 0)
          .map((ref) => typical.audits[ref.id])
          .filter((a) => a && a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative')
          .map((a) => `${id}: ${a.id} (${a.displayValue ?? a.score})`),
      ),
    });
  }

  const misses = [];
  const version = results[0]?.version ?? '?';
  console.log(`\nLighthouse ${version}, mobile preset, median of ${runs} run(s); reports in ${reportDir}\n`);
  console.log('| page | performance | accessibility | best practices | SEO | FCP | LCP | TBT | CLS | SI | JS (gzip) |');
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const r of results) {
    const s = r.scores;
    console.log(
      `| ${r.name} (${r.path}) | ${s.performance} (${r.perfRuns.join(', ')}) | ${s.accessibility} | ${s['best-practices']} | ${s.seo} | ` +
        `${r.metrics.FCP} | ${r.metrics.LCP} | ${r.metrics.TBT} | ${r.metrics.CLS} | ${r.metrics.SI} | ${kb(r.js.gzipped)} |`,
    );
    for (const id of CATEGORIES) {
      if (s[id] < BUDGET[id]) misses.push(`${r.name}: ${id} ${s[id]} < ${BUDGET[id]}`);
    }
  }
  const product = results.find((r) => r.name === 'product');
  console.log(
    `\nProduct page first-load JavaScript: ${product.js.count} files, ${kb(product.js.gzipped)} gzipped ` +
      `(${kb(product.js.transfer)} transferred) — budget ${kb(BUDGET.productJsBytes)}`,
  );
  if (product.js.gzipped > BUDGET.productJsBytes) {
    misses.push(`product: first-load JavaScript ${kb(product.js.gzipped)} > ${kb(BUDGET.productJsBytes)}`);
  }
  for (const r of results) {
    if (r.failed.length) console.log(`\nAudits below 90 on ${r.name}:\n  ${r.failed.join('\n  ')}`);
  }

  if (misses.length) {
    console.log(`\nBudget missed:\n  ${misses.join('\n  ')}`);
    return noFail ? 0 : 1;
  }
  console.log('\nBudget met.');
  return 0;
}

let code;
try {
  code = await main();
} catch (err) {
  console.error('lighthouse:', err instanceof Error ? err.message : err);
  code = 1;
} finally {
  await cleanUp();
}
process.exit(code);
