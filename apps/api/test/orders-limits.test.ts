import { ErrorBody, ListingPage, MESSAGES } from '@shop/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../src/db/client';
import { products } from '../src/modules/catalog/catalog.schema';
import { createTestShop, type TestShop } from './helpers';
import { orderWorld, type OrderWorld } from './order-world';
import { addAddress, setCart, signUp, type Shopper } from './shoppers';

let shop: TestShop;
let world: OrderWorld;
beforeAll(async () => {
  shop = await createTestShop({
    TEST_PAYMENT_WEBHOOK_DELAY_MS: '60000',
    RATE_LIMIT_ORDERS_PER_USER: '4',
    RATE_LIMIT_PAYMENTS_PER_USER: '3',
  });
  world = await orderWorld(shop);
});
afterAll(() => shop?.close());

async function postOrder(
  app: TestShop['app'],
  shopper: Shopper,
  variantId: number,
  quantity = 1,
  productId = world.productId,
) {
  await setCart(app, shopper, productId, variantId, quantity);
  const address = await addAddress(app, shopper);
  return app.inject({
    method: 'POST',
    url: '/api/v1/orders',
    headers: shopper.auth,
    payload: { address, shipping_type: 'standard', payment_method: 'ONLINE' },
  });
}

describe('unpaid orders per shopper', () => {
  it('refuses a third unpaid order with 409 and a way out; paying or cancelling one makes room', async () => {
    const shopper = await signUp(shop.app, 'unpaidcap');
    const first = await postOrder(shop.app, shopper, world.variants.small);
    expect(first.statusCode).toBe(201);
    expect((await postOrder(shop.app, shopper, world.variants.small)).statusCode).toBe(201);
    const third = await postOrder(shop.app, shopper, world.variants.small);
    expect(third.statusCode, third.body).toBe(409);
    expect(ErrorBody.parse(third.json()).message).toBe(MESSAGES.tooManyUnpaidOrders);
    expect(MESSAGES.tooManyUnpaidOrders).toMatch(/pay .*or cancel/);

    const cancel = await shop.app.inject({
      method: 'POST',
      url: '/api/v1/orders/cancel',
      headers: shopper.auth,
      payload: { order_id: first.json<{ data: { id: number }[] }>().data[0]!.id },
    });
    expect(cancel.statusCode).toBe(200);
    expect((await postOrder(shop.app, shopper, world.variants.small)).statusCode).toBe(201);
  });

  it('takes the cap from MAX_UNPAID_ORDERS', async () => {
    const roomy = await createTestShop({ MAX_UNPAID_ORDERS: '3' });
    try {
      const local = await orderWorld(roomy);
      const shopper = await signUp(roomy.app, 'roomy');
      for (let i = 0; i < 3; i += 1)
        expect((await postOrder(roomy.app, shopper, local.variants.small)).statusCode).toBe(201);
      expect((await postOrder(roomy.app, shopper, local.variants.small)).statusCode).toBe(409);
    } finally {
      await roomy.close();
    }
  });
});

describe('unpaid pieces of one variant per shopper', () => {
  it('refuses the order that would hold more than 5, saying how many more may be ordered', async () => {
    const { shopper } = await world.order('hoarder', 4);
    const refused = await postOrder(shop.app, shopper, world.variants.small, 2);
    expect(refused.statusCode, refused.body).toBe(409);
    const error = ErrorBody.parse(refused.json());
    expect(error.reason).toBe('unpaid_pieces_limit');
    expect(error.errors).toEqual([
      expect.stringMatching(
        /^You already hold 4 of Hand-embroidered jhabla \w+ \(0-6M\/Saffron\) in unpaid orders; pay or cancel them first, or order at most 1 more\.$/,
      ),
    ]);
    // The refused order took nothing: its cart is still there, and one more piece passes.
    expect((await postOrder(shop.app, shopper, world.variants.small, 1)).statusCode).toBe(201);
    // Another variant is counted on its own.
    const other = await signUp(shop.app, 'hoarder-sizes');
    await setCart(shop.app, other, world.productId, world.variants.small, 5);
    await setCart(shop.app, other, world.productId, world.variants.large, 5);
    expect((await postOrder(shop.app, other, world.variants.large, 5)).statusCode).toBe(201);
  });

  it('counts this order too, and only unpaid orders: paid pieces are bought', async () => {
    const shopper = await signUp(shop.app, 'bigcart');
    const tooMany = ErrorBody.parse((await postOrder(shop.app, shopper, world.variants.large, 6)).json());
    expect(tooMany.errors).toEqual([
      expect.stringMatching(/^You may hold at most 5 of .* in unpaid orders; order at most 5\.$/),
    ]);

    const { shopper: buyer, order } = await world.order('paidbuyer', 5);
    const full = ErrorBody.parse((await postOrder(shop.app, buyer, world.variants.small, 1)).json());
    expect(full.errors).toEqual([expect.stringMatching(/^You already hold 5 of .*; pay or cancel them first\.$/)]);
    await world.pay(buyer, order);
    expect((await postOrder(shop.app, buyer, world.variants.small, 5)).statusCode).toBe(201);
  });

  it('takes the limit from MAX_UNPAID_PIECES_PER_VARIANT', async () => {
    const roomy = await createTestShop({ MAX_UNPAID_PIECES_PER_VARIANT: '8' });
    try {
      const local = await orderWorld(roomy);
      const { shopper } = await local.order('roomyhoarder', 6);
      const refused = ErrorBody.parse(
        (await postOrder(roomy.app, shopper, local.variants.small, 3, local.productId)).json(),
      );
      expect(refused.errors[0]).toMatch(/You already hold 6 of .*order at most 2 more\.$/);
      expect((await postOrder(roomy.app, shopper, local.variants.small, 2, local.productId)).statusCode).toBe(201);
    } finally {
      await roomy.close();
    }
  });
});

describe('rate limits', () => {
  it('limits orders placed per shopper', async () => {
    const shopper = await signUp(shop.app, 'ordersflood');
    const answers: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const res = await postOrder(shop.app, shopper, world.variants.large);
      answers.push(res.statusCode);
      // Keep room under the unpaid cap: cancel what was placed.
      if (res.statusCode === 201) {
        const id = res.json<{ data: { id: number }[] }>().data[0]!.id;
        await shop.app.inject({
          method: 'POST',
          url: '/api/v1/orders/cancel',
          headers: shopper.auth,
          payload: { order_id: id },
        });
      }
    }
    expect(answers).toEqual([201, 201, 201, 201, 429]);
  });

  it('limits payment starts per shopper', async () => {
    const { shopper, order } = await world.order('payflood');
    const start = () =>
      shop.app.inject({ method: 'POST', url: `/api/v1/orders/${order.id}/payment`, headers: shopper.auth });
    const answers = [];
    for (let i = 0; i < 4; i += 1) answers.push((await start()).statusCode);
    expect(answers).toEqual([200, 200, 200, 429]);
  });

  it('limits orders per IP across shoppers', async () => {
    const narrow = await createTestShop({ RATE_LIMIT_ORDERS_PER_IP: '2' });
    try {
      const local = await orderWorld(narrow);
      const answers = [];
      for (const label of ['ipa', 'ipb', 'ipc']) {
        const shopper = await signUp(narrow.app, label);
        answers.push((await postOrder(narrow.app, shopper, local.variants.small)).statusCode);
      }
      expect(answers).toEqual([201, 201, 429]);
    } finally {
      await narrow.close();
    }
  });
});

describe('what sells shows first', () => {
  it('drops the cached popular listing when a payment raises popularity', async () => {
    const popular = async () =>
      ListingPage.parse((await shop.app.inject({ url: '/api/v1/products/popular?limit=10' })).json()).data.map(
        (i) => i.products.id,
      );
    const [top] = await rows<{ top: number }>(
      world.db,
      sql`select max(popularity)::int as top from products where id <> ${world.productId}`,
    );
    await world.db
      .update(products)
      .set({ popularity: top!.top - 2 })
      .where(eq(products.id, world.productId));
    const big = await world.order('bigbuyer', 5); // placing it drops the cache (stock)
    expect((await popular())[0]).not.toBe(world.productId); // cached from here
    await world.pay(big.shopper, big.order); // popularity + 5
    expect((await popular())[0]).toBe(world.productId);
  });

  it('drops nothing when a payment passes no other product', async () => {
    const [top] = await rows<{ top: number }>(
      world.db,
      sql`select max(popularity)::int as top from products where id <> ${world.productId}`,
    );
    await world.db
      .update(products)
      .set({ popularity: top!.top + 100 })
      .where(eq(products.id, world.productId));
    const sale = await world.order('topbuyer', 1);
    const generation = shop.app.ctx.cache.generation;
    await world.pay(sale.shopper, sale.order);
    expect(shop.app.ctx.cache.generation).toBe(generation); // first under 'popular' before and after
    const [after] = await rows<{ popularity: number }>(
      world.db,
      sql`select popularity from products where id = ${world.productId}`,
    );
    expect(after!.popularity).toBe(top!.top + 101);
  });
});
