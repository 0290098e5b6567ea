import { EventEmitter } from 'node:events';
import { createServer, type Server, type Socket } from 'node:net';
import { MESSAGES } from '@shop/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { openDatabase } from '../src/db/client';
import { GuardedPool } from '../src/db/pool';
import { createCategory, createProduct } from '../src/db/factories';
import { orders } from '../src/modules/orders/orders.schema';
import { loadEnv } from '../src/env';
import { isDatabaseAway } from '../src/lib/errors';
import { watchProcessErrors } from '../src/serve';
import { createTestShop, expectError, type TestShop } from './helpers';
import { addAddress, setCart, signUp } from './shoppers';

describe('the largest order', () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop({ MAX_ORDER_TOTAL_RUPEES: '100000' });
  });
  afterAll(() => shop?.close());

  it('is refused above MAX_ORDER_TOTAL_RUPEES with a clear 400, writing nothing; at the limit it is taken', async () => {
    const db = shop.database.db;
    const category = await createCategory(db, { name: 'Heirloom' });
    // ₹49,875 a piece: two and the ₹250 shipping make exactly ₹1,00,000; three are too many.
    const { product, variants } = await createProduct(db, {
      name: 'Zardozi wedding lehenga',
      categoryId: category.id,
      variants: [{ size: '6-7Y', color: { name: 'Gold', hex: '#d4af37' }, mrp: 49_875, stock: 10 }],
    });
    const shopper = await signUp(shop.app, 'lavish');
    const address = await addAddress(shop.app, shopper);
    const order = () =>
      shop.app.inject({
        method: 'POST',
        url: '/api/v1/orders',
        headers: shopper.auth,
        payload: { address, shipping_type: 'standard', payment_method: 'ONLINE' },
      });

    await setCart(shop.app, shopper, product.id, variants[0]!.id, 3);
    const refused = expectError(await order(), 400);
    expect(refused.message).toBe(MESSAGES.orderTooLarge);
    expect(refused.errors[0]).toMatch(/above the largest we accept, ₹1,00,000/);
    expect(await db.select().from(orders).where(eq(orders.userId, shopper.user.id))).toEqual([]);

    await setCart(shop.app, shopper, product.id, variants[0]!.id, 2);
    const placed = await order();
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json<{ data: { total: number }[] }>().data[0]!.total).toBe(100_000);
  });
});

/** A server that accepts connections and never answers: a database host that hangs. */
async function blackHole(): Promise<{ url: string; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((s) => void sockets.add(s));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  return {
    url: `postgres://shop@127.0.0.1:${port}/shop`,
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise((r) => server.close(r));
    },
  };
}

describe('a database that does not answer', () => {
  it('gets a 503 with a plain message within the connect timeout, on the API and the health check', async () => {
    const hole = await blackHole();
    const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', APP_SECRET: 'x'.repeat(40) });
    const database = await openDatabase({
      databaseUrl: hole.url,
      timeouts: { connectMs: 500, statementMs: 0, idleInTransactionMs: 0 },
    });
    const app = await buildApp({ env, db: database.db, logger: false });
    try {
      const started = Date.now();
      const res = await app.inject('/api/v1/categories');
      expect(Date.now() - started).toBeLessThan(5_000);
      const body = expectError(res, 503);
      expect(body.message).toBe(MESSAGES.unavailable);
      expect(res.headers['retry-after']).toBe('2');
      expectError(await app.inject('/api/v1/health'), 503);
    } finally {
      await app.close();
      await database.close();
      await hole.close();
    }
  });
});

if (process.env.DATABASE_URL) {
  describe('PostgreSQL session limits', () => {
    it('cancels a statement past its timeout, ends a transaction left idle, and the pool carries on', async () => {
      const shop = await createTestShop();
      const database = await openDatabase({
        databaseUrl: shop.database.url,
        poolSize: 2,
        timeouts: { connectMs: 2_000, statementMs: 300, idleInTransactionMs: 300 },
      });
      try {
        const slow = database.db.execute(sql`select pg_sleep(2)`);
        await expect(slow).rejects.toSatisfy((err: unknown) => isDatabaseAway(err));

        const idle = database.db.transaction(async (tx) => {
          await tx.execute(sql`select 1`);
          await new Promise((r) => setTimeout(r, 1_000)); // a transaction forgotten open
          await tx.execute(sql`select 1`);
        });
        await expect(idle).rejects.toThrow();

        const settings = await database.db.execute(
          sql`select current_setting('statement_timeout') as s, current_setting('idle_in_transaction_session_timeout') as i`,
        );
        expect((settings as { rows: unknown[] }).rows).toEqual([{ s: '300ms', i: '300ms' }]);
      } finally {
        await database.close();
        await shop.close();
      }
    });

    it('survives a connection ended while checked out: no crash, and its place in the pool given back', async () => {
      const shop = await createTestShop();
      const pool = new GuardedPool({ connectionString: shop.database.url, max: 1, connectionTimeoutMillis: 2_000 });
      pool.on('error', () => {});
      const admin = await pool.connect();
      const other = new GuardedPool({ connectionString: shop.database.url, max: 1 });
      try {
        // A borrower that never gives its connection back when the connection dies (Drizzle's `begin`).
        const { rows: pids } = await admin.query<{ pid: number }>('select pg_backend_pid() as pid');
        const ended = new Promise((resolve) => admin.once('end', resolve));
        await other.query('select pg_terminate_backend($1)', [pids[0]!.pid]);
        await ended; // its 'error' had no listener of the pool's: unguarded, the process would have crashed
        const { rows } = await pool.query<{ one: number }>('select 1 as one');
        expect(rows).toEqual([{ one: 1 }]);
        admin.release(); // the borrower's own release, late: harmless
      } finally {
        await pool.end();
        await other.end();
        await shop.close();
      }
    });

    it('applies the settings to the shop: 30 s statements, 60 s idle transactions by default', async () => {
      const { openShopDatabase } = await import('../src/serve');
      const shop = await createTestShop();
      const database = await openShopDatabase(loadEnv({ DATABASE_URL: shop.database.url }), 1);
      try {
        const settings = await database.db.execute(
          sql`select current_setting('statement_timeout') as s, current_setting('idle_in_transaction_session_timeout') as i,
              current_setting('application_name') as a`,
        );
        expect((settings as { rows: unknown[] }).rows).toEqual([{ s: '30s', i: '1min', a: 'kidswear-shop' }]);
      } finally {
        await database.close();
        await shop.close();
      }
    });
  });
}

describe('errors nobody handled', () => {
  it('logs a rejected promise and keeps running; logs an uncaught exception and exits', () => {
    const proc = new EventEmitter() as EventEmitter & { exit: (code: number) => void };
    const exits: number[] = [];
    proc.exit = (code) => void exits.push(code);
    const logged: { level: string; obj: unknown; msg: string }[] = [];
    const log = {
      error: (obj: unknown, msg: string) => void logged.push({ level: 'error', obj, msg }),
      fatal: (obj: unknown, msg: string) => void logged.push({ level: 'fatal', obj, msg }),
    };
    watchProcessErrors(log as never, proc as never);

    const reason = new Error('a forgotten promise');
    proc.emit('unhandledRejection', reason, Promise.resolve());
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ level: 'error', obj: { err: reason } });
    expect(logged[0]!.msg).toMatch(/nobody handled/);
    expect(exits).toEqual([]);

    const crash = new Error('a bug');
    proc.emit('uncaughtException', crash);
    expect(logged[1]).toMatchObject({ level: 'fatal', obj: { err: crash } });
    expect(logged[1]!.msg).toMatch(/uncaught/);
    expect(exits).toEqual([1]);
  });
});

describe('isDatabaseAway', () => {
  const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });
  it.each([
    ['a terminated backend', withCode('57P01')],
    ['a server starting up', withCode('57P03')],
    ['a connection exception', withCode('08006')],
    ['too many connections', withCode('53300')],
    ['a statement timeout', withCode('57014')],
    ['a refused connection', withCode('ECONNREFUSED')],
    ['a dropped connection', new Error('Connection terminated unexpectedly')],
    ['a full pool', new Error('timeout exceeded when trying to connect')],
    ['a wrapped cause', new Error('Failed query: select 1', { cause: withCode('57P01') })],
  ])('is true for %s', (_what, err) => expect(isDatabaseAway(err)).toBe(true));
  it.each([
    ['a unique violation', withCode('23505')],
    ['a syntax error', withCode('42601')],
    ['a plain bug', new TypeError('x is undefined')],
    ['not an error', 'boom'],
  ])('is false for %s', (_what, err) => expect(isDatabaseAway(err)).toBe(false));
});
