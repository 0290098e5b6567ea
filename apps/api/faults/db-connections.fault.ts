import { MESSAGES } from '@shop/contract';
import pg from 'pg';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { APPLICATION_NAME } from '../src/app';
import { request } from './http';
import { assertBuilt, Scenario, sleep, until } from './harness';
import { checkInvariants } from './invariants';
import { Load } from './load';

/** The shop's connections to its database, ended by the server (what a restart or a failover does to them). */
async function terminateShopConnections(admin: pg.Client, database: string): Promise<number> {
  const { rows } = await admin.query<{ n: number }>(
    `select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
     where datname = $1 and application_name = $2 and pid <> pg_backend_pid()`,
    [database, APPLICATION_NAME],
  );
  return rows[0]!.n;
}

// Only PostgreSQL has connections to lose (PGlite lives inside the shop's process): vitest.faults.config.ts
// runs this file only with DATABASE_URL.
describe('PostgreSQL connections killed under load', () => {
  let s: Scenario;
  let admin: pg.Client;
  beforeAll(async () => {
    assertBuilt();
    s = await Scenario.open('PostgreSQL connections killed (pg_terminate_backend), shop not restarted', {
      LOG_LEVEL: 'info',
    });
    admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.end();
    await s?.close();
  });

  it('answers 503 for a moment, recovers by itself, and half-writes nothing', async () => {
    await s.start();
    const database = new URL(s.env.DATABASE_URL!).pathname.slice(1);
    const load = new Load(() => s.url, s.provider, s.variants);
    await load.addShoppers(6);
    load.start();
    await sleep(3_000);

    // Every 100 ms for 4 s, every connection of the shop is ended, pooled, busy or listening.
    const before = load.tally.count(503);
    const startedAt = Date.now();
    let killed = 0;
    let rounds = 0;
    let health503 = 0;
    while (Date.now() - startedAt < 4_000) {
      killed += await terminateShopConnections(admin, database);
      rounds += 1;
      const health = await request(s.url, 'GET', '/health', { timeoutMs: 5_000 });
      if (health.ok && health.status === 503) health503 += 1;
      await sleep(100);
    }
    let exited = false;
    void s.shop.exited.then(() => (exited = true));
    const recovery = await until(
      async () => {
        const health = await request(s.url, 'GET', '/health', { timeoutMs: 2_000 });
        return health.ok && health.status === 200;
      },
      30_000,
      'health answering 200 again',
    ).catch((err: unknown) => {
      // What the next engineer needs when it does not come back: alive or not, and its last words.
      throw new Error(
        `${err instanceof Error ? err.message : String(err)}; the shop ${exited ? 'had exited' : 'was running'}; ` +
          `its last output:\n${s.shop.output().slice(-4000)}`,
      );
    });
    const ordersBefore = load.shoppers.reduce((n, sh) => n + sh.acked.orders.size, 0);
    const ordering = await until(
      () => load.shoppers.reduce((n, sh) => n + sh.acked.orders.size, 0) > ordersBefore,
      30_000,
      'an order placed again',
    );
    await sleep(3_000);
    await load.stop();
    await s.provider.drain();

    const during = load.tally.count(503) - before;
    s.note(
      `${killed} connections ended in ${rounds} rounds over 4 s; the health check answered 503 ${health503} times`,
    );
    s.check(
      'the shop answered 503 while its connections were being ended',
      during + health503 > 0,
      `${during} × 503 to shoppers`,
    );
    s.check(
      "a 503 of the database says so in the shop's words",
      load.unavailableBodies.every((b) => b.includes(MESSAGES.unavailable) || b.includes(MESSAGES.paymentUnavailable)),
    );
    s.check(
      'it recovered by itself',
      true,
      `health 200 ${recovery} ms and a new order ${ordering} ms after the last kill`,
    );
    const listener = s.shop.logs().filter((l) => String(l.msg).startsWith('catalogue listener'));
    s.check(
      'the catalogue listener came back',
      listener.some((l) => l.msg === 'catalogue listener: listening again'),
      `${listener.filter((l) => l.level === 40).length} losses logged`,
    );
    await checkInvariants(s, load);
    s.report();
  });
});
