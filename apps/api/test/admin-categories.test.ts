import {
  AdminGroup,
  AdminGroupDetail,
  AdminGroupList,
  CategoriesResponse,
  CollectionsResponse,
  ProductSearchResult,
  UploadedPicture,
} from '@shop/contract';
import { and, desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/modules/audit/audit.schema';
import { categories, productCollections, products } from '../src/modules/catalog/catalog.schema';
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

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, who: StaffMember = admin) =>
  shop.app.inject({
    method,
    url: `/api/v1/admin${url}`,
    headers: who.admin,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

const storefront = async <T>(path: string): Promise<T> => {
  const res = await shop.app.inject({ method: 'GET', url: `/api/v1${path}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
};

const lastAudit = async (entityType: string, id: number) => {
  const [entry] = await shop.app.ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, entityType), eq(auditLog.entityId, String(id))))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return entry;
};

async function create(kind: 'categories' | 'collections', slug: string, extra: Record<string, unknown> = {}) {
  const res = await call('POST', `/${kind}`, {
    name: `Test ${slug}`,
    slug,
    description: 'Made for the test',
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return AdminGroup.parse(res.json());
}

describe('categories', () => {
  it('creates one at the end of the list, with a picture and a group label; the storefront lists it at once', async () => {
    // The storefront's list has been read (and cached) before.
    const before = CategoriesResponse.parse(await storefront('/categories'));
    const photo = await sharp({ create: { width: 30, height: 30, channels: 3, background: '#808020' } })
      .png()
      .toBuffer();
    const up = await shop.app.inject({
      method: 'POST',
      url: '/api/v1/admin/pictures',
      headers: { ...admin.admin, 'content-type': 'image/png' },
      payload: photo,
    });
    const picture = UploadedPicture.parse(up.json());

    const made = await create('categories', 'test-caps', { image: picture.key, parent: 'Accessories' });
    expect(made).toMatchObject({
      slug: 'test-caps',
      parent: 'Accessories',
      image_key: picture.key,
      is_visible: true,
      product_count: 0,
    });
    const list = AdminGroupList.parse((await call('GET', '/categories', undefined, staff)).json()).data;
    expect(list.at(-1)!.id).toBe(made.id);
    expect(await lastAudit('category', made.id)).toMatchObject({
      action: 'category.create',
      actorUserId: admin.user.id,
    });

    const after = CategoriesResponse.parse(await storefront('/categories'));
    expect(after.data.length).toBe(before.data.length + 1);
    expect(after.data.at(-1)).toMatchObject({ slug: 'test-caps', parent: 'Accessories', image: picture.url });
  });

  it('refuses a taken slug, a bad slug, an unknown picture, an empty name (400) and a staff member (403)', async () => {
    const [demo] = await shop.app.ctx.db.select().from(categories).limit(1);
    const taken = expectError(await call('POST', '/categories', { name: 'Copy', slug: demo!.slug }), 400);
    expect(taken.errors).toEqual([`The slug '${demo!.slug}' is taken by another category`]);
    expectError(await call('POST', '/categories', { name: 'Copy', slug: 'Not A Slug' }), 400);
    expectError(await call('POST', '/categories', { name: 'Copy', slug: 'copy-x', image: 'nothing' }), 400);
    expectError(await call('POST', '/categories', { name: ' ', slug: 'copy-y' }), 400);
    expectError(await call('POST', '/categories', { name: 'Copy', slug: 'copy-z', colour: 'red' }), 400);
    expectError(await call('POST', '/categories', { name: 'Copy', slug: 'copy-z' }, staff), 403);
    const [again] = await shop.app.ctx.db.select().from(categories).where(eq(categories.slug, 'copy-z'));
    expect(again).toBeUndefined();
  });

  it('edits, keeps the picture when none is sent, and clears the group label with an empty one', async () => {
    const made = await create('categories', 'test-edit', { parent: 'Accessories' });
    const res = await call('PUT', `/categories/${made.id}`, {
      name: 'Edited',
      slug: 'test-edited',
      description: 'New words',
      parent: '',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(AdminGroup.parse(res.json())).toMatchObject({
      name: 'Edited',
      slug: 'test-edited',
      parent: null,
      image_key: made.image_key,
    });
    expectError(await call('PUT', '/categories/999999', { name: 'X', slug: 'x-y' }), 404);
  });

  it('moves up and down with the keyboard buttons, and the storefront follows', async () => {
    const first = await create('categories', 'test-order-a');
    const second = await create('categories', 'test-order-b');
    const res = await call('POST', `/categories/${second.id}/move`, { direction: 'up' });
    expect(res.statusCode, res.body).toBe(200);
    const ids = AdminGroupList.parse(res.json()).data.map((g) => g.id);
    expect(ids.indexOf(second.id)).toBe(ids.indexOf(first.id) - 1);
    const shown = CategoriesResponse.parse(await storefront('/categories')).data.map((c) => c.id);
    expect(shown.indexOf(second.id)).toBe(shown.indexOf(first.id) - 1);
    // The last one moving down stays where it is.
    const last = ids.at(-1)!;
    const again = AdminGroupList.parse((await call('POST', `/categories/${last}/move`, { direction: 'down' })).json());
    expect(again.data.map((g) => g.id)).toEqual(ids);
    expectError(await call('POST', `/categories/${first.id}/move`, { direction: 'sideways' }), 400);
  });

  it('hides one from the storefront lists and shows it again', async () => {
    const made = await create('categories', 'test-hidden');
    const res = await call('POST', `/categories/${made.id}/visibility`, { is_visible: false });
    expect(AdminGroup.parse(res.json()).is_visible).toBe(false);
    expect(CategoriesResponse.parse(await storefront('/categories')).data.map((c) => c.slug)).not.toContain(
      'test-hidden',
    );
    expect(await lastAudit('category', made.id)).toMatchObject({ action: 'category.hide' });
    await call('POST', `/categories/${made.id}/visibility`, { is_visible: true });
    expect(CategoriesResponse.parse(await storefront('/categories')).data.map((c) => c.slug)).toContain('test-hidden');
  });

  it('moves a product into a category; refuses to delete one that holds products, with the count', async () => {
    const made = await create('categories', 'test-holder');
    const [product] = await shop.app.ctx.db.select().from(products).orderBy(desc(products.id)).limit(1);
    const res = await call('POST', `/categories/${made.id}/products`, { product_id: product!.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(AdminGroupDetail.parse(res.json()).products.map((p) => p.id)).toEqual([product!.id]);
    const [moved] = await shop.app.ctx.db.select().from(products).where(eq(products.id, product!.id));
    expect(moved).toMatchObject({ categoryId: made.id, version: product!.version + 1 });

    const refused = expectError(await call('DELETE', `/categories/${made.id}`), 409);
    expect(refused.message).toBe('Move its 1 product first');
    expectError(await call('DELETE', `/categories/${made.id}/products/${product!.id}`), 400);
    expectError(await call('POST', `/categories/${made.id}/products`, { product_id: 999_999 }), 400);

    // Moved back, the category is empty and goes.
    await call('POST', `/categories/${product!.categoryId}/products`, { product_id: product!.id });
    expect((await call('DELETE', `/categories/${made.id}`)).statusCode).toBe(200);
    expectError(await call('GET', `/categories/${made.id}`), 404);
  });
});

describe('collections', () => {
  it('adds and removes products, found by search; deleting one removes only the links', async () => {
    const made = await create('collections', 'test-picks');
    const found = ProductSearchResult.parse(
      (await call('GET', '/product-search?q=frock', undefined, staff)).json(),
    ).data;
    expect(found.length).toBeGreaterThan(1);
    for (const p of found.slice(0, 2)) {
      const res = await call('POST', `/collections/${made.id}/products`, { product_id: p.id });
      expect(res.statusCode, res.body).toBe(200);
    }
    // Adding twice changes nothing.
    const twice = AdminGroupDetail.parse(
      (await call('POST', `/collections/${made.id}/products`, { product_id: found[0]!.id })).json(),
    );
    expect(twice.products.map((p) => p.id)).toEqual([found[0]!.id, found[1]!.id]);
    expect(twice.group.product_count).toBe(2);
    const page = await shop.app.inject({
      method: 'POST',
      url: '/api/v1/collection/products/by-id',
      payload: { id: made.slug },
    });
    expect(page.json<{ data: unknown[] }>().data.length, page.body).toBe(2);

    const removed = await call('DELETE', `/collections/${made.id}/products/${found[0]!.id}`);
    expect(AdminGroupDetail.parse(removed.json()).products.map((p) => p.id)).toEqual([found[1]!.id]);
    expectError(await call('DELETE', `/collections/${made.id}/products/${found[0]!.id}`), 404);
    expect(await lastAudit('collection', made.id)).toMatchObject({ action: 'collection.unassign' });

    expect((await call('DELETE', `/collections/${made.id}`)).statusCode).toBe(200);
    expect(
      await shop.app.ctx.db.select().from(productCollections).where(eq(productCollections.collectionId, made.id)),
    ).toEqual([]);
    const [still] = await shop.app.ctx.db.select().from(products).where(eq(products.id, found[1]!.id));
    expect(still).toBeDefined();
  });

  it('hides one from the storefront list, refuses a group label', async () => {
    const made = await create('collections', 'test-hidden-col');
    expect(CollectionsResponse.parse(await storefront('/collections')).data.map((c) => c.slug)).toContain(
      'test-hidden-col',
    );
    await call('POST', `/collections/${made.id}/visibility`, { is_visible: false });
    expect(CollectionsResponse.parse(await storefront('/collections')).data.map((c) => c.slug)).not.toContain(
      'test-hidden-col',
    );
    expectError(
      await call('PUT', `/collections/${made.id}`, { name: 'X', slug: 'test-hidden-col', parent: 'Accessories' }),
      400,
    );
  });
});
