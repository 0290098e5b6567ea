import { readFileSync } from 'node:fs';
import { parseEnv } from 'node:util';
import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from './env';
import { configurationProblems } from './env-rules';

describe('loadEnv', () => {
  it('fills every default', () => {
    const env = loadEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATA_DIR).toBe('./data');
    expect(env.DEMO_DATA).toBe(true);
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('reads booleans and numbers', () => {
    const env = loadEnv({ DEMO_DATA: 'false', PORT: '8080', DATABASE_URL: 'postgres://u@h:5432/db' });
    expect(env.DEMO_DATA).toBe(false);
    expect(env.PORT).toBe(8080);
    expect(env.DATABASE_URL).toBe('postgres://u@h:5432/db');
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['DEMO_DATA', 'perhaps'],
    ['DATABASE_URL', 'mysql://x'],
    ['PUBLIC_URL', 'not a url'],
    ['ADMIN_EMAIL', 'nobody'],
    ['ADMIN_PASSWORD_RESET', 'please'],
    ['LOG_LEVEL', 'loud'],
  ])('refuses a bad %s, naming it', (name, value) => {
    expect(() => loadEnv({ [name]: value })).toThrow(EnvError);
    expect(() => loadEnv({ [name]: value })).toThrow(new RegExp(`${name}:`));
  });

  it('starts from .env.example as it is, with the same settings as no file at all', () => {
    const example = parseEnv(readFileSync(new URL('../../../.env.example', import.meta.url), 'utf8'));
    expect(loadEnv(example)).toEqual(loadEnv({}));
  });

  it("resets the owner's password only when asked, and only with the owner's settings to reset it from", () => {
    expect(loadEnv({}).ADMIN_PASSWORD_RESET).toBe(false);
    const owner = { ADMIN_EMAIL: 'owner@shop.example', ADMIN_PASSWORD: 'a long password' };
    expect(loadEnv({ ...owner, ADMIN_PASSWORD_RESET: 'true' }).ADMIN_PASSWORD_RESET).toBe(true);
    expect(() => loadEnv({ ADMIN_PASSWORD_RESET: 'true' })).toThrow(
      /ADMIN_PASSWORD_RESET: needs ADMIN_EMAIL and ADMIN_PASSWORD/,
    );
  });

  it('treats an empty DATABASE_URL as unset', () => {
    expect(loadEnv({ DATABASE_URL: '' }).DATABASE_URL).toBeUndefined();
  });

  it("compiles the embedded database's WebAssembly on one thread at a time unless told", () => {
    expect(loadEnv({}).PGLITE_COMPILE_TASKS).toBe(1);
    expect(loadEnv({ PGLITE_COMPILE_TASKS: '4' }).PGLITE_COMPILE_TASKS).toBe(4);
    for (const bad of ['0', 'many', '1.5', '129']) {
      expect(() => loadEnv({ PGLITE_COMPILE_TASKS: bad })).toThrow(/PGLITE_COMPILE_TASKS:/);
    }
  });
});

/** A production configuration with nothing missing. */
const PRODUCTION = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://shop.example',
  SMTP_URL: 'smtps://user:pass@mail.example:465',
  PAYMENT_PROVIDER: 'razorpay',
  RAZORPAY_KEY_ID: 'rzp_live_abc',
  RAZORPAY_KEY_SECRET: 'live_secret',
  RAZORPAY_WEBHOOK_SECRET: 'whsec_live',
  SHOP_EMAIL: 'orders@shop.example',
};

/** The problem lines of a refused configuration. */
function problems(source: Record<string, string>): string[] {
  try {
    loadEnv(source);
  } catch (err) {
    if (err instanceof EnvError) return err.message.split('\n').slice(1);
    throw err;
  }
  return [];
}

describe('payment provider', () => {
  it('is the test provider outside production, whatever keys are set', () => {
    expect(loadEnv({}).PAYMENT_PROVIDER).toBe('test');
    expect(loadEnv({ RAZORPAY_KEY_ID: 'rzp_test_a', RAZORPAY_KEY_SECRET: 's' }).PAYMENT_PROVIDER).toBe('test');
  });

  it('is razorpay when asked, which needs both keys', () => {
    expect(
      loadEnv({ PAYMENT_PROVIDER: 'razorpay', RAZORPAY_KEY_ID: 'rzp_test_a', RAZORPAY_KEY_SECRET: 's' }),
    ).toMatchObject({ PAYMENT_PROVIDER: 'razorpay' });
    expect(problems({ PAYMENT_PROVIDER: 'razorpay', RAZORPAY_KEY_ID: 'rzp_test_a' })).toEqual([
      '  RAZORPAY_KEY_SECRET: required with PAYMENT_PROVIDER=razorpay',
    ]);
    expect(problems({ PAYMENT_PROVIDER: 'paypal' })).toEqual(['  PAYMENT_PROVIDER: must be razorpay or test']);
  });
});

describe('production', () => {
  it('starts with live Razorpay keys, mail and a public address; no demo data nor API docs unless asked', () => {
    const env = loadEnv(PRODUCTION);
    expect(env).toMatchObject({ PAYMENT_PROVIDER: 'razorpay', DEMO_DATA: false, API_DOCS: false });
    expect(loadEnv({ ...PRODUCTION, DEMO_DATA: 'true', API_DOCS: 'true' })).toMatchObject({
      DEMO_DATA: true,
      API_DOCS: true,
    });
    expect(loadEnv({ NODE_ENV: 'test' })).toMatchObject({ DEMO_DATA: true, API_DOCS: true });
  });

  it('names every missing setting at once, one line each', () => {
    const lines = problems({ NODE_ENV: 'production' });
    expect(lines.map((l) => l.trim().split(':')[0])).toEqual([
      'PAYMENT_PROVIDER',
      'RAZORPAY_KEY_ID',
      'RAZORPAY_KEY_SECRET',
      'RAZORPAY_WEBHOOK_SECRET',
      'PUBLIC_URL',
      'SHOP_EMAIL',
      'SMTP_URL',
    ]);
  });

  it.each([
    ['PAYMENT_PROVIDER', { PAYMENT_PROVIDER: 'test' }, /test provider takes no money/],
    ['RAZORPAY_KEY_ID', { RAZORPAY_KEY_ID: 'rzp_test_abc' }, /rzp_test_/],
    ['RAZORPAY_KEY_ID', { RAZORPAY_KEY_ID: '' }, /required/],
    ['RAZORPAY_KEY_SECRET', { RAZORPAY_KEY_SECRET: ' ' }, /required/],
    ['RAZORPAY_WEBHOOK_SECRET', { RAZORPAY_WEBHOOK_SECRET: '' }, /required in production/],
    ['PUBLIC_URL', { PUBLIC_URL: 'http://localhost:3000' }, /not http:\/\/localhost:3000/],
    ['PUBLIC_URL', { PUBLIC_URL: 'http://127.0.0.1:8080' }, /public address/],
    ['PUBLIC_URL', { PUBLIC_URL: 'http://[::1]:3000' }, /public address/],
    ['PUBLIC_URL', { PUBLIC_URL: 'http://shop.example' }, /https:\/\/ address .*not http:\/\/shop\.example/],
    ['REDIS_URL', { DATABASE_URL: 'postgres://u@h/db', WORKERS: '2' }, /WORKERS=2\).*set REDIS_URL, or WORKERS=1/],
    ['SMTP_URL', { SMTP_URL: '' }, /required in production/],
    ['SHOP_EMAIL', { SHOP_EMAIL: '' }, /required in production/],
  ])('refuses a bad %s', (name, change, message) => {
    const lines = problems({ ...PRODUCTION, ...change });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^  ${name}: `));
    expect(lines[0]).toMatch(message);
  });

  it('takes several processes on PostgreSQL only with REDIS_URL, which shares their rate-limit counters', () => {
    const server = { ...PRODUCTION, DATABASE_URL: 'postgres://u@h/db' };
    // WORKERS unset: one per core.
    expect(configurationProblems(server, 4)).toEqual([
      expect.stringMatching(/^REDIS_URL: .*WORKERS defaults to one per core: 4\).* 4 times as many attempts/),
    ]);
    expect(configurationProblems(server, 1)).toEqual([]);
    expect(configurationProblems({ ...server, REDIS_URL: 'redis://127.0.0.1:6379' }, 4)).toEqual([]);
    expect(configurationProblems({ ...server, WORKERS: '1' }, 4)).toEqual([]);
    // PGlite is one process anyway (WORKERS > 1 has its own refusal); outside production nothing changes.
    expect(configurationProblems({ ...PRODUCTION, WORKERS: '2' }, 4)).toEqual([
      expect.stringMatching(/^WORKERS: the embedded database/),
    ]);
    expect(configurationProblems({ NODE_ENV: 'test', DATABASE_URL: 'postgres://u@h/db', WORKERS: '2' }, 4)).toEqual([]);
  });

  it('reports a malformed value together with the production problems', () => {
    const lines = problems({ ...PRODUCTION, PORT: 'eighty', SMTP_URL: '' });
    expect(lines.map((l) => l.trim().split(':')[0])).toEqual(['PORT', 'SMTP_URL']);
  });
});

describe('the test provider on a public address', () => {
  it('is refused outside production, naming the two ways out', () => {
    for (const PUBLIC_URL of ['https://shop.example', 'http://203.0.113.7:3000', 'http://shop.example']) {
      const lines = problems({ PUBLIC_URL });
      expect(lines, PUBLIC_URL).toHaveLength(1);
      expect(lines[0]).toMatch(/^ {2}PAYMENT_PROVIDER: the built-in test provider lets anyone mark an order paid/);
      expect(lines[0]).toContain(`PUBLIC_URL ${PUBLIC_URL} is a public address`);
      expect(lines[0]).toMatch(/NODE_ENV=production with the Razorpay keys.*or use a local PUBLIC_URL/);
    }
    expect(
      problems({ PUBLIC_URL: 'https://shop.example', NODE_ENV: 'development', PAYMENT_PROVIDER: 'test' }),
    ).toHaveLength(1);
  });

  it('is the demo on a local address: localhost, 127.0.0.0/8, ::1, *.localhost', () => {
    for (const PUBLIC_URL of [
      'http://localhost:3000',
      'http://127.0.0.1:8080',
      'http://127.1.2.3',
      'http://[::1]:3000',
      'http://shop.localhost:3000',
    ]) {
      expect(loadEnv({ PUBLIC_URL }).PAYMENT_PROVIDER, PUBLIC_URL).toBe('test');
    }
    expect(loadEnv({}).PAYMENT_PROVIDER).toBe('test'); // `npm start` on a fresh clone
  });

  it("does not concern razorpay, nor the shop's own tests (NODE_ENV=test)", () => {
    const razorpay = { PAYMENT_PROVIDER: 'razorpay', RAZORPAY_KEY_ID: 'rzp_test_a', RAZORPAY_KEY_SECRET: 's' };
    expect(problems({ ...razorpay, PUBLIC_URL: 'https://shop.example' })).toEqual([]);
    expect(problems({ NODE_ENV: 'test', PUBLIC_URL: 'https://shop.example' })).toEqual([]);
  });
});

describe('TRUST_PROXY', () => {
  it('is off by default, and takes a number of proxies or their addresses', () => {
    expect(loadEnv({}).TRUST_PROXY).toBe(false);
    expect(loadEnv({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadEnv({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadEnv({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1,fd00::/8,loopback' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('refuses true, saying what to set instead', () => {
    const [line] = problems({ TRUST_PROXY: 'true' });
    expect(line).toMatch(/^ {2}TRUST_PROXY: true would believe any X-Forwarded-For/);
    expect(line).toMatch(/number of proxies .*e\.g\. 1.* addresses/);
  });

  it.each(['10.0.0.0/33', 'proxy.example', '1.2.3', '99'])('refuses %s', (value) => {
    expect(problems({ TRUST_PROXY: value })[0]).toMatch(/^ {2}TRUST_PROXY: must be a number of proxies/);
  });
});
