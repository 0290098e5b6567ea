import { describe, expect, it } from 'vitest';
import { CatalogCache } from '../../lib/cache';
import { PageCache, preparePage, type CachedPage } from './page-cache';

const page = (text: string) => preparePage({ 'content-type': 'text/html' }, Buffer.from(text));

describe('PageCache', () => {
  it('keeps pages within its byte budget, the least recently used going first', async () => {
    const one = await page('a'.repeat(2000));
    const cache = new PageCache(new CatalogCache(60_000), one.size * 4.5);
    for (const key of ['/a', '/b', '/c', '/d']) await cache.fill(key, () => page(key.repeat(1000)));
    expect(cache.get('/a')).toBeDefined(); // now the most recently used
    await cache.fill('/e', () => page('e'.repeat(2000)));
    expect(cache.get('/b')).toBeUndefined();
    expect(cache.get('/a')).toBeDefined();
    expect(cache.size.pages).toBe(4);
    expect(cache.size.bytes).toBeLessThanOrEqual(one.size * 4.5);
  });

  it('is emptied by every catalogue invalidation, and keeps nothing while the catalogue cache is suspended', async () => {
    const catalog = new CatalogCache(60_000);
    const cache = new PageCache(catalog, 10_000_000);
    await cache.fill('/', () => page('home'));
    expect(cache.get('/')).toBeDefined();
    catalog.invalidate();
    expect(cache.get('/')).toBeUndefined();
    catalog.suspend();
    await cache.fill('/', () => page('home'));
    expect(cache.get('/')).toBeUndefined();
    catalog.resume();
    await cache.fill('/', () => page('home'));
    expect(cache.get('/')).toBeDefined();
  });

  it('shares one render between concurrent callers, and keeps none that a write overtook', async () => {
    const catalog = new CatalogCache(60_000);
    const cache = new PageCache(catalog, 10_000_000);
    let renders = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const render = async (): Promise<CachedPage> => {
      renders += 1;
      await gate;
      return page('old price');
    };
    const waiting = [cache.fill('/p', render), cache.fill('/p', render)];
    catalog.invalidate(); // a price changed while rendering
    release();
    const answers = await Promise.all(waiting);
    expect(renders).toBe(1);
    expect(answers[0]).toBe(answers[1]);
    expect(cache.get('/p')).toBeUndefined();
  });

  it('drops only product pages when only stock quantities moved', async () => {
    const catalog = new CatalogCache(60_000);
    const cache = new PageCache(catalog, 10_000_000);
    for (const key of ['/', '/shop?page=2', '/product/frock-rose-2-3y']) await cache.fill(key, () => page(key));
    catalog.invalidate('stock');
    expect(cache.get('/product/frock-rose-2-3y')).toBeUndefined();
    expect(cache.get('/')).toBeDefined();
    expect(cache.get('/shop?page=2')).toBeDefined();
    expect(cache.size.pages).toBe(2);
  });

  it('keeps the pages of products whose stock did not move, when the write names them', async () => {
    const catalog = new CatalogCache(60_000);
    const idOf = (value: unknown) => value as number;
    await catalog.answer('product:frock-2-3y', () => Promise.resolve(1), idOf);
    await catalog.answer('product:romper-0-3m', () => Promise.resolve(2), idOf);
    const cache = new PageCache(catalog, 10_000_000);
    for (const key of ['/product/frock-2-3y', '/product/romper-0-3m', '/product/never-loaded'])
      await cache.fill(key, () => page(key));
    catalog.invalidate('stock', [1]);
    expect(cache.get('/product/frock-2-3y')).toBeUndefined();
    expect(cache.get('/product/romper-0-3m')).toBeDefined();
    expect(cache.get('/product/never-loaded')).toBeUndefined(); // its product unknown: dropped
  });
});
