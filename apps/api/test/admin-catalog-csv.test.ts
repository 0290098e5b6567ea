import { CATALOG_CSV_COLUMNS, ImportPictures, ImportReport, type ImportRow } from '@shop/contract';
import { eq } from 'drizzle-orm';
import { zipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/modules/audit/audit.schema';
import { productVariants, products } from '../src/modules/catalog/catalog.schema';
import { readCsv } from '../src/modules/admin/catalog-io/csv-read';
import { createTestShop, expectError, type TestShop } from './helpers';
import { signUpStaff, type StaffMember } from './staff';

let shop: TestShop;
let staff: StaffMember;
let admin: StaffMember;

beforeAll(async () => {
  shop = await createTestShop();
  [staff, admin] = await Promise.all([signUpStaff(shop.app, 'staff'), signUpStaff(shop.app, 'admin')]);
});
afterAll(() => shop?.close());

const exportCsv = async (who = admin) => {
  const res = await shop.app.inject({ method: 'GET', url: '/api/v1/admin/catalog/export.csv', headers: who.admin });
  return res;
};
const importCsv = (csv: string, apply = false, pictures: Record<string, string> = {}, who = admin) =>
  shop.app.inject({
    method: 'POST',
    url: '/api/v1/admin/catalog/import',
    headers: who.admin,
    payload: { csv, apply, pictures },
  });
const report = async (csv: string, apply = false, pictures: Record<string, string> = {}) => {
  const res = await importCsv(csv, apply, pictures);
  expect(res.statusCode, res.body).toBe(200);
  return ImportReport.parse(res.json());
};

type Row = Record<(typeof CATALOG_CSV_COLUMNS)[number], string>;
const HEADER = CATALOG_CSV_COLUMNS.join(',');
const quote = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
const line = (r: Row) => CATALOG_CSV_COLUMNS.map((c) => quote(r[c])).join(',');
const fileOf = (...rows: Row[]) => [HEADER, ...rows.map(line)].join('\r\n') + '\r\n';

/** The exported rows as records (apostrophes of the formula guard kept, as a spreadsheet would). */
async function exportedRows(): Promise<Row[]> {
  const text = (await exportCsv()).body;
  const [header, ...rows] = readCsv(text);
  expect(header!.cells).toEqual([...CATALOG_CSV_COLUMNS]);
  return rows.map((r) => Object.fromEntries(CATALOG_CSV_COLUMNS.map((c, i) => [c, r.cells[i] ?? ''])) as Row);
}

const newRow = (over: Partial<Row>): Row => ({
  product_slug: 'csv-test-frock',
  product_name: 'CSV Test Frock',
  category_slug: '',
  collections: '',
  description: 'Made for the import test',
  care_details: 'Hand wash|Dry in shade',
  highlights: 'Soft cotton',
  hsn_code: '6111',
  tags: 'test',
  published: 'no',
  sku: 'CSV-TEST-RED-2Y',
  colour: 'Import Test Red',
  colour_hex: '#c03030',
  size: '2-3Y',
  mrp: '999.00',
  selling_price: '899.00',
  stock: '4',
  variant_active: 'yes',
  pictures: '',
  ...over,
});

describe('catalogue export', () => {
  it('is one row per variant, CSV with a BOM, admins only', async () => {
    expectError(await exportCsv(staff), 403);
    const res = await exportCsv();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="catalogue-\d{4}-\d{2}-\d{2}\.csv"/);
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const rows = await exportedRows();
    const variants = await shop.app.ctx.db.select({ id: productVariants.id }).from(productVariants);
    expect(rows.length).toBe(variants.length);
    expect(rows[0]!.mrp).toMatch(/^\d+\.\d{2}$/);
    expect(rows.every((r) => ['yes', 'no'].includes(r.published))).toBe(true);
  });

  it('guards against spreadsheet formulas and reads them back as written', async () => {
    const [first] = await exportedRows();
    const [p] = await shop.app.ctx.db.select().from(products).where(eq(products.slug, first!.product_slug));
    await shop.app.ctx.db
      .update(products)
      .set({ description: '=HYPERLINK("http://evil.example","x")', tags: ['+cmd', '@sum', 'plain'] })
      .where(eq(products.id, p!.id));
    try {
      const text = (await exportCsv()).body;
      expect(text).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
      expect(text).toContain(`'+cmd|@sum|plain`);
      // Read back: unchanged, the apostrophes are the export's, not the shop's.
      const r = await report(text);
      expect(r.counts.change + r.counts.refused + r.counts.create).toBe(0);
    } finally {
      await shop.app.ctx.db
        .update(products)
        .set({ description: p!.description, tags: p!.tags })
        .where(eq(products.id, p!.id));
    }
  });
});

describe('catalogue import', () => {
  it('the export read back: every row unchanged, and applying it changes nothing', async () => {
    const text = (await exportCsv()).body;
    const dry = await report(text);
    expect(dry.applied).toBe(false);
    expect(dry.counts).toMatchObject({ create: 0, change: 0, refused: 0 });
    expect(dry.counts.unchanged).toBeGreaterThan(10);
    const before = await shop.app.ctx.db.select().from(productVariants).orderBy(productVariants.id);
    const productsBefore = await shop.app.ctx.db.select().from(products).orderBy(products.id);
    const applied = await report(text, true);
    expect(applied).toMatchObject({ applied: true, counts: { create: 0, change: 0, refused: 0 } });
    expect(await shop.app.ctx.db.select().from(productVariants).orderBy(productVariants.id)).toEqual(before);
    expect(await shop.app.ctx.db.select().from(products).orderBy(products.id)).toEqual(productsBefore);
    expect((await exportCsv()).body).toBe(text);
  });

  it('a changed price shows old → new, applies in one go, audited; then it is unchanged', async () => {
    const rows = await exportedRows();
    const row = rows[0]!;
    const newPrice = (Number(row.selling_price) - 1).toFixed(2);
    const csv = fileOf({ ...row, selling_price: newPrice, stock: '7' });
    const dry = await report(csv);
    expect(dry.rows[0]).toMatchObject({
      line: 2,
      sku: row.sku,
      outcome: 'change',
      changes: [
        { field: 'selling_price', from: row.selling_price, to: newPrice },
        { field: 'stock', from: row.stock, to: '7' },
      ],
    });
    const [stillOld] = await shop.app.ctx.db.select().from(productVariants).where(eq(productVariants.sku, row.sku));
    expect((stillOld!.sellingPricePaise / 100).toFixed(2)).toBe(row.selling_price);
    const productPage = () => shop.app.inject({ method: 'GET', url: `/api/v1/product/${stillOld!.slug}` });
    expect((await productPage()).statusCode).toBe(200); // now in the catalogue cache

    const applied = await report(csv, true);
    expect(applied.applied).toBe(true);
    const [v] = await shop.app.ctx.db.select().from(productVariants).where(eq(productVariants.sku, row.sku));
    expect(v).toMatchObject({ sellingPricePaise: Math.round(Number(newPrice) * 100), stock: 7 });
    const [entry] = await shop.app.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'catalog.import'));
    expect(entry?.actorUserId).toBe(admin.user.id);
    // The storefront shows it at once (the catalogue cache was dropped).
    expect((await productPage()).body).toContain(`"selling_price":${Number(newPrice)}`);
    expect((await report(csv)).rows[0]!.outcome).toBe('unchanged');
  });

  it('creates a product with its colour, size and variants (picture coming soon), matched by SKU next time', async () => {
    const [cat] = await exportedRows();
    const csv = fileOf(
      newRow({ category_slug: cat!.category_slug }),
      newRow({ category_slug: cat!.category_slug, sku: 'CSV-TEST-RED-4Y', size: '4-5Y' }),
    );
    const dry = await report(csv);
    expect(dry.rows.map((r) => r.outcome)).toEqual(['create', 'create']);
    expect(dry.rows[0]!.creates).toEqual(expect.arrayContaining(['product', 'colour', 'variant']));
    expect(dry.rows[1]!.creates).toEqual(['variant']); // the new colour is named once
    await report(csv, true);
    const [p] = await shop.app.ctx.db.select().from(products).where(eq(products.slug, 'csv-test-frock'));
    expect(p).toMatchObject({ name: 'CSV Test Frock', isActive: false, careDetails: ['Hand wash', 'Dry in shade'] });
    const vs = await shop.app.ctx.db.select().from(productVariants).where(eq(productVariants.productId, p!.id));
    expect(vs.map((v) => [v.sku, v.image1, v.mrpPaise])).toEqual([
      ['CSV-TEST-RED-2Y', 'no-picture', 99900],
      ['CSV-TEST-RED-4Y', 'no-picture', 99900],
    ]);
    expect((await report(csv)).counts).toMatchObject({ unchanged: 2, create: 0 });
    // Published without a picture: refused with the reason.
    const publish = await report(fileOf(newRow({ category_slug: cat!.category_slug, published: 'yes' })));
    expect(publish.rows[0]!.reasons.join()).toMatch(/needs a picture of each colour/);
  });

  it('refuses rows with reasons, and applies nothing while one is refused', async () => {
    const rows = await exportedRows();
    const good = { ...rows[1]!, stock: String(Number(rows[1]!.stock) + 5) };
    const csv = fileOf(
      good,
      newRow({ sku: 'CSV-BAD-1', category_slug: 'no-such-category' }),
      newRow({
        sku: 'CSV-BAD-2',
        product_slug: 'csv-bad-two',
        category_slug: rows[0]!.category_slug,
        selling_price: '1200.00',
      }),
      newRow({ sku: 'CSV-BAD-3', product_slug: 'csv-bad-three', category_slug: rows[0]!.category_slug, stock: '-2' }),
      newRow({ sku: 'CSV-BAD-4', product_slug: 'csv-bad-four', category_slug: rows[0]!.category_slug, mrp: '12,99' }),
      { ...rows[2]!, product_slug: rows[2]!.product_slug },
      { ...rows[2]! },
      newRow({
        sku: 'CSV-BAD-5',
        product_slug: 'csv-bad-five',
        category_slug: rows[0]!.category_slug,
        pictures: 'https://example.com/a.jpg',
      }),
    );
    const dry = await report(csv);
    const reasonsOf = (n: number) => (dry.rows[n] as ImportRow).reasons.join(' ');
    expect(dry.rows[0]!.outcome).toBe('change');
    expect(reasonsOf(1)).toMatch(/unknown category 'no-such-category'/);
    expect(reasonsOf(2)).toMatch(/selling_price 1200.00 is above the MRP 999.00/);
    expect(reasonsOf(3)).toMatch(/stock cannot be negative/);
    expect(reasonsOf(4)).toMatch(/mrp must be rupees/);
    expect(reasonsOf(6)).toMatch(/duplicate SKU in the file/);
    expect(reasonsOf(7)).toMatch(/not fetched from the internet/);
    expect(dry.counts.refused).toBe(6);

    const [before] = await shop.app.ctx.db.select().from(productVariants).where(eq(productVariants.sku, good.sku));
    const refused = expectError(await importCsv(csv, true), 400);
    expect(refused.message).toMatch(/Nothing was imported: 6 rows are refused/);
    expect(refused.errors.join('\n')).toMatch(/Line 3: unknown category/);
    // The good row was not applied either: one transaction, all or nothing.
    const [after] = await shop.app.ctx.db.select().from(productVariants).where(eq(productVariants.sku, good.sku));
    expect(after!.stock).toBe(before!.stock);
  });

  it('refuses a file without its columns, or not CSV, with a 400', async () => {
    const missing = expectError(await importCsv('product_slug,sku\r\nx,y\r\n'), 400);
    expect(missing.errors).toContain("Missing required column 'mrp'");
    expectError(await importCsv(`${HEADER}\r\n"unterminated`), 400);
    expectError(await importCsv(`${HEADER}\r\n`), 400);
    expectError(await importCsv('x', false, {}, staff), 403);
  });

  it('takes pictures from a zip by file name, per colour', async () => {
    const png = await sharp({ create: { width: 40, height: 50, channels: 3, background: '#3060c0' } })
      .png()
      .toBuffer();
    const zip = Buffer.from(zipSync({ 'shots/blue-front.png': png, 'notes.txt': new TextEncoder().encode('hello') }));
    const res = await shop.app.inject({
      method: 'POST',
      url: '/api/v1/admin/catalog/import/pictures',
      headers: { ...admin.admin, 'content-type': 'application/zip' },
      payload: zip,
    });
    expect(res.statusCode, res.body).toBe(200);
    const stored = ImportPictures.parse(res.json());
    expect(stored.pictures.map((p) => p.name)).toEqual(['blue-front.png']);
    expect(stored.refused.map((r) => r.name)).toEqual(['notes.txt']);
    expect(stored.refused[0]!.reason).toMatch(/JPEG, PNG/);
    const map = Object.fromEntries(stored.pictures.map((p) => [p.name, p.key]));
    const [cat] = await exportedRows();
    const csv = fileOf(
      newRow({
        product_slug: 'csv-zip-frock',
        sku: 'CSV-ZIP-1',
        category_slug: cat!.category_slug,
        published: 'yes',
        pictures: 'blue-front.png',
      }),
      newRow({
        product_slug: 'csv-zip-frock',
        sku: 'CSV-ZIP-2',
        size: '4-5Y',
        category_slug: cat!.category_slug,
        published: 'yes',
      }),
    );
    expect((await report(csv)).rows[0]!.reasons.join()).toMatch(/no picture 'blue-front.png'/);
    const applied = await report(csv, true, map);
    expect(applied.counts.create).toBe(2);
    const vs = await shop.app.ctx.db
      .select({ image1: productVariants.image1 })
      .from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId))
      .where(eq(products.slug, 'csv-zip-frock'));
    expect(vs.map((v) => v.image1)).toEqual([map['blue-front.png'], map['blue-front.png']]);
    const bad = await shop.app.inject({
      method: 'POST',
      url: '/api/v1/admin/catalog/import/pictures',
      headers: { ...admin.admin, 'content-type': 'application/zip' },
      payload: Buffer.from('not a zip'),
    });
    expectError(bad, 400);
  });
});
