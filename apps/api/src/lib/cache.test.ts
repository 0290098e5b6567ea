import { describe, expect, it } from 'vitest';
import { CatalogCache } from './cache';
import { parseChange, shownStock, stockChange } from './catalog-changes';

describe('CatalogCache', () => {
  it('loads once and then serves the kept JSON', async () => {
    const cache = new CatalogCache(60_000);
    let loads = 0;
    const load = () => Promise.resolve({ n: ++loads });
    expect(await cache.json('k', load)).toBe('{"n":1}');
    expect(await cache.json('k', load)).toBe('{"n":1}');
    expect(loads).toBe(1);
  });

  it('shares one load between concurrent callers', async () => {
    const cache = new CatalogCache(60_000);
    let loads = 0;
    const load = async () => {
      loads += 1;
      await new Promise((r) => setTimeout(r, 10));
      return loads;
    };
    const answers = await Promise.all([cache.json('k', load), cache.json('k', load), cache.json('k', load)]);
    expect(answers).toEqual(['1', '1', '1']);
    expect(loads).toBe(1);
  });

  it('forgets everything on invalidate', async () => {
    const cache = new CatalogCache(60_000);
    let n = 0;
    const load = () => Promise.resolve(++n);
    await cache.json('k', load);
    cache.invalidate();
    expect(await cache.json('k', load)).toBe('2');
  });

  it('does not keep an answer loaded while a write happened', async () => {
    const cache = new CatalogCache(60_000);
    let n = 0;
    const slow = async () => {
      n += 1;
      await new Promise((r) => setTimeout(r, 10));
      return n;
    };
    const pending = cache.json('k', slow);
    cache.invalidate();
    expect(await pending).toBe('1');
    expect(cache.size).toBe(0);
    expect(await cache.json('k', slow)).toBe('2');
  });

  it('does not keep failures', async () => {
    const cache = new CatalogCache(60_000);
    await expect(cache.json('k', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await cache.json('k', () => Promise.resolve('ok'))).toBe('"ok"');
  });

  it('expires entries after the TTL', async () => {
    const cache = new CatalogCache(5);
    let n = 0;
    await cache.json('k', () => Promise.resolve(++n));
    await new Promise((r) => setTimeout(r, 15));
    expect(await cache.json('k', () => Promise.resolve(++n))).toBe('2');
  });

  it('keeps nothing while suspended, and keeps again once resumed', async () => {
    const cache = new CatalogCache(60_000);
    let n = 0;
    const load = () => Promise.resolve(++n);
    await cache.json('k', load);
    cache.suspend();
    expect(cache.size).toBe(0);
    expect(await cache.json('k', load)).toBe('2');
    expect(await cache.json('k', load)).toBe('3');
    expect(cache.size).toBe(0);
    cache.resume();
    expect(await cache.json('k', load)).toBe('4');
    expect(await cache.json('k', load)).toBe('4');
  });

  it("forgets only the products' own answers when only stock quantities moved", async () => {
    const cache = new CatalogCache(60_000);
    let n = 0;
    const load = () => Promise.resolve(++n);
    await cache.json('product:frock-rose-2-3y', load);
    await cache.json('/products/productvariant:{"page":1}', load);
    await cache.json('home', load);
    cache.invalidate('stock');
    expect(await cache.json('product:frock-rose-2-3y', load)).toBe('4');
    expect(await cache.json('/products/productvariant:{"page":1}', load)).toBe('2');
    expect(await cache.json('home', load)).toBe('3');
    expect(cache.stockGeneration).toBe(1);
    expect(cache.generation).toBe(0);
  });

  it("keeps no product answer that a stock change overtook, but a listing's", async () => {
    const cache = new CatalogCache(60_000);
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const slow = (value: string) => async () => (await gate, value);
    const loads = [cache.json('product:p', slow('old stock')), cache.json('listing', slow('in stock'))];
    cache.invalidate('stock');
    release();
    await Promise.all(loads);
    expect(await cache.json('product:p', () => Promise.resolve('new stock'))).toBe('"new stock"');
    expect(await cache.json('listing', () => Promise.resolve('reloaded'))).toBe('"in stock"');
  });
  it('forgets only the answers of the products whose stock moved, when the write names them', async () => {
    const cache = new CatalogCache(60_000);
    const product = (id: number) => () => Promise.resolve({ data: [{ products: { id } }] });
    const idOf = (value: unknown) => (value as { data: { products: { id: number } }[] }).data[0]!.products.id;
    await cache.answer('product:frock', product(1), idOf);
    await cache.answer('product:romper', product(2), idOf);
    cache.invalidate('stock', [1]);
    expect(cache.size).toBe(1);
    expect(cache.productOf('romper')).toBe(2);
    expect([...cache.stockMovedSince(0)!]).toEqual([1]);
    cache.invalidate('stock'); // no products named: all of them
    expect(cache.size).toBe(0);
    expect(cache.stockMovedSince(0)).toBeUndefined();
  });
});

describe('parseChange', () => {
  it('reads what notifyCatalogChange notifies', () => {
    expect(parseChange(undefined)).toEqual({ scope: 'all' });
    expect(parseChange('')).toEqual({ scope: 'all' });
    expect(parseChange('stock')).toEqual({ scope: 'stock' });
    expect(parseChange('stock:12,40')).toEqual({ scope: 'stock', products: [12, 40] });
    expect(parseChange('stock:12;drop')).toEqual({ scope: 'all' });
  });
});

describe('stockChange', () => {
  const move = (productId: number | null, before: number, after: number) => ({ productId, before, after });

  it('drops nothing for moves above the low-stock threshold', () => {
    expect(stockChange([move(1, 40, 39), move(2, 9, 4)], 3)).toEqual({ scope: 'none' });
    expect(stockChange([], 3)).toEqual({ scope: 'none' });
  });

  it('names the products whose shown count changed, at or below the threshold', () => {
    expect(stockChange([move(1, 40, 39), move(2, 4, 3), move(3, 3, 1)], 3)).toEqual({
      scope: 'stock',
      products: [2, 3],
    });
    expect(stockChange([move(2, 3, 5)], 3)).toEqual({ scope: 'stock', products: [2] });
    expect(stockChange([move(null, 2, 1)], 3)).toEqual({ scope: 'stock' });
  });

  it('drops everything when a size sells out or comes back', () => {
    expect(stockChange([move(1, 9, 8), move(2, 1, 0)], 3)).toEqual({ scope: 'all' });
    expect(stockChange([move(1, 0, 2)], 3)).toEqual({ scope: 'all' });
    expect(stockChange([move(1, 0, 50)], 0)).toEqual({ scope: 'all' });
  });

  it('shows the count only at or below the threshold', () => {
    expect([0, 1, 3, 4, 40].map((n) => shownStock(n, 3))).toEqual([0, 1, 3, 4, 4]);
    expect([0, 1, 40].map((n) => shownStock(n, 0))).toEqual([0, 1, 1]);
  });
});
