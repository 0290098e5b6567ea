import { randomBytes } from 'node:crypto';
import {
  CartResponse,
  COD_UNAVAILABLE,
  ErrorBody,
  MESSAGES,
  OUT_OF_STOCK,
  PlaceOrderResponse,
  type Order,
} from '@shop/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../src/db/client';
import { createCategory, createProduct } from '../src/db/factories';
import { cartLines } from '../src/modules/cart/cart.schema';
import { orderLines, orders } from '../src/modules/orders/orders.schema';
import { productVariants } from '../src/modules/catalog/catalog.schema';
import { takeStock } from '../src/modules/orders/stock';
import { createTestShop, type TestShop } from './helpers';
import { addAddress, placeOrder, setCart, signUp, type Shopper } from './shoppers';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop({ TEST_PAYMENT_WEBHOOK_DELAY_MS: '60000' });
});
afterAll(() => shop?.close());

const tag = () => randomBytes(4).toString('hex');

/** A fresh product whose variants have exactly the given stocks. */
async function makeProduct(stocks: number[], mrp = 799) {
  const db = shop.database.db;
  const category = await createCategory(db, { name: `Concurrency ${tag()}` });
  const { product, variants } = await createProduct(db, {
    name: `Hand-smocked frock ${tag()}`,
    categoryId: category.id,
    variants: stocks.map((stock, i) => ({
      size: `${i + 1}-${i + 2}Y`,
      color: { name: 'Rose', hex: '#f2a7b8' },
      mrp,
      stock,
    })),
  });
  shop.app.ctx.cache.invalidate();
  return { product, variants };
}

const stockOf = async (variantId: number) =>
  (await shop.database.db.select().from(productVariants).where(eq(productVariants.id, variantId)))[0]!.stock;

const ordersWithVariant = (variantId: number) =>
  shop.database.db.select().from(orderLines).where(eq(orderLines.variantId, variantId));

const orderRowsOf = (userId: number) => shop.database.db.select().from(orders).where(eq(orders.userId, userId));

async function cartOf(shopper: Shopper) {
  const res = await shop.app.inject({ url: '/api/v1/carts', headers: shopper.auth });
  expect(res.statusCode, res.body).toBe(200);
  return CartResponse.parse(res.json()).data;
}

function postOrder(
  shopper: Shopper,
  address: number,
  extra: { payment_method?: string; headers?: Record<string, string> } = {},
) {
  return shop.app.inject({
    method: 'POST',
    url: '/api/v1/orders',
    headers: { ...shopper.auth, ...extra.headers },
    payload: { address, shipping_type: 'standard', payment_method: extra.payment_method ?? 'ONLINE' },
  });
}

/** A signed-up shopper with an address, ready to order. */
async function readyShopper(label: string) {
  const shopper = await signUp(shop.app, label);
  const address = await addAddress(shop.app, shopper);
  return { shopper, address };
}

describe('fifty shoppers racing for ten pieces', () => {
  it('sells exactly the stock: ten orders, forty clean refusals, never below zero', async () => {
    const { product, variants } = await makeProduct([10]);
    const variant = variants[0]!;

    const racers: { shopper: Shopper; address: number }[] = [];
    for (let batch = 0; batch < 5; batch += 1) {
      racers.push(
        ...(await Promise.all(
          Array.from({ length: 10 }, async (_, i) => {
            const r = await readyShopper(`racer${batch * 10 + i}`);
            await setCart(shop.app, r.shopper, product.id, variant.id, 1);
            return r;
          }),
        )),
      );
    }
    expect(racers).toHaveLength(50);

    const answers = await Promise.all(racers.map((r) => postOrder(r.shopper, r.address)));

    const statuses = answers.map((a) => a.statusCode);
    expect(
      statuses.filter((s) => s >= 500),
      answers.find((a) => a.statusCode >= 500)?.body,
    ).toEqual([]);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 400)).toHaveLength(40);

    const winners: Order[] = [];
    const losers: Shopper[] = [];
    answers.forEach((answer, i) => {
      if (answer.statusCode === 201) {
        const order = PlaceOrderResponse.parse(answer.json()).data[0]!;
        expect(order.status).toBe('created');
        expect(order.order_details).toHaveLength(1);
        expect(order.order_details[0]!.quantity).toBe(1);
        expect(order.order_details[0]!.product_details.product_variants.id).toBe(variant.id);
        winners.push(order);
      } else {
        const error = ErrorBody.parse(answer.json());
        expect(error.message).toBe(MESSAGES.someOutOfStock);
        expect(error.errors).toContain(OUT_OF_STOCK);
        losers.push(racers[i]!.shopper);
      }
    });
    expect(new Set(winners.map((o) => o.id)).size).toBe(10);

    expect(await stockOf(variant.id)).toBe(0);
    const sold = await ordersWithVariant(variant.id);
    expect(sold).toHaveLength(10);
    expect(new Set(sold.map((l) => l.orderId))).toEqual(new Set(winners.map((o) => o.id)));
    expect(sold.reduce((n, l) => n + l.quantity, 0)).toBe(10);

    // The losers keep their cart line; the winners' carts are empty.
    const loserCarts = await Promise.all(losers.map((s) => cartOf(s)));
    for (const cart of loserCarts) {
      expect(cart).toHaveLength(1);
      expect(cart[0]).toMatchObject({ product_variant_id: variant.id, quantity: 1 });
    }
    const winnerIds = racers.filter((r) => !losers.includes(r.shopper)).map((r) => r.shopper.user.id);
    const leftInWinnerCarts = await shop.database.db
      .select()
      .from(cartLines)
      .where(inArray(cartLines.userId, winnerIds));
    expect(leftInWinnerCarts).toEqual([]);

    // And nobody can buy what is not there any more.
    const late = await postOrder(losers[0]!, racers.find((r) => r.shopper === losers[0])!.address);
    expect(late.statusCode, late.body).toBe(400);
    expect(ErrorBody.parse(late.json()).errors).toContain(OUT_OF_STOCK);
    expect(await stockOf(variant.id)).toBe(0);
  }, 60_000);

  it('refuses the whole order when one of two lines is short, reserving nothing', async () => {
    const { product, variants } = await makeProduct([5, 1]);
    const [plenty, scarce] = [variants[0]!, variants[1]!];
    const { shopper, address } = await readyShopper('twolines');
    await setCart(shop.app, shopper, product.id, plenty.id, 2);
    await setCart(shop.app, shopper, product.id, scarce.id, 1);
    // Someone else bought the last one after it went into this cart.
    await shop.database.db.update(productVariants).set({ stock: 0 }).where(eq(productVariants.id, scarce.id));
    shop.app.ctx.cache.invalidate();

    const res = await postOrder(shopper, address);
    expect(res.statusCode, res.body).toBe(400);
    const error = ErrorBody.parse(res.json());
    // The machine-readable answer a client branches on, beside the words it shows.
    expect(error).toMatchObject({ code: 'invalid', reason: 'out_of_stock' });
    expect(error.message).toBe(MESSAGES.someOutOfStock);
    expect(error.errors).toContain(OUT_OF_STOCK);
    expect(error.errors.some((e) => e.includes(product.name) && e.includes('out of stock'))).toBe(true);

    expect(await stockOf(plenty.id)).toBe(5);
    expect(await stockOf(scarce.id)).toBe(0);
    const cart = await cartOf(shopper);
    expect(cart.map((l) => [l.product_variant_id, l.quantity]).sort()).toEqual(
      [
        [plenty.id, 2],
        [scarce.id, 1],
      ].sort(),
    );
    expect(await orderRowsOf(shopper.user.id)).toEqual([]);
    expect(await ordersWithVariant(plenty.id)).toEqual([]);
  });

  it('refuses a line wanting more than is left, naming how many are left', async () => {
    const { product, variants } = await makeProduct([3]);
    const variant = variants[0]!;
    const { shopper, address } = await readyShopper('toomany');
    await setCart(shop.app, shopper, product.id, variant.id, 3);
    await shop.database.db.update(productVariants).set({ stock: 2 }).where(eq(productVariants.id, variant.id));
    shop.app.ctx.cache.invalidate();

    const res = await postOrder(shopper, address);
    expect(res.statusCode, res.body).toBe(400);
    const error = ErrorBody.parse(res.json());
    expect(error.errors).toContain(OUT_OF_STOCK);
    expect(error.errors.some((e) => e.includes('2 left'))).toBe(true);
    expect(await stockOf(variant.id)).toBe(2);
    expect(await cartOf(shopper)).toHaveLength(1);
  });
});

describe('the stock checked again under the lock', () => {
  it('takes only what the locked stock covers, empties the cart and answers the stock it found', async () => {
    const { product, variants } = await makeProduct([5, 1]);
    const [plenty, scarce] = [variants[0]!, variants[1]!];
    const { shopper } = await readyShopper('takestock');
    await setCart(shop.app, shopper, product.id, plenty.id, 1);
    const order = await placeOrder(shop.app, shopper, 'standard');
    await setCart(shop.app, shopper, product.id, plenty.id, 2);

    let seen: { found: Map<number, number>; stocks: Map<number, number>; cart: number } | undefined;
    await shop.database.db
      .transaction(async (tx) => {
        const found = await takeStock(tx, {
          id: order.id,
          userId: shopper.user.id,
          lines: [
            { variantId: scarce.id, quantity: 3 },
            { variantId: plenty.id, quantity: 2 },
          ],
        });
        const stocks = await tx
          .select({ id: productVariants.id, stock: productVariants.stock })
          .from(productVariants)
          .where(inArray(productVariants.id, [plenty.id, scarce.id]));
        const cart = await tx.select().from(cartLines).where(eq(cartLines.userId, shopper.user.id));
        seen = { found, stocks: new Map(stocks.map((r) => [r.id, r.stock])), cart: cart.length };
        tx.rollback();
      })
      .catch((err: unknown) => {
        if (!(err instanceof Error) || !/rollback/i.test(err.message)) throw err;
      });

    // As locked: 4 left of plenty after the first order, 1 of scarce.
    expect(seen?.found).toEqual(
      new Map([
        [plenty.id, 4],
        [scarce.id, 1],
      ]),
    );
    // Plenty covered its line and was taken; scarce was short and kept its stock.
    expect(seen?.stocks).toEqual(
      new Map([
        [plenty.id, 2],
        [scarce.id, 1],
      ]),
    );
    expect(seen?.cart).toBe(0);
    // Rolled back, as placeOrder does on any shortfall.
    expect(await stockOf(plenty.id)).toBe(4);
    expect(await stockOf(scarce.id)).toBe(1);
    expect(await cartOf(shopper)).toHaveLength(1);
  });

  // Only PostgreSQL has two connections to race with: PGlite runs one transaction at a time,
  // so nothing can come between an order's first look and its lock there.
  if (process.env.DATABASE_URL) {
    it('refuses the order and writes nothing when the last piece goes between the first look and the lock', async () => {
      const { product, variants } = await makeProduct([1]);
      const variant = variants[0]!;
      const { shopper, address } = await readyShopper('overtaken');
      await setCart(shop.app, shopper, product.id, variant.id, 1);

      const rival = new pg.Client({ connectionString: shop.database.url });
      await rival.connect();
      try {
        await rival.query('begin');
        await rival.query('select id from product_variants where id = $1 for no key update', [variant.id]);
        const answer = postOrder(shopper, address).then((res) => res); // inject starts on then()
        // The order passed its first look (1 in stock), wrote its rows and now waits for the lock.
        // (Asked on another connection: inside a transaction, pg_stat_activity stays as first read.)
        await expect
          .poll(
            async () =>
              (
                await rows<{ n: number }>(
                  shop.database.db,
                  sql`select count(*)::int as n from pg_stat_activity
                      where datname = current_database() and wait_event_type = 'Lock' and query like '%with locked as%'`,
                )
              )[0]!.n,
            { timeout: 10_000, interval: 20 },
          )
          .toBe(1);
        await rival.query('update product_variants set stock = 0 where id = $1', [variant.id]);
        await rival.query('commit');

        const res = await answer;
        expect(res.statusCode, res.body).toBe(400);
        const error = ErrorBody.parse(res.json());
        expect(error.errors).toContain(OUT_OF_STOCK);
        expect(error.errors.some((e) => e.includes(product.name) && e.includes('out of stock'))).toBe(true);
      } finally {
        await rival.end();
      }
      expect(await stockOf(variant.id)).toBe(0);
      expect(await orderRowsOf(shopper.user.id)).toEqual([]);
      expect(await ordersWithVariant(variant.id)).toEqual([]);
      expect(await cartOf(shopper)).toHaveLength(1);
    });
  }
});

describe('Idempotency-Key', () => {
  it('answers the same order when the same key is sent twice, one after the other', async () => {
    const { product, variants } = await makeProduct([10]);
    const variant = variants[0]!;
    const { shopper, address } = await readyShopper('retry');
    await setCart(shop.app, shopper, product.id, variant.id, 2);
    const headers = { 'idempotency-key': `checkout-${tag()}-${tag()}` };

    const first = await postOrder(shopper, address, { headers });
    expect(first.statusCode, first.body).toBe(201);
    const second = await postOrder(shopper, address, { headers });
    expect(second.statusCode, second.body).toBe(200);

    const a = PlaceOrderResponse.parse(first.json()).data[0]!;
    const b = PlaceOrderResponse.parse(second.json()).data[0]!;
    expect(b.id).toBe(a.id);
    expect(b.total).toBe(a.total);
    expect(await orderRowsOf(shopper.user.id)).toHaveLength(1);
    expect(await stockOf(variant.id)).toBe(8);

    // A new key is a new order (and this cart is empty now).
    const fresh = await postOrder(shopper, address, { headers: { 'idempotency-key': `checkout-${tag()}-${tag()}` } });
    expect(fresh.statusCode, fresh.body).toBe(400);
    expect(ErrorBody.parse(fresh.json()).message).toBe(MESSAGES.cartEmpty);
  });

  it('answers one order when the same key is sent twice at once', async () => {
    const { product, variants } = await makeProduct([10]);
    const variant = variants[0]!;
    const { shopper, address } = await readyShopper('doubleclick');
    await setCart(shop.app, shopper, product.id, variant.id, 1);
    const headers = { 'idempotency-key': `checkout-${tag()}-${tag()}` };

    const answers = await Promise.all([
      postOrder(shopper, address, { headers }),
      postOrder(shopper, address, { headers }),
    ]);
    expect(answers.map((a) => a.statusCode).sort(), answers.map((a) => a.body).join('\n')).toEqual([200, 201]);
    const ids = answers.map((a) => PlaceOrderResponse.parse(a.json()).data[0]!.id);
    expect(ids[0]).toBe(ids[1]);
    expect(await orderRowsOf(shopper.user.id)).toHaveLength(1);
    expect(await stockOf(variant.id)).toBe(9);
  });

  it('keeps keys per shopper: the same key from two shoppers makes two orders', async () => {
    const { product, variants } = await makeProduct([10]);
    const variant = variants[0]!;
    const headers = { 'idempotency-key': `shared-key-${tag()}` };
    const made: number[] = [];
    for (const label of ['keyone', 'keytwo']) {
      const { shopper, address } = await readyShopper(label);
      await setCart(shop.app, shopper, product.id, variant.id, 1);
      const res = await postOrder(shopper, address, { headers });
      expect(res.statusCode, res.body).toBe(201);
      made.push(PlaceOrderResponse.parse(res.json()).data[0]!.id);
    }
    expect(made[0]).not.toBe(made[1]);
    expect(await stockOf(variant.id)).toBe(8);
  });

  it('refuses a key that is too short', async () => {
    const { shopper, address } = await readyShopper('shortkey');
    const res = await postOrder(shopper, address, { headers: { 'idempotency-key': 'abc' } });
    expect(res.statusCode, res.body).toBe(400);
    expect(ErrorBody.parse(res.json()).errors.join(' ')).toMatch(/Idempotency-Key/);
  });
});

describe('orders refused before anything is reserved', () => {
  it('refuses an empty cart', async () => {
    const { shopper, address } = await readyShopper('emptycart');
    const res = await postOrder(shopper, address);
    expect(res.statusCode, res.body).toBe(400);
    expect(ErrorBody.parse(res.json()).message).toBe(MESSAGES.cartEmpty);
    expect(await orderRowsOf(shopper.user.id)).toEqual([]);
  });

  it('refuses Cash on Delivery and leaves the cart and stock alone', async () => {
    const { product, variants } = await makeProduct([4]);
    const variant = variants[0]!;
    const { shopper, address } = await readyShopper('cod');
    await setCart(shop.app, shopper, product.id, variant.id, 1);

    const res = await postOrder(shopper, address, { payment_method: 'COD' });
    expect(res.statusCode, res.body).toBe(400);
    expect(ErrorBody.parse(res.json()).message).toBe(COD_UNAVAILABLE);
    expect(await stockOf(variant.id)).toBe(4);
    expect(await cartOf(shopper)).toHaveLength(1);
    expect(await orderRowsOf(shopper.user.id)).toEqual([]);
  });

  it("refuses another shopper's address with 404 and leaves the cart and stock alone", async () => {
    const { product, variants } = await makeProduct([4]);
    const variant = variants[0]!;
    const { shopper } = await readyShopper('borrower');
    const owner = await readyShopper('addressowner');
    await setCart(shop.app, shopper, product.id, variant.id, 1);

    const res = await postOrder(shopper, owner.address);
    expect(res.statusCode, res.body).toBe(404);
    expect(ErrorBody.parse(res.json()).message).toBe(MESSAGES.addressNotFound);
    expect(await stockOf(variant.id)).toBe(4);
    expect(await cartOf(shopper)).toHaveLength(1);
    expect(await orderRowsOf(shopper.user.id)).toEqual([]);
    expect(await orderRowsOf(owner.shopper.user.id)).toEqual([]);
  });

  it('refuses an unknown field in the body', async () => {
    const { shopper, address } = await readyShopper('extrafield');
    const res = await shop.app.inject({
      method: 'POST',
      url: '/api/v1/orders',
      headers: shopper.auth,
      payload: { address, shipping_type: 'standard', payment_method: 'ONLINE', total: 1 },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(ErrorBody.parse(res.json()).errors.join(' ')).toMatch(/total/);
  });

  it('needs a signed-in shopper', async () => {
    const res = await shop.app.inject({
      method: 'POST',
      url: '/api/v1/orders',
      payload: { address: 1, shipping_type: 'standard', payment_method: 'ONLINE' },
    });
    expect(res.statusCode).toBe(401);
    ErrorBody.parse(res.json());
  });
});
