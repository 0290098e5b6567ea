import { ListingPage } from '@shop/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PRODUCTS } from '@shop/demo';
import { createTestShop, type TestShop } from './helpers';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop?.close());

async function search(query: string, extra = '') {
  const res = await shop.app.inject(`/api/v1/products/search?query=${encodeURIComponent(query)}${extra}`);
  expect(res.statusCode, res.body).toBe(200);
  return ListingPage.parse(res.json());
}

describe('search', () => {
  it.each([
    ['frok', /frock/i],
    ['lehnga', /lehenga/i],
    ['frock', /frock/i],
    ['LEHENGA', /lehenga/i],
  ])("'%s' finds names matching %s first", async (query, pattern) => {
    const { data } = await search(query);
    expect(data.length).toBeGreaterThan(0);
    expect(data[0]!.products.name).toMatch(pattern);
    const expected = DEMO_PRODUCTS.filter((p) => pattern.test(p.name)).length;
    const matching = data.filter((i) => pattern.test(i.products.name)).length;
    expect(matching).toBe(Math.min(expected, data.length));
    // Name matches come before anything matched only by category or collection.
    const firstOther = data.findIndex((i) => !pattern.test(i.products.name));
    if (firstOther >= 0) expect(data.slice(firstOther).some((i) => pattern.test(i.products.name))).toBe(false);
  });

  it('matches the category name', async () => {
    const withCategory = DEMO_PRODUCTS.filter((p) => p.category.includes('booties'));
    if (withCategory.length === 0) return expect(withCategory).toEqual([]);
    const { data } = await search('booties');
    expect(data.length).toBeGreaterThanOrEqual(withCategory.length);
  });

  it('matches a colour and shows the variant in that colour', async () => {
    const pinkFrocks = DEMO_PRODUCTS.filter((p) => /frock/i.test(p.name) && p.colors.includes('Rose Pink'));
    const { data } = await search('rose pink frock');
    expect(data.length).toBeGreaterThanOrEqual(pinkFrocks.length);
    const topNames = data.slice(0, pinkFrocks.length).map((i) => i.products.name);
    for (const p of pinkFrocks) expect(topNames).toContain(p.name);
    for (const item of data.filter((i) => pinkFrocks.some((p) => p.name === i.products.name))) {
      expect(item.product_variants.color).toBe('Rose Pink');
    }
  });

  it('matches a collection name', async () => {
    const festive = DEMO_PRODUCTS.filter((p) => p.collections.includes('festive-edit'));
    const { data, meta } = await search('festive', '&limit=60');
    expect(meta.total).toBeGreaterThanOrEqual(festive.length);
    for (const p of festive) expect(data.map((i) => i.products.name)).toContain(p.name);
  });

  it('finds nothing for nonsense and for an empty query, without error', async () => {
    expect((await search('qzxwvk')).data).toEqual([]);
    expect((await search('')).data).toEqual([]);
    expect((await search('   ')).data).toEqual([]);
  });

  it('treats quotes, percent signs and SQL as plain text', async () => {
    for (const q of ["'; drop table products; --", '%_%', '\\', 'frock%', '"frock"', 'ä¸­æ–‡ 🎀']) {
      await search(q);
    }
    expect((await search('"frock"')).data[0]!.products.name).toMatch(/frock/i);
    const res = await shop.app.inject('/api/v1/products/productvariant?limit=1');
    expect(ListingPage.parse(res.json()).meta.total).toBe(DEMO_PRODUCTS.length);
  });

  it('combines with filters and paging', async () => {
    const { data } = await search('frock', '&in_stock=true&sort=price_asc&limit=5');
    expect(data.length).toBeLessThanOrEqual(5);
    const prices = data.map((i) => i.product_variants.selling_price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(data.every((i) => i.is_available_in_stock)).toBe(true);
  });
});
