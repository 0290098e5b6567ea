import { ErrorBody, LoginResponse, MESSAGES, UserResponse } from '@shop/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../src/modules/accounts/accounts.schema';
import { createTestShop, type TestShop } from './helpers';
import { signUp, uniqueEmail, type Shopper } from './shoppers';

/** The storefront's session cookie (docs/product.md#screens): accepted beside bearer tokens, guarded against other sites. */
let shop: TestShop;
let secureShop: TestShop;
beforeAll(async () => {
  shop = await createTestShop({ PUBLIC_URL: 'http://shop.test:3000' });
  secureShop = await createTestShop({ PUBLIC_URL: 'https://shop.example' });
});
afterAll(async () => {
  await shop?.close();
  await secureShop?.close();
});

const SHOP_ORIGIN = 'http://shop.test:3000';
const cookieOf = (s: Shopper) => ({ cookie: `theme=light; session=${s.token}` });

function addToCart(s: Shopper, headers: Record<string, string>) {
  return shop.app.inject({
    method: 'POST',
    url: '/api/v1/carts',
    headers,
    payload: { product_id: 1, product_variant_id: 1, quantity: 0 },
  });
}

describe('login', () => {
  it("keeps a session a day without 'Remember Me', and SESSION_TTL_DAYS with it or when not asked", async () => {
    const s = await signUp(shop.app, 'remember');
    const days = async (remember?: boolean) => {
      const res = await shop.app.inject({
        method: 'POST',
        url: '/api/v1/login',
        payload: { email: s.email, password: s.password, ...(remember === undefined ? {} : { remember }) },
      });
      const body = LoginResponse.parse(res.json());
      const stored = await shop.database.db.select().from(sessions).where(eq(sessions.userId, s.user.id));
      const mine = stored.find((r) => r.expiresAt.toISOString() === body.expires_at);
      expect(mine, 'expires_at is the stored expiry').toBeDefined();
      return (new Date(body.expires_at).getTime() - Date.now()) / 86_400_000;
    };
    expect(await days(false)).toBeCloseTo(1, 2);
    expect(await days(true)).toBeCloseTo(30, 2);
    expect(await days()).toBeCloseTo(30, 2);
  });

  it('refuses a remember that is not true or false', async () => {
    const res = await shop.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { email: uniqueEmail(), password: 'whatever it is', remember: 'on' },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('the session cookie', () => {
  it('signs in reads, with or without an Origin', async () => {
    const s = await signUp(shop.app, 'cookie-read');
    const me = await shop.app.inject({ url: '/api/v1/user/me', headers: cookieOf(s) });
    expect(me.statusCode, me.body).toBe(200);
    expect(UserResponse.parse(me.json()).user.id).toBe(s.user.id);
  });

  it('prefers the bearer token when both are sent', async () => {
    const [a, b] = [await signUp(shop.app, 'bearer-a'), await signUp(shop.app, 'cookie-b')];
    const me = await shop.app.inject({ url: '/api/v1/user/me', headers: { ...a.auth, ...cookieOf(b) } });
    expect(UserResponse.parse(me.json()).user.id).toBe(a.user.id);
  });

  it("refuses a change made with the cookie from another site, or with no sign of the shop's origin", async () => {
    const s = await signUp(shop.app, 'csrf');
    const attempts: Record<string, string>[] = [
      {},
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { origin: 'http://shop.test:3001' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
    ];
    for (const headers of attempts) {
      const res = await addToCart(s, { ...cookieOf(s), ...headers });
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(ErrorBody.parse(res.json()).message).toBe(MESSAGES.crossSiteRefused);
    }
  });

  it("accepts a change from the shop's own pages", async () => {
    const s = await signUp(shop.app, 'same-origin');
    expect((await addToCart(s, { ...cookieOf(s), origin: SHOP_ORIGIN })).statusCode).toBe(200);
    expect((await addToCart(s, { ...cookieOf(s), 'sec-fetch-site': 'same-origin' })).statusCode).toBe(200);
  });

  it('leaves bearer clients as they are: no Origin needed', async () => {
    const s = await signUp(shop.app, 'bearer-only');
    expect((await addToCart(s, s.auth)).statusCode).toBe(200);
  });

  it('logout with the cookie revokes the session and clears the cookie', async () => {
    const s = await signUp(shop.app, 'cookie-logout');
    const out = await shop.app.inject({
      method: 'POST',
      url: '/api/v1/logout',
      headers: { ...cookieOf(s), origin: SHOP_ORIGIN },
    });
    expect(out.statusCode, out.body).toBe(200);
    expect(out.headers['set-cookie']).toBe('session=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0');
    expect((await shop.app.inject({ url: '/api/v1/user/me', headers: cookieOf(s) })).statusCode).toBe(401);
  });

  it('over https reads only the __Host- cookie, which a subdomain cannot set', async () => {
    const s = await signUp(secureShop.app, 'https');
    const plain = await secureShop.app.inject({ url: '/api/v1/user/me', headers: { cookie: `session=${s.token}` } });
    expect(plain.statusCode).toBe(401);
    const host = await secureShop.app.inject({
      url: '/api/v1/user/me',
      headers: { cookie: `__Host-session=${s.token}` },
    });
    expect(host.statusCode).toBe(200);
  });
});
