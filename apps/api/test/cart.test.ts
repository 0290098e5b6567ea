import {
  CartResponse,
  CartUpdateResponse,
  ErrorBody,
  ListingPage,
  MAX_CART_LINES,
  MAX_LINE_QUANTITY,
  MESSAGES,
  ProductResponse,
  type CartLine,
  type ProductDetail,
} from '@shop/contract';
import { and, asc, eq, gt } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartLines } from '../src/modules/cart/cart.schema';
import { productVariants, products } from '../src/modules/catalog/catalog.schema';
import { createTestShop, expectError, type TestShop } from './helpers';
import { signUp, type Shopper } from './shoppers';

let shop: TestShop;
/** In-stock variants as the product page shows them, each of a different product. */
const pool: ProductDetail[] = [];
let next = 0;

beforeAll(async () => {
  shop = await createTestShop();
  const res = await shop.app.inject({ method: 'GET', url: '/api/v1/products/productvariant?in_stock=true&limit=60' });
  expect(res.statusCode, res.body).toBe(200);
  const listing = ListingPage.parse(res.json());
  for (const item of listing.data.slice(0, 24)) {
    const detail = await shop.app.inject({ method: 'GET', url: `/api/v1/product/${item.product_variants.slug}` });
    expect(detail.statusCode, detail.body).toBe(200);
    const product = ProductResponse.parse(detail.json()).data[0]!;
    if (product.product_variants.stock >= 3) pool.push(product);
  }
  expect(pool.length).toBeGreaterThanOrEqual(16);
});
afterAll(() => shop?.close());

/** A variant no other test uses (tests that change stock in the database need their own). */
function takeVariant(): ProductDetail {
  const v = pool[next++];
  if (!v) throw new Error('the variant pool is exhausted');
  return v;
}

const ids = (p: ProductDetail) => ({ product_id: p.products.id, product_variant_id: p.product_variants.id });

function call(method: 'GET' | 'POST', who: Shopper | null, payload?: unknown): Promise<LightMyRequestResponse> {
  const opts: InjectOptions = { method, url: '/api/v1/carts', headers: who ? who.auth : {} };
  if (payload !== undefined) opts.payload = payload as object;
  return shop.app.inject(opts);
}

async function setLine(who: Shopper, p: ProductDetail, quantity: number) {
  const res = await call('POST', who, { ...ids(p), quantity });
  expect(res.statusCode, res.body).toBe(200);
  return CartUpdateResponse.parse(res.json());
}

async function cart(who: Shopper): Promise<CartLine[]> {
  const res = await call('GET', who);
  expect(res.statusCode, res.body).toBe(200);
  return CartResponse.parse(res.json()).data;
}

const linesOf = (userId: number) =>
  shop.database.db.select().from(cartLines).where(eq(cartLines.userId, userId)).orderBy(asc(cartLines.id));

const setStock = (variantId: number, stock: number) =>
  shop.database.db.update(productVariants).set({ stock }).where(eq(productVariants.id, variantId));

describe('setting a cart line', () => {
  it('an empty cart is { data: [] }', async () => {
    const who = await signUp(shop.app, 'cart-empty');
    expect(await cart(who)).toEqual([]);
  });

  it('adds a line; GET answers it with its ids and the product as the product page shows it', async () => {
    const who = await signUp(shop.app, 'cart-add');
    const p = takeVariant();
    const answer = await setLine(who, p, 1);
    expect(answer.message).toBe(MESSAGES.cartUpdated);
    expect(answer.data).toHaveLength(1);
    const lines = await cart(who);
    expect(lines).toEqual(answer.data);
    const [line] = lines;
    expect(line).toMatchObject({ ...ids(p), quantity: 1 });
    // A shopper's own list shows the count itself; the product page only what it shows (the threshold + 1 above it).
    const [real] = await shop.database.db
      .select({ stock: productVariants.stock })
      .from(productVariants)
      .where(eq(productVariants.id, p.product_variants.id));
    expect(line!.product).toEqual({ ...p, product_variants: { ...p.product_variants, stock: real!.stock } });
    expect(line!.product.products.id).toBe(line!.product_id);
    expect(line!.product.product_variants.id).toBe(line!.product_variant_id);
    expect(line!.product.is_available_in_stock).toBe(true);
    const [row] = await linesOf(who.user.id);
    expect(row).toMatchObject({
      id: line!.id,
      productId: p.products.id,
      variantId: p.product_variants.id,
      quantity: 1,
    });
  });

  it('sets the quantity absolutely: posting 2 twice leaves 2, then 3 leaves 3, 1 leaves 1', async () => {
    const who = await signUp(shop.app, 'cart-absolute');
    const p = takeVariant();
    await setStock(p.product_variants.id, 10);
    await setLine(who, p, 2);
    await setLine(who, p, 2);
    let lines = await cart(who);
    expect(lines).toHaveLength(1);
    expect(lines[0]!.quantity).toBe(2);
    await setLine(who, p, 3);
    await setLine(who, p, 1);
    lines = await cart(who);
    expect(lines.map((l) => l.quantity)).toEqual([1]);
    expect(await linesOf(who.user.id)).toHaveLength(1);
  });

  it('keeps one line per variant, in the order they were added', async () => {
    const who = await signUp(shop.app, 'cart-many');
    const [a, b, c] = [takeVariant(), takeVariant(), takeVariant()];
    await setLine(who, a, 1);
    await setLine(who, b, 2);
    await setLine(who, c, 1);
    const changed = await setLine(who, a, 2);
    const lines = await cart(who);
    expect(lines.map((l) => [l.product_variant_id, l.quantity])).toEqual([
      [a.product_variants.id, 2],
      [b.product_variants.id, 2],
      [c.product_variants.id, 1],
    ]);
    // The answer to changing a held line is the whole cart as it is now, the new quantity included.
    expect(changed.data).toEqual(lines);
  });

  it('quantity 0 removes the line and says so; other lines stay', async () => {
    const who = await signUp(shop.app, 'cart-remove');
    const [a, b] = [takeVariant(), takeVariant()];
    await setLine(who, a, 2);
    await setLine(who, b, 1);
    const answer = await setLine(who, a, 0);
    expect(answer.message).toBe(MESSAGES.cartItemRemoved);
    expect(answer.data.map((l) => l.product_variant_id)).toEqual([b.product_variants.id]);
    expect((await linesOf(who.user.id)).map((r) => r.variantId)).toEqual([b.product_variants.id]);
  });

  it('accepts exactly the stock, and refuses one more with how many are left', async () => {
    const who = await signUp(shop.app, 'cart-stock');
    const p = takeVariant();
    await setStock(p.product_variants.id, 3);
    const body = expectError(await call('POST', who, { ...ids(p), quantity: 4 }), 400);
    expect(body.errors).toEqual(['Only 3 left in stock']);
    expect(await linesOf(who.user.id)).toEqual([]);
    await setLine(who, p, 3);
    // Raising an existing line past the stock is refused too, and the line keeps its quantity.
    const again = expectError(await call('POST', who, { ...ids(p), quantity: 5 }), 400);
    expect(again.errors).toEqual(['Only 3 left in stock']);
    expect((await cart(who)).map((l) => l.quantity)).toEqual([3]);
  });

  it('an out-of-stock variant cannot be added', async () => {
    const who = await signUp(shop.app, 'cart-none-left');
    const p = takeVariant();
    await setStock(p.product_variants.id, 0);
    const body = expectError(await call('POST', who, { ...ids(p), quantity: 1 }), 400);
    expect(body.errors.join(' ')).toMatch(/out of stock/i);
    expect(await linesOf(who.user.id)).toEqual([]);
  });

  it(`allows ${MAX_LINE_QUANTITY} of one variant and refuses ${MAX_LINE_QUANTITY + 1} even when there is more stock`, async () => {
    const who = await signUp(shop.app, 'cart-max-qty');
    const p = takeVariant();
    await setStock(p.product_variants.id, MAX_LINE_QUANTITY + 5);
    await setLine(who, p, MAX_LINE_QUANTITY);
    const body = expectError(await call('POST', who, { ...ids(p), quantity: MAX_LINE_QUANTITY + 1 }), 400);
    expect(body.errors.join(' ')).toContain('quantity');
    expect((await cart(who)).map((l) => l.quantity)).toEqual([MAX_LINE_QUANTITY]);
  });

  it('a line whose stock ran out afterwards comes back marked not available, and can still be removed', async () => {
    const who = await signUp(shop.app, 'cart-sold-out');
    const p = takeVariant();
    await setLine(who, p, 2);
    await setStock(p.product_variants.id, 0);
    const [line] = await cart(who);
    expect(line).toMatchObject({ ...ids(p), quantity: 2 });
    expect(line!.product.is_available_in_stock).toBe(false);
    expect(line!.product.product_variants.stock).toBe(0);
    // It cannot be raised, but it can be removed.
    expectError(await call('POST', who, { ...ids(p), quantity: 1 }), 400);
    await setLine(who, p, 0);
    expect(await cart(who)).toEqual([]);
  });

  it('a line whose variant was withdrawn from sale comes back marked not available; it cannot be set again', async () => {
    const who = await signUp(shop.app, 'cart-withdrawn');
    const p = takeVariant();
    await setLine(who, p, 1);
    await shop.database.db
      .update(productVariants)
      .set({ isActive: false })
      .where(eq(productVariants.id, p.product_variants.id));
    try {
      const [line] = await cart(who);
      expect(line?.product.is_available_in_stock).toBe(false);
      expectError(await call('POST', who, { ...ids(p), quantity: 2 }), 404);
      expect((await linesOf(who.user.id)).map((r) => r.quantity)).toEqual([1]);
    } finally {
      await shop.database.db
        .update(productVariants)
        .set({ isActive: true })
        .where(eq(productVariants.id, p.product_variants.id));
    }
  });
});

describe('refused cart lines', () => {
  let who: Shopper;
  let p: ProductDetail;
  let other: ProductDetail;
  beforeAll(async () => {
    who = await signUp(shop.app, 'cart-refused');
    p = takeVariant();
    other = takeVariant();
    await setStock(p.product_variants.id, 30);
    await setLine(who, p, 2);
  });

  /** Every refusal leaves the existing line exactly as it was. */
  async function expectUnchanged(run: () => Promise<void>) {
    const before = await linesOf(who.user.id);
    await run();
    expect(await linesOf(who.user.id)).toEqual(before);
  }

  it('a variant of another product: 400, nothing added', async () => {
    await expectUnchanged(async () => {
      const body = expectError(
        await call('POST', who, {
          product_id: p.products.id,
          product_variant_id: other.product_variants.id,
          quantity: 1,
        }),
        400,
      );
      expect(body.errors).toContain(MESSAGES.variantMismatch);
    });
  });

  it('a held line named with another product: 400, the line keeps its quantity', async () => {
    await expectUnchanged(async () => {
      const body = expectError(
        await call('POST', who, {
          product_id: other.products.id,
          product_variant_id: p.product_variants.id,
          quantity: 5,
        }),
        400,
      );
      expect(body.errors).toContain(MESSAGES.variantMismatch);
    });
  });

  it('an unknown variant of a real product: 404', async () => {
    await expectUnchanged(async () => {
      const body = expectError(
        await call('POST', who, { product_id: p.products.id, product_variant_id: 2_000_000_000, quantity: 1 }),
        404,
      );
      expect(body.message).toBe(MESSAGES.productNotFound);
    });
  });

  it('an unknown product and variant: 404', async () => {
    await expectUnchanged(async () => {
      expectError(
        await call('POST', who, { product_id: 2_000_000_000, product_variant_id: 2_000_000_001, quantity: 1 }),
        404,
      );
    });
  });

  it('an unknown product with a real variant: refused (400 or 404)', async () => {
    await expectUnchanged(async () => {
      const res = await call('POST', who, {
        product_id: 2_000_000_000,
        product_variant_id: other.product_variants.id,
        quantity: 1,
      });
      expect([400, 404]).toContain(res.statusCode);
      ErrorBody.parse(res.json());
    });
  });

  it.each([
    [-1, 'negative'],
    [1.5, 'fractional'],
    [MAX_LINE_QUANTITY + 1, 'above the limit'],
    [1e9, 'huge'],
    ['abc', 'a word'],
    [{}, 'an object'],
    [undefined, 'missing'],
  ])('quantity %j (%s): 400 naming quantity', async (quantity, _why) => {
    await expectUnchanged(async () => {
      const body = expectError(await call('POST', who, { ...ids(p), quantity }), 400);
      expect(body.errors.join(' ')).toContain('quantity');
    });
  });

  // The API speaks JSON (docs/product.md#api): a quantity is a JSON number. These are strings, booleans, null
  // and arrays that a lenient number coercion turns into a valid quantity (null, '' and [] into 0: a removal).
  it.each([
    ['2', 'a numeric string'],
    [null, 'null'],
    [true, 'true'],
    ['', 'an empty string'],
    [[3], 'an array'],
  ])('quantity %j (%s): 400, the line untouched', async (quantity, _why) => {
    await expectUnchanged(async () => {
      expectError(await call('POST', who, { ...ids(p), quantity }), 400);
    });
  });

  it('ids that are not JSON numbers (a string, an array): 400, the line untouched', async () => {
    await expectUnchanged(async () => {
      expectError(
        await call('POST', who, {
          product_id: String(p.products.id),
          product_variant_id: [p.product_variants.id],
          quantity: 5,
        }),
        400,
      );
    });
  });

  it.each([
    [{ product_variant_id: 1, quantity: 1 }, 'product_id'],
    [{ product_id: 1, quantity: 1 }, 'product_variant_id'],
    [{ product_id: 0, product_variant_id: 1, quantity: 1 }, 'id'],
    [{ product_id: 1, product_variant_id: -3, quantity: 1 }, 'id'],
    [{ product_id: 'abc', product_variant_id: 1, quantity: 1 }, 'id'],
  ])('bad ids %j: 400', async (payload, word) => {
    await expectUnchanged(async () => {
      const body = expectError(await call('POST', who, payload), 400);
      expect(body.errors.join(' ')).toContain(word);
    });
  });

  it('an unknown field: 400 naming it', async () => {
    await expectUnchanged(async () => {
      const body = expectError(await call('POST', who, { ...ids(p), quantity: 1, price: 1 }), 400);
      expect(body.errors.join(' ')).toContain('price');
    });
  });

  it('a body that is not an object: 400', async () => {
    await expectUnchanged(async () => {
      expectError(await call('POST', who, [{ ...ids(p), quantity: 1 }]), 400);
      const raw = await shop.app.inject({
        method: 'POST',
        url: '/api/v1/carts',
        headers: { ...who.auth, 'content-type': 'application/json' },
        payload: '{"product_id": 1,',
      });
      expectError(raw, 400);
    });
  });

  it('GET and POST without a token: 401', async () => {
    await expectUnchanged(async () => {
      expect(expectError(await call('GET', null), 401).message).toBe(MESSAGES.loginRequired);
      expectError(await call('POST', null, { ...ids(p), quantity: 1 }), 401);
      expectError(await call('POST', null, { ...ids(p), quantity: 0 }), 401);
    });
  });
});

describe('cart size limit', () => {
  let sellable: { productId: number; variantId: number }[] = [];
  beforeAll(async () => {
    sellable = await shop.database.db
      .select({ productId: productVariants.productId, variantId: productVariants.id })
      .from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId))
      .where(and(gt(productVariants.stock, 5), eq(productVariants.isActive, true), eq(products.isActive, true)))
      .orderBy(asc(productVariants.id))
      .limit(MAX_CART_LINES + 20);
    expect(sellable.length).toBe(MAX_CART_LINES + 20);
  });

  const body = (v: { productId: number; variantId: number }) => ({
    product_id: v.productId,
    product_variant_id: v.variantId,
    quantity: 1,
  });

  it(`holds ${MAX_CART_LINES} different items; the next new one is refused, a change to a held one is not`, async () => {
    const who = await signUp(shop.app, 'cart-full');
    for (const v of sellable.slice(0, MAX_CART_LINES)) {
      const res = await call('POST', who, body(v));
      expect(res.statusCode, res.body).toBe(200);
    }
    const refused = expectError(await call('POST', who, body(sellable[MAX_CART_LINES]!)), 400);
    expect(refused.errors.join(' ')).toContain(String(MAX_CART_LINES));
    const res = await call('POST', who, { ...body(sellable[0]!), quantity: 2 });
    expect(res.statusCode, res.body).toBe(200);
    expect(await linesOf(who.user.id)).toHaveLength(MAX_CART_LINES);
  });

  it('the limit holds when many new items are added at the same moment', async () => {
    const who = await signUp(shop.app, 'cart-full-race');
    for (const v of sellable.slice(0, MAX_CART_LINES - 10)) {
      expect((await call('POST', who, body(v))).statusCode).toBe(200);
    }
    const answers = await Promise.all(sellable.slice(MAX_CART_LINES - 10).map((v) => call('POST', who, body(v))));
    expect(answers.every((r) => r.statusCode === 200 || r.statusCode === 400)).toBe(true);
    expect((await linesOf(who.user.id)).length, 'cart lines stored past the limit').toBeLessThanOrEqual(MAX_CART_LINES);
  });
});
