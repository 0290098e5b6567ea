import { randomBytes } from 'node:crypto';
import {
  AdminGroup,
  AdminProductAnswer,
  AdminProductDetail,
  AuditPage,
  CategoryProductsResponse,
  CollectionProductsResponse,
  ProductResponse,
} from '@shop/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createCollection, createProduct } from '../src/db/factories';
import { createTestShop, expectError, type TestShop } from './helpers';
import { signUpStaff, type StaffMember } from './staff';

/** The meta title and description of products, categories and collections (docs/product.md 'Search engine fields'). */
let shop: TestShop;
let staff: StaffMember;
let admin: StaffMember;
let made: Awaited<ReturnType<typeof createProduct>>;
let category: { id: number; slug: string; name: string };
let collection: { id: number; slug: string; name: string };
const tag = randomBytes(3).toString('hex');
const LONG_TEXT = `${'A soft, hand-smocked mulmul frock for summer afternoons. '.repeat(4)}The end.`;

beforeAll(async () => {
  shop = await createTestShop();
  [staff, admin] = await Promise.all([signUpStaff(shop.app, 'staff'), signUpStaff(shop.app, 'admin')]);
  const db = shop.database.db;
  category = await createCategory(db, { name: `Party Frocks ${tag}`, description: '' });
  collection = await createCollection(db, { name: `Monsoon ${tag}`, description: '' });
  made = await createProduct(db, {
    name: `Mulmul frock ${tag}`,
    categoryId: category.id,
    collectionIds: [collection.id],
    description: LONG_TEXT,
    variants: [{ size: '2-3Y', color: { name: `Rose ${tag}`, hex: '#e91e63' }, mrp: 1200, stock: 3 }],
  });
  shop.app.ctx.cache.invalidate(); // the factories write around the services
});
afterAll(() => shop?.close());

const admin$ = (method: 'GET' | 'PUT', url: string, payload?: object, who: StaffMember = admin) =>
  shop.app.inject({ method, url: `/api/v1/admin${url}`, headers: who.admin, ...(payload ? { payload } : {}) });

async function productPage() {
  const res = await shop.app.inject({ method: 'GET', url: `/api/v1/product/${made.variants[0]!.slug}` });
  expect(res.statusCode, res.body).toBe(200);
  return ProductResponse.parse(res.json());
}
async function categoryPage() {
  const res = await shop.app.inject({ method: 'GET', url: `/api/v1/products/category/${category.slug}` });
  expect(res.statusCode, res.body).toBe(200);
  return CategoryProductsResponse.parse(res.json());
}
async function collectionPage() {
  const res = await shop.app.inject({
    method: 'POST',
    url: '/api/v1/collection/products/by-id',
    payload: { id: collection.slug },
  });
  expect(res.statusCode, res.body).toBe(200);
  return CollectionProductsResponse.parse(res.json());
}

async function adminProduct() {
  return AdminProductDetail.parse((await admin$('GET', `/products/${made.product.id}`)).json());
}

/** The product form's fields as saved, with `meta` over them. */
async function saveProduct(meta: object, who: StaffMember = admin) {
  const p = await adminProduct();
  return admin$(
    'PUT',
    `/products/${p.id}`,
    {
      name: p.name,
      slug: p.slug,
      description: p.description,
      care_details: p.care_details,
      highlights: p.highlights,
      category_id: p.category_id,
      collection_ids: p.collection_ids,
      hsn_code: p.hsn_code,
      tags: p.tags,
      country_of_origin: p.country_of_origin,
      version: p.version,
      ...meta,
    },
    who,
  );
}

async function saveGroup(kind: 'categories' | 'collections', id: number, meta: object) {
  const { group } = (await admin$('GET', `/${kind}/${id}`)).json<{ group: AdminGroup }>();
  return admin$('PUT', `/${kind}/${id}`, {
    name: group.name,
    slug: group.slug,
    description: group.description,
    ...meta,
  });
}

describe('a product’s meta title and description', () => {
  it('default to the page’s own words: its name and colour, and the start of its description', async () => {
    const { seo } = await productPage();
    expect(seo.title).toBe(`Mulmul frock ${tag} - Rose ${tag}`);
    expect(seo.description.length).toBeLessThanOrEqual(156);
    expect(seo.description).toMatch(/^A soft, hand-smocked mulmul frock .*…$/);
    expect((await adminProduct()).meta_title).toBeNull();
  });

  it('are saved trimmed, audited, and shown on the product page at once (the kept answer is dropped)', async () => {
    await productPage(); // kept in the catalogue cache
    const res = await saveProduct({
      meta_title: '  Hand-smocked mulmul frock for girls  ',
      meta_description: 'Breathable cotton, smocked by hand in Jaipur.',
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = AdminProductAnswer.parse(res.json()).product;
    expect(saved.meta_title).toBe('Hand-smocked mulmul frock for girls');
    expect(saved.meta_description).toBe('Breathable cotton, smocked by hand in Jaipur.');

    expect((await productPage()).seo).toEqual({
      title: 'Hand-smocked mulmul frock for girls',
      description: 'Breathable cotton, smocked by hand in Jaipur.',
    });

    const log = AuditPage.parse(
      (await admin$('GET', `/activity?entity_type=product&entity_id=${made.product.id}`)).json(),
    ).data;
    expect(log[0]!.action).toBe('product.update');
    expect(log[0]!.before).toMatchObject({ meta_title: null });
    expect(log[0]!.after).toMatchObject({ meta_title: 'Hand-smocked mulmul frock for girls' });
  });

  it('stay as they are when a body leaves them out, and go back to the default when emptied', async () => {
    expect((await saveProduct({})).statusCode).toBe(200);
    expect((await adminProduct()).meta_title).toBe('Hand-smocked mulmul frock for girls');

    const res = await saveProduct({ meta_title: '   ', meta_description: '' });
    expect(res.statusCode, res.body).toBe(200);
    const p = await adminProduct();
    expect([p.meta_title, p.meta_description]).toEqual([null, null]);
    const { seo } = await productPage();
    expect(seo.title).toBe(`Mulmul frock ${tag} - Rose ${tag}`);
    expect(seo.description).toMatch(/^A soft, hand-smocked/);
  });

  it('refuse a title over 70 or a description over 160 characters, in words, and keep what was saved', async () => {
    expect((await saveProduct({ meta_title: 'T'.repeat(70), meta_description: 'D'.repeat(160) })).statusCode).toBe(200);
    const long = expectError(await saveProduct({ meta_title: 'T'.repeat(71), meta_description: 'D'.repeat(161) }), 400);
    expect(long.errors).toEqual(
      expect.arrayContaining([
        expect.stringContaining('meta title is at most 70 characters'),
        expect.stringContaining('meta description is at most 160 characters'),
      ]),
    );
    expect((await adminProduct()).meta_title).toBe('T'.repeat(70));
    expect((await saveProduct({ meta_title: null, meta_description: null })).statusCode).toBe(200);
  });

  it('are the owner’s to change: staff may not', async () => {
    expectError(await saveProduct({ meta_title: 'Staff title' }, staff), 403);
    expect((await adminProduct()).meta_title).toBeNull();
  });
});

describe('a category’s and a collection’s meta title and description', () => {
  it('default to the name, and the description or a line made of the name', async () => {
    expect((await categoryPage()).seo).toEqual({
      title: `Party Frocks ${tag}`,
      description: `Handcrafted party frocks ${tag} for children from ${shop.env.SHOP_NAME}.`,
    });
    expect((await collectionPage()).seo).toEqual({
      title: `Monsoon ${tag}`,
      description: `The Monsoon ${tag} collection, handcrafted for children.`,
    });
  });

  it('are saved, audited and shown on the category page at once; emptied, the default is back', async () => {
    await categoryPage();
    const res = await saveGroup('categories', category.id, {
      meta_title: 'Party frocks for little girls',
      meta_description: 'Frocks for birthdays and weddings.',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(AdminGroup.parse(res.json())).toMatchObject({
      meta_title: 'Party frocks for little girls',
      meta_description: 'Frocks for birthdays and weddings.',
    });
    expect((await categoryPage()).seo).toEqual({
      title: 'Party frocks for little girls',
      description: 'Frocks for birthdays and weddings.',
    });
    const log = AuditPage.parse(
      (await admin$('GET', `/activity?entity_type=category&entity_id=${category.id}`)).json(),
    ).data;
    expect(log[0]!.after).toMatchObject({ meta_title: 'Party frocks for little girls' });

    expect((await saveGroup('categories', category.id, { meta_title: '', meta_description: '' })).statusCode).toBe(200);
    expect((await categoryPage()).seo.title).toBe(`Party Frocks ${tag}`);
  });

  it('work the same for a collection, and refuse text that is too long', async () => {
    await collectionPage();
    const res = await saveGroup('collections', collection.id, { meta_title: 'Rainy day rompers' });
    expect(res.statusCode, res.body).toBe(200);
    const { seo } = await collectionPage();
    expect(seo).toEqual({
      title: 'Rainy day rompers',
      description: `The Monsoon ${tag} collection, handcrafted for children.`,
    });
    const long = expectError(await saveGroup('collections', collection.id, { meta_description: 'x'.repeat(161) }), 400);
    expect(long.errors.join(' ')).toContain('meta description is at most 160 characters');
    expect((await collectionPage()).seo.title).toBe('Rainy day rompers');
  });
});
