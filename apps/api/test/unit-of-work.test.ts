import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unitOfWork } from '../src/context';
import { createTestShop, type TestShop } from './helpers';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop?.close());

/** On PostgreSQL this process also hears its own notification, a moment after the commit: let it arrive. */
const echoes = () => new Promise((resolve) => setTimeout(resolve, shop.database.url ? 300 : 0));

describe('a catalogue write through the unit of work (work.catalogChanged)', () => {
  it('forgets this process’s catalogue once the transaction commits, not before, and not after a rollback', async () => {
    const { cache } = shop.app.ctx;
    const work = unitOfWork(shop.app.ctx, { kind: 'system' });
    const start = cache.generation;
    await work.transaction(async (w) => {
      await w.catalogChanged();
      expect(cache.generation).toBe(start);
    });
    expect(cache.generation).toBeGreaterThan(start);
    await echoes();

    const committed = cache.generation;
    const failed = work.transaction(async (w) => {
      await w.catalogChanged();
      throw new Error('rolled back');
    });
    await expect(failed).rejects.toThrow('rolled back');
    await echoes();
    expect(cache.generation).toBe(committed);
  });

  it('forgets only stock numbers when the write says so', async () => {
    const { cache } = shop.app.ctx;
    const [all, stock] = [cache.generation, cache.stockGeneration];
    await unitOfWork(shop.app.ctx, { kind: 'system' }).catalogChanged('stock', [1, 2]);
    await echoes();
    expect(cache.stockGeneration).toBeGreaterThan(stock);
    expect(cache.generation).toBe(all);
  });
});
