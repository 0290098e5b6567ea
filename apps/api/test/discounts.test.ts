import { randomBytes } from 'node:crypto';
import {
  CartResponse,
  DISCOUNT_REFUSALS,
  ErrorBody,
  OrderResponse,
  OrdersResponse,
  PaymentStart,
  PlaceOrderResponse,
  QuoteResponse,
  formatRupees,
  type Order,
  type Quote,
  type AdminDiscount,
  type DiscountBody,
} from '@shop/contract';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../src/db/client';
import { createCategory, createCollection, createProduct } from '../src/db/factories';
import { productVariants } from '../src/modules/catalog/catalog.schema';
import { getDiscount, updateDiscount } from '../src/modules/admin/discounts/discounts.service';
import { discountCodes } from '../src/modules/discounts/discounts.schema';
import { orderTax } from '../src/modules/invoices/order-tax';
import { fireOrderEvent } from '../src/modules/orders/lifecycle/fire';
import { orderLines, orders } from '../src/modules/orders/orders.schema';
import { expireUnpaidOrders } from '../src/modules/payments/reconcile';
import { createTestShop, expectError, type TestShop } from './helpers';
import { orderWorld, type OrderWorld } from './order-world';
import { razorpayShop, type RazorpayShop } from './razorpay-shop';
import { addAddress, setCart, signUp, type Shopper } from './shoppers';

/** Discount codes as a shopper meets them (docs/product.md 'Discount codes', 'One price'). */
let shop: TestShop;
let world: OrderWorld;

interface Piece {
  id: number;
  productId: number;
}
let kurta: Piece; // ₹899, full price, category A
let frock: Piece; // ₹1,999, full price, category B, in the collection
let jhabla: Piece; // ₹799 on sale (MRP ₹1,099), category A
let lehenga: Piece; // ₹2,600, full price, category B: 18% GST at full price, 5% once 10% off
let categoryA: number;
let categoryB: number;
let emptyCategory: number;
let collection: number;

const tag = () => randomBytes(3).toString('hex');

async function product(
  name: string,
  categoryId: number,
  mrp: number,
  sellingPrice = mrp,
  collectionIds: number[] = [],
) {
  const made = await createProduct(shop.database.db, {
    name: `${name} ${tag()}`,
    categoryId,
    collectionIds,
    variants: [{ size: '2-3Y', color: { name: 'Indigo', hex: '#3f51b5' }, mrp, sellingPrice, stock: 500 }],
  });
  return { id: made.variants[0]!.id, productId: made.product.id };
}

beforeAll(async () => {
  shop = await createTestShop({ TEST_PAYMENT_WEBHOOK_DELAY_MS: '60000' });
  world = await orderWorld(shop);
  const db = shop.database.db;
  categoryA = (await createCategory(db, { name: `Kurtas ${tag()}` })).id;
  categoryB = (await createCategory(db, { name: `Frocks ${tag()}` })).id;
  emptyCategory = (await createCategory(db, { name: `Shoes ${tag()}` })).id;
  collection = (await createCollection(db, { name: `Diwali ${tag()}` })).id;
  kurta = await product('Block-printed kurta', categoryA, 899);
  frock = await product('Smocked frock', categoryB, 1999, 1999, [collection]);
  jhabla = await product('Mulmul jhabla', categoryA, 1099, 799);
  lehenga = await product('Silk lehenga', categoryB, 2600);
  shop.app.ctx.cache.invalidate();
});
afterAll(() => shop?.close());

const paise = (rupees: number) => Math.round(rupees * 100);

let serial = 0;
type CodeRules = Omit<typeof discountCodes.$inferInsert, 'code'>;
/** A code written straight to its table, with a name no other test uses. */
async function makeCode(rules: CodeRules) {
  const code = `T${tag()}${++serial}`.toUpperCase();
  const [row] = await shop.database.db
    .insert(discountCodes)
    .values({ code, ...rules })
    .returning();
  return row!;
}
/** A code as the back office's form would send it back unchanged. */
const bodyOfView = (d: AdminDiscount): DiscountBody => ({
  code: d.code,
  kind: d.kind,
  value: d.value,
  min_subtotal: d.min_subtotal,
  starts_at: d.starts_at,
  ends_at: d.ends_at,
  max_uses: d.max_uses,
  max_uses_per_buyer: d.max_uses_per_buyer,
  first_order_only: d.first_order_only,
  category_ids: d.category_ids,
  collection_ids: d.collection_ids,
  exclude_sale_items: d.exclude_sale_items,
  active: d.active,
  note: d.note,
});
/** The uses the owner sees: counted by the code when it is limited, its orders holding one otherwise. */
const usesOf = async (id: number) => (await getDiscount(world.staff(), id)).uses;
const stockOf = async (variantId: number) =>
  (await shop.database.db.select().from(productVariants).where(eq(productVariants.id, variantId)))[0]!.stock;
const ordersOf = (userId: number) => shop.database.db.select().from(orders).where(eq(orders.userId, userId));

interface Buyer {
  shopper: Shopper;
  address: number;
}

/** A signed-up shopper with an address and the given pieces in their bag. */
async function buyer(label: string, bag: [Piece, number][]): Promise<Buyer> {
  const shopper = await signUp(shop.app, label);
  const address = await addAddress(shop.app, shopper);
  await fill({ shopper, address }, bag);
  return { shopper, address };
}
async function fill(b: Buyer, bag: [Piece, number][]) {
  for (const [piece, quantity] of bag) await setCart(shop.app, b.shopper, piece.productId, piece.id, quantity);
}

const place = (b: Buyer, discountCode?: unknown, shippingType: 'standard' | 'express' = 'standard') =>
  shop.app.inject({
    method: 'POST',
    url: '/api/v1/orders',
    headers: b.shopper.auth,
    payload: {
      address: b.address,
      shipping_type: shippingType,
      payment_method: 'ONLINE',
      ...(discountCode === undefined ? {} : { discount_code: discountCode }),
    },
  });

async function placed(b: Buyer, discountCode?: string, shippingType: 'standard' | 'express' = 'standard') {
  const res = await place(b, discountCode, shippingType);
  expect(res.statusCode, res.body).toBe(201);
  return PlaceOrderResponse.parse(res.json()).data[0]!;
}

async function quote(b: Buyer, body: Record<string, unknown>): Promise<Quote> {
  const res = await shop.app.inject({
    method: 'POST',
    url: '/api/v1/checkout/quote',
    headers: b.shopper.auth,
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return QuoteResponse.parse(res.json()).data;
}

async function cartOf(shopper: Shopper) {
  const res = await shop.app.inject({ url: '/api/v1/carts', headers: shopper.auth });
  expect(res.statusCode, res.body).toBe(200);
  return CartResponse.parse(res.json()).data.map((l) => [l.product_variant_id, l.quantity]);
}

async function shopperOrder(shopper: Shopper, id: number): Promise<Order> {
  const res = await shop.app.inject({ url: `/api/v1/orders/${id}`, headers: shopper.auth });
  expect(res.statusCode, res.body).toBe(200);
  return OrderResponse.parse(res.json()).data;
}

const lineOf = (order: Order, piece: Piece) =>
  order.order_details.find((l) => l.product_details.product_variants.id === piece.id)!;

/** What every priced order holds: its lines and shipping add up to the total, and the code's discount is theirs. */
function expectAddsUp(order: Order) {
  expect(paise(order.total)).toBe(paise(order.subtotal) - paise(order.discount) + paise(order.shipping));
  const lines = order.order_details;
  expect(lines.reduce((s, l) => s + paise(l.price) * l.quantity, 0)).toBe(paise(order.subtotal));
  expect(lines.reduce((s, l) => s + paise(l.discount), 0) + paise(order.shipping_waived)).toBe(paise(order.discount));
  for (const l of lines) expect(paise(l.amount)).toBe(paise(l.price) * l.quantity - paise(l.discount));
}

/** Pays an order through the checkout; answers the amount the provider was asked to take. */
async function payFor(b: Buyer, order: Order) {
  const start = await shop.app.inject({
    method: 'POST',
    url: `/api/v1/orders/${order.id}/payment`,
    headers: b.shopper.auth,
  });
  expect(start.statusCode, start.body).toBe(200);
  const asked = PaymentStart.parse(start.json()).amount;
  await world.pay(b.shopper, order);
  await world.drain();
  return asked;
}

describe('placing an order with a code', () => {
  it('takes a percent off every line, in proportion, and charges subtotal − discount + shipping', async () => {
    const code = await makeCode({ kind: 'percent', value: 7 });
    const b = await buyer('percent', [
      [kurta, 2],
      [frock, 1],
    ]);
    const order = await placed(b, code.code.toLowerCase()); // codes are case-insensitive
    expect(order.discount_code).toBe(code.code);
    expect(order.subtotal).toBe(3797);
    // 7% of ₹1,798 and of ₹1,999.
    expect(lineOf(order, kurta)).toMatchObject({ price: 899, quantity: 2, discount: 125.86, amount: 1672.14 });
    expect(lineOf(order, frock)).toMatchObject({ price: 1999, quantity: 1, discount: 139.93, amount: 1859.07 });
    expect(order.discount).toBe(265.79);
    expect(order.shipping).toBe(250);
    expect(order.shipping_waived).toBe(0);
    expect(order.total).toBe(3781.21);
    expectAddsUp(order);
    expect(await usesOf(code.id)).toBe(1);

    // The order's page and the list say the same.
    const detail = await shopperOrder(b.shopper, order.id);
    expect(detail).toMatchObject({ discount: 265.79, discount_code: code.code, total: 3781.21 });
    expect(detail.order_details.map((l) => [l.discount, l.amount])).toEqual(
      order.order_details.map((l) => [l.discount, l.amount]),
    );
    const list = OrdersResponse.parse(
      (await shop.app.inject({ url: '/api/v1/orders', headers: b.shopper.auth })).json(),
    );
    expect(list.data.find((o) => o.id === order.id)).toMatchObject({ discount: 265.79, discount_code: code.code });

    // The provider is asked for the total, and the order is paid by it.
    expect(await payFor(b, order)).toBe(paise(order.total));
    expect((await world.row(order.id)).status).toBe('packaging');
  });

  it('spreads an amount off in whole paise, the paisa left by rounding on the largest line', async () => {
    const code = await makeCode({ kind: 'amount', value: 10_000 });
    const b = await buyer('amount', [
      [kurta, 1],
      [frock, 1],
    ]);
    const order = await placed(b, code.code);
    // ₹100 × 899/2898 = ₹31.021… and × 1999/2898 = ₹68.978…: ₹31.02 and ₹68.97, the paisa left to the frock.
    expect(lineOf(order, kurta).discount).toBe(31.02);
    expect(lineOf(order, frock).discount).toBe(68.98);
    expect(order).toMatchObject({
      subtotal: 2898,
      discount: 100,
      shipping: 250,
      total: 3048,
      discount_code: code.code,
    });
    expectAddsUp(order);
    expect(await payFor(b, order)).toBe(304_800);
  });

  it('never takes more than the bag is worth: shipping is still paid', async () => {
    const code = await makeCode({ kind: 'amount', value: 500_000 });
    const b = await buyer('amountcap', [[kurta, 1]]);
    const order = await placed(b, code.code);
    expect(order).toMatchObject({ subtotal: 899, discount: 899, shipping: 250, total: 250 });
    expect(lineOf(order, kurta)).toMatchObject({ discount: 899, amount: 0 });
    expectAddsUp(order);
    expect(await payFor(b, order)).toBe(25_000);
  });

  it('waives the shipping with a free-shipping code, and nothing else', async () => {
    const code = await makeCode({ kind: 'free_shipping', value: 0 });
    const b = await buyer('freeship', [[kurta, 1]]);
    const order = await placed(b, code.code, 'express');
    expect(order).toMatchObject({
      subtotal: 899,
      shipping: 450,
      shipping_waived: 450,
      discount: 450,
      total: 899,
      discount_code: code.code,
    });
    expect(lineOf(order, kurta)).toMatchObject({ discount: 0, amount: 899 });
    expectAddsUp(order);
    expect((await shopperOrder(b.shopper, order.id)).shipping_waived).toBe(450);
    expect(await payFor(b, order)).toBe(89_900);
  });

  it('reaches only the lines its conditions allow: a collection, and no pieces on sale', async () => {
    const inCollection = await makeCode({ kind: 'percent', value: 10, collectionIds: [collection] });
    const a = await buyer('collection', [
      [kurta, 1],
      [frock, 1],
    ]);
    const first = await placed(a, inCollection.code);
    expect(lineOf(first, kurta).discount).toBe(0);
    expect(lineOf(first, frock).discount).toBe(199.9);
    expectAddsUp(first);

    const noSales = await makeCode({ kind: 'percent', value: 10, excludeSaleItems: true });
    const b = await buyer('nosales', [
      [kurta, 1],
      [jhabla, 1],
    ]);
    const second = await placed(b, noSales.code);
    expect(lineOf(second, jhabla).discount).toBe(0);
    expect(lineOf(second, kurta).discount).toBe(89.9);
    expect(second.discount).toBe(89.9);
    expectAddsUp(second);
  });
});

describe('paid through Razorpay', () => {
  let rzp: RazorpayShop;
  beforeAll(async () => {
    rzp = await razorpayShop();
  });
  afterAll(() => rzp?.close());

  it('asks Razorpay for the discounted total, and takes the payment of it', async () => {
    const category = await createCategory(rzp.db, { name: `Rzp codes ${tag()}` });
    const made = await createProduct(rzp.db, {
      name: `Bandhani frock ${tag()}`,
      categoryId: category.id,
      variants: [{ size: '3-4Y', color: { name: 'Red', hex: '#c62828' }, mrp: 1249, stock: 20 }],
    });
    rzp.shop.app.ctx.cache.invalidate();
    const [code] = await rzp.db
      .insert(discountCodes)
      .values({ code: `RZP${tag()}`.toUpperCase(), kind: 'percent', value: 12 })
      .returning();
    const shopper = await signUp(rzp.shop.app, 'rzp-code');
    await setCart(rzp.shop.app, shopper, made.product.id, made.variants[0]!.id, 2);
    const address = await addAddress(rzp.shop.app, shopper);
    const res = await rzp.shop.app.inject({
      method: 'POST',
      url: '/api/v1/orders',
      headers: shopper.auth,
      payload: { address, discount_code: code!.code },
    });
    expect(res.statusCode, res.body).toBe(201);
    const order = PlaceOrderResponse.parse(res.json()).data[0]!;
    // 12% of ₹2,498 is ₹299.76.
    expect(order).toMatchObject({ subtotal: 2498, discount: 299.76, shipping: 250, total: 2448.24 });

    const options = await rzp.start(shopper, order.id);
    expect(options.amount).toBe(244_824);
    expect(rzp.fake.orders.get(options.provider_order_id)!.amount).toBe(244_824);
    const payment = rzp.fake.pay(options.provider_order_id);
    expect(payment.amount).toBe(244_824);
    const paid = await rzp.report(shopper, order.id, payment);
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await rzp.row(order.id)).status).toBe('packaging');
  });
});

describe('POST /checkout/quote', () => {
  it('prices the bag with and without a code, exactly as placing then charges', async () => {
    const code = await makeCode({ kind: 'percent', value: 7 });
    const b = await buyer('quote', [
      [kurta, 2],
      [frock, 1],
    ]);
    const plain = await quote(b, { address: b.address });
    expect(plain).toMatchObject({ subtotal: 3797, discount: 0, discount_code: null, code_refusal: null, total: 4047 });
    expect(plain.payable).toBe(plain.total);

    const withCode = await quote(b, { address: b.address, discount_code: ` ${code.code.toLowerCase()} ` });
    expect(withCode).toMatchObject({
      subtotal: 3797,
      discount: 265.79,
      discount_code: code.code,
      code_refusal: null,
      shipping: 250,
      shipping_waived: 0,
      total: 3781.21,
      payable: 3781.21,
    });
    // A quote writes nothing: no use taken, the bag as it was.
    expect(await usesOf(code.id)).toBe(0);
    expect(await cartOf(b.shopper)).toHaveLength(2);

    const order = await placed(b, code.code);
    expect(order.total).toBe(withCode.total);
    expect(order.discount).toBe(withCode.discount);
    expect(
      withCode.lines.map((l) => [l.product_variant_id, l.quantity, l.unit_price, l.discount, l.amount]).sort(),
    ).toEqual(
      order.order_details
        .map((l) => [l.product_details.product_variants.id, l.quantity, l.price, l.discount, l.amount])
        .sort(),
    );
    expect(await payFor(b, order)).toBe(paise(withCode.payable));
  });

  it('shows a free-shipping code as the shipping waived, for the shipping type asked', async () => {
    const code = await makeCode({ kind: 'free_shipping', value: 0 });
    const b = await buyer('quoteship', [[kurta, 1]]);
    const q = await quote(b, { address: b.address, shipping_type: 'express', discount_code: code.code });
    expect(q).toMatchObject({ shipping: 450, shipping_waived: 450, discount: 450, total: 899 });
    const order = await placed(b, code.code, 'express');
    expect(order.total).toBe(q.total);
  });

  it('decides the GST slab on the price after the discount', async () => {
    const code = await makeCode({ kind: 'percent', value: 10 });
    const b = await buyer('slab', [[lehenga, 1]]);
    expect((await quote(b, { address: b.address })).lines[0]!.gst_rate).toBe(18);
    const q = await quote(b, { address: b.address, discount_code: code.code });
    expect(q.lines[0]).toMatchObject({ unit_price: 2600, discount: 260, amount: 2340, gst_rate: 5 });
  });

  it('says why a code does not apply and prices the bag without it', async () => {
    const code = await makeCode({ kind: 'percent', value: 10, minSubtotalPaise: 150_000 });
    const b = await buyer('quoterefused', [[kurta, 1]]);
    const plain = await quote(b, { address: b.address });
    const refused = await quote(b, { address: b.address, discount_code: code.code });
    expect(refused.code_refusal).toEqual({
      reason: 'minimum',
      message: `Add ₹601 more to your bag to use the code ${code.code}.`,
    });
    expect(refused.discount_code).toBeNull();
    expect(refused.discount).toBe(0);
    expect(refused.total).toBe(plain.total);
    expect(refused.lines).toEqual(plain.lines);

    const unknown = await quote(b, { discount_code: 'NO-SUCH-CODE' });
    expect(unknown.code_refusal).toEqual({
      reason: 'unknown',
      message: 'We do not know this code. Check its spelling and try again.',
    });
  });

  it('quotes India without an address, prices today’s price at placing, and needs a signed-in shopper', async () => {
    const code = await makeCode({ kind: 'percent', value: 10 });
    const b = await buyer('quotelater', [[frock, 1]]);
    const before = await quote(b, { discount_code: code.code });
    expect(before).toMatchObject({ subtotal: 1999, discount: 199.9, shipping: 250, total: 2049.1 });

    // The price changes after the code was applied: placing prices it again.
    const db = shop.database.db;
    await db.update(productVariants).set({ sellingPricePaise: 179_900 }).where(eq(productVariants.id, frock.id));
    shop.app.ctx.cache.invalidate();
    try {
      const order = await placed(b, code.code);
      expect(order).toMatchObject({ subtotal: 1799, discount: 179.9, total: 1869.1 });
    } finally {
      await db.update(productVariants).set({ sellingPricePaise: 199_900 }).where(eq(productVariants.id, frock.id));
      shop.app.ctx.cache.invalidate();
    }

    const elsewhere = await shop.app.inject({
      method: 'POST',
      url: '/api/v1/checkout/quote',
      headers: b.shopper.auth,
      payload: { address: 2_000_000_000, discount_code: code.code },
    });
    expectError(elsewhere, 404);
    const anonymous = await shop.app.inject({ method: 'POST', url: '/api/v1/checkout/quote', payload: {} });
    expectError(anonymous, 401);
    const bad = await shop.app.inject({
      method: 'POST',
      url: '/api/v1/checkout/quote',
      headers: b.shopper.auth,
      payload: { discount_code: 'no spaces please' },
    });
    expect(expectError(bad, 400).errors).toEqual(['discount_code: A discount code has only letters, digits, - and _']);
  });
});

/** What a refused order must leave as it was. */
async function snapshot(b: Buyer, codeId: number | null, pieces: Piece[]) {
  return {
    orders: (await ordersOf(b.shopper.user.id)).length,
    stock: await Promise.all(pieces.map((p) => stockOf(p.id))),
    uses: codeId === null ? null : await usesOf(codeId),
    cart: await cartOf(b.shopper),
  };
}

interface RefusalCase {
  reason: (typeof DISCOUNT_REFUSALS)[number];
  /** Makes the code and a buyer it is refused to; answers the code typed and the message expected. */
  setup(): Promise<{ b: Buyer; typed: string; codeId: number | null; message: string }>;
}

const REFUSALS: RefusalCase[] = [
  {
    reason: 'unknown',
    setup: async () => ({
      b: await buyer('r-unknown', [[kurta, 1]]),
      typed: 'NEVER-MADE-1',
      codeId: null,
      message: 'We do not know this code. Check its spelling and try again.',
    }),
  },
  {
    reason: 'inactive',
    setup: async () => {
      const c = await makeCode({ kind: 'percent', value: 10, active: false });
      return {
        b: await buyer('r-inactive', [[kurta, 1]]),
        typed: c.code,
        codeId: c.id,
        message: `The code ${c.code} is no longer available.`,
      };
    },
  },
  {
    reason: 'not_started',
    setup: async () => {
      const c = await makeCode({ kind: 'percent', value: 10, startsAt: new Date('2099-12-01T00:00:00+05:30') });
      return {
        b: await buyer('r-notstarted', [[kurta, 1]]),
        typed: c.code,
        codeId: c.id,
        message: `The code ${c.code} starts on 1 December 2099.`,
      };
    },
  },
  {
    reason: 'expired',
    setup: async () => {
      // Its last day was 26 November 2020 in India: it stopped at midnight after it.
      const c = await makeCode({ kind: 'amount', value: 5_000, endsAt: new Date('2020-11-27T00:00:00+05:30') });
      return {
        b: await buyer('r-expired', [[kurta, 1]]),
        typed: c.code,
        codeId: c.id,
        message: `The code ${c.code} expired on 26 November 2020.`,
      };
    },
  },
  {
    reason: 'used_up',
    setup: async () => {
      const c = await makeCode({ kind: 'percent', value: 10, maxUses: 2, uses: 2 });
      return {
        b: await buyer('r-usedup', [[kurta, 1]]),
        typed: c.code,
        codeId: c.id,
        message: `The code ${c.code} has been used up.`,
      };
    },
  },
  {
    reason: 'used_by_you',
    setup: async () => {
      const c = await makeCode({ kind: 'percent', value: 10, maxUsesPerBuyer: 1 });
      const b = await buyer('r-usedbyyou', [[kurta, 1]]);
      await placed(b, c.code);
      await fill(b, [[kurta, 1]]);
      return { b, typed: c.code, codeId: c.id, message: `You have already used the code ${c.code}.` };
    },
  },
  {
    reason: 'minimum',
    setup: async () => {
      const c = await makeCode({ kind: 'percent', value: 10, minSubtotalPaise: 500_000 });
      return {
        b: await buyer('r-minimum', [[kurta, 1]]),
        typed: c.code,
        codeId: c.id,
        message: `Add ${formatRupees(4101)} more to your bag to use the code ${c.code}.`,
      };
    },
  },
  {
    reason: 'first_order',
    setup: async () => {
      const c = await makeCode({ kind: 'percent', value: 10, firstOrderOnly: true });
      const b = await buyer('r-firstorder', [[kurta, 1]]);
      await placed(b);
      await fill(b, [[kurta, 1]]);
      return { b, typed: c.code, codeId: c.id, message: `The code ${c.code} is for a first order only.` };
    },
  },
  {
    reason: 'not_for_items',
    setup: async () => {
      const c = await makeCode({ kind: 'percent', value: 10, categoryIds: [emptyCategory] });
      return {
        b: await buyer('r-notforitems', [
          [kurta, 1],
          [frock, 1],
        ]),
        typed: c.code,
        codeId: c.id,
        message: `The code ${c.code} is not for the items in your bag.`,
      };
    },
  },
];

describe('a refused code', () => {
  it('has a case here for every refusal the contract names', () => {
    expect(REFUSALS.map((r) => r.reason).sort()).toEqual([...DISCOUNT_REFUSALS].sort());
  });

  for (const refusal of REFUSALS) {
    it(`${refusal.reason}: 400 'discount_refused' saying why, and nothing is written`, async () => {
      const { b, typed, codeId, message } = await refusal.setup();
      const before = await snapshot(b, codeId, [kurta, frock]);

      const res = await place(b, typed);
      const error = expectError(res, 400);
      expect(error).toEqual({ code: 'invalid', reason: 'discount_refused', message, errors: [message] });
      expect(await snapshot(b, codeId, [kurta, frock])).toEqual(before);

      // The quote says the same, in its answer, and prices the bag without the code.
      const q = await quote(b, { address: b.address, discount_code: typed });
      expect(q.code_refusal).toEqual({ reason: refusal.reason, message });
      expect(q.discount).toBe(0);

      // The bag is kept: it is placed without the code.
      const order = await placed(b);
      expect(order.discount_code).toBeNull();
      expect(order.total).toBe(q.total);
    });
  }

  it('refuses a code of pieces on sale only when sales are left out', async () => {
    const c = await makeCode({ kind: 'amount', value: 10_000, excludeSaleItems: true });
    const b = await buyer('r-saleonly', [[jhabla, 1]]);
    const error = expectError(await place(b, c.code), 400);
    expect(error).toMatchObject({
      reason: 'discount_refused',
      message: `The code ${c.code} is not for the items in your bag.`,
    });
    expect(await usesOf(c.id)).toBe(0);
  });

  it('refuses malformed codes with 400, naming the field, and writes nothing', async () => {
    const b = await buyer('malformed', [[kurta, 1]]);
    const before = await snapshot(b, null, [kurta]);
    const cases: [unknown, string][] = [
      ['AB', 'A discount code has at least 3 characters'],
      ['  ab  ', 'A discount code has at least 3 characters'],
      ['X'.repeat(33), 'A discount code has at most 32 characters'],
      ['DIWALI 20', 'A discount code has only letters, digits, - and _'],
      ['DIWALI20%', 'A discount code has only letters, digits, - and _'],
      ["X'; drop table orders;--", 'A discount code has only letters, digits, - and _'],
      ['दिवाली20', 'A discount code has only letters, digits, - and _'],
      [20, 'discount_code must be text'],
      [null, 'discount_code must be text'],
      [['DIWALI20'], 'discount_code must be text'],
      [{ code: 'DIWALI20' }, 'discount_code must be text'],
    ];
    for (const [typed, expected] of cases) {
      const error = expectError(await place(b, typed), 400);
      expect(error.code, JSON.stringify(typed)).toBe('invalid');
      expect(error.reason).toBeUndefined();
      const named = expected.startsWith('discount_code') ? expected : `discount_code: ${expected}`;
      expect(error.errors, JSON.stringify(typed)).toContain(named);
    }
    expect(await snapshot(b, null, [kurta])).toEqual(before);
  });
});

describe('a code with 3 uses left and 10 shoppers placing at once', () => {
  it('gives exactly 3 orders; the others are refused cleanly and keep their bag', async () => {
    const racePiece = await product('Racing romper', categoryA, 650);
    shop.app.ctx.cache.invalidate();
    const stockBefore = await stockOf(racePiece.id);
    const code = await makeCode({ kind: 'percent', value: 20, maxUses: 3 });
    const racers = await Promise.all(Array.from({ length: 10 }, (_, i) => buyer(`racer${i}`, [[racePiece, 1]])));

    const answers = await Promise.all(racers.map((r) => place(r, code.code)));
    expect(
      answers.filter((a) => a.statusCode >= 500),
      answers.find((a) => a.statusCode >= 500)?.body,
    ).toEqual([]);
    const won = answers.filter((a) => a.statusCode === 201).map((a) => PlaceOrderResponse.parse(a.json()).data[0]!);
    expect(won).toHaveLength(3);
    for (const order of won) expect(order).toMatchObject({ discount_code: code.code, discount: 130, total: 770 });
    answers.forEach((a) => {
      if (a.statusCode === 201) return;
      expect(a.statusCode, a.body).toBe(400);
      const error = ErrorBody.parse(a.json());
      expect(error.reason).toBe('discount_refused');
      expect(error.message).toMatch(
        new RegExp(`^The code ${code.code} has (been used up|just been used up or switched off)\\.$`),
      );
    });

    expect(await usesOf(code.id)).toBe(3);
    const withCode = await shop.database.db.select().from(orders).where(eq(orders.discountCodeId, code.id));
    expect(withCode.map((o) => o.id).sort()).toEqual(won.map((o) => o.id).sort());
    expect(await stockOf(racePiece.id)).toBe(stockBefore - 3);
    const sold = await shop.database.db.select().from(orderLines).where(eq(orderLines.variantId, racePiece.id));
    expect(sold).toHaveLength(3);
    const losers = racers.filter((_, i) => answers[i]!.statusCode !== 201);
    for (const loser of losers) {
      expect(await cartOf(loser.shopper)).toEqual([[racePiece.id, 1]]);
      expect(await ordersOf(loser.shopper.user.id)).toEqual([]);
    }
  });

  it('takes one use for a placing retried with the same Idempotency-Key', async () => {
    const code = await makeCode({ kind: 'percent', value: 10, maxUses: 5 });
    const b = await buyer('retried', [[kurta, 1]]);
    const key = `retried-${tag()}`;
    const send = () =>
      shop.app.inject({
        method: 'POST',
        url: '/api/v1/orders',
        headers: { ...b.shopper.auth, 'idempotency-key': key },
        payload: { address: b.address, discount_code: code.code },
      });
    const first = await send();
    expect(first.statusCode, first.body).toBe(201);
    const again = await send();
    expect(again.statusCode, again.body).toBe(200);
    expect(PlaceOrderResponse.parse(again.json()).data[0]!.id).toBe(PlaceOrderResponse.parse(first.json()).data[0]!.id);
    expect(await usesOf(code.id)).toBe(1);
  });

  it('gives one order to a shopper allowed one use who sends two at once', async () => {
    const code = await makeCode({ kind: 'percent', value: 10, maxUsesPerBuyer: 1 });
    const b = await buyer('twice', [[kurta, 1]]);
    const answers = await Promise.all([
      shop.app.inject({
        method: 'POST',
        url: '/api/v1/orders',
        headers: { ...b.shopper.auth, 'idempotency-key': `twice-a-${tag()}-key` },
        payload: { address: b.address, discount_code: code.code },
      }),
      shop.app.inject({
        method: 'POST',
        url: '/api/v1/orders',
        headers: { ...b.shopper.auth, 'idempotency-key': `twice-b-${tag()}-key` },
        payload: { address: b.address, discount_code: code.code },
      }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 400]);
    expect(await usesOf(code.id)).toBe(1);
    expect(await ordersOf(b.shopper.user.id)).toHaveLength(1);
  });
});

// Only PostgreSQL has two connections to race with: PGlite runs one transaction at a time.
if (process.env.DATABASE_URL) {
  /** How many statements of this database wait for a lock, their text matching `like`. */
  const waiting = async (like: string) =>
    (
      await rows<{ n: number }>(
        shop.database.db,
        sql`select count(*)::int as n from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock' and query like ${like}`,
      )
    )[0]!.n;

  describe('a code’s last use, on PostgreSQL', () => {
    it('is counted by one conditional statement: a use taken between the check and the take refuses the order, writing nothing', async () => {
      const code = await makeCode({ kind: 'percent', value: 10, maxUses: 1 });
      const b = await buyer('overtaken', [[kurta, 1]]);
      const stock = await stockOf(kurta.id);
      const rival = new pg.Client({ connectionString: shop.database.url });
      await rival.connect();
      try {
        await rival.query('begin');
        // As a placing's use does: the order's foreign key to the code (KEY SHARE) is not held up by it.
        await rival.query('select id from discount_codes where id = $1 for no key update', [code.id]);
        const answer = place(b, code.code).then((res) => res); // inject starts on then()
        // The order passed its check (no use taken yet) and waits to take the use.
        await expect.poll(() => waiting('update "discount_codes"%'), { timeout: 10_000, interval: 20 }).toBe(1);
        await rival.query('update discount_codes set uses = 1 where id = $1', [code.id]);
        await rival.query('commit');

        const res = await answer;
        const error = expectError(res, 400);
        expect(error).toMatchObject({
          reason: 'discount_refused',
          message: `The code ${code.code} has just been used up or switched off.`,
        });
      } finally {
        await rival.end();
      }
      expect(await usesOf(code.id)).toBe(1);
      expect(await ordersOf(b.shopper.user.id)).toEqual([]);
      expect(await stockOf(kurta.id)).toBe(stock);
      expect(await cartOf(b.shopper)).toEqual([[kurta.id, 1]]);
    });

    it('is given back in the lock order placing takes (the code, then the stock): a cancel and a placing never deadlock', async () => {
      // A limited code: its count is what placing and cancelling both update.
      const code = await makeCode({ kind: 'percent', value: 10, maxUses: 100 });
      const b = await buyer('lockorder', [[jhabla, 1]]);
      const order = await placed(b, code.code);
      const rival = new pg.Client({ connectionString: shop.database.url });
      await rival.connect();
      try {
        // Another shopper's placing: it took a use of the code and is about to take the same variant.
        await rival.query('begin');
        await rival.query('update discount_codes set uses = uses + 1 where id = $1', [code.id]);
        const cancel = shop.app
          .inject({
            method: 'POST',
            url: '/api/v1/orders/cancel',
            headers: b.shopper.auth,
            payload: { order_id: order.id },
          })
          .then((res) => res);
        await expect.poll(() => waiting('update "discount_codes"%'), { timeout: 10_000, interval: 20 }).toBe(1);
        await rival.query('update product_variants set stock = stock - 1 where id = $1', [jhabla.id]);
        await rival.query('commit');
        const res = await cancel;
        expect(res.statusCode, res.body).toBe(200);
      } finally {
        await rival.end();
      }
      expect((await world.row(order.id)).status).toBe('user_cancelled');
      expect(await usesOf(code.id)).toBe(1); // the rival's use; the cancelled order's came back
    });
  });
}

describe('a code without a limit on total uses', () => {
  it('writes nothing to the code as orders take it, and counts its orders when the owner gives it a limit', async () => {
    const code = await makeCode({ kind: 'percent', value: 10 });
    const first = await buyer('unlimited-a', [[kurta, 1]]);
    const second = await buyer('unlimited-b', [[kurta, 1]]);
    const third = await buyer('unlimited-c', [[kurta, 1]]);
    await placed(first, code.code);
    const cancelled = await placed(second, code.code);
    const cancel = await shop.app.inject({
      method: 'POST',
      url: '/api/v1/orders/cancel',
      headers: second.shopper.auth,
      payload: { order_id: cancelled.id },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    // Its row was never written (every order only shared a lock on it): the owner sees its orders counted.
    const [row] = await shop.database.db.select().from(discountCodes).where(eq(discountCodes.id, code.id));
    expect(row!.uses).toBe(0);
    expect(await usesOf(code.id)).toBe(1);

    // Given a limit of 1, it starts from the one order holding a use: the next shopper is refused.
    const admin = await getDiscount(world.staff(), code.id);
    const limited = await updateDiscount(world.staff(), code.id, { ...bodyOfView(admin), max_uses: 1 });
    expect(limited).toMatchObject({ uses: 1, max_uses: 1, state: 'used_up' });
    expect(expectError(await place(third, code.code), 400).message).toBe(`The code ${code.code} has been used up.`);
    await expect(
      updateDiscount(world.staff(), code.id, { ...bodyOfView(admin), max_uses: null }),
    ).resolves.toMatchObject({
      uses: 1,
      state: 'live',
    });
  });
});

describe('a use given back (docs/product.md: an unpaid order cancelled or expired, not a paid one refunded)', () => {
  it('when the shopper cancels an unpaid order: the next shopper may use a one-use code', async () => {
    const code = await makeCode({ kind: 'amount', value: 5_000, maxUses: 1, maxUsesPerBuyer: 1 });
    const first = await buyer('giveback-a', [[kurta, 1]]);
    const second = await buyer('giveback-b', [[kurta, 1]]);
    const order = await placed(first, code.code);
    expect(await usesOf(code.id)).toBe(1);
    expect(expectError(await place(second, code.code), 400).message).toBe(`The code ${code.code} has been used up.`);

    const cancel = await shop.app.inject({
      method: 'POST',
      url: '/api/v1/orders/cancel',
      headers: first.shopper.auth,
      payload: { order_id: order.id },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await usesOf(code.id)).toBe(0);
    // Cancelling again gives nothing back twice.
    expect(
      (
        await shop.app.inject({
          method: 'POST',
          url: '/api/v1/orders/cancel',
          headers: first.shopper.auth,
          payload: { order_id: order.id },
        })
      ).statusCode,
    ).toBe(409);
    expect(await usesOf(code.id)).toBe(0);

    const taken = await placed(second, code.code);
    expect(taken.discount).toBe(50);
    expect(await usesOf(code.id)).toBe(1);
  });

  it('when the payment window passes: the use comes back with the stock', async () => {
    const code = await makeCode({ kind: 'percent', value: 15, maxUses: 1 });
    const first = await buyer('expire-a', [[frock, 1]]);
    const stock = await stockOf(frock.id);
    const order = await placed(first, code.code);
    expect(await stockOf(frock.id)).toBe(stock - 1);
    await shop.database.db
      .update(orders)
      .set({ paymentDueAt: new Date(Date.now() - 60_000) })
      .where(eq(orders.id, order.id));
    expect(await expireUnpaidOrders(world.as({ kind: 'clock' }))).toBeGreaterThanOrEqual(1);
    expect((await world.row(order.id)).status).toBe('store_cancelled');
    expect(await usesOf(code.id)).toBe(0);
    expect(await stockOf(frock.id)).toBe(stock);

    const second = await buyer('expire-b', [[frock, 1]]);
    expect((await placed(second, code.code)).discount_code).toBe(code.code);
  });

  it('when the shop cancels an unpaid order', async () => {
    const code = await makeCode({ kind: 'percent', value: 15, maxUses: 5 });
    const b = await buyer('shopcancel', [[kurta, 1]]);
    const order = await placed(b, code.code);
    await fireOrderEvent(world.staff(), order.id, { type: 'shop_cancel', note: 'customer asked by phone' });
    expect((await world.row(order.id)).status).toBe('store_cancelled');
    expect(await usesOf(code.id)).toBe(0);
  });

  it('counts the cancelled order no more for the shopper: their one use and their first order are theirs again', async () => {
    const once = await makeCode({ kind: 'percent', value: 10, maxUsesPerBuyer: 1 });
    const welcome = await makeCode({ kind: 'percent', value: 10, firstOrderOnly: true });
    const b = await buyer('again', [[kurta, 1]]);
    const order = await placed(b, once.code);
    const cancel = await shop.app.inject({
      method: 'POST',
      url: '/api/v1/orders/cancel',
      headers: b.shopper.auth,
      payload: { order_id: order.id },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    await fill(b, [[kurta, 1]]);
    // Only an unpaid order that was cancelled before: still a first order.
    expect((await quote(b, { discount_code: welcome.code })).code_refusal).toBeNull();
    expect((await placed(b, once.code)).discount_code).toBe(once.code);
  });

  it('not when a paid order is cancelled and refunded: the use stays counted', async () => {
    const code = await makeCode({ kind: 'percent', value: 10, maxUses: 1, maxUsesPerBuyer: 1 });
    const b = await buyer('paidcancel', [[kurta, 1]]);
    const order = await placed(b, code.code);
    await payFor(b, order);
    const cancel = await shop.app.inject({
      method: 'POST',
      url: '/api/v1/orders/cancel',
      headers: b.shopper.auth,
      payload: { order_id: order.id },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect((await world.row(order.id)).status).toBe('refund_progress');
    // What was paid goes back: the discounted total, not the list price.
    expect((await world.refunds(order.id)).map((r) => r.amountPaise)).toEqual([paise(order.total)]);
    expect(await usesOf(code.id)).toBe(1);

    const other = await buyer('paidcancel-other', [[kurta, 1]]);
    expect(expectError(await place(other, code.code), 400).message).toBe(`The code ${code.code} has been used up.`);
    await fill(b, [[kurta, 1]]);
    expect((await quote(b, { discount_code: code.code })).code_refusal?.reason).toBe('used_up');
  });
});

describe('the invoice of a discounted order', () => {
  it('shows each line’s discount; taxable + tax = paid per line; its total is the order’s', async () => {
    const code = await makeCode({ kind: 'percent', value: 10 });
    const b = await buyer('invoice', [
      [lehenga, 1],
      [kurta, 2],
    ]);
    const order = await placed(b, code.code);
    expect(lineOf(order, lehenga)).toMatchObject({ discount: 260, amount: 2340 });
    expect(lineOf(order, kurta)).toMatchObject({ discount: 179.8, amount: 1618.2 });
    expect(paise(order.total)).toBe(439_800 - 43_980 + 25_000);
    await payFor(b, order);

    const row = await world.row(order.id);
    const lines = await shop.database.db.select().from(orderLines).where(eq(orderLines.orderId, order.id));
    const tax = orderTax(row, lines, shop.env.SHOP_STATE);
    expect(tax.intraState).toBe(false); // Karnataka from Rajasthan: IGST
    for (const line of tax.lines) {
      const viewed = order.order_details.find((l) => l.product_details.product_variants.sku === line.sku)!;
      expect(line.discountPaise).toBe(paise(viewed.discount));
      expect(line.grossPaise).toBe(paise(viewed.amount));
      expect(line.taxablePaise + line.taxPaise).toBe(line.grossPaise);
      expect(line.igstPaise).toBe(line.taxPaise);
      // GST inside the price paid: taxable = paid × 100 / (100 + rate), to the paisa.
      expect(Math.abs(line.taxablePaise - (line.grossPaise * 100) / (100 + line.ratePercent))).toBeLessThanOrEqual(0.5);
    }
    // ₹2,340 after the discount: the 5% slab, though ₹2,600 would be 18%.
    expect(tax.lines.map((l) => l.ratePercent)).toEqual([5, 5]);
    expect(tax.shipping).toMatchObject({ grossPaise: 25_000, discountPaise: 0, ratePercent: 5 });
    expect(tax.totals.grossPaise).toBe(paise(order.total));
    expect(tax.totals.taxablePaise + tax.totals.taxPaise).toBe(paise(order.total));

    const viewed = await shopperOrder(b.shopper, order.id);
    const pdf = await shop.app.inject({ method: 'GET', url: viewed.invoice_url! });
    expect(pdf.statusCode).toBe(200);
    const parser = new PDFParse({ data: new Uint8Array(pdf.rawPayload) });
    const { text } = await parser.getText();
    await parser.destroy();
    expect(text).toContain('Discount');
    expect(text).toContain(`Discount code ${code.code}`);
    expect(text).toContain('Rs. 4,208.20'); // the grand total
    expect(text).toContain('260.00'); // the lehenga's discount
    expect(text).toContain('179.80'); // the kurtas'
    for (const line of tax.lines) {
      const amount = (line.taxablePaise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2 });
      expect(text).toContain(amount);
    }
  });

  it('of a free-shipping order: the shipping line shows the waiver and adds nothing', async () => {
    const code = await makeCode({ kind: 'free_shipping', value: 0 });
    const b = await buyer('invoiceship', [[kurta, 1]]);
    const order = await placed(b, code.code);
    await payFor(b, order);
    const row = await world.row(order.id);
    const lines = await shop.database.db.select().from(orderLines).where(eq(orderLines.orderId, order.id));
    const tax = orderTax(row, lines, shop.env.SHOP_STATE);
    expect(tax.shipping).toMatchObject({ unitPricePaise: 25_000, discountPaise: 25_000, grossPaise: 0, taxPaise: 0 });
    expect(tax.totals.grossPaise).toBe(paise(order.total));
    expect(order.total).toBe(899);
  });
});

describe('a return of a discounted line', () => {
  it('refunds what was paid for the pieces, not their list price', async () => {
    const code = await makeCode({ kind: 'amount', value: 10_000 });
    const b = await buyer('return', [
      [kurta, 2],
      [frock, 1],
    ]);
    const order = await placed(b, code.code);
    // ₹100 over ₹1,798 and ₹1,999: ₹47.35 and ₹52.65 (the paisa left by rounding on the frock).
    expect(lineOf(order, kurta).discount).toBe(47.35);
    expect(lineOf(order, frock).discount).toBe(52.65);
    await payFor(b, order);
    await fireOrderEvent(world.staff(), order.id, { type: 'ship', carrier: 'bluedart', trackingNumber: '80012345' });
    await fireOrderEvent(world.staff(), order.id, { type: 'deliver' });

    const kurtaLine = lineOf(order, kurta);
    const frockLine = lineOf(order, frock);
    await fireOrderEvent(world.staff(), order.id, {
      type: 'accept_return',
      lines: [
        { lineId: kurtaLine.id, quantity: 1 },
        { lineId: frockLine.id, quantity: 1 },
      ],
      restock: true,
    });
    // One kurta: ₹899 less half its line's ₹47.35 (rounded up to the paisa) = ₹875.32; the frock: ₹1,946.35.
    const expected = 87_532 + 194_635;
    expect((await world.refunds(order.id)).map((r) => r.amountPaise)).toEqual([expected]);
    expect(expected).toBeLessThan(89_900 + 199_900);
    const viewed = await shopperOrder(b.shopper, order.id);
    expect(viewed.refunds.map((r) => r.amount)).toEqual([2821.67]);
  });

  it('refunds the whole discounted total when every piece comes back', async () => {
    const code = await makeCode({ kind: 'percent', value: 20 });
    const b = await buyer('returnall', [[kurta, 3]]);
    const order = await placed(b, code.code);
    await payFor(b, order);
    await fireOrderEvent(world.staff(), order.id, { type: 'ship', carrier: 'bluedart', trackingNumber: '80012346' });
    await fireOrderEvent(world.staff(), order.id, { type: 'deliver' });
    await fireOrderEvent(world.staff(), order.id, { type: 'accept_return', restock: false });
    expect((await world.refunds(order.id)).map((r) => r.amountPaise)).toEqual([paise(order.total)]);
    expect(paise(order.total)).toBe(269_700 - 53_940 + 25_000);
  });
});
