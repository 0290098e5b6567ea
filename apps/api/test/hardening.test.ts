import { ErrorBody } from '@shop/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, type TestShop } from './helpers';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop({ PUBLIC_URL: 'https://shop.example' });
});
afterAll(() => shop?.close());

describe('hardening', () => {
  it('sends security headers', async () => {
    const res = await shop.app.inject('/api/v1/health');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-site');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it("gives the API's JSON answers a Content-Security-Policy that allows nothing", async () => {
    for (const url of ['/api/v1/categories', '/api/v1/health', '/api/v1/no-such-thing']) {
      const res = await shop.app.inject(url);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    }
  });

  it('allows cross-origin calls only from PUBLIC_URL', async () => {
    const ok = await shop.app.inject({ url: '/api/v1/categories', headers: { origin: 'https://shop.example' } });
    expect(ok.headers['access-control-allow-origin']).toBe('https://shop.example');
    const other = await shop.app.inject({ url: '/api/v1/categories', headers: { origin: 'https://evil.example' } });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await shop.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/carts',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('refuses a body over the limit with 413 and the error shape', async () => {
    const res = await shop.app.inject({
      method: 'POST',
      url: '/api/v1/contacts',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x', email: 'a@b.co', message: 'm'.repeat(200_000) }),
    });
    expect(res.statusCode).toBe(413);
    ErrorBody.parse(res.json());
  });

  it('refuses bodies that are not JSON', async () => {
    const res = await shop.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      headers: { 'content-type': 'text/plain' },
      payload: 'email=a@b.co',
    });
    expect(res.statusCode).toBe(415);
    ErrorBody.parse(res.json());
  });

  it('does not let __proto__ through', async () => {
    const res = await shop.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":"a@b.co","password":"x","__proto__":{"admin":true}}',
    });
    expect(res.statusCode).toBe(400);
    ErrorBody.parse(res.json());
  });
});
