import {
  BannersResponse,
  CategoriesResponse,
  CategoryProductsResponse,
  CollectionProductsResponse,
  CollectionsResponse,
  ErrorBody,
  Facets,
  HomeCustomization,
  ListingPage,
  ProductResponse,
  ShippingRatesResponse,
  type ListingItem,
} from '@shop/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { SIZE_GUIDES } from '@shop/contract';
import { DEMO_CATEGORIES, DEMO_COLLECTIONS, DEMO_PRODUCTS } from '@shop/demo';
import { productVariants } from '../src/modules/catalog/catalog.schema';
import { createTestShop, type TestShop } from './helpers';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop?.close());

async function get<S extends z.ZodType>(url: string, schema: S): Promise<z.output<S>> {
  const res = await shop.app.inject({ method: 'GET', url: `/api/v1${url}` });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toMatch(/application\/json/);
  return schema.parse(res.json());
}

async function expectError(method: 'GET' | 'POST', url: string, status: number, payload?: unknown) {
  const res = await shop.app.inject({
    method,
    url: `/api/v1${url}`,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  expect(res.statusCode, res.body).toBe(status);
  const body = ErrorBody.parse(res.json());
  expect(body.errors.length).toBeGreaterThan(0);
  expect(res.body).not.toMatch(/stack|select |SQL|at .*\.ts/i);
  return body;
}

const names = (items: ListingItem[]) => items.map((i) => i.products.name);

describe('collections, categories, banners', () => {
  it('lists the six demo collections in the shop order', async () => {
    const { data } = await get('/collections', CollectionsResponse);
    expect(data.map((c) => c.slug)).toEqual(DEMO_COLLECTIONS.map((c) => c.slug));
    expect(data[0]!.image).toMatch(/^\/images\/\d+\/col\/.+\.webp$/);
  });

  it('lists categories with their parent, accessories marked', async () => {
    const { data } = await get('/categories', CategoriesResponse);
    expect(data).toHaveLength(DEMO_CATEGORIES.length);
    const accessories = data.filter((c) => c.parent === 'Accessories');
    expect(accessories.length).toBeGreaterThanOrEqual(3);
    expect(accessories.length).toBeLessThan(data.length);
  });

  it('lists three banners with desktop and phone pictures', async () => {
    const { data } = await get('/banners', BannersResponse);
    expect(data).toHaveLength(3);
    for (const b of data) {
      expect(b.large_image).not.toEqual(b.mobile_image);
      expect(b.title.length).toBeGreaterThan(0);
    }
  });
});

describe('listings', () => {
  it('pages through every product exactly once', async () => {
    const seen = new Set<number>();
    let page = 1;
    let pages: number;
    do {
      const res = await get(`/products/productvariant?page=${page}&limit=25`, ListingPage);
      expect(res.meta.total).toBe(DEMO_PRODUCTS.length);
      pages = res.meta.pages;
      for (const item of res.data) {
        expect(seen.has(item.products.id)).toBe(false);
        seen.add(item.products.id);
      }
      page += 1;
    } while (page <= pages);
    expect(seen.size).toBe(DEMO_PRODUCTS.length);
  });

  it('sorts by price both ways and by popularity', async () => {
    const asc = await get('/products/productvariant?sort=price_asc&limit=60', ListingPage);
    const prices = asc.data.map((i) => i.product_variants.selling_price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const desc = await get('/products/productvariant?sort=price_desc&limit=60', ListingPage);
    const pricesDesc = desc.data.map((i) => i.product_variants.selling_price);
    expect(pricesDesc).toEqual([...pricesDesc].sort((a, b) => b - a));

    const popular = await get('/products/popular?limit=5', ListingPage);
    const top = [...DEMO_PRODUCTS].sort((a, b) => b.popularity - a.popularity).slice(0, 5);
    expect(names(popular.data)).toEqual(top.map((p) => p.name));
  });

  it('shows the newest products first on /products/latest', async () => {
    const latest = await get('/products/latest?limit=3', ListingPage);
    const newest = DEMO_PRODUCTS.map((p, i) => ({ p, i })).filter(({ p }) => p.is_new);
    if (newest.length > 0) expect(names(latest.data)[0]).toBe(newest[0]!.p.name);
    expect(latest.data).toHaveLength(3);
  });

  it('filters by size, colour, price and stock, showing a matching variant', async () => {
    const res = await get('/products/productvariant?size=2-3Y&color=Rose%20Pink&limit=60', ListingPage);
    expect(res.data.length).toBeGreaterThan(0);
    for (const item of res.data) {
      expect(item.product_variants.size).toBe('2-3Y');
      expect(item.product_variants.color).toBe('Rose Pink');
    }
    const cheap = await get('/products/productvariant?min_price=500&max_price=1000&limit=60', ListingPage);
    for (const item of cheap.data) {
      expect(item.product_variants.selling_price).toBeGreaterThanOrEqual(500);
      expect(item.product_variants.selling_price).toBeLessThanOrEqual(1000);
    }
    const inStock = await get('/products/productvariant?in_stock=true&limit=60', ListingPage);
    expect(inStock.data.every((i) => i.is_available_in_stock)).toBe(true);
    const soldOut = DEMO_PRODUCTS.filter((p) => p.stock.every((s) => s === 0));
    expect(soldOut.length).toBeGreaterThan(0);
    expect(inStock.meta.total).toBe(DEMO_PRODUCTS.length - soldOut.length);
  });

  it('marks a product out of stock only when every variant is', async () => {
    const soldOut = DEMO_PRODUCTS.find((p) => p.stock.every((s) => s === 0))!;
    const res = await get(`/products/search?query=${encodeURIComponent(soldOut.name)}`, ListingPage);
    const item = res.data.find((i) => i.products.name === soldOut.name)!;
    expect(item.is_available_in_stock).toBe(false);
  });

  it('answers a page past the end with no items and the true total', async () => {
    const res = await get('/products/productvariant?page=500', ListingPage);
    expect(res.data).toEqual([]);
    expect(res.meta.total).toBe(DEMO_PRODUCTS.length);
  });

  it('offers the sizes, colours and price range as facets', async () => {
    const f = await get('/products/facets', Facets);
    expect(f.sizes.map((s) => s.name)).toContain('2-3Y');
    expect(f.colors.length).toBeGreaterThan(5);
    expect(f.price.min).toBeLessThan(f.price.max);
  });
});

describe('category and collection pages', () => {
  it('lists a category with its products', async () => {
    const cat = DEMO_CATEGORIES[0]!;
    const res = await get(`/products/category/${cat.slug}?limit=60`, CategoryProductsResponse);
    expect(res.category.slug).toBe(cat.slug);
    const expected = DEMO_PRODUCTS.filter((p) => p.category === cat.slug).map((p) => p.name);
    expect(names(res.categoryProducts).sort()).toEqual(expected.sort());
  });

  it('finds a collection by id and by slug with the same products', async () => {
    const { data } = await get('/collections', CollectionsResponse);
    const col = data[1]!;
    const byId = await shop.app.inject({
      method: 'POST',
      url: '/api/v1/collection/products/by-id',
      payload: { id: col.id, limit: 60 },
    });
    const bySlug = await shop.app.inject({
      method: 'POST',
      url: '/api/v1/collection/products/by-id',
      payload: { id: col.slug, limit: 60 },
    });
    expect(byId.statusCode).toBe(200);
    const a = CollectionProductsResponse.parse(byId.json());
    const b = CollectionProductsResponse.parse(bySlug.json());
    expect(a.collection.slug).toBe(col.slug);
    expect(names(a.data)).toEqual(names(b.data));
    const expected = DEMO_PRODUCTS.filter((p) => p.collections.includes(col.slug)).map((p) => p.name);
    expect(names(a.data).sort()).toEqual(expected.sort());
  });

  it('answers 404 for unknown category, collection and product', async () => {
    await expectError('GET', '/products/category/no-such-category', 404);
    await expectError('POST', '/collection/products/by-id', 404, { id: 'no-such-collection' });
    await expectError('POST', '/collection/products/by-id', 404, { id: 99999 });
    await expectError('GET', '/product/no-such-product', 404);
  });
});

describe('product page', () => {
  it('returns the variant, its category and its siblings', async () => {
    const demo = DEMO_PRODUCTS.find((p) => p.colors.length > 1 && p.sizes.length > 1)!;
    const first = await get(`/products/search?query=${encodeURIComponent(demo.name)}`, ListingPage);
    const slug = first.data.find((i) => i.products.name === demo.name)!.product_variants.slug;
    const res = await get(`/product/${slug}`, ProductResponse);
    const detail = res.data[0]!;
    expect(detail.products.name).toBe(demo.name);
    expect(detail.products.care_details).toEqual(demo.care_details);
    expect(detail.products.product_highlights).toEqual(demo.highlights);
    expect(detail.products.country_of_origin).toBe('India'); // the default (Consumer Protection Rules 2020)
    expect(detail.product_variants.mrp).toBe(demo.mrp);
    expect(detail.product_variants.selling_price).toBe(demo.selling_price);
    expect(detail.is_available_in_stock).toBe(detail.product_variants.stock > 0);
    expect(detail.product_variants.image3).toMatch(/\.webp$/);
    expect(res.cats.slug).toBe(demo.category);
    expect(res.other_variants).toHaveLength(demo.colors.length * demo.sizes.length - 1);
    expect(res.other_variants.map((v) => v.slug)).not.toContain(slug);
    expect(new Set(res.other_variants.map((v) => v.color.name))).toEqual(new Set(demo.colors));
  });

  it('reflects a stock change at once (the cache is invalidated)', async () => {
    const first = await get('/products/productvariant?limit=1&in_stock=true', ListingPage);
    const slug = first.data[0]!.product_variants.slug;
    expect((await get(`/product/${slug}`, ProductResponse)).data[0]!.is_available_in_stock).toBe(true);
    await shop.database.db.update(productVariants).set({ stock: 0 }).where(eq(productVariants.slug, slug));
    shop.app.ctx.cache.invalidate();
    const after = await get(`/product/${slug}`, ProductResponse);
    expect(after.data[0]!.is_available_in_stock).toBe(false);
    expect(after.data[0]!.product_variants.stock).toBe(0);
  });
});

describe('home, shipping, health', () => {
  it('returns the home picks with their products', async () => {
    const home = await get('/home-customization-products', HomeCustomization);
    expect(home.homeFirstRowCarouselProducts.length).toBeGreaterThanOrEqual(6);
    expect(home.celebrityClosetProducts.length).toBeGreaterThanOrEqual(4);
    for (const item of home.homeFirstRowCarouselProducts) expect(item.product.products.id).toBe(item.product_id);
    const [focused] = home.focusedCollection;
    expect(focused!.content.length).toBeGreaterThan(20);
    expect(focused!.products.length).toBeGreaterThan(0);
    expect(focused!.products.length).toBeLessThanOrEqual(3);
  });

  it('serves the shipping rate table of docs/product.md#shipping', async () => {
    const { data } = await get('/shipping/rates', ShippingRatesResponse);
    const rate = (zone: string, type: string) => data.find((r) => r.zone === zone && r.shipping_type === type)?.amount;
    expect(rate('domestic', 'standard')).toBe(250);
    expect(rate('domestic', 'express')).toBe(450);
    expect(rate('international', 'standard')).toBe(500);
    expect(rate('international', 'express')).toBe(600);
  });

  it('says ok when the database answers', async () => {
    const res = await shop.app.inject('/api/v1/health');
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('serves an OpenAPI document listing the catalogue calls', async () => {
    const res = await shop.app.inject('/api/docs/json');
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ openapi: string; paths: Record<string, unknown> }>();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/products/search',
        '/api/v1/product/{slug}',
        '/api/v1/collection/products/by-id',
      ]),
    );
  });
});

describe('bad input never gets a 500', () => {
  it.each([
    '/products/productvariant?page=0',
    '/products/productvariant?page=abc',
    '/products/productvariant?page=1.5',
    '/products/productvariant?limit=1000',
    '/products/productvariant?limit=-1',
    '/products/productvariant?sort=cheapest',
    '/products/productvariant?min_price=-5',
    '/products/productvariant?in_stock=maybe',
    '/products/popular?sort=%00',
    '/products/category/Bad%20Slug',
    `/products/search?query=${'a'.repeat(10_000)}`,
    `/products/search?query=${'x'.repeat(101)}`,
  ])('GET %s answers 400', async (url) => {
    await expectError('GET', url.length > 200 ? url : url, 400);
  });

  it('rejects unknown fields and malformed JSON in the collection body', async () => {
    const unknown = await expectError('POST', '/collection/products/by-id', 400, { id: 1, admin: true });
    expect(unknown.errors.join(' ')).toMatch(/admin/);
    await expectError('POST', '/collection/products/by-id', 400, { id: '../etc' });
    await expectError('POST', '/collection/products/by-id', 400, {});
    const res = await shop.app.inject({
      method: 'POST',
      url: '/api/v1/collection/products/by-id',
      headers: { 'content-type': 'application/json' },
      payload: '{"id": 1',
    });
    expect(res.statusCode).toBe(400);
    ErrorBody.parse(res.json());
  });

  it('answers unknown API paths with a JSON 404', async () => {
    await expectError('GET', '/no/such/thing', 404);
  });
});

describe('size guides (docs/product.md)', () => {
  it('have a row for every size the demo shop sells in their category, and exist for every sized category', () => {
    for (const product of DEMO_PRODUCTS) {
      const guide = SIZE_GUIDES[product.category];
      if (product.sizes.every((s) => s === 'Free Size')) continue;
      expect(guide, product.category).toBeDefined();
      const rows = guide!.rows.map((r) => r.size);
      for (const size of product.sizes) expect(rows, `${product.name} ${size}`).toContain(size);
    }
  });
});
