import { ProductPictures, ProductResponse, UploadedPicture } from '@shop/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/modules/audit/audit.schema';
import { images } from '../src/modules/images/images.schema';
import { productVariants, products } from '../src/modules/catalog/catalog.schema';
import { createTestShop, expectError, type TestShop } from './helpers';
import { signUpStaff, type StaffMember } from './staff';

let shop: TestShop;
let staff: StaffMember;
let admin: StaffMember;
/** A demo product with two colours or more, the colour changed and one left alone. */
let productId: number;
let colourId: number;
let otherColourId: number;

beforeAll(async () => {
  shop = await createTestShop();
  [staff, admin] = await Promise.all([signUpStaff(shop.app, 'staff'), signUpStaff(shop.app, 'admin')]);
  const [row] = await shop.app.ctx.db
    .select({ productId: productVariants.productId })
    .from(productVariants)
    .groupBy(productVariants.productId)
    .having(sql`count(distinct ${productVariants.colorId}) >= 2`)
    .orderBy(productVariants.productId)
    .limit(1);
  productId = row!.productId;
  const colours = await shop.app.ctx.db
    .selectDistinct({ colorId: productVariants.colorId })
    .from(productVariants)
    .where(eq(productVariants.productId, productId))
    .orderBy(productVariants.colorId);
  [colourId, otherColourId] = colours.map((c) => c.colorId) as [number, number];
});
afterAll(() => shop?.close());

async function upload(colour: string): Promise<UploadedPicture> {
  const photo = await sharp({ create: { width: 40, height: 50, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
  const res = await shop.app.inject({
    method: 'POST',
    url: '/api/v1/admin/pictures',
    headers: { ...admin.admin, 'content-type': 'image/jpeg' },
    payload: photo,
  });
  expect(res.statusCode, res.body).toBe(201);
  return UploadedPicture.parse(res.json());
}

const read = async (who: StaffMember = admin) => {
  const res = await shop.app.inject({
    method: 'GET',
    url: `/api/v1/admin/products/${productId}/pictures`,
    headers: who.admin,
  });
  expect(res.statusCode, res.body).toBe(200);
  return ProductPictures.parse(res.json());
};

const put = (body: unknown, colour = colourId, who: StaffMember = admin) =>
  shop.app.inject({
    method: 'PUT',
    url: `/api/v1/admin/products/${productId}/pictures/${colour}`,
    headers: who.admin,
    payload: body as Record<string, unknown>,
  });

const variantsOf = (colour: number) =>
  shop.app.ctx.db
    .select({
      slug: productVariants.slug,
      image1: productVariants.image1,
      image2: productVariants.image2,
      image3: productVariants.image3,
    })
    .from(productVariants)
    .where(and(eq(productVariants.productId, productId), eq(productVariants.colorId, colour)));

describe('pictures per colour', () => {
  it('lists each colour with its pictures in order, for staff as well', async () => {
    const pictures = await read(staff);
    expect(pictures.product.id).toBe(productId);
    expect(pictures.colours.map((c) => c.color_id)).toEqual(expect.arrayContaining([colourId, otherColourId]));
    for (const c of pictures.colours) {
      expect(c.variants).toBeGreaterThan(0);
      for (const p of c.pictures) expect(p.url).toBe(`/images/640/${p.key}.webp`);
    }
  });

  it('sets every variant of the colour in one go, with alt text, a new version, an audit row and a fresh storefront', async () => {
    const before = await read();
    const otherBefore = await variantsOf(otherColourId);
    const [first, second] = [await upload('#aa2040'), await upload('#2040aa')];
    // The storefront has been read (and cached) before the change.
    const [variant] = await variantsOf(colourId);
    const shopUrl = `/api/v1/product/${variant!.slug}`;
    expect((await shop.app.inject({ method: 'GET', url: shopUrl })).statusCode).toBe(200);

    const res = await put({
      version: before.product.version,
      pictures: [
        { key: second.key, alt: 'Back of the frock' },
        { key: first.key, alt: 'Front of the frock' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = ProductPictures.parse(res.json());
    expect(after.product.version).toBe(before.product.version + 1);
    expect(after.colours.find((c) => c.color_id === colourId)!.pictures).toEqual([
      { key: second.key, url: second.url, alt: 'Back of the frock' },
      { key: first.key, url: first.url, alt: 'Front of the frock' },
    ]);
    for (const v of await variantsOf(colourId)) {
      expect([v.image1, v.image2, v.image3]).toEqual([second.key, first.key, null]);
    }
    expect(await variantsOf(otherColourId)).toEqual(otherBefore);
    const [alt] = await shop.app.ctx.db.select({ alt: images.alt }).from(images).where(eq(images.key, first.key));
    expect(alt?.alt).toBe('Front of the frock');
    const [entry] = await shop.app.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'product'), eq(auditLog.entityId, String(productId))))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry).toMatchObject({ action: 'product.pictures', actorUserId: admin.user.id });

    const shown = ProductResponse.parse((await shop.app.inject({ method: 'GET', url: shopUrl })).json());
    expect(shown.data[0]!.product_variants.image1).toContain(second.key);
    expect(shown.data[0]!.product_variants.image2).toContain(first.key);
  });

  it('puts the stand-in picture back for an empty list, once the product is not published', async () => {
    const { product } = await read();
    const published = expectError(await put({ version: product.version, pictures: [] }), 400);
    expect(published.message).toMatch(/A published product shows at least one picture of each colour/);
    await shop.app.ctx.db.update(products).set({ isActive: false }).where(eq(products.id, productId));
    const res = await put({ version: product.version, pictures: [] });
    await shop.app.ctx.db.update(products).set({ isActive: true }).where(eq(products.id, productId));
    expect(res.statusCode, res.body).toBe(200);
    for (const v of await variantsOf(colourId))
      expect([v.image1, v.image2, v.image3]).toEqual(['no-picture', null, null]);
    expect(ProductPictures.parse(res.json()).colours.find((c) => c.color_id === colourId)!.pictures).toEqual([]);
  });

  it('refuses a fourth picture, an unknown key, a stale version, and changes nothing', async () => {
    const { product } = await read();
    const keys = await Promise.all(['#111111', '#222222', '#333333', '#444444'].map(upload));
    const before = await variantsOf(colourId);

    const four = expectError(
      await put({ version: product.version, pictures: keys.map((k) => ({ key: k.key, alt: '' })) }),
      400,
    );
    expect(four.errors).toContain('A colour shows at most 3 pictures');
    const unknown = expectError(
      await put({ version: product.version, pictures: [{ key: 'no-such-key', alt: '' }] }),
      400,
    );
    expect(unknown.errors).toEqual(["No uploaded picture has the key 'no-such-key'"]);
    expectError(await put({ version: product.version, pictures: [{ key: keys[0]!.key }, { key: keys[0]!.key }] }), 400);
    expectError(await put({ version: product.version, pictures: [{ key: 'no-picture' }] }), 400);
    expectError(await put({ pictures: [] }), 400);
    const stale = expectError(await put({ version: product.version - 1, pictures: [{ key: keys[0]!.key }] }), 409);
    expect(stale.message).toMatch(/changed meanwhile/);

    expect(await variantsOf(colourId)).toEqual(before);
    const [row] = await shop.app.ctx.db
      .select({ version: products.version })
      .from(products)
      .where(eq(products.id, productId));
    expect(row?.version).toBe(product.version);
  });

  it('answers 404 for a colour the product does not have, 403 to staff', async () => {
    const { product } = await read();
    expectError(await put({ version: product.version, pictures: [] }, 999_999), 404);
    expectError(await put({ version: product.version, pictures: [] }, colourId, staff), 403);
    const none = await shop.app.inject({
      method: 'GET',
      url: '/api/v1/admin/products/999999/pictures',
      headers: admin.admin,
    });
    expectError(none, 404);
  });
});
