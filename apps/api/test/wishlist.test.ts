import {
  ErrorBody,
  ListingPage,
  MESSAGES,
  MessageBody,
  ProductResponse,
  WishlistResponse,
  type ProductDetail,
  type WishlistItem,
} from '@shop/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productVariants, products } from '../src/modules/catalog/catalog.schema';
import { wishlistItems } from '../src/modules/wishlist/wishlist.schema';
import { createTestShop, expectError, type TestShop } from './helpers';
import { signUp, type Shopper } from './shoppers';

let shop: TestShop;
const pool: ProductDetail[] = [];
let next = 0;

beforeAll(async () => {
  shop = await createTestShop();
  const res = await shop.app.inject({ method: 'GET', url: '/api/v1/products/productvariant?limit=60' });
  expect(res.statusCode, res.body).toBe(200);
  for (const item of ListingPage.parse(res.json()).data.slice(0, 16)) {
    const detail = await shop.app.inject({ method: 'GET', url: `/api/v1/product/${item.product_variants.slug}` });
    expect(detail.statusCode, detail.body).toBe(200);
    pool.push(ProductResponse.parse(detail.json()).data[0]!);
  }
  expect(pool.length).toBe(16);
});
afterAll(() => shop?.close());

function take(): ProductDetail {
  const p = pool[next++];
  if (!p) throw new Error('the product pool is exhausted');
  return p;
}

const ids = (p: ProductDetail) => ({ product_id: p.products.id, product_variant_id: p.product_variants.id });

function call(method: 'GET' | 'POST', path: '' | '/remove', who: Shopper | null, payload?: unknown) {
  const opts: InjectOptions = { method, url: `/api/v1/wishlist${path}`, headers: who ? who.auth : {} };
  if (payload !== undefined) opts.payload = payload as object;
  return shop.app.inject(opts);
}

async function add(who: Shopper, p: ProductDetail) {
  const res = await call('POST', '', who, ids(p));
  expect(res.statusCode, res.body).toBe(200);
  expect(MessageBody.parse(res.json()).message).toBe('Item is now available in your wishlist !');
}

async function list(who: Shopper): Promise<WishlistItem[]> {
  const res = await call('GET', '', who);
  expect(res.statusCode, res.body).toBe(200);
  return WishlistResponse.parse(res.json()).data;
}

const rowsOf = (userId: number) =>
  shop.database.db.select().from(wishlistItems).where(eq(wishlistItems.userId, userId)).orderBy(asc(wishlistItems.id));

describe('wishlist', () => {
  it('starts empty', async () => {
    const who = await signUp(shop.app, 'wish-empty');
    expect(await list(who)).toEqual([]);
  });

  it("adds an item with the spec's message; GET lists it with its product", async () => {
    const who = await signUp(shop.app, 'wish-add');
    const p = take();
    await add(who, p);
    const items = await list(who);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject(ids(p));
    // A shopper's own list shows the count itself; the product page only what it shows (the threshold + 1 above it).
    const [real] = await shop.database.db
      .select({ stock: productVariants.stock })
      .from(productVariants)
      .where(eq(productVariants.id, p.product_variants.id));
    expect(items[0]!.product).toEqual({ ...p, product_variants: { ...p.product_variants, stock: real!.stock } });
    const [row] = await rowsOf(who.user.id);
    expect(row).toMatchObject({ id: items[0]!.id, productId: p.products.id, variantId: p.product_variants.id });
  });

  it('adding the same item twice keeps one (and still answers the success message)', async () => {
    const who = await signUp(shop.app, 'wish-twice');
    const p = take();
    await add(who, p);
    await add(who, p);
    expect(await list(who)).toHaveLength(1);
    expect(await rowsOf(who.user.id)).toHaveLength(1);
  });

  it('lists several items, newest first', async () => {
    const who = await signUp(shop.app, 'wish-several');
    const [a, b, c] = [take(), take(), take()];
    await add(who, a);
    await add(who, b);
    await add(who, c);
    expect((await list(who)).map((i) => i.product_variant_id)).toEqual([c, b, a].map((p) => p.product_variants.id));
  });

  it('an out-of-stock item can be wished for and comes back marked not available', async () => {
    const who = await signUp(shop.app, 'wish-sold-out');
    const p = take();
    await shop.database.db
      .update(productVariants)
      .set({ stock: 0 })
      .where(eq(productVariants.id, p.product_variants.id));
    await add(who, p);
    const [item] = await list(who);
    expect(item?.product.is_available_in_stock).toBe(false);
    expect(item?.product.product_variants.stock).toBe(0);
  });

  it('removes an item with the message; removing it again is 404; other items stay', async () => {
    const who = await signUp(shop.app, 'wish-remove');
    const [a, b] = [take(), take()];
    await add(who, a);
    await add(who, b);
    const res = await call('POST', '/remove', who, ids(a));
    expect(res.statusCode, res.body).toBe(200);
    expect(MessageBody.parse(res.json()).message).toBe('Item removed from your wishlist');
    expect((await list(who)).map((i) => i.product_variant_id)).toEqual([b.product_variants.id]);
    const again = expectError(await call('POST', '/remove', who, ids(a)), 404);
    expect(again.message).toBe(MESSAGES.wishlistNotFound);
    expect((await rowsOf(who.user.id)).map((r) => r.variantId)).toEqual([b.product_variants.id]);
  });

  it('removing an item that was never added: 404', async () => {
    const who = await signUp(shop.app, 'wish-remove-none');
    expectError(await call('POST', '/remove', who, ids(pool[0]!)), 404);
  });

  it('removing with the right variant but the wrong product: 404, the item stays', async () => {
    const who = await signUp(shop.app, 'wish-remove-wrong');
    const [a, b] = [take(), take()];
    await add(who, a);
    const before = await rowsOf(who.user.id);
    expectError(
      await call('POST', '/remove', who, { product_id: b.products.id, product_variant_id: a.product_variants.id }),
      404,
    );
    expect(await rowsOf(who.user.id)).toEqual(before);
  });
});

describe('refused wishlist calls', () => {
  let who: Shopper;
  let a: ProductDetail;
  let b: ProductDetail;
  beforeAll(async () => {
    who = await signUp(shop.app, 'wish-refused');
    [a, b] = [take(), take()];
    await add(who, a);
  });

  async function expectUnchanged(run: () => Promise<void>) {
    const before = await rowsOf(who.user.id);
    await run();
    expect(await rowsOf(who.user.id)).toEqual(before);
  }

  it('a variant of another product: 400', async () => {
    await expectUnchanged(async () => {
      const body = expectError(
        await call('POST', '', who, { product_id: a.products.id, product_variant_id: b.product_variants.id }),
        400,
      );
      expect(body.errors).toContain(MESSAGES.variantMismatch);
    });
  });

  it('an unknown variant: 404', async () => {
    await expectUnchanged(async () => {
      const body = expectError(
        await call('POST', '', who, { product_id: a.products.id, product_variant_id: 2_000_000_000 }),
        404,
      );
      expect(body.message).toBe(MESSAGES.productNotFound);
    });
  });

  it('an unknown product: 400 or 404', async () => {
    await expectUnchanged(async () => {
      const res = await call('POST', '', who, { product_id: 2_000_000_000, product_variant_id: b.product_variants.id });
      expect([400, 404]).toContain(res.statusCode);
      ErrorBody.parse(res.json());
    });
  });

  it('a variant withdrawn from sale cannot be added: 404', async () => {
    await shop.database.db
      .update(productVariants)
      .set({ isActive: false })
      .where(eq(productVariants.id, b.product_variants.id));
    try {
      await expectUnchanged(async () => {
        expectError(await call('POST', '', who, ids(b)), 404);
      });
    } finally {
      await shop.database.db
        .update(productVariants)
        .set({ isActive: true })
        .where(eq(productVariants.id, b.product_variants.id));
    }
  });

  it.each([
    [{ product_id: 1 }, 'product_variant_id'],
    [{ product_variant_id: 1 }, 'product_id'],
    [{ product_id: -1, product_variant_id: 1 }, 'id'],
    [{ product_id: 1.5, product_variant_id: 1 }, 'id'],
    [{ product_id: 'x', product_variant_id: 1 }, 'id'],
  ])('bad body %j: 400', async (payload, word) => {
    await expectUnchanged(async () => {
      expect(expectError(await call('POST', '', who, payload), 400).errors.join(' ')).toContain(word);
      expect(expectError(await call('POST', '/remove', who, payload), 400).errors.join(' ')).toContain(word);
    });
  });

  it('an unknown field: 400 naming it', async () => {
    await expectUnchanged(async () => {
      const body = expectError(await call('POST', '', who, { ...ids(b), note: 'for Diwali' }), 400);
      expect(body.errors.join(' ')).toContain('note');
      expectError(await call('POST', '/remove', who, { ...ids(a), note: 'x' }), 400);
    });
  });

  it('no token: 401 on GET, add and remove', async () => {
    await expectUnchanged(async () => {
      expect(expectError(await call('GET', '', null), 401).message).toBe(MESSAGES.loginRequired);
      expectError(await call('POST', '', null, ids(b)), 401);
      expectError(await call('POST', '/remove', null, ids(a)), 401);
    });
  });
});

describe('wishlist size limit', () => {
  const LIMIT = 200;
  let variants: { product_id: number; product_variant_id: number }[] = [];
  beforeAll(async () => {
    variants = await shop.database.db
      .select({ product_id: productVariants.productId, product_variant_id: productVariants.id })
      .from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId))
      .where(and(eq(productVariants.isActive, true), eq(products.isActive, true)))
      .orderBy(asc(productVariants.id))
      .limit(LIMIT + 20);
    expect(variants).toHaveLength(LIMIT + 20);
  });

  it(
    `holds ${LIMIT} items; the next is refused with 400, re-adding a held one is still fine`,
    { timeout: 60_000 },
    async () => {
      const who = await signUp(shop.app, 'wish-full');
      for (const v of variants.slice(0, LIMIT)) {
        const res = await call('POST', '', who, v);
        expect(res.statusCode, res.body).toBe(200);
      }
      const body = expectError(await call('POST', '', who, variants[LIMIT]), 400);
      expect(body.errors.join(' ')).toContain(String(LIMIT));
      expect(await rowsOf(who.user.id)).toHaveLength(LIMIT);
    },
  );

  it('the limit holds when many items are added at the same moment', { timeout: 60_000 }, async () => {
    const who = await signUp(shop.app, 'wish-full-race');
    for (const v of variants.slice(0, LIMIT - 10)) {
      expect((await call('POST', '', who, v)).statusCode).toBe(200);
    }
    const answers = await Promise.all(variants.slice(LIMIT - 10).map((v) => call('POST', '', who, v)));
    expect(answers.every((r) => r.statusCode === 200 || r.statusCode === 400)).toBe(true);
    expect((await rowsOf(who.user.id)).length, 'wishlist items stored past the limit').toBeLessThanOrEqual(LIMIT);
  });
});
