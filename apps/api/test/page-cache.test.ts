import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { gunzipSync } from 'node:zlib';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type ShopApp } from '../src/app';
import type { Db } from '../src/db/client';
import { createCategory, createProduct } from '../src/db/factories';
import { productVariants } from '../src/modules/catalog/catalog.schema';
import { loadEnv } from '../src/env';
import { notifyCatalogChange } from '../src/lib/catalog-changes';
import { webBuildDir } from '../src/modules/web/web.routes';
import { openTestDatabase } from './helpers';
import { placeOrder, setCart, signUp } from './shoppers';

/**
 * The page cache (docs/decisions/0010-page-cache.md) with the storefront's
 * real build (`npm run build` first): what it keeps, for whom, and how a
 * catalogue write reaches every kept page at once.
 */

let app: ShopApp;
let db: Db;
let close: () => Promise<void>;
const tag = randomBytes(3).toString('hex');
let slug: string;
let categorySlug: string;
let variantId: number;
let productId: number;

beforeAll(async () => {
  if (!webBuildDir()) throw new Error('these tests need the storefront build: run `npm run build` first');
  const { database, drop } = await openTestDatabase();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'shop-data-'));
  const env = loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    RATE_LIMIT_SEARCHES_PER_MINUTE: '100000',
    // A shopper orders 6 of a variant at once below (stock 9 → 3).
    MAX_UNPAID_PIECES_PER_VARIANT: '6',
  });
  app = await buildApp({ env, db: database.db, logger: false, serveWeb: true, databaseUrl: database.url });
  await app.ready();
  db = database.db;
  close = async () => {
    await app.close();
    await drop();
    await rm(dataDir, { recursive: true, force: true });
  };
  const category = await createCategory(db, { name: `Cache frocks ${tag}` });
  categorySlug = category.slug;
  const made = await createProduct(db, {
    name: `Kept frock ${tag}`,
    categoryId: category.id,
    variants: [{ size: '2-3Y', color: { name: 'Rose', hex: '#d08080' }, mrp: 1737, stock: 9 }],
  });
  slug = made.variants[0]!.slug;
  productId = made.product.id;
  variantId = made.variants[0]!.id;
  app.ctx.cache.invalidate();
}, 60_000);
afterAll(() => close?.());

const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ url, headers: { 'accept-encoding': 'identity', ...headers } });

/** A price change as every catalogue write makes it (docs/catalog-cache.md): notify inside, invalidate after. */
async function changePrice(rupees: number) {
  await db.transaction(async (tx) => {
    await tx
      .update(productVariants)
      .set({ mrpPaise: rupees * 100, sellingPricePaise: rupees * 100 })
      .where(eq(productVariants.id, variantId));
    await notifyCatalogChange(tx);
  });
  app.ctx.cache.invalidate();
}

describe('the page cache', () => {
  it('puts a price change on every kept page of that product at once', async () => {
    const pages = [
      `/product/${slug}`,
      `/categories/${categorySlug}`,
      `/search?q=${encodeURIComponent(`Kept frock ${tag}`)}`,
      '/shop?sort=newest',
    ];
    for (const url of pages) {
      const first = await get(url);
      expect(first.statusCode, url).toBe(200);
      expect(first.body, url).toContain('₹1,737');
      const again = await get(url);
      expect(again.headers['x-page-cache'], url).toBe('hit');
      expect(again.body).toBe(first.body);
    }
    await changePrice(1263);
    for (const url of pages) {
      const res = await get(url);
      expect(res.headers['x-page-cache'], url).toBe('miss');
      expect(res.body.includes('₹1,263'), url).toBe(true);
      expect(res.body.includes('₹1,737'), url).toBe(false);
    }
  });

  it('keeps each page compressed, and answers If-None-Match with a 304', async () => {
    const url = `/product/${slug}`;
    const plain = await get(url);
    const br = await app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['x-page-cache']).toBe('hit');
    // A hit is written before the rest of Fastify runs: with the shop's security headers all the same.
    expect(br.headers['x-content-type-options']).toBe('nosniff');
    expect(br.headers['strict-transport-security']).toContain('max-age=');
    expect(br.headers['content-security-policy']).toMatch(/script-src 'sha256-/);
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    const gz = await app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    for (const res of [plain, br, gz]) {
      expect(res.headers['cache-control']).toBe('public, max-age=0, s-maxage=10, stale-while-revalidate=30');
      expect(res.headers.vary).toBe('Accept-Encoding, Cookie');
      expect(res.headers.etag).toBe(plain.headers.etag);
    }
    expect(plain.headers.etag).toMatch(/^W\/"[\w-]{20}"$/);
    const fresh = await get(url, { 'if-none-match': String(plain.headers.etag) });
    expect(fresh.statusCode).toBe(304);
    expect(fresh.body).toBe('');
    expect(fresh.headers.etag).toBe(plain.headers.etag);
    // Parameters in another order are the same page.
    await get('/shop?sort=popular&page=1');
    expect((await get('/shop?page=1&sort=popular')).headers['x-page-cache']).toBe('hit');
  });

  it("allows a kept page's inline scripts by their hashes, and carries no nonce", async () => {
    const res = await get('/');
    expect((await get('/')).headers['x-page-cache']).toBe('hit');
    const policy = String(res.headers['content-security-policy']);
    expect(policy).not.toContain("'nonce-");
    expect(res.body).not.toMatch(/\snonce="/);
    const inline = [
      ...res.body.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*application\/ld\+json)[^>]*>([\s\S]*?)<\/script>/g),
    ]
      .map((m) => m[1]!)
      .filter(Boolean);
    // React Router's context and module script, the scroll restoration, the one that starts them after load.
    expect(inline.length).toBeGreaterThanOrEqual(3);
    for (const text of inline) {
      expect(policy).toContain(`'sha256-${createHash('sha256').update(text).digest('base64')}'`);
    }
    expect(res.body).toContain('type="module/deferred"');
  });

  it('gives signed-in shoppers the page kept for what it shows of them, each with their own account', async () => {
    const url = `/product/${slug}`;
    const asha = await signUp(app, 'shared-a');
    const ravi = await signUp(app, 'shared-b');
    await app.inject({
      method: 'PUT',
      url: '/api/v1/user/update',
      headers: ravi.auth,
      payload: { id: ravi.user.id, name: '</script><script>alert(1)</script>' },
    });
    const as = (shopper: typeof asha, headers: Record<string, string> = {}) =>
      get(url, { cookie: `_ga=GA1.1.1; session=${shopper.token}`, ...headers });
    const block = (body: string) =>
      JSON.parse(/<script type="application\/json" id="shopper-data">(.*?)<\/script>/.exec(body)![1]!) as {
        email: string;
      };

    const first = await as(asha);
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-page-cache']).toBe('shared-miss');
    expect(first.headers['cache-control']).toBe('private, no-store');
    expect(first.headers.vary).toContain('Cookie');
    expect(first.headers['content-security-policy']).toMatch(/script-src 'sha256-/);
    expect(block(first.body).email).toBe(asha.user.email);
    // Their account is in the data block alone: the page around it is everyone's with an empty cart.
    expect(first.body.split(asha.user.email)).toHaveLength(2);

    // Another shopper with the same (empty) cart and wishlist: the same page, with their account, nothing of hers.
    const other = await as(ravi);
    // Kept from her request: not rendered again.
    expect(other.headers['x-page-cache']).toBe('shared-hit');
    expect(block(other.body).email).toBe(ravi.user.email);
    for (const secret of [asha.user.email, asha.token, ravi.token]) expect(other.body.includes(secret)).toBe(false);
    // A name cannot close the data block or start a script of its own.
    expect(other.body).not.toContain('<script>alert(1)');
    const around = (body: string) =>
      body.replace(/<script type="application\/json" id="shopper-data">.*?<\/script>/, '');
    expect(around(other.body)).toBe(around(first.body));

    // Gzipped as it goes, without compressing the page again: the same bytes once unzipped.
    const gz = await app.inject({
      url,
      headers: { cookie: `session=${ravi.token}`, 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString('utf8')).toBe(other.body);

    // Her cart is hers: her page shows it, his does not.
    await setCart(app, asha, productId, variantId, 2);
    const hers = await as(asha);
    expect(hers.body).toMatch(/In your cart(?:<!-- -->)? \(2\)/);
    expect((await as(ravi)).body).not.toContain('In your cart');
    // His wishlist is his: the heart is filled on his page alone.
    const wished = await app.inject({
      method: 'POST',
      url: '/api/v1/wishlist',
      headers: ravi.auth,
      payload: { product_id: productId, product_variant_id: variantId },
    });
    expect(wished.statusCode).toBeLessThan(300);
    expect((await as(ravi)).body).toContain('Remove from wishlist');
    expect((await as(asha)).body).not.toContain('Remove from wishlist');

    // A message left for the next page makes the page the request's own, rendered with a nonce.
    const flash = await get(url, { cookie: `session=${asha.token}; flash=x` });
    expect(flash.headers['x-page-cache']).toBeUndefined();
    expect(flash.headers['content-security-policy']).toMatch(/'nonce-/);
    // A session that has ended is no one's: rendered, and its cookie cleared.
    const ended = await get(url, { cookie: 'session=' + 'x'.repeat(43) });
    expect(ended.headers['x-page-cache']).toBeUndefined();
    expect(String(ended.headers['set-cookie'])).toMatch(/^session=;/);
    // Only the server says a page is for sharing: a shopper asking gets their own account all the same.
    const asked = await get(url, { cookie: `session=${asha.token}; flash=x`, 'x-shop-shared-page': '1' });
    expect(asked.body).not.toContain('shopper-data');

    // The anonymous page holds nothing of theirs: not their name, address, cart or session.
    await changePrice(1489); // a fresh render, after the signed-in ones
    const anonymous = await get(url);
    expect(anonymous.headers['x-page-cache']).toBe('miss');
    // On PostgreSQL the price change's notice comes back to this process a moment later and empties the cache again.
    await expect.poll(async () => (await get(url)).headers['x-page-cache'], { timeout: 5000 }).toBe('hit');
    const kept = await get(url, { cookie: '_ga=GA1.1.123; _gid=GA1.1.456' });
    expect(kept.headers['x-page-cache']).toBe('hit');
    for (const page of [anonymous.body, kept.body]) {
      expect(page.includes(asha.user.email)).toBe(false);
      expect(page.includes(asha.token)).toBe(false);
      expect(page).not.toMatch(/"user",\{|"cart",\[\{/);
    }
  });

  it("gives a signed-in shopper's page a price change and a stock move at once, though renders share catalogue answers", async () => {
    const shopper = await signUp(app, 'renders');
    const url = `/product/${slug}`;
    const mine = () => get(url, { cookie: `session=${shopper.token}` });
    await changePrice(1611);
    expect((await mine()).body).toContain('₹1,611');
    // The next render takes the product, the header's categories and the neighbours from what the first kept.
    expect((await mine()).body).toContain('₹1,611');
    await changePrice(1702);
    const priced = (await mine()).body;
    expect(priced).toContain('₹1,702');
    expect(priced).not.toContain('₹1,611');
    // A stock move forgets only the product's own answer (listings show in stock or not): its number is new at once.
    await setCart(app, shopper, productId, variantId, 6); // 9 → 3
    const order = await placeOrder(app, shopper);
    expect((await mine()).body).toContain('Only <!-- -->3<!-- --> left');
    const cancelled = await app.inject({
      method: 'POST',
      url: '/api/v1/orders/cancel',
      headers: shopper.auth,
      payload: { order_id: order.id },
    });
    expect(cancelled.statusCode).toBe(200); // 3 → 9
    expect((await mine()).body).not.toContain('Only <!-- -->3<!-- --> left');
  });

  it('keeps no error, redirect or signed-in page', async () => {
    const missing = await get('/product/no-such-frock');
    expect(missing.statusCode).toBe(404);
    expect((await get('/product/no-such-frock')).headers['x-page-cache']).toBeUndefined();
    // A buyer's page: anonymous, it sends to log in; never kept.
    const orders = await get('/orders');
    expect(orders.statusCode).toBe(302);
    expect(orders.headers['x-page-cache']).toBeUndefined();
    expect(orders.headers['cache-control']).toBe('private, no-store');
    // The cart shows a visitor the empty cart (a guest's begins at Add to Cart), and is not kept either.
    await get('/cart');
    const cart = await get('/cart');
    expect(cart.statusCode).toBe(200);
    expect(cart.headers['x-page-cache']).toBeUndefined();
  });
});

describe('orders moving stock', () => {
  it("re-render only that product's pages, until a variant sells out or comes back", async () => {
    const listing = `/categories/${categorySlug}`;
    const product = `/product/${slug}`;
    const { data } = (await app.inject('/api/v1/products/productvariant')).json<{
      data: { products: { id: number }; product_variants: { slug: string } }[];
    }>();
    const other = `/product/${data.find((i) => i.products.id !== productId)!.product_variants.slug}`;
    const warm = async () => {
      for (const url of ['/', listing, product, other]) await get(url);
      for (const url of ['/', listing, product, other]) {
        expect((await get(url)).headers['x-page-cache'], url).toBe('hit');
      }
    };
    await warm();
    expect((await get(product)).body).toContain('In stock');
    // A sale that leaves plenty (above the low-stock threshold, 3) changes nothing any page shows.
    const first = await signUp(app, 'plenty');
    await setCart(app, first, productId, variantId, 1); // 9 → 8
    await placeOrder(app, first);
    for (const url of ['/', listing, product, other]) {
      expect((await get(url)).headers['x-page-cache'], url).toBe('hit');
    }
    const buyer = await signUp(app, 'stock');
    await setCart(app, buyer, productId, variantId, 5); // 8 → 3: still in stock, and few now
    const order = await placeOrder(app, buyer);
    expect((await get(listing)).headers['x-page-cache']).toBe('hit');
    expect((await get('/')).headers['x-page-cache']).toBe('hit');
    expect((await get(other)).headers['x-page-cache']).toBe('hit'); // another product's stock did not move
    const page = await get(product);
    expect(page.headers['x-page-cache']).toBe('miss');
    expect(page.body).toContain('Only <!-- -->3<!-- --> left');

    // The last pieces: every listing now shows it sold out.
    const last = await signUp(app, 'last');
    await setCart(app, last, productId, variantId, 3);
    await placeOrder(app, last);
    expect((await get(listing)).headers['x-page-cache']).toBe('miss');
    expect((await get(product)).body).not.toContain('Only <!-- -->3<!-- --> left');

    // A cancellation that brings it back drops them all again.
    await warm();
    const cancel = (shopper: typeof buyer, id: number) =>
      app.inject({ method: 'POST', url: '/api/v1/orders/cancel', headers: shopper.auth, payload: { order_id: id } });
    expect((await cancel(buyer, order.id)).statusCode).toBe(200); // 0 → 5
    expect((await get(listing)).headers['x-page-cache']).toBe('miss');
  });
});

describe('catalogue answers for a CDN', () => {
  it('carry public caching, an ETag, and a 304 for a client that has it', async () => {
    const url = `/api/v1/product/${slug}`;
    const res = await app.inject(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=0, s-maxage=10, stale-while-revalidate=30');
    expect(res.headers.etag).toMatch(/^"[\w-]{20}"$/);
    const again = await app.inject({ url, headers: { 'if-none-match': String(res.headers.etag) } });
    expect(again.statusCode).toBe(304);
    await changePrice(1391);
    const changed = await app.inject({ url, headers: { 'if-none-match': String(res.headers.etag) } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(res.headers.etag);
  });
});
