import { randomBytes } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { AdminProductDetail, ShopSettings, StockSaveResult } from '@shop/contract';
import { eq } from 'drizzle-orm';
import { SaxesParser } from 'saxes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createProduct } from '../src/db/factories';
import { categories, colors, productVariants, products, sizes } from '../src/modules/catalog/catalog.schema';
import { shippingRates } from '../src/modules/shipping/shipping.schema';
import { publicCacheControl } from '../src/lib/http-cache';
import { createTestShop, type TestShop } from './helpers';
import { signUpStaff, type StaffMember } from './staff';

let shop: TestShop;
let admin: StaffMember;
let origin: string;
const tag = randomBytes(3).toString('hex');
/** A name with everything XML and CSV must escape: &, <, >, both quotes, a comma, an emoji. */
const TRICKY = `Tom & Jerry's <frock>, "Dil" 🌸 ${tag}`;
const FORMULA = `=HYPERLINK("http://evil.example") frock ${tag}`;
let tricky: Awaited<ReturnType<typeof createProduct>>;
let hidden: Awaited<ReturnType<typeof createProduct>>;

beforeAll(async () => {
  shop = await createTestShop({ PUBLIC_URL: 'https://shop.example.in' });
  origin = 'https://shop.example.in';
  admin = await signUpStaff(shop.app, 'admin');
  const db = shop.database.db;
  const { id: categoryId } = await createCategory(db, { name: `Frocks & more ${tag}` });
  tricky = await createProduct(db, {
    name: TRICKY,
    categoryId,
    description: '<p>Soft mulmul &amp; <b>hand</b>-smocked.</p>\n\nMade for 2 < 3 year olds.',
    variants: [
      { size: '0-3M', color: { name: `Rose & gold ${tag}`, hex: '#e91e63' }, mrp: 1299.5, sellingPrice: 999, stock: 0 },
      { size: '2-3Y', color: { name: `Rose & gold ${tag}`, hex: '#e91e63' }, mrp: 1400, stock: 3 },
      { size: '6-7Y', color: { name: `Rose & gold ${tag}`, hex: '#e91e63' }, mrp: 1500, sellingPrice: 1200, stock: 1 },
      { size: '3-6M', color: { name: `Sky ${tag}`, hex: '#03a9f4' }, mrp: 1100, stock: 2 },
    ],
  });
  // One variant taken off sale: it shows nowhere.
  await db.update(productVariants).set({ isActive: false }).where(eq(productVariants.id, tricky.variants[3]!.id));
  await createProduct(db, {
    name: FORMULA,
    categoryId,
    variants: [{ size: 'Free Size', color: { name: `Plain ${tag}`, hex: '#ffffff' }, mrp: 500, stock: 9 }],
  });
  hidden = await createProduct(db, {
    name: `Unpublished frock ${tag}`,
    categoryId,
    variants: [{ size: '1-2Y', color: { name: `Plain ${tag}`, hex: '#ffffff' }, mrp: 700, stock: 4 }],
  });
  await db.update(products).set({ isActive: false }).where(eq(products.id, hidden.product.id));
  shop.app.ctx.cache.invalidate(); // the factories write around the services
});
afterAll(() => shop?.close());

// ---- reading the feeds back ----

interface XmlNode {
  uri: string;
  local: string;
  children: XmlNode[];
  text: string;
}

/** A namespace-aware, well-formedness-checking parse (saxes, jsdom's parser) into a small tree. */
function parseXml(xml: string): XmlNode {
  const parser = new SaxesParser({ xmlns: true });
  const root: XmlNode = { uri: '', local: '#document', children: [], text: '' };
  const stack = [root];
  parser.on('opentag', (t) => {
    const node = { uri: t.uri, local: t.local, children: [], text: '' };
    stack.at(-1)!.children.push(node);
    stack.push(node);
  });
  parser.on('text', (text) => (stack.at(-1)!.text += text));
  parser.on('closetag', () => stack.pop());
  parser.on('error', (err) => {
    throw err;
  });
  parser.write(xml).close();
  return root;
}

/** RFC 4180: quoted fields may hold commas, doubled quotes and line breaks; rows end with CRLF. */
function parseCsv(csv: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const endField = () => {
    row.push(field);
    field = '';
  };
  for (let i = 0; i < csv.length; i++) {
    const c = csv[i]!;
    if (quoted) {
      if (c !== '"') field += c;
      else if (csv[i + 1] === '"') field += csv[i++];
      else quoted = false;
    } else if (c === '"' && field === '') {
      quoted = true;
    } else if (c === ',') {
      endField();
    } else if (c === '\r' && csv[i + 1] === '\n') {
      endField();
      rows.push(row);
      row = [];
      i++;
    } else {
      field += c;
    }
  }
  expect(quoted, 'an unclosed quote').toBe(false);
  expect(row.length === 0 && field === '', 'the last row ends with CRLF').toBe(true);
  return rows;
}

const G = 'http://base.google.com/ns/1.0';
const fetchFeed = (url: string, headers: Record<string, string> = {}) =>
  shop.app.inject({ method: 'GET', url, headers });

async function googleItems() {
  const res = await fetchFeed('/feeds/google-merchant.xml');
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
  const rss = parseXml(res.body).children[0]!;
  expect(rss.local).toBe('rss');
  const channel = rss.children[0]!;
  return channel.children
    .filter((n) => n.local === 'item')
    .map((item) => {
      const fields = new Map<string, string[]>();
      for (const f of item.children) {
        expect(f.uri, f.local).toBe(G);
        const value = f.local === 'shipping' ? f.children.map((s) => `${s.local}=${s.text}`).join(';') : f.text;
        fields.set(f.local, [...(fields.get(f.local) ?? []), value]);
      }
      const one = (name: string) => fields.get(name)?.[0];
      return { one, all: (name: string) => fields.get(name) ?? [], raw: fields };
    });
}

async function metaRows() {
  const res = await fetchFeed('/feeds/meta-catalog.csv');
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
  const [header, ...rows] = parseCsv(res.body);
  return rows.map((r) => {
    expect(r).toHaveLength(header!.length);
    return Object.fromEntries(header!.map((h, i) => [h, r[i]!]));
  });
}

/** The catalogue as the database has it: every variant of a product on sale that is on sale itself. */
async function onSale() {
  const db = shop.database.db;
  const rows = await db
    .select({ v: productVariants, p: products, size: sizes.name, color: colors.name, category: categories.name })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .innerJoin(sizes, eq(sizes.id, productVariants.sizeId))
    .innerJoin(colors, eq(colors.id, productVariants.colorId))
    .innerJoin(categories, eq(categories.id, products.categoryId));
  return rows.filter((r) => r.v.isActive && r.p.isActive && r.p.archivedAt === null);
}

const price = (paise: number) => `${(paise / 100).toFixed(2)} INR`;

// ---- the tests ----

describe('the Google Merchant Center feed', () => {
  it('has every variant on sale once, with its prices, stock, links and shipping as the catalogue has them', async () => {
    const [items, expected, [india]] = await Promise.all([
      googleItems(),
      onSale(),
      shop.database.db
        .select()
        .from(shippingRates)
        .where(eq(shippingRates.zone, 'domestic'))
        .then((r) => r.filter((x) => x.shippingType === 'standard')),
    ]);
    expect(expected.length).toBeGreaterThan(3);
    expect(items.map((i) => i.one('id')).sort()).toEqual(expected.map((r) => r.v.sku).sort());
    const bySku = new Map(items.map((i) => [i.one('id')!, i]));
    for (const { v, p, size, color, category } of expected) {
      const item = bySku.get(v.sku)!;
      expect(item.one('item_group_id')).toBe(String(p.id));
      expect(item.one('title')).toBe(`${p.metaTitle ?? p.name} - ${color}, ${size}`);
      expect(item.one('link')).toBe(`${origin}/product/${v.slug}`);
      expect(item.one('image_link')).toBe(`${origin}/images/1280/${v.image1}.webp`);
      expect(item.all('additional_image_link')).toEqual(
        [v.image2, v.image3].filter(Boolean).map((k) => `${origin}/images/1280/${k}.webp`),
      );
      expect(item.one('price')).toBe(price(v.mrpPaise));
      expect(item.one('sale_price')).toBe(v.sellingPricePaise < v.mrpPaise ? price(v.sellingPricePaise) : undefined);
      expect(item.one('availability')).toBe(v.stock > 0 ? 'in_stock' : 'out_of_stock');
      expect(item.one('brand')).toBe(shop.env.SHOP_NAME);
      expect(item.one('condition')).toBe('new');
      expect(item.one('color')).toBe(color);
      expect(item.one('size')).toBe(size);
      expect(item.one('product_type')).toBe(category);
      expect(['newborn', 'infant', 'toddler', 'kids']).toContain(item.one('age_group'));
      expect(item.one('gender')).toBe('unisex');
      expect(item.one('shipping')).toBe(`country=IN;service=Standard;price=${price(india!.amountPaise)}`);
      expect(item.one('description')!.length).toBeGreaterThan(0);
      expect(item.one('description')!.length).toBeLessThanOrEqual(5000);
      expect(item.one('description')).not.toMatch(/<[a-z/]/i);
    }
  });

  it('escapes names with &, <, quotes and emoji, and gives plain text for a description with tags', async () => {
    const res = await fetchFeed('/feeds/google-merchant.xml');
    expect(res.body).toContain('Tom &amp; Jerry&apos;s &lt;frock&gt;, &quot;Dil&quot; 🌸');
    const items = await googleItems();
    const [sale, full, older] = tricky.variants.map((v) => items.find((i) => i.one('id') === v.sku));
    expect(sale!.one('title')).toBe(`${TRICKY} - Rose & gold ${tag}, 0-3M`);
    expect(sale!.one('description')).toBe('Soft mulmul &amp; hand-smocked. Made for 2 < 3 year olds.');
    expect([sale!.one('age_group'), full!.one('age_group'), older!.one('age_group')]).toEqual([
      'newborn',
      'toddler',
      'kids',
    ]);
    expect(sale!.one('sale_price')).toBe('999.00 INR');
    expect(sale!.one('price')).toBe('1299.50 INR');
    expect(sale!.one('availability')).toBe('out_of_stock');
    expect(full!.raw.has('sale_price')).toBe(false);
    // The variant taken off sale and the unpublished product are not there.
    expect(items.some((i) => i.one('id') === tricky.variants[3]!.sku)).toBe(false);
    expect(items.some((i) => i.one('item_group_id') === String(hidden.product.id))).toBe(false);
  });

  it('is public and kept like the catalogue: cache-control, an ETag and 304', async () => {
    const res = await fetchFeed('/feeds/google-merchant.xml');
    expect(res.headers['cache-control']).toBe(publicCacheControl(shop.env));
    const etag = String(res.headers.etag);
    expect((await fetchFeed('/feeds/google-merchant.xml', { 'if-none-match': etag })).statusCode).toBe(304);
    expect((await fetchFeed('/feeds/meta-catalog.csv', { 'if-none-match': etag })).statusCode).toBe(200);
    // Compressed for those who take it, the same text once unpacked.
    const packed = await fetchFeed('/feeds/meta-catalog.csv', { 'accept-encoding': 'gzip' });
    expect(packed.headers['content-encoding']).toBe('gzip');
    const plain = await fetchFeed('/feeds/meta-catalog.csv');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(gunzipSync(packed.rawPayload).toString('utf8')).toBe(plain.body);
  });
});

describe('the Meta catalogue feed', () => {
  it('has the same variants in Meta’s columns, quoted as RFC 4180 says, formulas defused', async () => {
    const [rows, expected] = await Promise.all([metaRows(), onSale()]);
    expect(Object.keys(rows[0]!)).toEqual([
      'id',
      'title',
      'description',
      'availability',
      'condition',
      'price',
      'link',
      'image_link',
      'brand',
      'item_group_id',
      'sale_price',
      'additional_image_link',
      'color',
      'size',
      'age_group',
      'gender',
    ]);
    expect(rows.map((r) => r.id).sort()).toEqual(expected.map((r) => r.v.sku).sort());
    const bySku = new Map(rows.map((r) => [r.id!, r]));
    for (const { v, p } of expected) {
      const row = bySku.get(v.sku)!;
      expect(row.availability).toBe(v.stock > 0 ? 'in stock' : 'out of stock');
      expect(row.price).toBe(price(v.mrpPaise));
      expect(row.sale_price).toBe(v.sellingPricePaise < v.mrpPaise ? price(v.sellingPricePaise) : '');
      expect(row.link).toBe(`${origin}/product/${v.slug}`);
      expect(row.additional_image_link!.split(',').filter(Boolean)).toHaveLength(
        [v.image2, v.image3].filter(Boolean).length,
      );
      expect(row.item_group_id).toBe(String(p.id));
      expect(row.condition).toBe('new');
    }
    const sale = bySku.get(tricky.variants[0]!.sku)!;
    expect(sale.title).toBe(`${TRICKY} - Rose & gold ${tag}, 0-3M`);
    expect(sale.age_group).toBe('newborn');
    const formula = rows.find((r) => r.title!.includes('HYPERLINK'))!;
    expect(formula.title).toBe(`'${FORMULA} - Plain ${tag}, Free Size`);
    expect(formula.age_group).toBe('kids');
  });
});

describe('after a catalogue write', () => {
  it('follows a price, stock, shipping rate or publishing change made in the back office, and only then', async () => {
    const db = shop.database.db;
    const v = tricky.variants[1]!; // 1400, full price, 3 in stock
    const saleOf = async () => (await googleItems()).find((i) => i.one('id') === v.sku)!;
    expect((await saleOf()).raw.has('sale_price')).toBe(false);

    // Kept: a change made around the services is not seen until a write tells the cache.
    await db.update(productVariants).set({ sellingPricePaise: 100000 }).where(eq(productVariants.id, v.id));
    const kept = await fetchFeed('/feeds/meta-catalog.csv');
    expect((await metaRows()).find((r) => r.id === v.sku)!.sale_price).toBe('');

    const save = await shop.app.inject({
      method: 'POST',
      url: '/api/v1/admin/stock',
      headers: admin.admin,
      payload: {
        changes: [
          { variant_id: v.id, field: 'selling_price', expected: 1000, value: 1099.5 },
          { variant_id: v.id, field: 'stock', expected: 3, value: 0 },
        ],
      },
    });
    expect(save.statusCode, save.body).toBe(200);
    expect(StockSaveResult.parse(save.json()).saved).toBe(2);

    const after = await saleOf();
    expect(after.one('price')).toBe('1400.00 INR');
    expect(after.one('sale_price')).toBe('1099.50 INR');
    expect(after.one('availability')).toBe('out_of_stock');
    const row = (await metaRows()).find((r) => r.id === v.sku)!;
    expect(row).toMatchObject({ sale_price: '1099.50 INR', availability: 'out of stock' });
    expect((await fetchFeed('/feeds/meta-catalog.csv')).headers.etag).not.toBe(kept.headers.etag);

    // India's standard rate, changed in the settings, is the feed's shipping price.
    const settings = ShopSettings.parse(
      (await shop.app.inject({ method: 'GET', url: '/api/v1/admin/settings', headers: admin.admin })).json(),
    );
    const rates = { ...settings.shipping_rates, domestic_standard: 199.5 };
    const put = await shop.app.inject({
      method: 'PUT',
      url: '/api/v1/admin/settings',
      headers: admin.admin,
      payload: { shipping_rates: rates },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect((await saleOf()).one('shipping')).toBe('country=IN;service=Standard;price=199.50 INR');

    const off = await shop.app.inject({
      method: 'POST',
      url: `/api/v1/admin/products/${tricky.product.id}/unpublish`,
      headers: admin.admin,
      payload: {},
    });
    expect(off.statusCode, off.body).toBe(200);
    const items = await googleItems();
    expect(items.some((i) => i.one('item_group_id') === String(tricky.product.id))).toBe(false);
    expect((await metaRows()).some((r) => r.item_group_id === String(tricky.product.id))).toBe(false);
  });
});

describe("with the owner’s search engine fields (docs/product.md 'Search engine fields')", () => {
  /** Saves a product's meta title and description through the back office, its other fields as they are. */
  async function saveMeta(productId: number, meta: { meta_title: string; meta_description: string }) {
    const url = `/api/v1/admin/products/${productId}`;
    const p = AdminProductDetail.parse((await shop.app.inject({ method: 'GET', url, headers: admin.admin })).json());
    const {
      id: _id,
      is_active: _a,
      archived_at: _r,
      has_orders: _h,
      publish_problems: _pp,
      variants: _v,
      ...fields
    } = p;
    const res = await shop.app.inject({ method: 'PUT', url, headers: admin.admin, payload: { ...fields, ...meta } });
    expect(res.statusCode, res.body).toBe(200);
  }

  it('names the product by its meta title, the colour and size after it; a description only when it has none', async () => {
    const db = shop.database.db;
    const { id: categoryId } = await createCategory(db, { name: `Rompers ${tag}` });
    const plain = await createProduct(db, {
      name: `Plain romper ${tag}`,
      categoryId,
      variants: [{ size: '6-12M', color: { name: `Mint ${tag}`, hex: '#98ff98' }, mrp: 800, stock: 5 }],
    });
    const described = await createProduct(db, {
      name: `Smocked romper ${tag}`,
      categoryId,
      description: 'Soft cotton, smocked by hand.',
      variants: [{ size: '0-3M', color: { name: `Mint ${tag}`, hex: '#98ff98' }, mrp: 900, stock: 2 }],
    });
    shop.app.ctx.cache.invalidate(); // the factories write around the services
    const item = async (sku: string) => (await googleItems()).find((i) => i.one('id') === sku)!;
    const plainSku = plain.variants[0]!.sku;
    const describedSku = described.variants[0]!.sku;
    expect((await item(plainSku)).one('title')).toBe(`Plain romper ${tag} - Mint ${tag}, 6-12M`);
    expect((await item(plainSku)).one('description')).toBe(`Plain romper ${tag} - Mint ${tag}, 6-12M`);

    await saveMeta(plain.product.id, { meta_title: 'Cotton romper for babies', meta_description: 'Soft, airy, easy.' });
    await saveMeta(described.product.id, { meta_title: 'Smocked baby romper', meta_description: 'A short summary.' });

    // The kept feeds were dropped by the writes: both feeds say it at once.
    expect((await item(plainSku)).one('title')).toBe(`Cotton romper for babies - Mint ${tag}, 6-12M`);
    expect((await item(plainSku)).one('description')).toBe('Soft, airy, easy.');
    expect((await item(describedSku)).one('title')).toBe(`Smocked baby romper - Mint ${tag}, 0-3M`);
    expect((await item(describedSku)).one('description')).toBe('Soft cotton, smocked by hand.');
    const row = (await metaRows()).find((r) => r.id === plainSku)!;
    expect([row.title, row.description]).toEqual([
      `Cotton romper for babies - Mint ${tag}, 6-12M`,
      'Soft, airy, easy.',
    ]);

    // Emptied: the product's name again.
    await saveMeta(plain.product.id, { meta_title: '', meta_description: '' });
    expect((await item(plainSku)).one('title')).toBe(`Plain romper ${tag} - Mint ${tag}, 6-12M`);
    expect((await metaRows()).find((r) => r.id === plainSku)!.title).toBe(`Plain romper ${tag} - Mint ${tag}, 6-12M`);
  });
});
