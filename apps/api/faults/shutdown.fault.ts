import { connect } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { APPLICATION_NAME } from '../src/app';
import { ADMIN_URL, assertBuilt, KIND, Scenario, sleep, until } from './harness';
import { checkInvariants } from './invariants';
import { Load } from './load';

/** The shop's connections still open to its database (PostgreSQL). */
async function shopConnections(databaseUrl: string): Promise<number> {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ n: number }>(
      'select count(*)::int as n from pg_stat_activity where datname = $1 and application_name = $2',
      [new URL(databaseUrl).pathname.slice(1), APPLICATION_NAME],
    );
    return rows[0]!.n;
  } finally {
    await admin.end();
  }
}

describe('SIGTERM', () => {
  let s: Scenario;
  beforeAll(async () => {
    assertBuilt();
    s = await Scenario.open('SIGTERM under load, and a request that never ends', {
      LOG_LEVEL: 'info',
      SHUTDOWN_TIMEOUT_SECONDS: '10',
      JOBS_INTERVAL_SECONDS: '1',
      CATALOG_CACHE_TTL_SECONDS: '0',
    });
  });
  afterAll(() => s?.close());

  it('lets the requests in flight finish, stops the jobs and closes the database within the deadline', async () => {
    await s.start();
    const load = new Load(() => s.url, s.provider, s.variants);
    await load.addShoppers(6);
    load.start();
    await sleep(2_000);

    // Logins are slow (a password hash each, two at a time): requests surely in flight at the signal.
    const logins = load.shoppers.map((shopper, i) =>
      shopper.logIn('slow-login', { 'x-request-id': `slow-login-${i}` }),
    );
    const received = () =>
      s.shop.logs().filter((l) => l.msg === 'incoming request' && String(l.reqId).startsWith('slow-login-')).length;
    await until(() => received() >= 4, 20_000, 'the logins received');
    const inFlight = load.inFlightCount();
    const signalled = Date.now();
    s.shop.child.kill('SIGTERM');
    const exit = await s.shop.exited;
    const tookMs = Date.now() - signalled;
    const answers = await Promise.all(logins);
    await load.stop();

    s.check(
      'it exits with 0 within SHUTDOWN_TIMEOUT_SECONDS',
      exit.code === 0 && tookMs < 10_000,
      `${exit.code} after ${tookMs} ms`,
    );
    // A connection reset is a lost request only if the shop had read it; one it never read
    // (sent in the very last instant) is the client's to retry, as a refused one is.
    const read = new Set(
      s.shop
        .logs()
        .filter((l) => l.msg === 'incoming request')
        .map((l) => String(l.reqId)),
    );
    const dropped = load.tally.resets.filter((r) => read.has(r.id));
    s.check(
      'every request in flight at the signal got its answer',
      answers.every((a) => a.ok) && dropped.length === 0,
      `${inFlight} in flight, of which ${received()} slow logins: ${answers.map((a) => (a.ok ? a.status : a.error)).join(' ')}; ` +
        `dropped after being read: ${dropped.map((r) => r.kind).join(', ') || 'none'}; ` +
        `never read (reset before the shop read them): ${load.tally.resets.length - dropped.length}; ` +
        `refused at the door after it closed: ${load.tally.failures.get('refused') ?? 0}`,
    );
    const logs = s.shop.logs().map((l) => String(l.msg));
    s.check('the log says it stopped', logs.includes('shutting down') && logs.includes('stopped'));
    if (KIND === 'pglite') {
      s.check('the database is closed: its lock file is gone', !s.pgliteLocked);
    } else {
      const left = await shopConnections(s.env.DATABASE_URL!);
      s.check('the database is closed: no connection of the shop is left', left === 0, `${left} left`);
    }

    // Nothing was lost: the shop comes back with everything the shoppers were told.
    await s.start();
    await s.provider.drain();
    await checkInvariants(s, load);

    // A request that never ends (a body that never finishes) cannot hold the shop past its deadline.
    await s.start({ SHUTDOWN_TIMEOUT_SECONDS: '2' });
    const socket = connect(Number(s.env.PORT), '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(
      'POST /api/v1/login HTTP/1.1\r\nHost: shop\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n{',
    );
    await until(
      () => s.shop.logs().filter((l) => l.msg === 'incoming request').length > 0,
      10_000,
      'the slow request received',
    ).catch((err: Error) => {
      throw new Error(`${err.message}\n${s.shop.output().slice(-3000)}`);
    });
    const stuckAt = Date.now();
    s.shop.child.kill('SIGTERM');
    const forced = await s.shop.exited;
    const forcedMs = Date.now() - stuckAt;
    socket.destroy();
    s.check(
      'a request that never ends: the process exits anyway at the deadline, saying so',
      forced.code === 1 &&
        forcedMs >= 2_000 &&
        forcedMs < 6_000 &&
        s.shop.output().includes('did not finish within SHUTDOWN_TIMEOUT_SECONDS'),
      `exit ${forced.code} after ${forcedMs} ms`,
    );
    const back = await s.start();
    s.check('and the shop starts again afterwards', true, `answering ${back} ms after the start`);
    s.report();
  });
});
