import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PublicConfig } from '@shop/contract';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadEnv } from '../src/env';
import { createTestShop, openTestDatabase } from './helpers';

const RAZORPAY_KEYS = {
  RAZORPAY_KEY_ID: 'rzp_test_abc',
  RAZORPAY_KEY_SECRET: 'secret_xyz',
  RAZORPAY_WEBHOOK_SECRET: 'whsec_123',
  RAZORPAY_API_BASE: 'http://127.0.0.1:9',
};

describe('payment provider', () => {
  it('follows PAYMENT_PROVIDER, not the presence of keys', async () => {
    const shop = await createTestShop(RAZORPAY_KEYS);
    try {
      const config = PublicConfig.parse((await shop.app.inject('/api/v1/config')).json());
      expect(config.payment_provider).toBe('test');
      // What an Indian online shop must show, from settings with the demo shop's values as defaults.
      expect(config.seller).toEqual({
        legal_name: 'Little Loom Handcrafts Private Limited',
        address: '14 Artisans Lane, C-Scheme, Jaipur 302001, Rajasthan, India',
        gstin: '08AABCL1234F1Z5',
        email: 'hello@littleloom.example',
        phone: '+91 98290 12345',
      });
      expect(config.grievance_officer).toEqual({
        name: 'Meera Sharma',
        email: 'grievance@littleloom.example',
        phone: '+91 98290 12345',
      });
      expect(config.retention_days).toMatchObject({ page_views: 180, sent_mails: 30 });
      expect(shop.app.ctx.payments.name).toBe('test');
    } finally {
      await shop.close();
    }
  });

  it('with razorpay, the test provider and its unauthenticated pay call do not exist', async () => {
    const shop = await createTestShop({ ...RAZORPAY_KEYS, PAYMENT_PROVIDER: 'razorpay' });
    try {
      expect(PublicConfig.parse((await shop.app.inject('/api/v1/config')).json()).payment_provider).toBe('razorpay');
      expect((await shop.app.inject('/api/v1/test-payments/checkout.js')).statusCode).toBe(404);
      const pay = await shop.app.inject({
        method: 'POST',
        url: '/api/v1/test-payments/pay',
        payload: { order_id: 'order_x', method: 'card', outcome: 'success' },
      });
      expect(pay.statusCode).toBe(404);
    } finally {
      await shop.close();
    }
  });

  it('with test, they do', async () => {
    const shop = await createTestShop();
    try {
      expect((await shop.app.inject('/api/v1/test-payments/checkout.js')).statusCode).toBe(200);
    } finally {
      await shop.close();
    }
  });
});

describe('API docs', () => {
  it('are served unless API_DOCS=false (the default in production)', async () => {
    const on = await createTestShop();
    const off = await createTestShop({ API_DOCS: 'false' });
    try {
      expect((await on.app.inject('/api/docs/json')).statusCode).toBe(200);
      expect((await off.app.inject('/api/docs/json')).statusCode).toBe(404);
      expect((await off.app.inject('/api/docs')).statusCode).toBe(404);
    } finally {
      await on.close();
      await off.close();
    }
  });
});

/** The real app with its log captured, one parsed JSON object per line. */
async function loggedShop() {
  const { database, drop } = await openTestDatabase();
  const lines: string[] = [];
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'shop-log-'));
  const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'info', DATA_DIR: dataDir });
  const app = await buildApp({ env, db: database.db, logStream: { write: (line) => void lines.push(line) } });
  await app.ready();
  return {
    app,
    log: () => lines.map((l) => JSON.parse(l) as { reqId?: string; req?: { url: string }; msg: string }),
    raw: () => lines.join(''),
    close: async () => {
      await app.close();
      await drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

describe('access log', () => {
  it('never records a signature, an email, a code or a token from a query string', async () => {
    const shop = await loggedShop();
    try {
      const secrets = {
        signature: 'c2lnbmF0dXJlLXNlY3JldC12YWx1ZQ',
        email: 'private.person@example.com',
        otp: '493817',
        code: '771234',
        token: 'tok_abcdefghijklmnop',
      };
      await shop.app.inject(`/api/v1/orders/12/invoice?expires=99999999999&signature=${secrets.signature}`);
      await shop.app.inject(`/reset-password?email=${encodeURIComponent(secrets.email)}&otp=${secrets.otp}`);
      await shop.app.inject(`/api/v1/categories?code=${secrets.code}&token=${secrets.token}&page=2`);
      const raw = shop.raw();
      for (const value of Object.values(secrets)) expect(raw).not.toContain(value);
      expect(raw).not.toContain(encodeURIComponent(secrets.email));
      const urls = shop
        .log()
        .map((l) => l.req?.url)
        .filter(Boolean);
      expect(urls).toEqual(
        expect.arrayContaining([
          '/api/v1/orders/12/invoice?expires=99999999999&signature=[redacted]',
          '/reset-password?email=[redacted]&otp=[redacted]',
          '/api/v1/categories?code=[redacted]&token=[redacted]&page=2',
        ]),
      );
    } finally {
      await shop.close();
    }
  });

  it('takes a client x-request-id only when it is short and plain', async () => {
    const shop = await loggedShop();
    try {
      await shop.app.inject({ url: '/api/v1/health', headers: { 'x-request-id': 'edge-42.a_b' } });
      await shop.app.inject({ url: '/api/v1/health', headers: { 'x-request-id': 'forged"} {"admin":true' } });
      await shop.app.inject({ url: '/api/v1/health', headers: { 'x-request-id': 'x'.repeat(65) } });
      const ids = [...new Set(shop.log().map((l) => l.reqId))].filter(Boolean);
      expect(ids).toHaveLength(3);
      expect(ids[0]).toBe('edge-42.a_b');
      for (const id of ids.slice(1)) expect(id).toMatch(/^[0-9a-f-]{36}$/);
    } finally {
      await shop.close();
    }
  });
});
