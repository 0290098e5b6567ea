import {
  imageUrl,
  NO_PICTURE_KEY,
  type AdminGroup,
  type AdminGroupDetail,
  type GroupKind,
  type GroupProduct,
} from '@shop/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { UnitOfWork } from '../../../context';
import { rows, type DbOrTx } from '../../../db/client';
import { AppError, invalid, notFound } from '../../../lib/errors';
import { audit } from '../../audit/audit.service';

/**
 * Categories and collections in the back office (docs/back-office.md): the
 * two tables share their columns (name, slug, description, picture, order,
 * visibility), so one service serves both; categories add the `parent` label,
 * and a product belongs to exactly one category but to any number of collections.
 */
const TABLE = { categories: sql.identifier('categories'), collections: sql.identifier('collections') };
const ENTITY = { categories: 'category', collections: 'collection' } as const;
const NOUN = { categories: 'category', collections: 'collection' } as const;

interface GroupRow {
  id: number;
  name: string;
  slug: string;
  description: string;
  image: string;
  parent: string | null;
  position: number;
  is_visible: boolean;
  meta_title: string | null;
  meta_description: string | null;
  product_count: number | string;
}

const toGroup = (r: GroupRow): AdminGroup => ({
  id: r.id,
  name: r.name,
  slug: r.slug,
  description: r.description,
  image_key: r.image,
  image_url: imageUrl(r.image),
  parent: r.parent,
  position: r.position,
  is_visible: r.is_visible,
  meta_title: r.meta_title,
  meta_description: r.meta_description,
  product_count: Number(r.product_count),
});

function selectGroups(kind: GroupKind, where: SQL = sql`true`): SQL {
  const count =
    kind === 'categories'
      ? sql`(select count(*) from products p where p.category_id = g.id)`
      : sql`(select count(*) from product_collections pc where pc.collection_id = g.id)`;
  const parent = kind === 'categories' ? sql`g.parent` : sql`null::text`;
  return sql`select g.id, g.name, g.slug, g.description, g.image, ${parent} as parent, g.position, g.is_visible,
    g.meta_title, g.meta_description, ${count} as product_count from ${TABLE[kind]} g where ${where} order by g.position, g.id`;
}

export async function listGroups(db: DbOrTx, kind: GroupKind): Promise<AdminGroup[]> {
  return (await rows<GroupRow>(db, selectGroups(kind))).map(toGroup);
}

async function findGroup(db: DbOrTx, kind: GroupKind, id: number, lock = false): Promise<AdminGroup> {
  const [row] = await rows<GroupRow>(
    db,
    sql`${selectGroups(kind, sql`g.id = ${id}`)}${lock ? sql` for update` : sql``}`,
  );
  if (!row) throw notFound(`No such ${NOUN[kind]}`);
  return toGroup(row);
}

const productColumns = sql`p.id, p.name, p.slug, p.is_active, c.name as category from products p join categories c on c.id = p.category_id`;

export async function groupDetail(db: DbOrTx, kind: GroupKind, id: number): Promise<AdminGroupDetail> {
  const group = await findGroup(db, kind, id);
  const products = await rows<GroupProduct>(
    db,
    kind === 'categories'
      ? sql`select ${productColumns} where p.category_id = ${id} order by p.name, p.id`
      : sql`select ${productColumns} join product_collections pc on pc.product_id = p.id
          where pc.collection_id = ${id} order by pc.position, p.name, p.id`,
  );
  return { group, products };
}

/** Products by name or slug, for the 'assign products' search. */
export async function searchProducts(db: DbOrTx, q: string): Promise<GroupProduct[]> {
  const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return rows<GroupProduct>(
    db,
    sql`select ${productColumns} where p.archived_at is null and (p.name ilike ${like} or p.slug ilike ${like})
      order by p.name, p.id limit 20`,
  );
}

interface GroupInput {
  name: string;
  slug: string;
  description: string;
  image?: string | undefined;
  parent?: string | null | undefined;
  /** Left out: unchanged; null: the page's own (docs/product.md 'Search engine fields'). */
  meta_title?: string | null | undefined;
  meta_description?: string | null | undefined;
}

async function checkInput(db: DbOrTx, kind: GroupKind, input: GroupInput, id: number | null) {
  const errors: string[] = [];
  const [taken] = await rows<{ id: number }>(
    db,
    sql`select id from ${TABLE[kind]} where slug = ${input.slug} and id is distinct from ${id}`,
  );
  if (taken) errors.push(`The slug '${input.slug}' is taken by another ${NOUN[kind]}`);
  if (input.image !== undefined) {
    const [image] = await rows<{ key: string }>(db, sql`select key from images where key = ${input.image}`);
    if (!image) errors.push(`No uploaded picture has the key '${input.image}'`);
  }
  if (kind === 'collections' && input.parent) errors.push('A collection has no parent group');
  if (errors.length) throw invalid(errors);
}

/** Every write ends the same way: audited, and the storefront told (menus, lists, home, sitemap). */
async function written(w: UnitOfWork, kind: GroupKind, action: string, id: number, before: unknown, after: unknown) {
  await audit(w, { action: `${ENTITY[kind]}.${action}`, entityType: ENTITY[kind], entityId: id, before, after });
  await w.catalogChanged('all');
}

export async function createGroup(work: UnitOfWork, kind: GroupKind, input: GroupInput): Promise<AdminGroup> {
  return work.transaction(async (w) => {
    await checkInput(w.db, kind, input, null);
    const parent = kind === 'categories' ? sql`, parent` : sql``;
    const parentValue = kind === 'categories' ? sql`, ${input.parent ?? null}` : sql``;
    const [row] = await rows<{ id: number }>(
      w.db,
      sql`insert into ${TABLE[kind]} (name, slug, description, image, meta_title, meta_description, position${parent})
        values (${input.name}, ${input.slug}, ${input.description}, ${input.image ?? NO_PICTURE_KEY},
          ${input.meta_title ?? null}, ${input.meta_description ?? null},
          (select coalesce(max(position), -1) + 1 from ${TABLE[kind]})${parentValue})
        returning id`,
    );
    const created = await findGroup(w.db, kind, row!.id);
    await written(w, kind, 'create', created.id, null, created);
    return created;
  });
}

export async function updateGroup(
  work: UnitOfWork,
  kind: GroupKind,
  id: number,
  input: GroupInput,
): Promise<AdminGroup> {
  return work.transaction(async (w) => {
    const before = await findGroup(w.db, kind, id, true);
    await checkInput(w.db, kind, input, id);
    const parent = kind === 'categories' ? sql`, parent = ${input.parent ?? null}` : sql``;
    const metaTitle = input.meta_title === undefined ? before.meta_title : input.meta_title;
    const metaDescription = input.meta_description === undefined ? before.meta_description : input.meta_description;
    await w.db.execute(
      sql`update ${TABLE[kind]} set name = ${input.name}, slug = ${input.slug}, description = ${input.description},
        image = ${input.image ?? before.image_key}, meta_title = ${metaTitle},
        meta_description = ${metaDescription}${parent} where id = ${id}`,
    );
    const after = await findGroup(w.db, kind, id);
    await written(w, kind, 'edit', id, before, after);
    return after;
  });
}

/** Move up or down one place: positions are renumbered 0..n-1 in the shown order, then the two swap. */
export async function moveGroup(work: UnitOfWork, kind: GroupKind, id: number, direction: 'up' | 'down') {
  return work.transaction(async (w) => {
    const all = await rows<{ id: number }>(w.db, sql`select id from ${TABLE[kind]} order by position, id for update`);
    const from = all.findIndex((g) => g.id === id);
    if (from < 0) throw notFound(`No such ${NOUN[kind]}`);
    const to = direction === 'up' ? from - 1 : from + 1;
    if (to < 0 || to >= all.length) return listGroups(w.db, kind); // already first or last: nothing to do
    const order = all.map((g) => g.id);
    [order[from], order[to]] = [order[to]!, order[from]!];
    for (const [position, gid] of order.entries())
      await w.db.execute(sql`update ${TABLE[kind]} set position = ${position} where id = ${gid}`);
    await written(w, kind, 'move', id, { position: from }, { position: to });
    return listGroups(w.db, kind);
  });
}

export async function setGroupVisible(work: UnitOfWork, kind: GroupKind, id: number, visible: boolean) {
  return work.transaction(async (w) => {
    const before = await findGroup(w.db, kind, id, true);
    await w.db.execute(sql`update ${TABLE[kind]} set is_visible = ${visible} where id = ${id}`);
    await written(w, kind, visible ? 'show' : 'hide', id, { is_visible: before.is_visible }, { is_visible: visible });
    return findGroup(w.db, kind, id);
  });
}

/** A category that holds products is kept (a product needs one); a collection goes with its links only. */
export async function deleteGroup(work: UnitOfWork, kind: GroupKind, id: number): Promise<AdminGroup> {
  return work.transaction(async (w) => {
    const before = await findGroup(w.db, kind, id, true);
    if (kind === 'categories' && before.product_count > 0) {
      const n = before.product_count;
      throw new AppError('conflict', `Move its ${n} product${n === 1 ? '' : 's'} first`);
    }
    // A collection's product links (and a home section showing it) go with it, by the foreign keys' cascade.
    await w.db.execute(sql`delete from ${TABLE[kind]} where id = ${id}`);
    await written(w, kind, 'delete', id, before, null);
    return before;
  });
}

async function lockProduct(w: UnitOfWork, productId: number) {
  const [product] = await rows<{ id: number; category_id: number }>(
    w.db,
    sql`select id, category_id from products where id = ${productId} for update`,
  );
  if (!product) throw invalid([`No product has the id ${productId}`]);
  return product;
}

/** Assign a product: into a category it moves (its only one); into a collection it is added (at the end). */
export async function addProduct(work: UnitOfWork, kind: GroupKind, id: number, productId: number) {
  return work.transaction(async (w) => {
    await findGroup(w.db, kind, id, true);
    const product = await lockProduct(w, productId);
    if (kind === 'categories') {
      if (product.category_id === id) return groupDetail(w.db, kind, id);
      await w.db.execute(
        sql`update products set category_id = ${id}, version = version + 1, updated_at = now() where id = ${productId}`,
      );
      await written(
        w,
        kind,
        'assign',
        id,
        { product_id: productId, category_id: product.category_id },
        { product_id: productId, category_id: id },
      );
    } else {
      const [added] = await rows<{ product_id: number }>(
        w.db,
        sql`insert into product_collections (product_id, collection_id, position)
          values (${productId}, ${id}, (select coalesce(max(position), -1) + 1 from product_collections where collection_id = ${id}))
          on conflict do nothing returning product_id`,
      );
      if (!added) return groupDetail(w.db, kind, id);
      await w.db.execute(sql`update products set version = version + 1, updated_at = now() where id = ${productId}`);
      await written(w, kind, 'assign', id, null, { product_id: productId });
    }
    return groupDetail(w.db, kind, id);
  });
}

/** Take a product out of a collection (a category cannot let go: the product moves to another one instead). */
export async function removeProduct(work: UnitOfWork, kind: GroupKind, id: number, productId: number) {
  if (kind === 'categories')
    throw invalid(['A product belongs to exactly one category: assign it to another category instead']);
  return work.transaction(async (w) => {
    await findGroup(w.db, kind, id, true);
    await lockProduct(w, productId);
    const removed = await rows<{ product_id: number }>(
      w.db,
      sql`delete from product_collections where collection_id = ${id} and product_id = ${productId} returning product_id`,
    );
    if (removed.length === 0) throw notFound('That product is not in this collection');
    await w.db.execute(sql`update products set version = version + 1, updated_at = now() where id = ${productId}`);
    await written(w, kind, 'unassign', id, { product_id: productId }, null);
    return groupDetail(w.db, kind, id);
  });
}
