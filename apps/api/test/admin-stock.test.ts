import { randomBytes } from 'node:crypto';
import {
  ProductResponse,
  SaleResult,
  StockPage,
  StockSaveResult,
  salePricePaise,
  type StockChange,
  type StockQuery,
} from '@shop/contract';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createCollection, createProduct } from '../src/db/factories';
import { auditLog } from '../src/modules/audit/audit.schema';
import { productCollections, productVariants, products } from '../src/modules/catalog/catalog.schema';
import { createTestShop, expectError, type TestShop } from './helpers';
import { orderWorld, type OrderWorld } from './order-world';
import { signUpStaff, type StaffMember } from './staff';

let shop: TestShop;
let world: OrderWorld;
let admin: StaffMember;
let staff: StaffMember;
let categoryId: number;
let collectionId: number;
let made: Awaited<ReturnType<typeof createProduct>>;

const SIZES = ['0-6M', '6-12M', '1-2Y', '2-3Y', '3-4Y'];
const tag = randomBytes(3).toString('hex');

beforeAll(async () => {
  shop = await createTestShop();
  world = await orderWorld(shop);
  [admin, staff] = await Promise.all([signUpStaff(shop.app, 'admin'), signUpStaff(shop.app, 'staff')]);
  const db = shop.database.db;
  const category = await createCategory(db, { name: `Grid ${tag}` });
  categoryId = category.id;
  // Ten variants: two colours × five sizes, MRP 1,000 (a sale of 15% gives 850).
  made = await createProduct(db, {
    name: `Block-printed frock ${tag}`,
    categoryId,
    variants: ['Indigo', 'Rust'].flatMap((colour, c) =>
      SIZES.map((size, s) => ({
        size,
        color: { name: `${colour} ${tag}`, hex: c ? '#b7410e' : '#3f51b5' },
        mrp: 1000 + s * 100,
        sellingPrice: 1000 + s * 100,
        stock: 5,
      })),
    ),
  });
  const collection = await createCollection(db, { name: `Grid sale ${tag}` });
  collectionId = collection.id;
  await db.insert(productCollections).values({ productId: made.product.id, collectionId });
  shop.app.ctx.cache.invalidate();
});
afterAll(() => shop.close());

const get = (query: Partial<Record<keyof StockQuery, string | number>>, who: StaffMember = admin) =>
  shop.app.inject({
    method: 'GET',
    url: `/api/v1/admin/stock?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)])).toString()}`,
    headers: who.admin,
  });
const grid = async (query: Partial<Record<keyof StockQuery, string | number>>) => {
  const res = await get(query);
  expect(res.statusCode, res.body).toBe(200);
  return StockPage.parse(res.json());
};
const save = (changes: StockChange[], who: StaffMember = admin) =>
  shop.app.inject({ method: 'POST', url: '/api/v1/admin/stock', headers: who.admin, payload: { changes } });
const sale = (payload: object, who: StaffMember = admin) =>
  shop.app.inject({ method: 'POST', url: '/api/v1/admin/stock/sale', headers: who.admin, payload });
const variant = async (id: number) =>
  (await shop.database.db.select().from(productVariants).where(eq(productVariants.id, id)))[0]!;
const lastAudit = async (action: string) =>
  (await shop.database.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(desc(auditLog.id)))[0];

describe('the stock grid', () => {
  it('lists every variant of a filter, a page at a time', async () => {
    const all = await grid({ category: categoryId, per_page: 4 });
    expect(all.total).toBe(10);
    expect(all.data).toHaveLength(4);
    expect(all.data[0]).toMatchObject({ product_id: made.product.id, colour: `Indigo ${tag}`, size: '0-6M', stock: 5 });
    expect((await grid({ category: categoryId, per_page: 4, page: 3 })).data).toHaveLength(2);
    expect((await grid({ collection: collectionId })).total).toBe(10);
    const bySku = await grid({ q: made.variants[3]!.sku });
    expect(bySku.data.map((r) => r.variant_id)).toEqual([made.variants[3]!.id]);
    expect((await grid({ q: `frock ${tag}` })).total).toBe(10);
    expect(all.categories.map((c) => c.id)).toContain(categoryId);
    expectError(await get({ stock: 'none' }), 400);
    expectError(await get({ per_page: 1000 }), 400);
  });

  it('filters low stock (the threshold or fewer) and out of stock', async () => {
    const db = shop.database.db;
    await db.update(productVariants).set({ stock: 0 }).where(eq(productVariants.id, made.variants[8]!.id));
    await db.update(productVariants).set({ stock: 2 }).where(eq(productVariants.id, made.variants[9]!.id));
    const low = await grid({ category: categoryId, stock: 'low' });
    expect(low.low_stock_threshold).toBe(3);
    expect(low.data.map((r) => r.variant_id).sort()).toEqual([made.variants[8]!.id, made.variants[9]!.id].sort());
    const out = await grid({ category: categoryId, stock: 'out' });
    expect(out.data.map((r) => r.variant_id)).toEqual([made.variants[8]!.id]);
    await db
      .update(productVariants)
      .set({ stock: 5 })
      .where(inArray(productVariants.id, [made.variants[8]!.id, made.variants[9]!.id]));
  });

  it('saves ten cells in one go, audits them once, and the storefront shows the new stock', async () => {
    const slug = made.variants[0]!.slug;
    await shop.database.db
      .update(productVariants)
      .set({ stock: 2 })
      .where(eq(productVariants.id, made.variants[0]!.id));
    shop.app.ctx.cache.invalidate(); // the row was written behind the shop's back
    const shown = async () =>
      ProductResponse.parse((await shop.app.inject({ url: `/api/v1/product/${slug}` })).json()).data[0]!
        .product_variants.stock;
    expect(await shown()).toBe(2); // 'Only 2 left', now cached
    const changes = made.variants.map((v, i) => ({
      variant_id: v.id,
      field: 'stock' as const,
      expected: i === 0 ? 2 : 5,
      value: 20 + i,
    }));
    const res = await save(changes);
    expect(res.statusCode, res.body).toBe(200);
    expect(StockSaveResult.parse(res.json())).toMatchObject({ saved: 10, conflicts: [] });
    const rows = await grid({ category: categoryId });
    expect(rows.data.map((r) => r.stock).sort((a, b) => a - b)).toEqual(changes.map((c) => c.value));
    // Above the low-stock threshold (3) the page says only 'In stock': the answer shows the threshold + 1.
    expect(await shown()).toBe(4);
    const entry = await lastAudit('stock.save');
    expect(Object.keys(entry!.after as object)).toHaveLength(10);
    expect((entry!.before as Record<string, unknown>)[made.variants[0]!.sku]).toEqual({ stock: 2 });
    expect((entry!.after as Record<string, unknown>)[made.variants[0]!.sku]).toEqual({ stock: 20 });
  });

  it('does not overwrite a cell an order changed since the grid was read: a conflict, the others saved', async () => {
    const [shown] = (await grid({ q: (await variant(world.variants.small)).sku })).data;
    const large = await variant(world.variants.large);
    await world.order('grid-buyer', 2); // takes two of `small` meanwhile
    const res = await save([
      { variant_id: world.variants.small, field: 'stock', expected: shown!.stock, value: shown!.stock + 10 },
      { variant_id: world.variants.large, field: 'stock', expected: large.stock, value: large.stock + 5 },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const result = StockSaveResult.parse(res.json());
    expect(result.saved).toBe(1);
    expect(result.conflicts).toEqual([
      {
        variant_id: world.variants.small,
        sku: shown!.sku,
        field: 'stock',
        expected: shown!.stock,
        current: shown!.stock - 2,
      },
    ]);
    expect((await variant(world.variants.small)).stock).toBe(shown!.stock - 2);
    expect((await variant(world.variants.large)).stock).toBe(large.stock + 5);
  });

  it('refuses negative stock, a price above the MRP or with a fraction of a paisa: 400 and nothing saved', async () => {
    const [a, b] = [made.variants[0]!, made.variants[1]!];
    const stockA = (await variant(a.id)).stock;
    const negative = expectError(
      await save([
        { variant_id: a.id, field: 'stock', expected: stockA, value: stockA + 1 },
        { variant_id: b.id, field: 'stock', expected: (await variant(b.id)).stock, value: -1 },
      ]),
      400,
    );
    expect(negative.errors.join(' ')).toContain(`${b.sku}: stock must be a whole number`);
    expect((await variant(a.id)).stock).toBe(stockA);
    const above = expectError(
      await save([
        { variant_id: a.id, field: 'stock', expected: stockA, value: stockA + 1 },
        { variant_id: a.id, field: 'selling_price', expected: 1000, value: 1000.5 },
      ]),
      400,
    );
    expect(above.errors).toEqual([`${a.sku}: selling price ₹1,000.50 is above the MRP ₹1,000`]);
    expect((await variant(a.id)).stock).toBe(stockA);
    expect(
      expectError(await save([{ variant_id: a.id, field: 'mrp', expected: 1000, value: 1200.123 }]), 400).errors[0],
    ).toContain('at most two decimals');
    expectError(await save([{ variant_id: a.id, field: 'selling_price', expected: 1000, value: 0 }]), 400);
    expectError(await save([{ variant_id: 2_000_000_000, field: 'stock', expected: 1, value: 2 }]), 400);
    expectError(await save([]), 400);
    expect(await variant(a.id)).toMatchObject({ mrpPaise: 100000, sellingPricePaise: 100000, stock: stockA });

    // MRP and price raised together are checked together; the product's version moves (an open form is stale).
    const version = (await shop.database.db.select().from(products).where(eq(products.id, made.product.id)))[0]!
      .version;
    const ok = await save([
      { variant_id: a.id, field: 'mrp', expected: 1000, value: 1299.5 },
      { variant_id: a.id, field: 'selling_price', expected: 1000, value: 1199.25 },
    ]);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await variant(a.id)).toMatchObject({ mrpPaise: 129950, sellingPricePaise: 119925 });
    const now = (await shop.database.db.select().from(products).where(eq(products.id, made.product.id)))[0]!;
    expect(now.version).toBe(version + 1);
  });

  it('puts a selection on sale at whole rupees, a collection through its filter, and ends it', async () => {
    expect(salePricePaise(100000, 15)).toBe(85000);
    expect(salePricePaise(99900, 10)).toBe(89900); // 899.10 → 899
    expect(salePricePaise(129950, 15)).toBe(110500); // 1,104.575 → 1,105
    expect(salePricePaise(100100, 50)).toBe(50100); // 500.50 → 501 (half up)
    expect(salePricePaise(3040, 1)).toBe(3000); // 30.096 → 30
    expect(salePricePaise(120, 90)).toBe(100); // never below ₹1

    const [a, b, c] = [made.variants[0]!, made.variants[2]!, made.variants[7]!];
    const picked = await sale({ percent_off: 15, variant_ids: [a.id, b.id] });
    expect(picked.statusCode, picked.body).toBe(200);
    expect(SaleResult.parse(picked.json()).changed).toBe(2);
    expect((await variant(a.id)).sellingPricePaise).toBe(110500); // MRP 1,299.50
    expect((await variant(b.id)).sellingPricePaise).toBe(102000); // MRP 1,200
    expect((await variant(c.id)).sellingPricePaise).toBe(120000); // not picked (MRP 1,200)
    const listed = ProductResponse.parse((await shop.app.inject({ url: `/api/v1/product/${b.slug}` })).json());
    expect(listed.data[0]!.product_variants.selling_price).toBe(1020);
    expect((await lastAudit('stock.sale'))!.note).toBe('15% off');

    const collection = await sale({ percent_off: 20, filter: { collection: collectionId } });
    expect(collection.statusCode, collection.body).toBe(200);
    expect(SaleResult.parse(collection.json()).changed).toBe(10);
    expect((await variant(c.id)).sellingPricePaise).toBe(96000);

    const ended = await sale({ percent_off: null, filter: { collection: collectionId, q: '' } });
    expect(ended.statusCode, ended.body).toBe(200);
    const rows = await shop.database.db
      .select()
      .from(productVariants)
      .where(and(eq(productVariants.productId, made.product.id)));
    for (const r of rows) expect(r.sellingPricePaise).toBe(r.mrpPaise);

    expectError(await sale({ percent_off: 0, variant_ids: [a.id] }), 400);
    expectError(await sale({ percent_off: 91, variant_ids: [a.id] }), 400);
    expectError(await sale({ percent_off: 12.5, variant_ids: [a.id] }), 400);
    expectError(await sale({ percent_off: 10 }), 400);
    expectError(await sale({ percent_off: 10, filter: { q: `no such product ${tag}` } }), 400);
  });

  it('lets staff read the grid but not change it', async () => {
    expect((await get({ category: categoryId }, staff)).statusCode).toBe(200);
    const v = await variant(made.variants[4]!.id);
    expect((await save([{ variant_id: v.id, field: 'stock', expected: v.stock, value: 99 }], staff)).statusCode).toBe(
      403,
    );
    expect((await sale({ percent_off: 10, variant_ids: [v.id] }, staff)).statusCode).toBe(403);
    expect((await variant(v.id)).stock).toBe(v.stock);
  });

  it('is in the OpenAPI document with the settings', async () => {
    const res = await shop.app.inject('/api/docs/json');
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json<{ paths: Record<string, unknown> }>().paths);
    expect(paths).toEqual(
      expect.arrayContaining(['/api/v1/admin/stock', '/api/v1/admin/stock/sale', '/api/v1/admin/settings']),
    );
  });
});
