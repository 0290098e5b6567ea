import { ENDPOINTS, MESSAGES, type ProductResponse } from '@shop/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../../context';
import { route } from '../../lib/endpoint-route';
import { sendKept } from '../../lib/http';
import { publicCacheControl } from '../../lib/http-cache';
import { ipKey } from '../../lib/rate-limit';
import { notFound } from '../../lib/errors';
import { shopSettings } from '../settings/settings.service';
import * as catalog from './catalog.service';

export function catalogRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db, cache } = ctx;

  /**
   * Catalogue answers are the same for everyone, so they are kept ready to
   * send, and a CDN may keep them too (lib/http-cache.ts).
   */
  const cacheControl = publicCacheControl(ctx.env);
  const send = (reply: FastifyReply, key: string, load: () => Promise<unknown>, productOf?: (v: unknown) => number) =>
    sendKept(reply, cache, cacheControl, key, load, productOf);
  const keyOf = (name: string, params: unknown) => `${name}:${JSON.stringify(params)}`;

  route(app, ENDPOINTS['catalog.collections'], {}, (_req, reply) =>
    send(reply, 'collections', async () => ({ data: await catalog.listCollections(db) })),
  );

  route(app, ENDPOINTS['catalog.collectionProducts'], {}, (req, reply) => {
    const { id, ...params } = req.body;
    return send(reply, keyOf('collection', req.body), () => catalog.collectionProducts(db, id, params));
  });

  route(app, ENDPOINTS['catalog.categories'], {}, (_req, reply) =>
    send(reply, 'categories', async () => ({ data: await catalog.listCategories(db) })),
  );

  /**
   * A banner's start or end changes the answer with no write: the cache (and
   * the pages kept with it) is dropped at that moment, in each process that
   * loaded the banners (setTimeout holds at most ~24 days: longer waits re-arm).
   */
  let bannerTimer: { at: number; timer: NodeJS.Timeout } | null = null;
  const dropCacheAt = (at: Date | null) => {
    if (!at || (bannerTimer && bannerTimer.at <= at.getTime())) return;
    if (bannerTimer) clearTimeout(bannerTimer.timer);
    const wait = Math.min(Math.max(at.getTime() - Date.now(), 0) + 50, 2 ** 31 - 1);
    const timer = setTimeout(() => {
      bannerTimer = null;
      cache.invalidate();
    }, wait);
    timer.unref();
    bannerTimer = { at: at.getTime(), timer };
  };
  route(app, ENDPOINTS['catalog.banners'], {}, (_req, reply) =>
    send(reply, 'banners', async () => {
      const now = new Date();
      const [data, next] = await Promise.all([catalog.listBanners(db, now), catalog.nextBannerChange(db, now)]);
      dropCacheAt(next);
      return { data };
    }),
  );

  // The announcement bar over every storefront page (docs/back-office.md 'Home page').
  route(app, ENDPOINTS['catalog.announcement'], {}, (_req, reply) =>
    send(reply, 'announcement', () => catalog.announcement(db)),
  );

  route(app, ENDPOINTS['catalog.search'], {}, async (req, reply) => {
    // Generous, but each new query costs a database search: one client cannot keep the database busy.
    await ctx.limiter.consume(`search-ip:${ipKey(req.ip)}`, ctx.env.RATE_LIMIT_SEARCHES_PER_MINUTE, 60_000);
    return send(reply, keyOf('search', req.query), () => catalog.searchProducts(db, req.query));
  });

  for (const [entry, order] of [
    [ENDPOINTS['catalog.variants'], 'newest'],
    [ENDPOINTS['catalog.latest'], 'newest'],
    [ENDPOINTS['catalog.popular'], 'popular'],
  ] as const) {
    route(app, entry, {}, (req, reply) =>
      send(reply, keyOf(entry.path, req.query), () => catalog.allProducts(db, req.query, order)),
    );
  }

  route(app, ENDPOINTS['catalog.facets'], {}, (_req, reply) => send(reply, 'facets', () => catalog.facets(db)));

  route(app, ENDPOINTS['catalog.category'], {}, (req, reply) =>
    send(reply, keyOf(`category:${req.params.slug}`, req.query), () =>
      catalog.categoryProducts(db, req.params.slug, req.query, ctx.env.SHOP_NAME),
    ),
  );

  route(app, ENDPOINTS['catalog.product'], {}, (req, reply) =>
    send(
      reply,
      `product:${req.params.slug}`,
      async () => catalog.productBySlug(db, req.params.slug, (await shopSettings(ctx)).low_stock_threshold),
      (value) => (value as ProductResponse).data[0]!.products.id,
    ),
  );

  // An old or product-level slug (docs/back-office.md 'Products'): where the product page is now; the web route answers 301.
  route(app, ENDPOINTS['catalog.productRedirect'], {}, async (req) => {
    const slug = await catalog.productRedirect(db, req.params.slug);
    if (!slug) throw notFound(MESSAGES.productNotFound);
    return { slug };
  });

  route(app, ENDPOINTS['catalog.home'], {}, (_req, reply) => send(reply, 'home', () => catalog.homeCustomization(db)));
}
