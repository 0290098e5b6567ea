import type { CatalogImportBody, ImportReport } from '@shop/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { UnitOfWork } from '../../../context';
import type { DbOrTx } from '../../../db/client';
import { colors, productCollections, productVariants, products, sizes } from '../../catalog/catalog.schema';
import { images } from '../../images/images.schema';
import { slugify } from '../../../db/factories';
import { invalid } from '../../../lib/errors';
import { audit } from '../../audit/audit.service';
import { NO_PICTURE, readCatalog, type CatalogState } from './catalog-state';
import { readCsv, unguard } from './csv-read';
import { planImport, type Plan, type ReadRow } from './plan';
import { readHeader, readRow, type CsvRecord } from './row-fields';

/** The variant columns an import may change in place. */
const FIELD_OF_VARIANT = { mrp: 1, selling_price: 1, stock: 1, variant_active: 1 } as const;

/** At most this many variant rows in one file. */
const MAX_ROWS = 5_000;

function readFile(csv: string): { rows: ReadRow[]; ignored: string[] } {
  const [header, ...body] = readCsv(csv);
  if (!header) throw invalid(['The file has no header row'], 'The CSV file is empty');
  const { index, missing, ignored } = readHeader(header.cells);
  if (missing.length)
    throw invalid(
      missing.map((c) => `Missing required column '${c}'`),
      'The file lacks columns',
    );
  if (body.length === 0) throw invalid(['The file has a header but no rows'], 'The CSV file has no rows');
  if (body.length > MAX_ROWS) throw invalid([`At most ${MAX_ROWS} rows per file (this one has ${body.length})`]);
  const rows = body.map(({ line, cells }) => {
    const record = Object.fromEntries([...index].map(([c, i]) => [c, unguard(cells[i] ?? '')])) as CsvRecord;
    return { line, ...readRow(record) };
  });
  return { rows, ignored };
}

async function lookupsFor(db: DbOrTx, state: CatalogState, rows: ReadRow[], zipPictures: Record<string, string>) {
  const names = [...new Set(rows.flatMap((r) => r.variant.pictures))];
  const skus = rows.map((r) => r.variant.sku).filter((s) => s && !state.variantsBySku.has(s));
  const slugs = [...new Set(rows.map((r) => r.product.slug))].filter((s) => !state.products.has(s));
  const [keys, takenSkus, takenSlugs] = await Promise.all([
    names.length ? db.select({ key: images.key }).from(images).where(inArray(images.key, names)) : [],
    skus.length
      ? db.select({ sku: productVariants.sku }).from(productVariants).where(inArray(productVariants.sku, skus))
      : [],
    slugs.length ? db.select({ slug: products.slug }).from(products).where(inArray(products.slug, slugs)) : [],
  ]);
  return {
    zipPictures,
    imageKeys: new Set(keys.map((k) => k.key)),
    takenSkus: new Set(takenSkus.map((s) => s.sku)),
    takenSlugs: new Set(takenSlugs.map((s) => s.slug)),
  };
}

const countsOf = (plan: Plan) => {
  const counts = { create: 0, change: 0, unchanged: 0, refused: 0 };
  for (const r of plan.rows) counts[r.outcome]++;
  return counts;
};

/**
 * The import (docs/back-office.md 'Import / export'): the dry run reports
 * per row what would be created, changed or refused; the apply does it all
 * in one transaction, and nothing at all while any row is refused.
 */
export async function importCatalog(work: UnitOfWork, body: z.output<typeof CatalogImportBody>): Promise<ImportReport> {
  const { rows, ignored } = readFile(body.csv);
  return work.transaction(async (w) => {
    const state = await readCatalog(w.db, { lock: body.apply });
    const plan = planImport(state, rows, await lookupsFor(w.db, state, rows, body.pictures));
    const counts = countsOf(plan);
    const report = { applied: false, counts, ignored_columns: ignored, rows: plan.rows };
    if (!body.apply) return report;
    if (counts.refused) {
      throw invalid(
        plan.rows.filter((r) => r.outcome === 'refused').map((r) => `Line ${r.line}: ${r.reasons.join('; ')}`),
        `Nothing was imported: ${counts.refused} ${counts.refused === 1 ? 'row is' : 'rows are'} refused`,
      );
    }
    if (counts.create + counts.change === 0) return { ...report, applied: true };
    await applyPlan(w.db, state, plan);
    await audit(w, {
      action: 'catalog.import',
      entityType: 'product',
      entityId: 'import',
      after: {
        ...counts,
        rows: plan.rows
          .filter((r) => r.outcome !== 'unchanged')
          .slice(0, 200)
          .map(({ reasons: _, ...r }) => r),
      },
    });
    await w.catalogChanged();
    return { ...report, applied: true };
  });
}

async function applyPlan(db: DbOrTx, state: CatalogState, plan: Plan) {
  // Colours and sizes first: shared by every product.
  const colourIds = new Map([...state.colours].map(([k, c]) => [k, c.id]));
  const sizeIds = new Map([...state.sizes].map(([k, s]) => [k, s.id]));
  let sizePosition = Math.max(0, ...[...state.sizes.values()].map((s) => s.position));
  for (const v of plan.variants) {
    const ck = v.fields.colour.toLowerCase();
    if (!colourIds.has(ck)) {
      const [row] = await db.insert(colors).values({ name: v.fields.colour, hex: v.fields.colourHex }).returning();
      colourIds.set(ck, row!.id);
    }
    const sk = v.fields.size.toLowerCase();
    if (!sizeIds.has(sk)) {
      const [row] = await db.insert(sizes).values({ name: v.fields.size, position: ++sizePosition }).returning();
      sizeIds.set(sk, row!.id);
    }
  }

  const productIds = new Map<string, number>();
  const touched = new Set<number>();
  for (const [slug, p] of plan.products) {
    const f = p.fields;
    const values = {
      name: f.name,
      categoryId: state.categories.get(f.categorySlug)!.id,
      description: f.description,
      careDetails: f.careDetails,
      highlights: f.highlights,
      hsnCode: f.hsnCode,
      tags: f.tags,
      isActive: f.published,
    };
    let id = p.existingId;
    if (id === null) {
      const [row] = await db
        .insert(products)
        .values({ ...values, slug })
        .returning({ id: products.id });
      id = row!.id;
      touched.add(id);
    } else if (p.changes.length) {
      await db.update(products).set(values).where(eq(products.id, id));
      touched.add(id);
    }
    productIds.set(slug, id);
    if (p.existingId === null || p.changes.some((c) => c.field === 'collections')) {
      await setCollections(db, state, id, f.collections);
    }
  }

  // Variants: changed ones in place, new ones at the end of their product.
  const position = new Map<number, number>();
  const nextPosition = (productId: number) => {
    const current =
      position.get(productId) ?? Math.max(-1, ...(state.variantsOf.get(productId) ?? []).map((v) => v.position));
    position.set(productId, current + 1);
    return current + 1;
  };
  for (const v of plan.variants) {
    const productId = productIds.get(v.productSlug)!;
    const f = v.fields;
    const prices = { mrpPaise: f.mrpPaise, sellingPricePaise: f.sellingPaise, stock: f.stock, isActive: f.active };
    if (v.existing) {
      if (v.changes.some((c) => c.field in FIELD_OF_VARIANT)) {
        await db.update(productVariants).set(prices).where(eq(productVariants.id, v.existing.id));
        touched.add(productId);
      }
      continue;
    }
    const colorId = colourIds.get(f.colour.toLowerCase())!;
    const [sibling] = await db
      .select({ image1: productVariants.image1, image2: productVariants.image2, image3: productVariants.image3 })
      .from(productVariants)
      .where(and(eq(productVariants.productId, productId), eq(productVariants.colorId, colorId)))
      .limit(1);
    const base = `${v.productSlug}-${slugify(f.colour)}-${slugify(f.size)}`;
    const [taken] = await db
      .select({ id: productVariants.id })
      .from(productVariants)
      .where(eq(productVariants.slug, base));
    await db.insert(productVariants).values({
      ...prices,
      productId,
      sku: f.sku,
      slug: taken ? `${base}-${slugify(f.sku)}` : base,
      sizeId: sizeIds.get(f.size.toLowerCase())!,
      colorId,
      image1: sibling?.image1 ?? NO_PICTURE,
      image2: sibling?.image2 ?? null,
      image3: sibling?.image3 ?? null,
      position: nextPosition(productId),
    });
    touched.add(productId);
  }

  // Pictures belong to the colour: every variant of it gets them.
  for (const v of plan.variants) {
    if (!v.pictureKeys || v.pictureKeys.length === 0) continue;
    const productId = productIds.get(v.productSlug)!;
    const [image1, image2 = null, image3 = null] = v.pictureKeys;
    const colorId = colourIds.get(v.fields.colour.toLowerCase())!;
    const changed = await db
      .update(productVariants)
      .set({ image1: image1!, image2, image3 })
      .where(
        and(
          eq(productVariants.productId, productId),
          eq(productVariants.colorId, colorId),
          sql`(${productVariants.image1}, coalesce(${productVariants.image2}, ''), coalesce(${productVariants.image3}, '')) is distinct from (${image1!}, ${image2 ?? ''}, ${image3 ?? ''})`,
        ),
      )
      .returning({ id: productVariants.id });
    if (changed.length) touched.add(productId);
  }

  // A form open on a product changed here answers 409 when saved (its version is behind).
  if (touched.size) {
    await db
      .update(products)
      .set({ version: sql`${products.version} + 1`, updatedAt: new Date() })
      .where(inArray(products.id, [...touched]));
  }
}

async function setCollections(db: DbOrTx, state: CatalogState, productId: number, slugs: string[]) {
  const wanted = slugs.map((s) => state.collections.get(s)!.id);
  const current = await db
    .select({ id: productCollections.collectionId })
    .from(productCollections)
    .where(eq(productCollections.productId, productId));
  const have = new Set(current.map((c) => c.id));
  const gone = [...have].filter((id) => !wanted.includes(id));
  if (gone.length) {
    await db
      .delete(productCollections)
      .where(and(eq(productCollections.productId, productId), inArray(productCollections.collectionId, gone)));
  }
  for (const collectionId of wanted.filter((id) => !have.has(id))) {
    const [last] = await db
      .select({ max: sql<number | null>`max(${productCollections.position})` })
      .from(productCollections)
      .where(eq(productCollections.collectionId, collectionId));
    await db.insert(productCollections).values({ productId, collectionId, position: Number(last?.max ?? -1) + 1 });
  }
}
