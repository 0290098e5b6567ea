import {
  ADMIN_PRODUCT_MESSAGES as M,
  type AdminProductDetail,
  type NewColorBody,
  type ProductFields,
  type ProductUpdateBody,
} from '@shop/contract';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { UnitOfWork } from '../../../context';
import { rows, type DbOrTx } from '../../../db/client';
import { slugify } from '../../../db/factories';
import {
  categories,
  colors,
  productCollections,
  productSlugRedirects,
  productVariants,
  products,
} from '../../catalog/catalog.schema';
import { AppError, invalid, notFound } from '../../../lib/errors';
import { audit } from '../../audit/audit.service';
import { adminProduct, categoryHsn, publishProblems } from './products.query';
import { renameVariantSlugs } from './variants.service';

/** Locks the product and moves its version on; a form that started from another version gets a 409. */
export async function bumpVersion(db: DbOrTx, id: number, version?: number) {
  const [p] = await db.select().from(products).where(eq(products.id, id)).for('update');
  if (!p) throw notFound('No product with this id');
  if (version !== undefined && p.version !== version) throw new AppError('conflict', M.stale);
  await db
    .update(products)
    .set({ version: p.version + 1, updatedAt: new Date() })
    .where(eq(products.id, id));
  return p;
}

async function checkSlug(db: DbOrTx, slug: string, exceptId: number | null): Promise<void> {
  const [taken] = await db
    .select({ id: products.id })
    .from(products)
    .where(exceptId === null ? eq(products.slug, slug) : and(eq(products.slug, slug), ne(products.id, exceptId)));
  if (taken) throw invalid([`slug: ${M.slugTaken}`], M.slugTaken);
}

async function checkRefs(db: DbOrTx, input: ProductFields): Promise<void> {
  const [cat] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, input.category_id));
  const errors = cat ? [] : ['category_id: no such category'];
  if (input.collection_ids.length) {
    const found = await rows<{ id: number }>(
      db,
      sql`select id from collections where id in (${sql.join(
        input.collection_ids.map((c) => sql`${c}`),
        sql`, `,
      )})`,
    );
    if (found.length !== new Set(input.collection_ids).size) errors.push('collection_ids: no such collection');
  }
  if (errors.length) throw invalid(errors);
}

async function fieldsOf(db: DbOrTx, input: ProductFields) {
  await checkRefs(db, input);
  const slug = input.slug || slugify(input.name);
  if (!slug) throw invalid(['slug: make a slug of letters and digits']);
  return {
    name: input.name,
    slug,
    description: input.description,
    careDetails: input.care_details,
    highlights: input.highlights,
    categoryId: input.category_id,
    hsnCode: input.hsn_code || (await categoryHsn(db, input.category_id)) || '6111',
    tags: [...new Set(input.tags)],
    countryOfOrigin: input.country_of_origin,
    // Left out of the body: unchanged; empty: the page's own (docs/product.md 'Search engine fields').
    ...(input.meta_title !== undefined && { metaTitle: input.meta_title }),
    ...(input.meta_description !== undefined && { metaDescription: input.meta_description }),
  };
}

async function setCollections(db: DbOrTx, productId: number, ids: number[]) {
  await db.delete(productCollections).where(eq(productCollections.productId, productId));
  const unique = [...new Set(ids)];
  if (unique.length)
    await db.insert(productCollections).values(unique.map((collectionId) => ({ productId, collectionId })));
}

/** A live slug is nobody's old one; the slug left behind redirects to the product. */
async function moveSlug(db: DbOrTx, productId: number, from: string, to: string) {
  await db.delete(productSlugRedirects).where(eq(productSlugRedirects.oldSlug, to));
  if (from === to) return;
  await db
    .insert(productSlugRedirects)
    .values({ oldSlug: from, productId })
    .onConflictDoUpdate({ target: productSlugRedirects.oldSlug, set: { productId } });
}

/** A new product, unpublished (it has no variants yet). */
export async function createProduct(work: UnitOfWork, input: ProductFields): Promise<AdminProductDetail> {
  return work.transaction(async (w) => {
    const fields = await fieldsOf(w.db, input);
    await checkSlug(w.db, fields.slug, null);
    const [p] = await w.db
      .insert(products)
      .values({ ...fields, isActive: false })
      .returning();
    await setCollections(w.db, p!.id, input.collection_ids);
    await moveSlug(w.db, p!.id, fields.slug, fields.slug);
    const after = await adminProduct(w.db, p!.id);
    await audit(w, { action: 'product.create', entityType: 'product', entityId: p!.id, after: snapshot(after) });
    await w.catalogChanged();
    return after;
  });
}

export async function updateProduct(
  work: UnitOfWork,
  id: number,
  input: ProductUpdateBody,
): Promise<AdminProductDetail> {
  return work.transaction(async (w) => {
    const { version, ...rest } = input;
    const before = await adminProduct(w.db, id);
    await bumpVersion(w.db, id, version);
    const fields = await fieldsOf(w.db, rest);
    await checkSlug(w.db, fields.slug, id);
    await w.db.update(products).set(fields).where(eq(products.id, id));
    await setCollections(w.db, id, rest.collection_ids);
    if (fields.slug !== before.slug) {
      await moveSlug(w.db, id, before.slug, fields.slug);
      await renameVariantSlugs(w.db, id, fields.slug);
    }
    const after = await adminProduct(w.db, id);
    await audit(w, {
      action: 'product.update',
      entityType: 'product',
      entityId: id,
      before: snapshot(before),
      after: snapshot(after),
    });
    await w.catalogChanged();
    return after;
  });
}

/** What the audit log keeps of a product (its fields, not the variants' list). */
export function snapshot(p: AdminProductDetail) {
  const { variants, publish_problems: _p, has_orders: _h, ...fields } = p;
  return { ...fields, variants: variants.length };
}

type StateMove = 'publish' | 'unpublish' | 'archive' | 'unarchive';

/** Publish (only with pictures for every active colour), unpublish, archive (off the shop) or unarchive. */
export async function moveProduct(work: UnitOfWork, id: number, move: StateMove, version?: number) {
  return work.transaction(async (w) => {
    const p = await bumpVersion(w.db, id, version);
    const state = { is_active: p.isActive, archived: p.archivedAt !== null };
    if (move === 'publish') {
      const problems = p.archivedAt ? [M.archived] : await publishProblems(w.db, id);
      if (problems.length) throw invalid(problems, problems[0]);
    }
    const set =
      move === 'publish'
        ? { isActive: true }
        : move === 'unpublish'
          ? { isActive: false }
          : move === 'archive'
            ? { isActive: false, archivedAt: p.archivedAt ?? new Date() }
            : { archivedAt: null };
    await w.db.update(products).set(set).where(eq(products.id, id));
    const after = await adminProduct(w.db, id);
    await audit(w, {
      action: `product.${move}`,
      entityType: 'product',
      entityId: id,
      before: state,
      after: { is_active: after.is_active, archived: after.archived_at !== null },
    });
    await w.catalogChanged();
    return after;
  });
}

/** Only a product nobody ordered may go; otherwise the owner archives it. */
export async function deleteProduct(work: UnitOfWork, id: number, version?: number): Promise<void> {
  await work.transaction(async (w) => {
    await bumpVersion(w.db, id, version);
    const before = await adminProduct(w.db, id);
    if (before.has_orders) throw new AppError('conflict', M.hasOrders);
    await w.db.delete(products).where(eq(products.id, id));
    await audit(w, { action: 'product.delete', entityType: 'product', entityId: id, before: snapshot(before) });
    await w.catalogChanged();
  });
}

async function freeSlug(db: DbOrTx, base: string): Promise<string> {
  for (let n = 1; ; n += 1) {
    const slug = n === 1 ? base : `${base}-${n}`;
    const [taken] = await db.select({ id: products.id }).from(products).where(eq(products.slug, slug));
    if (!taken) return slug;
  }
}

async function freeSku(db: DbOrTx, base: string): Promise<string> {
  for (let n = 1; ; n += 1) {
    const sku = n === 1 ? base : `${base}${n}`;
    const [taken] = await db
      .select({ id: productVariants.id })
      .from(productVariants)
      .where(eq(productVariants.sku, sku));
    if (!taken) return sku;
  }
}

/** A copy to start a similar product from: '(copy)', a new slug, unpublished, SKUs suffixed, no stock. */
export async function duplicateProduct(work: UnitOfWork, id: number): Promise<AdminProductDetail> {
  return work.transaction(async (w) => {
    const [p] = await w.db.select().from(products).where(eq(products.id, id));
    if (!p) throw notFound('No product with this id');
    const slug = await freeSlug(w.db, `${p.slug}-copy`.slice(0, 120));
    const { id: _id, createdAt: _c, updatedAt: _u, popularity: _pop, ...fields } = p;
    const [copy] = await w.db
      .insert(products)
      .values({
        ...fields,
        name: `${p.name} (copy)`.slice(0, 120),
        slug,
        isActive: false,
        archivedAt: null,
        version: 1,
        // Its search engine fields follow its own name until the owner writes them.
        metaTitle: null,
        metaDescription: null,
      })
      .returning();
    const links = await w.db.select().from(productCollections).where(eq(productCollections.productId, id));
    if (links.length) await w.db.insert(productCollections).values(links.map((l) => ({ ...l, productId: copy!.id })));
    const variants = await w.db.select().from(productVariants).where(eq(productVariants.productId, id));
    for (const v of variants) {
      const { id: _vid, createdAt: _vc, updatedAt: _vu, ...rest } = v;
      await w.db.insert(productVariants).values({
        ...rest,
        productId: copy!.id,
        slug: `${slug}${v.slug.slice(p.slug.length)}`,
        sku: await freeSku(w.db, `${v.sku}-COPY`.slice(0, 60)),
        stock: 0,
      });
    }
    await renameVariantSlugs(w.db, copy!.id, slug);
    const after = await adminProduct(w.db, copy!.id);
    await audit(w, {
      action: 'product.duplicate',
      entityType: 'product',
      entityId: copy!.id,
      before: { from_product_id: id },
      after: snapshot(after),
    });
    await w.catalogChanged();
    return after;
  });
}

/** A colour the shop did not have yet (its name is unique). */
export async function createColor(work: UnitOfWork, input: NewColorBody) {
  return work.transaction(async (w) => {
    const [same] = await rows<{ id: number }>(
      w.db,
      sql`select id from colors where lower(name) = lower(${input.name})`,
    );
    if (same)
      throw invalid([`name: the colour ${input.name} exists already`], `The colour ${input.name} exists already`);
    const [color] = await w.db.insert(colors).values({ name: input.name, hex: input.hex.toLowerCase() }).returning();
    await audit(w, { action: 'color.create', entityType: 'product', entityId: `color:${color!.id}`, after: color });
    return color!;
  });
}
