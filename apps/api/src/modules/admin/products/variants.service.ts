import { toPaise, type AdminProductDetail, type VariantsBody } from '@shop/contract';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { UnitOfWork } from '../../../context';
import { rows, type DbOrTx } from '../../../db/client';
import { slugify } from '../../../db/factories';
import { colors, productVariants, sizes } from '../../catalog/catalog.schema';
import { invalid } from '../../../lib/errors';
import { audit } from '../../audit/audit.service';
import { NO_PICTURE, adminProduct } from './products.query';
import { bumpVersion } from './products.service';

const combo = (colorId: number, sizeId: number) => `${colorId}:${sizeId}`;

/** A variant's slug as the seed makes them (`<product>-<colour>-<size>`), numbered when taken elsewhere. */
async function freeVariantSlug(db: DbOrTx, base: string, variantId: number | null): Promise<string> {
  for (let n = 1; ; n += 1) {
    const slug = n === 1 ? base : `${base}-${n}`;
    const [taken] = await db
      .select({ id: productVariants.id })
      .from(productVariants)
      .where(
        variantId === null
          ? eq(productVariants.slug, slug)
          : and(eq(productVariants.slug, slug), ne(productVariants.id, variantId)),
      );
    if (!taken) return slug;
  }
}

async function names(db: DbOrTx) {
  const [c, s] = await Promise.all([db.select().from(colors), db.select().from(sizes)]);
  return { color: new Map(c.map((x) => [x.id, x.name])), size: new Map(s.map((x) => [x.id, x.name])) };
}

/** After a product's slug changes, its variants' slugs follow (the old ones redirect through the product's). */
export async function renameVariantSlugs(db: DbOrTx, productId: number, productSlug: string): Promise<void> {
  const variants = await db.select().from(productVariants).where(eq(productVariants.productId, productId));
  const n = await names(db);
  // Out of each other's way first: two variants may swap slugs.
  for (const v of variants) {
    await db
      .update(productVariants)
      .set({ slug: `tmp-${v.id}-${v.slug}` })
      .where(eq(productVariants.id, v.id));
  }
  for (const v of variants) {
    const base = `${productSlug}-${slugify(n.color.get(v.colorId) ?? '')}-${slugify(n.size.get(v.sizeId) ?? '')}`;
    await db
      .update(productVariants)
      .set({ slug: await freeVariantSlug(db, base, v.id) })
      .where(eq(productVariants.id, v.id));
  }
}

const cellOf = (v: AdminProductDetail['variants'][number]) => ({
  color_id: v.color_id,
  size_id: v.size_id,
  sku: v.sku,
  mrp: v.mrp,
  selling_price: v.selling_price,
  stock: v.stock,
  is_active: v.is_active,
});

/**
 * The colour × size grid, saved at once: cells are matched by colour and size,
 * new ones take their colour's pictures (or the 'coming soon' one), and a
 * combination left out is deleted, or turned off when it was ever ordered.
 */
export async function saveVariants(work: UnitOfWork, productId: number, body: VariantsBody) {
  return work.transaction(async (w) => {
    const p = await bumpVersion(w.db, productId, body.version);
    const before = await adminProduct(w.db, productId);
    const n = await names(w.db);
    const errors: string[] = [];
    const seenCombo = new Set<string>();
    const seenSku = new Map<string, number>();
    body.variants.forEach((cell, i) => {
      const label = `${n.color.get(cell.color_id) ?? '?'} / ${n.size.get(cell.size_id) ?? '?'}`;
      if (!n.color.has(cell.color_id)) errors.push(`variants.${i}: no such colour`);
      if (!n.size.has(cell.size_id)) errors.push(`variants.${i}: no such size`);
      const key = combo(cell.color_id, cell.size_id);
      if (seenCombo.has(key)) errors.push(`${label}: this colour and size are there twice`);
      seenCombo.add(key);
      const sku = cell.sku.toUpperCase();
      if (seenSku.has(sku)) errors.push(`${label}: SKU ${cell.sku} is used twice in this grid`);
      seenSku.set(sku, i);
    });
    if (body.variants.length) {
      const taken = await rows<{ sku: string; name: string }>(
        w.db,
        sql`select v.sku, p.name from product_variants v join products p on p.id = v.product_id
            where v.product_id <> ${productId} and upper(v.sku) in (${sql.join(
              [...seenSku.keys()].map((s) => sql`${s}`),
              sql`, `,
            )})`,
      );
      for (const t of taken) errors.push(`SKU ${t.sku} is already used by ${t.name}`);
    }
    if (errors.length) throw invalid(errors, errors[0]);

    const existing = await w.db.select().from(productVariants).where(eq(productVariants.productId, productId));
    const byCombo = new Map(existing.map((v) => [combo(v.colorId, v.sizeId), v]));
    const sold = new Set(before.variants.filter((v) => v.has_orders).map((v) => v.id));
    const removed = existing.filter((v) => !seenCombo.has(combo(v.colorId, v.sizeId)));
    for (const v of removed.filter((r) => sold.has(r.id))) {
      if (seenSku.has(v.sku.toUpperCase())) {
        throw invalid([`SKU ${v.sku} stays with the sold variant being turned off: choose another`]);
      }
    }
    const toDelete = removed.filter((v) => !sold.has(v.id)).map((v) => v.id);
    if (toDelete.length) await w.db.delete(productVariants).where(inArray(productVariants.id, toDelete));
    const toOff = removed.filter((v) => sold.has(v.id)).map((v) => v.id);
    if (toOff.length)
      await w.db.update(productVariants).set({ isActive: false }).where(inArray(productVariants.id, toOff));
    // SKUs may move between cells of this product: clear them out of the way first.
    for (const v of existing) {
      if (toDelete.includes(v.id)) continue;
      await w.db
        .update(productVariants)
        .set({ sku: `tmp-${v.id}-${v.sku}` })
        .where(eq(productVariants.id, v.id));
    }
    for (const v of existing) {
      if (toOff.includes(v.id))
        await w.db.update(productVariants).set({ sku: v.sku }).where(eq(productVariants.id, v.id));
    }

    for (const [position, cell] of body.variants.entries()) {
      const values = {
        sku: cell.sku,
        mrpPaise: toPaise(cell.mrp),
        sellingPricePaise: toPaise(cell.selling_price),
        stock: cell.stock,
        isActive: cell.is_active,
        position,
        updatedAt: new Date(),
      };
      const found = byCombo.get(combo(cell.color_id, cell.size_id));
      if (found) {
        await w.db.update(productVariants).set(values).where(eq(productVariants.id, found.id));
        continue;
      }
      const [sibling] = await w.db
        .select({ image1: productVariants.image1, image2: productVariants.image2, image3: productVariants.image3 })
        .from(productVariants)
        .where(and(eq(productVariants.productId, productId), eq(productVariants.colorId, cell.color_id)))
        .limit(1);
      const base = `${p.slug}-${slugify(n.color.get(cell.color_id)!)}-${slugify(n.size.get(cell.size_id)!)}`;
      await w.db.insert(productVariants).values({
        ...values,
        productId,
        colorId: cell.color_id,
        sizeId: cell.size_id,
        slug: await freeVariantSlug(w.db, base, null),
        image1: sibling?.image1 ?? NO_PICTURE,
        image2: sibling?.image2 ?? null,
        image3: sibling?.image3 ?? null,
      });
    }

    const after = await adminProduct(w.db, productId);
    await audit(w, {
      action: 'variants.update',
      entityType: 'product',
      entityId: productId,
      before: before.variants.map(cellOf),
      after: after.variants.map(cellOf),
    });
    await w.catalogChanged();
    return after;
  });
}
