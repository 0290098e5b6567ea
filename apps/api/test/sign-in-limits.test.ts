import { MESSAGES } from '@shop/contract';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneTimeCodes } from '../src/modules/accounts/accounts.schema';
import { passwordHashing } from '../src/modules/accounts/password';
import { issueCode } from '../src/modules/accounts/otp.service';
import { createTestShop, expectError, type TestShop } from './helpers';
import { signUp, uniqueEmail } from './shoppers';

/**
 * One shop for the tests that set no limits of their own. Its per-address limits
 * stay high (helpers.ts); the limits on one email are the defaults.
 */
let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop({ RATE_LIMIT_OTP_CHECKS_PER_EMAIL: '1000' });
});
afterAll(() => shop?.close());

type Inject = (ip: string) => Promise<LightMyRequestResponse>;
const post = (app: TestShop, url: string, payload: object, ip = '127.0.0.1', headers = {}) =>
  app.app.inject({ method: 'POST', url: `/api/v1${url}`, payload, remoteAddress: ip, headers });
const statuses = (responses: LightMyRequestResponse[]) => responses.map((r) => r.statusCode);
const count = (responses: LightMyRequestResponse[], status: number) =>
  responses.filter((r) => r.statusCode === status).length;

async function withShop(overrides: Record<string, string>, test: (local: TestShop) => Promise<void>) {
  const local = await createTestShop(overrides);
  try {
    await test(local);
  } finally {
    await local.close();
  }
}

describe('one-time codes', () => {
  it('compares at most five wrong guesses of a code, however many arrive at once', async () => {
    const shopper = await signUp(shop.app, 'otp-race');
    const code = await issueCode(shop.database.db, shopper.user.id, 'password_reset', 10);
    const wrong = (i: number) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');
    const guesses = [
      ...Array.from({ length: 10 }, (_, i) => wrong(i)),
      code,
      ...Array.from({ length: 10 }, (_, i) => wrong(10 + i)),
    ];
    const answers = await Promise.all(
      guesses.map((otp) => post(shop, '/verify-forgot-otp', { email: shopper.email, otp })),
    );
    // Compared and wrong: 'Invalid Otp !'; the rest were refused uncompared ('Otp Expired !') or right (200).
    const wrongCompared = answers.filter((r) => r.json<{ message: string }>().message === MESSAGES.invalidOtp);
    expect(wrongCompared.length, statuses(answers).join(',')).toBe(5);
    for (const r of answers) if (!wrongCompared.includes(r) && r.statusCode !== 200) expectError(r, 400);
    const [row] = await shop.database.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.userId, shopper.user.id));
    expect(row!.attempts).toBe(5);
  });

  it('a right code does not use up a try: four typos, then check and reset', async () => {
    const shopper = await signUp(shop.app, 'otp-typos');
    const code = await issueCode(shop.database.db, shopper.user.id, 'password_reset', 10);
    const typo = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < 4; i += 1) {
      expect((await post(shop, '/verify-forgot-otp', { email: shopper.email, otp: typo })).statusCode).toBe(400);
    }
    expect((await post(shop, '/verify-forgot-otp', { email: shopper.email, otp: code })).statusCode).toBe(200);
    const reset = await post(shop, '/reset-password', { email: shopper.email, otp: code, new_password: 'after typos' });
    expect(reset.statusCode, reset.body).toBe(200);
  });

  it('lets the shopper check the code, then use it to reset', async () => {
    const shopper = await signUp(shop.app, 'otp-flow');
    const code = await issueCode(shop.database.db, shopper.user.id, 'password_reset', 10);
    expect(
      (await post(shop, '/verify-forgot-otp', { email: shopper.email, otp: '000000' === code ? '111111' : '000000' }))
        .statusCode,
    ).toBe(400);
    expect((await post(shop, '/verify-forgot-otp', { email: shopper.email, otp: code })).statusCode).toBe(200);
    const reset = await post(shop, '/reset-password', {
      email: shopper.email,
      otp: code,
      new_password: 'a new password',
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await post(shop, '/login', { email: shopper.email, password: 'a new password' })).statusCode).toBe(200);
  });

  it('limits checks per email, from every address', () =>
    withShop({ RATE_LIMIT_OTP_CHECKS_PER_EMAIL: '3' }, async (local) => {
      const shopper = await signUp(local.app, 'otp-email');
      await issueCode(local.database.db, shopper.user.id, 'password_reset', 10);
      const check: Inject = (ip) => post(local, '/verify-forgot-otp', { email: shopper.email, otp: '000000' }, ip);
      for (const ip of ['198.51.100.1', '198.51.100.2', '198.51.100.3']) expect((await check(ip)).statusCode).toBe(400);
      expectError(await check('198.51.100.4'), 429);
    }));
});

describe('login lockout', () => {
  it('counts guesses before comparing them: twenty at once get at most five comparisons', () =>
    withShop({}, async (local) => {
      const shopper = await signUp(local.app, 'login-race');
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => post(local, '/login', { email: shopper.email, password: 'not my password' })),
      );
      expect(count(answers, 401), statuses(answers).join(',')).toBeLessThanOrEqual(5);
      expect(count(answers, 401) + count(answers, 429)).toBe(20);
    }));

  it("locks a stranger's address, not the shopper's, out of login and reset", () =>
    withShop({}, async (local) => {
      const shopper = await signUp(local.app, 'stranger');
      const stranger = '203.0.113.66';
      for (let i = 0; i < 5; i += 1) {
        expect((await post(local, '/login', { email: shopper.email, password: 'guess' }, stranger)).statusCode).toBe(
          401,
        );
      }
      expectError(await post(local, '/login', { email: shopper.email, password: shopper.password }, stranger), 429);
      const home = '198.51.100.20';
      expect((await post(local, '/login', { email: shopper.email, password: shopper.password }, home)).statusCode).toBe(
        200,
      );
      expect((await post(local, '/forgot-password-otp', { email: shopper.email }, home)).statusCode).toBe(200);
    }));

  it('keeps a ceiling per email over every address', () =>
    withShop(
      { RATE_LIMIT_LOGIN_FAILURES_PER_EMAIL_IP: '2', RATE_LIMIT_LOGIN_FAILURES_PER_EMAIL: '5' },
      async (local) => {
        const shopper = await signUp(local.app, 'ceiling');
        const attempt = (ip: string, password = 'guess') =>
          post(local, '/login', { email: shopper.email, password }, ip);
        for (const ip of ['192.0.2.1', '192.0.2.1', '192.0.2.2', '192.0.2.2', '192.0.2.3']) {
          expect((await attempt(ip)).statusCode).toBe(401);
        }
        // A locked address no longer counts towards the ceiling...
        expectError(await attempt('192.0.2.1'), 429);
        // ...but five failures in all lock the email everywhere.
        expectError(await attempt('192.0.2.9', shopper.password), 429);
      },
    ));

  it('takes back the count of a right password', () =>
    withShop(
      { RATE_LIMIT_LOGIN_FAILURES_PER_EMAIL_IP: '3', RATE_LIMIT_LOGIN_FAILURES_PER_EMAIL: '3' },
      async (local) => {
        const shopper = await signUp(local.app, 'right');
        const attempt = (password: string) => post(local, '/login', { email: shopper.email, password });
        for (let i = 0; i < 4; i += 1) expect((await attempt(shopper.password)).statusCode).toBe(200);
        expect((await attempt('wrong')).statusCode).toBe(401);
        expect((await attempt('wrong')).statusCode).toBe(401);
        expect((await attempt(shopper.password)).statusCode).toBe(200);
      },
    ));
});

describe('client addresses', () => {
  it('limits IPv6 clients per /64', () =>
    withShop({ RATE_LIMIT_LOGINS_PER_IP: '2' }, async (local) => {
      const attempt: Inject = (ip) => post(local, '/login', { email: uniqueEmail('v6'), password: 'whatever' }, ip);
      expect((await attempt('2001:db8:1:2::1')).statusCode).toBe(401);
      expect((await attempt('2001:db8:1:2:ffff:ffff:ffff:9')).statusCode).toBe(401);
      expectError(await attempt('2001:db8:1:2::abcd'), 429);
      expect((await attempt('2001:db8:1:3::1')).statusCode).toBe(401);
    }));

  it('with TRUST_PROXY=1, takes the address the proxy saw, whatever the client wrote before it', () =>
    withShop({ RATE_LIMIT_LOGINS_PER_IP: '1', TRUST_PROXY: '1' }, async (local) => {
      const attempt = (forwarded: string) =>
        post(local, '/login', { email: uniqueEmail('xff'), password: 'whatever' }, '10.0.0.5', {
          'x-forwarded-for': forwarded,
        });
      expect((await attempt('1.1.1.1, 203.0.113.7')).statusCode).toBe(401);
      expectError(await attempt('9.9.9.9, 203.0.113.7'), 429);
      expect((await attempt('203.0.113.8')).statusCode).toBe(401);
    }));
});

describe('limits where there were none', () => {
  it('limits registrations per address', () =>
    withShop({ RATE_LIMIT_REGISTRATIONS_PER_IP: '2' }, async (local) => {
      const register: Inject = (ip) =>
        post(local, '/register', { email: uniqueEmail('reg'), password: 'long enough' }, ip);
      expect((await register('198.51.100.30')).statusCode).toBe(201);
      expect((await register('198.51.100.30')).statusCode).toBe(201);
      expectError(await register('198.51.100.30'), 429);
      expect((await register('198.51.100.31')).statusCode).toBe(201);
    }));

  it('limits searches per address and minute', () =>
    withShop({ RATE_LIMIT_SEARCHES_PER_MINUTE: '3' }, async (local) => {
      const search: Inject = (ip) =>
        local.app.inject({ url: '/api/v1/products/search?query=frock', remoteAddress: ip });
      for (let i = 0; i < 3; i += 1) expect((await search('198.51.100.40')).statusCode).toBe(200);
      expectError(await search('198.51.100.40'), 429);
      expect((await search('198.51.100.41')).statusCode).toBe(200);
    }));

  it('hashes at most two passwords at a time; a flood waits, and past the queue is told to come back', async () => {
    let peak = 0;
    const watch = setInterval(() => (peak = Math.max(peak, passwordHashing.active)), 1);
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        post(shop, '/register', { email: uniqueEmail('flood'), password: 'long enough' }),
      ),
    );
    clearInterval(watch);
    expect(statuses(answers)).toEqual(Array(12).fill(201));
    expect(peak).toBeGreaterThan(0);
    expect(peak).toBeLessThanOrEqual(2);

    // Fill the gate and its queue, then one more sign-up.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const holders = Array.from({ length: passwordHashing.limit + passwordHashing.queue }, () =>
      passwordHashing.run(() => held),
    );
    try {
      const refused = await post(shop, '/register', { email: uniqueEmail('busy'), password: 'long enough' });
      expect(expectError(refused, 503).message).toBe(MESSAGES.busy);
    } finally {
      release();
      await Promise.all(holders);
    }
  });
});
