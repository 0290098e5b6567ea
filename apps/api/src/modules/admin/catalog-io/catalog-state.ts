import { asc, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import {
  categories,
  collections,
  colors,
  productCollections,
  productVariants,
  products,
  sizes,
} from '../../catalog/catalog.schema';

/** The picture a variant shows until the owner adds one (migration 0009). */
export const NO_PICTURE = 'no-picture';

export type ProductRow = typeof products.$inferSelect;
export type VariantRow = typeof productVariants.$inferSelect;

/** A variant as the CSV speaks of it: names and slugs instead of ids. */
export interface VariantState extends VariantRow {
  colour: string;
  colourHex: string;
  size: string;
}

/** What the CSV columns show of the catalogue, read at once (a few hundred products). */
export interface CatalogState {
  products: Map<string, ProductRow & { categorySlug: string; collectionSlugs: string[] }>;
  productById: Map<number, ProductRow>;
  variantsBySku: Map<string, VariantState>;
  variantsOf: Map<number, VariantState[]>;
  categories: Map<string, typeof categories.$inferSelect>;
  collections: Map<string, typeof collections.$inferSelect>;
  colours: Map<string, typeof colors.$inferSelect>;
  sizes: Map<string, typeof sizes.$inferSelect>;
}

/** The variant's pictures as the CSV lists them: real ones only, in order. */
export const picturesOf = (v: Pick<VariantRow, 'image1' | 'image2' | 'image3'>) =>
  [v.image1, v.image2, v.image3].filter((k): k is string => !!k && k !== NO_PICTURE);

/** Every product that is not archived, with its variants (archived products are neither exported nor matched). */
export async function readCatalog(db: DbOrTx, { lock = false } = {}): Promise<CatalogState> {
  const productQuery = db.select().from(products).where(isNull(products.archivedAt)).orderBy(asc(products.id));
  const [productRows, categoryRows, collectionRows, colourRows, sizeRows] = await Promise.all([
    lock ? productQuery.for('update') : productQuery,
    db.select().from(categories),
    db.select().from(collections),
    db.select().from(colors),
    db.select().from(sizes),
  ]);
  const ids = productRows.map((p) => p.id);
  const variantQuery = db
    .select({ v: productVariants, colour: colors.name, colourHex: colors.hex, size: sizes.name })
    .from(productVariants)
    .innerJoin(colors, eq(colors.id, productVariants.colorId))
    .innerJoin(sizes, eq(sizes.id, productVariants.sizeId))
    .where(inArray(productVariants.productId, ids.length ? ids : [-1]))
    .orderBy(asc(productVariants.productId), asc(productVariants.position), asc(productVariants.id));
  const [variantRows, memberships] = await Promise.all([
    lock ? variantQuery.for('update', { of: productVariants }) : variantQuery,
    db
      .select({ productId: productCollections.productId, slug: collections.slug })
      .from(productCollections)
      .innerJoin(collections, eq(collections.id, productCollections.collectionId))
      .orderBy(asc(collections.position), asc(collections.id)),
  ]);
  const categorySlug = new Map(categoryRows.map((c) => [c.id, c.slug]));
  const collectionSlugs = new Map<number, string[]>();
  for (const m of memberships) collectionSlugs.set(m.productId, [...(collectionSlugs.get(m.productId) ?? []), m.slug]);

  const state: CatalogState = {
    products: new Map(),
    productById: new Map(),
    variantsBySku: new Map(),
    variantsOf: new Map(),
    categories: new Map(categoryRows.map((c) => [c.slug, c])),
    collections: new Map(collectionRows.map((c) => [c.slug, c])),
    colours: new Map(colourRows.map((c) => [c.name.toLowerCase(), c])),
    sizes: new Map(sizeRows.map((s) => [s.name.toLowerCase(), s])),
  };
  for (const p of productRows) {
    state.products.set(p.slug, {
      ...p,
      categorySlug: categorySlug.get(p.categoryId) ?? '',
      collectionSlugs: collectionSlugs.get(p.id) ?? [],
    });
    state.productById.set(p.id, p);
  }
  for (const { v, colour, colourHex, size } of variantRows) {
    const variant = { ...v, colour, colourHex, size };
    state.variantsBySku.set(v.sku, variant);
    state.variantsOf.set(v.productId, [...(state.variantsOf.get(v.productId) ?? []), variant]);
  }
  return state;
}
