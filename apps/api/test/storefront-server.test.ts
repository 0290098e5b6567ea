import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp, type ShopApp } from '../src/app';
import { loadEnv } from '../src/env';
import { registerWeb } from '../src/modules/web/web.routes';
import { openTestDatabase } from './helpers';

/**
 * A storefront build of a few routes, written for these tests: the server side
 * of web.routes.ts (its mode, addresses, nonces and headers) runs for real
 * without building the web app. Its entry writes out what React Router hands
 * it, so whatever would reach a page is in the body.
 */
const FAKE_BUILD = `
const page = (request, status, headers, context, loadContext) => {
  headers.set('content-type', 'text/html');
  const n = loadContext.cspNonce;
  const data = context.staticHandlerContext.loaderData['routes/page'];
  return new Response(
    '<!DOCTYPE html><html><head><link rel="canonical" href="' + (data ? data.url : '') + '"/>' +
    '<link rel="modulepreload" href="/assets/entry.js" nonce="' + n + '"/></head><body>' +
    '<pre>' + Object.values(context.staticHandlerContext.errors || {}).map((e) => e.message + ' ' + e.stack).join() + '</pre>' +
    ((context.staticHandlerContext.loaderData['routes/about'] || {}).content || '') +
    '<script nonce="' + n + '">window.__reactRouterContext = ' + context.serverHandoffString + ';</script>' +
    '<script nonce="' + n + '" type="module" async="">import "/assets/entry.js";</script></body></html>',
    { status, headers },
  );
};
const route = (id, path, module) => ({ id, parentId: 'root', path, module });
const fail = (what) => () => { throw new Error(what + ': password authentication failed for user "shop" at /srv/shop/db.ts:42'); };
export const entry = { module: { default: page } };
export const routes = {
  root: { id: 'root', path: '', module: { default: () => null } },
  'routes/page': route('routes/page', 'page', { default: () => null, loader: ({ request }) => ({ url: request.url }) }),
  // A page everyone shares (kept by the page cache) whose content carries a script of its own.
  'routes/about': route('routes/about', 'about', {
    default: () => null,
    loader: () => ({ content: '<p>About us</p><script>alert("from content")</script>' }),
  }),
  'routes/boom': route('routes/boom', 'boom', { default: () => null, loader: fail('SECRET page') }),
  'routes/boom-txt': route('routes/boom-txt', 'boom.txt', { loader: fail('SECRET resource') }),
  'routes/robots': route('routes/robots', 'robots.txt', {
    loader: ({ request }) => new Response('Sitemap: ' + new URL(request.url).origin + '/sitemap.xml\\n'),
  }),
};
const manifestRoute = (id, parentId, path) => ({ id, parentId, path, module: '/assets/' + id + '.js', imports: [], css: [], hasLoader: true, hasAction: false, hasClientLoader: false, hasClientAction: false, hasErrorBoundary: id === 'root' });
export const assets = {
  entry: { module: '/assets/entry.js', imports: [] },
  routes: Object.fromEntries(Object.values(routes).map((r) => [r.id, manifestRoute(r.id, r.parentId, r.path)])),
  url: '/assets/manifest.js',
  version: '1',
};
export const basename = '/';
export const publicPath = '/';
export const assetsBuildDirectory = 'client/assets';
export const future = {};
export const ssr = true;
export const isSpaMode = false;
export const prerender = [];
export const routeDiscovery = { mode: 'lazy', manifestPath: '/__manifest' };
`;

let buildDir: string;
const closers: (() => Promise<void>)[] = [];

beforeAll(async () => {
  buildDir = await mkdtemp(path.join(os.tmpdir(), 'shop-web-build-'));
  await mkdir(path.join(buildDir, 'server'));
  await mkdir(path.join(buildDir, 'client', 'assets'), { recursive: true });
  await writeFile(path.join(buildDir, 'server', 'index.js'), FAKE_BUILD);
});
afterAll(async () => {
  for (const close of closers) await close();
  await rm(buildDir, { recursive: true, force: true });
});

/** The shop serving the fake storefront, with these settings. */
async function storefront(settings: Record<string, string>): Promise<ShopApp> {
  const { database, drop } = await openTestDatabase();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'shop-data-'));
  const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, ...settings });
  const app = await buildApp({ env, db: database.db, logger: false });
  expect(await registerWeb(app, app.ctx, buildDir)).toBe(true);
  await app.ready();
  closers.push(async () => {
    await app.close();
    await drop();
    await rm(dataDir, { recursive: true, force: true });
  });
  return app;
}

const PUBLIC_URL = 'https://shop.example';

describe('the storefront server', () => {
  let shop: ShopApp;
  beforeAll(async () => {
    shop = await storefront({ PUBLIC_URL });
  });

  it('makes absolute links from PUBLIC_URL, never from a forged Host header', async () => {
    const page = await shop.inject({
      url: '/page?x=1',
      headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<link rel="canonical" href="https://shop.example/page?x=1"/>');
    expect(page.body).not.toContain('evil.example');
    const robots = await shop.inject({ url: '/robots.txt', headers: { host: 'evil.example:8443' } });
    expect(robots.body).toBe('Sitemap: https://shop.example/sitemap.xml\n');
  });

  it('leaves the product feeds to their own routes, absolute from PUBLIC_URL, beside its catch-all', async () => {
    const feed = await shop.inject({ url: '/feeds/google-merchant.xml', headers: { host: 'evil.example' } });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(feed.body).toContain('<g:link>https://shop.example/product/');
    expect(feed.body).not.toContain('evil.example');
    expect((await shop.inject('/feeds/meta-catalog.csv')).body).toMatch(/^id,title,description,/);
  });

  it('gives every page a Content-Security-Policy with a fresh nonce, which its scripts carry', async () => {
    const nonces = new Set<string>();
    for (let i = 0; i < 2; i += 1) {
      const res = await shop.inject('/page');
      const policy = String(res.headers['content-security-policy']);
      const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(policy)?.[1];
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      nonces.add(nonce!);
      expect(policy).toMatch(/^default-src 'self'; script-src 'nonce-[^']+' 'self'; /);
      expect(policy).toContain("object-src 'none'");
      expect(policy).toContain("frame-ancestors 'self'");
      expect(policy).not.toMatch(/razorpay|google/);
      const scripts = res.body.match(/<script[^>]*>/g)!;
      // React Router's two, and the one that starts them after load (web.routes.ts).
      expect(scripts).toHaveLength(3);
      for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
      expect(res.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    }
    expect(nonces.size).toBe(2);
  });

  it('allows on a kept page only the scripts the renderer gave the nonce, not one that came with content', async () => {
    const sha = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
    await shop.inject('/about');
    const kept = await shop.inject('/about');
    expect(kept.headers['x-page-cache']).toBe('hit');
    const policy = String(kept.headers['content-security-policy']);
    expect(kept.body).toContain('<script>alert("from content")</script>');
    expect(policy).not.toContain(sha('alert("from content")'));
    // React Router's context, the script that starts the rest after load and the deferred module: by hash.
    const own = [...kept.body.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)]
      .map(([, text]) => text!)
      .filter((text) => text !== 'alert("from content")');
    expect(own).toHaveLength(3);
    for (const text of own) expect(policy).toContain(sha(text));
    expect(policy.match(/'sha256-/g)).toHaveLength(3);
  });

  it('sends a page rendered for one request in one piece, compressed as the client asks, its scripts held back', async () => {
    const decoded = { br: zlib.brotliDecompressSync, gzip: zlib.gunzipSync, none: (b: Buffer) => b };
    const asked = { br: 'gzip, deflate, br', gzip: 'gzip', none: 'identity' };
    for (const encoding of ['br', 'gzip', 'none'] as const) {
      // A page no cache keeps (/page): rendered for this request, as a signed-in shopper's pages are.
      const res = await shop.inject({ url: '/page', headers: { 'accept-encoding': asked[encoding] } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding'], encoding).toBe(encoding === 'none' ? undefined : encoding);
      // Its length is known before it is sent: not streamed piece by piece.
      expect(res.headers['content-length'], encoding).toBe(String(res.rawPayload.length));
      expect(res.headers['transfer-encoding']).toBeUndefined();
      expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
      const html = decoded[encoding](res.rawPayload).toString();
      expect(html).toContain('<link rel="x-deferred-modulepreload" href="/assets/entry.js"');
      expect(html).toMatch(/<script nonce="[^"]+" type="module\/deferred">import "\/assets\/entry.js";<\/script>/);
      expect(html).toContain('<link rel="canonical" href="https://shop.example/page"/>');
    }
    // A navigation's request for the page's data, likewise (padded past the size worth compressing).
    const data = await shop.inject({
      url: `/page.data?pad=${'x'.repeat(1200)}`,
      headers: { 'accept-encoding': 'br' },
    });
    expect(data.statusCode).toBe(200);
    expect(data.headers['content-type']).toBe('text/x-script');
    expect(data.headers['content-encoding']).toBe('br');
    expect(data.headers['content-length']).toBe(String(data.rawPayload.length));
    expect(zlib.brotliDecompressSync(data.rawPayload).toString()).toContain('https://shop.example/page?pad=x');
  });

  it('lets in the payment provider and Google Analytics only when they are configured', async () => {
    const live = await storefront({
      PUBLIC_URL,
      PAYMENT_PROVIDER: 'razorpay',
      RAZORPAY_KEY_ID: 'rzp_test_a',
      RAZORPAY_KEY_SECRET: 'secret',
      RAZORPAY_CHECKOUT_URL: 'https://checkout.razorpay.com/v1/checkout.js',
      GA_MEASUREMENT_ID: 'G-ABC1234',
    });
    const policy = String((await live.inject('/page')).headers['content-security-policy']);
    const directive = (name: string) => policy.split('; ').find((d) => d.startsWith(`${name} `));
    expect(directive('script-src')).toMatch(
      /^script-src 'nonce-[^']+' 'self' https:\/\/checkout\.razorpay\.com https:\/\/\*\.googletagmanager\.com$/,
    );
    expect(directive('frame-src')).toBe("frame-src 'self' https://api.razorpay.com https://checkout.razorpay.com");
    expect(directive('connect-src')).toContain('https://*.google-analytics.com');
    expect(directive('img-src')).toBe(
      "img-src 'self' data: https://*.google-analytics.com https://*.googletagmanager.com",
    );
  });

  it('shows no error text or stack on a page outside development: they go to the server log', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      for (const url of ['/boom', '/boom.txt']) {
        const res = await shop.inject(url);
        expect(res.statusCode).toBe(500);
        expect(res.body).not.toMatch(/SECRET|password authentication|db\.ts|\bat .+:\d+/);
      }
      expect(String(log.mock.calls.flat())).toContain('SECRET page');
    } finally {
      log.mockRestore();
    }
  });

  it('shows them in development, where they help (so the check above can fail)', async () => {
    const dev = await storefront({ NODE_ENV: 'development' });
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      for (const url of ['/boom', '/boom.txt']) {
        const res = await dev.inject(url);
        expect(res.statusCode).toBe(500);
        expect(res.body).toContain('SECRET');
      }
    } finally {
      log.mockRestore();
    }
  });
});
