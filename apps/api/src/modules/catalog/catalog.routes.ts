import {
  Announcement,
  BannersResponse,
  CategoriesResponse,
  CategoryProductsResponse,
  CollectionProductsBody,
  CollectionProductsResponse,
  CollectionsResponse,
  Facets,
  HomeCustomization,
  MESSAGES,
  ListingPage,
  ListingParams,
  ProductRedirect,
  ProductResponse,
  SearchParams,
  Slug,
} from '@shop/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { sendKept } from '../../lib/http';
import { publicCacheControl } from '../../lib/http-cache';
import { ipKey } from '../../lib/rate-limit';
import { notFound } from '../../lib/errors';
import * as catalog from './catalog.service';

const tags = ['catalogue'];
const SlugParams = z.object({ slug: Slug });

export function catalogRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, cache } = ctx;

  /**
   * Catalogue answers are the same for everyone, so they are kept ready to
   * send, and a CDN may keep them too (lib/http-cache.ts).
   */
  const cacheControl = publicCacheControl(ctx.env);
  const send = (reply: FastifyReply, key: string, load: () => Promise<unknown>, productOf?: (v: unknown) => number) =>
    sendKept(reply, cache, cacheControl, key, load, productOf);
  const keyOf = (name: string, params: unknown) => `${name}:${JSON.stringify(params)}`;

  r.get('/collections', { schema: { tags, response: { 200: CollectionsResponse } } }, (_req, reply) =>
    send(reply, 'collections', async () => ({ data: await catalog.listCollections(db) })),
  );

  r.post(
    '/collection/products/by-id',
    { schema: { tags, body: CollectionProductsBody, response: { 200: CollectionProductsResponse } } },
    (req, reply) => {
      const { id, ...params } = req.body;
      return send(reply, keyOf('collection', req.body), () => catalog.collectionProducts(db, id, params));
    },
  );

  r.get('/categories', { schema: { tags, response: { 200: CategoriesResponse } } }, (_req, reply) =>
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
  r.get('/banners', { schema: { tags, response: { 200: BannersResponse } } }, (_req, reply) =>
    send(reply, 'banners', async () => {
      const now = new Date();
      const [data, next] = await Promise.all([catalog.listBanners(db, now), catalog.nextBannerChange(db, now)]);
      dropCacheAt(next);
      return { data };
    }),
  );

  // The announcement bar over every storefront page (docs/back-office.md 'Home page').
  r.get('/announcement', { schema: { tags, response: { 200: Announcement } } }, (_req, reply) =>
    send(reply, 'announcement', () => catalog.announcement(db)),
  );

  r.get(
    '/products/search',
    { schema: { tags, querystring: SearchParams, response: { 200: ListingPage } } },
    async (req, reply) => {
      // Generous, but each new query costs a database search: one client cannot keep the database busy.
      await ctx.limiter.consume(`search-ip:${ipKey(req.ip)}`, ctx.env.RATE_LIMIT_SEARCHES_PER_MINUTE, 60_000);
      return send(reply, keyOf('search', req.query), () => catalog.searchProducts(db, req.query));
    },
  );

  for (const [path, order] of [
    ['/products/productvariant', 'newest'],
    ['/products/latest', 'newest'],
    ['/products/popular', 'popular'],
  ] as const) {
    r.get(path, { schema: { tags, querystring: ListingParams, response: { 200: ListingPage } } }, (req, reply) =>
      send(reply, keyOf(path, req.query), () => catalog.allProducts(db, req.query, order)),
    );
  }

  r.get('/products/facets', { schema: { tags, response: { 200: Facets } } }, (_req, reply) =>
    send(reply, 'facets', () => catalog.facets(db)),
  );

  r.get(
    '/products/category/:slug',
    { schema: { tags, params: SlugParams, querystring: ListingParams, response: { 200: CategoryProductsResponse } } },
    (req, reply) =>
      send(reply, keyOf(`category:${req.params.slug}`, req.query), () =>
        catalog.categoryProducts(db, req.params.slug, req.query),
      ),
  );

  r.get('/product/:slug', { schema: { tags, params: SlugParams, response: { 200: ProductResponse } } }, (req, reply) =>
    send(
      reply,
      `product:${req.params.slug}`,
      () => catalog.productBySlug(db, req.params.slug),
      (value) => (value as ProductResponse).data[0]!.products.id,
    ),
  );

  // An old or product-level slug (issue #14): where the product page is now; the web route answers 301.
  r.get(
    '/product-redirects/:slug',
    { schema: { tags, params: SlugParams, response: { 200: ProductRedirect } } },
    async (req) => {
      const slug = await catalog.productRedirect(db, req.params.slug);
      if (!slug) throw notFound(MESSAGES.productNotFound);
      return { slug };
    },
  );

  r.get('/home-customization-products', { schema: { tags, response: { 200: HomeCustomization } } }, (_req, reply) =>
    send(reply, 'home', () => catalog.homeCustomization(db)),
  );
}
