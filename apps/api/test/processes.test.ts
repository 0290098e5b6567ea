import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows, type Database } from '../src/db/client';
import { createCategory, createProduct } from '../src/db/factories';
import { notifyCatalogChange } from '../src/lib/catalog-changes';
import { openTestDatabase } from './helpers';
import { request } from '../faults/http';
import { call, HttpShopper, servedStock } from './http-shopper';
import { uniqueEmail } from './shoppers';
import { root, spawnShop, startShop, untilHealthy, type ShopProcess } from './shop-process';

/** Every shopper of these tests comes from 127.0.0.1. */
const LIMITS = {
  RATE_LIMIT_LOGINS_PER_IP: '100000',
  RATE_LIMIT_REGISTRATIONS_PER_IP: '100000',
  RATE_LIMIT_SEARCHES_PER_MINUTE: '100000',
  RATE_LIMIT_ORDERS_PER_IP: '100000',
  RATE_LIMIT_PAYMENTS_PER_IP: '100000',
};
const QUIET = { DEMO_DATA: 'false', JOBS_INTERVAL_SECONDS: '0', LOG_LEVEL: 'warn', ...LIMITS };

const running: ShopProcess[] = [];
const started = (shop: ShopProcess) => (running.push(shop), shop);
afterAll(async () => {
  await Promise.all(running.map((s) => s.stop('SIGKILL')));
});

if (process.env.DATABASE_URL) {
  describe('two shop processes on one PostgreSQL database', () => {
    let database: Database;
    let drop: () => Promise<void>;
    let a: ShopProcess;
    let b: ShopProcess;

    beforeAll(async () => {
      ({ database, drop } = await openTestDatabase());
      const env = { ...QUIET, DATABASE_URL: database.url!, CATALOG_CACHE_TTL_SECONDS: '300' };
      [a, b] = await Promise.all([startShop(env), startShop(env)]).then((shops) => shops.map(started));
    }, 120_000);
    afterAll(async () => {
      await Promise.all([a?.stop(), b?.stop()]);
      await drop?.();
    });

    async function product(stock: number) {
      const tag = randomBytes(3).toString('hex');
      const category = await createCategory(database.db, { name: `Processes ${tag}` });
      const { product, variants } = await createProduct(database.db, {
        name: `Ikat dungarees ${tag}`,
        categoryId: category.id,
        variants: [{ size: '2-3Y', color: { name: 'Teal', hex: '#2a8c8c' }, mrp: 899, stock }],
      });
      return { productId: product.id, variantId: variants[0]!.id, slug: variants[0]!.slug };
    }

    it('an order placed through one changes the stock the other serves within a second', async () => {
      const p = await product(5);
      // Both serve the product, and keep it in their caches: above the low-stock threshold (3), the
      // answer says only 'plenty' (the threshold + 1, docs/product.md 'Stock').
      expect(await servedStock(a.url, p.slug)).toBe(4);
      expect(await servedStock(b.url, p.slug)).toBe(4);
      expect(await servedStock(b.url, p.slug)).toBe(4);

      const shopper = await new HttpShopper(a.url, 'across').signUp();
      expect((await shopper.setCart(p.productId, p.variantId, 2)).status).toBe(200);
      expect((await shopper.placeOrder()).status).toBe(201);
      const placedAt = Date.now();

      let seen = await servedStock(b.url, p.slug);
      while (seen !== 3 && Date.now() - placedAt < 1_000) {
        await new Promise((r) => setTimeout(r, 25));
        seen = await servedStock(b.url, p.slug);
      }
      expect(seen).toBe(3);
      console.log(`the other process served the new stock after ${Date.now() - placedAt} ms`);
      expect(await servedStock(a.url, p.slug)).toBe(3);
    });

    /** The product page as an anonymous shopper gets it, and whether it came from the page cache. */
    async function page(base: string, slug: string) {
      const res = await fetch(`${base}/product/${slug}`, { signal: AbortSignal.timeout(30_000) });
      expect(res.status).toBe(200);
      return { cache: res.headers.get('x-page-cache'), html: await res.text() };
    }

    /** Polls `base`'s product page until it shows `text`, for at most a second after `since`. */
    async function pageShows(base: string, slug: string, text: string, since: number) {
      let seen = await page(base, slug);
      while (!seen.html.includes(text) && Date.now() - since < 1_000) {
        await new Promise((r) => setTimeout(r, 25));
        seen = await page(base, slug);
      }
      return seen.html.includes(text);
    }

    it("a catalogue write heard through one database is on the other's kept pages within a second", async () => {
      const p = await product(5);
      for (const shop of [a, b]) {
        expect((await page(shop.url, p.slug)).html).toContain('₹899');
        expect((await page(shop.url, p.slug)).cache).toBe('hit');
      }
      // A price change as catalogue editing makes it: NOTIFY inside its transaction (docs/catalog-cache.md).
      await database.db.transaction(async (tx) => {
        await tx.execute(
          sql`update product_variants set mrp_paise = 77700, selling_price_paise = 77700 where id = ${p.variantId}`,
        );
        await notifyCatalogChange(tx);
      });
      const changedAt = Date.now();
      for (const shop of [a, b]) expect(await pageShows(shop.url, p.slug, '₹777', changedAt)).toBe(true);
      console.log(`both processes served the new price after ${Date.now() - changedAt} ms`);

      // An order placed through one moves the stock on the other's kept page.
      expect((await page(b.url, p.slug)).cache).toBe('hit');
      const shopper = await new HttpShopper(a.url, 'pages').signUp();
      expect((await shopper.setCart(p.productId, p.variantId, 2)).status).toBe(200);
      expect((await shopper.placeOrder()).status).toBe(201);
      // React writes `Only {stock} left` with markers around the number.
      expect(await pageShows(b.url, p.slug, 'Only <!-- -->3<!-- --> left', Date.now())).toBe(true);
    });

    // The back office's writes reach every process as the shop's own pages show them (docs/catalog-cache.md).
    it("a price the owner changes in one process's stock grid is on the other's kept pages within a second", async () => {
      const p = await product(5);
      for (const shop of [a, b]) {
        expect((await page(shop.url, p.slug)).html).toContain('₹899');
        expect((await page(shop.url, p.slug)).cache).toBe('hit');
      }
      const owner = await new HttpShopper(a.url, 'owner').signUp('owner password 1');
      await database.db.execute(sql`update users set role = 'admin' where id = ${owner.userId}`);
      const login = await call<{ token: string }>(a.url, 'POST', '/admin/login', {
        body: { email: owner.email, password: 'owner password 1' },
      });
      expect(login.status, JSON.stringify(login.body)).toBe(200);

      const save = await call(a.url, 'POST', '/admin/stock', {
        token: login.body.token,
        body: { changes: [{ variant_id: p.variantId, field: 'selling_price', expected: 899, value: 666 }] },
      });
      expect(save.status, JSON.stringify(save.body)).toBe(200);
      const changedAt = Date.now();
      expect(await pageShows(b.url, p.slug, '₹666', changedAt)).toBe(true);
      console.log(`the other process served the owner's new price after ${Date.now() - changedAt} ms`);
      expect(await pageShows(a.url, p.slug, '₹666', changedAt)).toBe(true);
    });

    it('fifty shoppers racing through both for ten pieces buy exactly ten', async () => {
      const p = await product(10);
      const shoppers = await Promise.all(
        Array.from({ length: 50 }, async (_, i) => {
          const shopper = await new HttpShopper(i % 2 === 0 ? a.url : b.url, `racer${i}`).signUp();
          expect((await shopper.setCart(p.productId, p.variantId, 1)).status).toBe(200);
          return shopper;
        }),
      );
      const answers = await Promise.all(shoppers.map((s) => s.placeOrder()));
      const statuses = answers.map((r) => r.status);
      expect(statuses.filter((s) => s === 201)).toHaveLength(10);
      expect(statuses.filter((s) => s === 400)).toHaveLength(40);

      const [left] = await rows<{ stock: number; sold: number }>(
        database.db,
        sql`select v.stock, (select coalesce(sum(quantity), 0)::int from order_lines where product_variant_id = v.id) as sold
            from product_variants v where v.id = ${p.variantId}`,
      );
      expect(left).toEqual({ stock: 0, sold: 10 });
      // Each process now serves the empty shelf.
      expect(await servedStock(a.url, p.slug)).toBe(0);
      expect(await servedStock(b.url, p.slug)).toBe(0);
    });
  });

  describe('WORKERS: one port, several processes', () => {
    it('forks the workers, which share rate limits through Redis, replaces one that dies, and stops them all on SIGTERM', async () => {
      const { database, drop } = await openTestDatabase();
      try {
        const shop = started(
          await startShop({
            ...QUIET,
            LOG_LEVEL: 'info',
            DATABASE_URL: database.url!,
            WORKERS: '2',
            REDIS_URL: 'redis://127.0.0.1:6379/0',
            RATE_LIMIT_LOGIN_FAILURES_PER_EMAIL: '3',
          }),
        );
        const workers = () =>
          shop
            .logs()
            .filter((l) => l.msg === 'worker started')
            .map((l) => l.worker as number);
        await expect.poll(workers, { timeout: 30_000 }).toHaveLength(2);
        const [first] = workers();
        await expect
          .poll(() => shop.logs().filter((l) => /^Server listening/.test(String(l.msg))).length, { timeout: 60_000 })
          .toBe(2);

        // Rate limits count across the workers (through Redis), whichever one answers (a connection
        // per request: the cluster shares out connections, not requests).
        const email = uniqueEmail('cluster');
        const statuses: number[] = [];
        for (let i = 0; i < 6; i += 1) {
          const res = await request(shop.url, 'POST', '/login', { body: { email, password: 'not the password' } });
          statuses.push(res.ok ? res.status : 0);
        }
        expect(statuses).toEqual([401, 401, 401, 429, 429, 429]);
        const answeredBy = new Set(
          shop
            .logs()
            .filter((l) => l.msg === 'request completed')
            .map((l) => l.pid),
        );
        expect(answeredBy.size).toBe(2);

        process.kill(first!, 'SIGKILL');
        await expect.poll(workers, { timeout: 60_000 }).toHaveLength(3);
        expect(shop.logs().some((l) => l.msg === 'worker died' && l.worker === first)).toBe(true);
        await untilHealthy(shop);
        // Both serving again before the stop (one still starting would simply be ended by the signal).
        await expect
          .poll(() => shop.logs().filter((l) => /^Server listening/.test(String(l.msg))).length, {
            timeout: 60_000,
            message: shop.output(),
          })
          .toBe(3);

        const exit = await shop.stop('SIGTERM');
        expect(exit.code, shop.output()).toBe(0);
        const stopped = shop.logs().filter((l) => l.msg === 'worker stopped');
        expect(stopped.map((l) => l.code)).toEqual([0, 0]);
        for (const pid of workers().slice(1)) expect(() => process.kill(pid, 0)).toThrow();
      } finally {
        await drop();
      }
    }, 180_000);
  });
} else {
  describe('PGlite: one process per data folder', () => {
    let dataDir: string;
    beforeAll(() => {
      dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-lock-'));
    });
    afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

    it('prepares a new data folder in a child process that has exited before the shop opens it; a restart prepares in place', async () => {
      const fresh = mkdtempSync(path.join(os.tmpdir(), 'shop-first-'));
      try {
        const env = { ...QUIET, DEMO_DATA: 'true', LOG_LEVEL: 'info', DATA_DIR: fresh };
        const first = started(await startShop(env));
        const seeded = first.logs().find((l) => l.msg === 'demo catalogue loaded');
        const listening = first.logs().find((l) => /^Server listening/.test(String(l.msg)));
        expect(seeded).toMatchObject({ role: 'prepare' });
        expect(seeded!.pid).not.toBe(listening!.pid);
        expect(seeded!.pid).not.toBe(first.child.pid);
        expect((await fetch(`${first.url}/api/v1/categories`)).status).toBe(200);
        expect((await first.stop('SIGTERM')).code).toBe(0);

        const again = started(await startShop(env));
        expect(again.logs().filter((l) => l.role === 'prepare')).toEqual([]);
        expect((await again.stop('SIGTERM')).code).toBe(0);
      } finally {
        rmSync(fresh, { recursive: true, force: true });
      }
    }, 180_000);

    it('refuses a second server and a seed while the shop runs, and takes over after a crash', async () => {
      const env = { ...QUIET, DATA_DIR: dataDir };
      const first = started(await startShop(env));

      const second = await spawnShop(env);
      const exit = await second.exited;
      expect(exit.code).toBe(1);
      expect(second.output()).toMatch(/is in use by another process \(pid \d+/);
      expect(second.output()).toMatch(/PGlite serves one process/);

      const seed = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/api/src/db/cli.ts'), 'seed'], {
        cwd: root,
        env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let seedOut = '';
      seed.stderr.on('data', (c: Buffer) => (seedOut += c.toString()));
      const seedCode = await new Promise((resolve) => seed.on('exit', resolve));
      expect(seedCode).toBe(1);
      expect(seedOut).toMatch(/is in use by another process/);

      // Killed without a chance to clean up: the next start takes the stale lock over.
      await first.stop('SIGKILL');
      expect(existsSync(path.join(dataDir, 'pglite.lock'))).toBe(true);
      const third = started(await startShop(env));
      expect((await fetch(`${third.url}/api/v1/categories`)).status).toBe(200);

      // A clean stop removes the lock.
      expect((await third.stop('SIGTERM')).code).toBe(0);
      expect(existsSync(path.join(dataDir, 'pglite.lock'))).toBe(false);
    }, 120_000);
  });
}
