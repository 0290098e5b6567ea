import { eq } from 'drizzle-orm';
import { drawPicture, type ArtSpec } from '@shop/demo';
import type { DbOrTx } from './client';
import {
  categories,
  collections,
  colors,
  productCollections,
  productVariants,
  products,
  sizes,
} from '../modules/catalog/catalog.schema';
import { images } from '../modules/images/images.schema';

export interface Drawing {
  key: string;
  art: ArtSpec;
  alt?: string;
}

/** Stores drawn pictures as their SVG source, like uploads, in one statement (idempotent). */
export async function createArtImages(db: DbOrTx, drawings: Drawing[]): Promise<string[]> {
  await db
    .insert(images)
    .values(drawings.map((d) => ({ key: d.key, ...drawPicture(d.art), alt: d.alt ?? '' })))
    .onConflictDoNothing();
  return drawings.map((d) => d.key);
}

export const createArtImage = async (db: DbOrTx, key: string, art: ArtSpec, alt = ''): Promise<string> =>
  (await createArtImages(db, [{ key, art, alt }]))[0]!;

export const slugify = (s: string) =>
  s
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

export async function ensureSize(db: DbOrTx, name: string, position = 0): Promise<number> {
  const [row] = await db.insert(sizes).values({ name, position }).onConflictDoNothing().returning({ id: sizes.id });
  if (row) return row.id;
  const [found] = await db.select({ id: sizes.id }).from(sizes).where(eq(sizes.name, name));
  return found!.id;
}

export async function ensureColor(db: DbOrTx, name: string, hex: string): Promise<number> {
  const [row] = await db.insert(colors).values({ name, hex }).onConflictDoNothing().returning({ id: colors.id });
  if (row) return row.id;
  const [found] = await db.select({ id: colors.id }).from(colors).where(eq(colors.name, name));
  return found!.id;
}

export interface CategoryInput {
  name: string;
  slug?: string;
  parent?: string | null;
  description?: string;
  position?: number;
  art?: ArtSpec;
}

export async function createCategory(db: DbOrTx, input: CategoryInput) {
  const slug = input.slug ?? slugify(input.name);
  const image = await createArtImage(
    db,
    `c/${slug}`,
    input.art ?? { fn: 'category', kind: 'frock', hex: '#f2a7b8' },
    input.name,
  );
  const [row] = await db
    .insert(categories)
    .values({
      name: input.name,
      slug,
      parent: input.parent ?? null,
      description: input.description ?? '',
      position: input.position ?? 0,
      image,
    })
    .returning();
  return row!;
}

export interface CollectionInput {
  name: string;
  slug?: string;
  description?: string;
  position?: number;
  art?: ArtSpec;
}

export async function createCollection(db: DbOrTx, input: CollectionInput) {
  const slug = input.slug ?? slugify(input.name);
  const art = input.art ?? {
    fn: 'collection',
    kinds: ['frock', 'romper'],
    palette: ['#f2a7b8', '#b4d3e8', '#fbf6e8'],
    seed: 1,
  };
  const image = await createArtImage(db, `col/${slug}`, art, input.name);
  const [row] = await db
    .insert(collections)
    .values({ name: input.name, slug, description: input.description ?? '', position: input.position ?? 0, image })
    .returning();
  return row!;
}

export interface VariantInput {
  size: string;
  color: { name: string; hex: string };
  mrp: number; // rupees
  sellingPrice?: number; // rupees, defaults to mrp
  stock: number;
}

export interface ProductInput {
  name: string;
  slug?: string;
  categoryId: number;
  collectionIds?: number[];
  description?: string;
  careDetails?: string[];
  highlights?: string[];
  popularity?: number;
  /** Its HSN code; the column's default (6111) when not given. */
  hsnCode?: string;
  createdAt?: Date;
  /** Picture kind for the drawn images. */
  kind?: Extract<ArtSpec, { fn: 'product' }>['kind'];
  seed?: number;
  variants: VariantInput[];
}

/**
 * A product with its variants and pictures (three views per colour). Sizes
 * and colours are created when missing.
 */
export async function createProduct(db: DbOrTx, input: ProductInput) {
  const slug = input.slug ?? slugify(input.name);
  const [product] = await db
    .insert(products)
    .values({
      name: input.name,
      slug,
      categoryId: input.categoryId,
      description: input.description ?? '',
      careDetails: input.careDetails ?? [],
      highlights: input.highlights ?? [],
      popularity: input.popularity ?? 0,
      ...(input.hsnCode ? { hsnCode: input.hsnCode } : {}),
      ...(input.createdAt ? { createdAt: input.createdAt, updatedAt: input.createdAt } : {}),
    })
    .returning();

  const pictures = new Map<string, string[]>();
  // A product repeats its sizes and colours across variants: look each up once.
  const sizeIds = new Map<string, number>();
  const colorIds = new Map<string, number>();
  const variantRows = [];
  for (const [position, v] of input.variants.entries()) {
    const colorSlug = slugify(v.color.name);
    let keys = pictures.get(colorSlug);
    if (!keys) {
      const seed = (input.seed ?? product!.id) + pictures.size;
      keys = await createArtImages(
        db,
        (['front', 'detail', 'styled'] as const).map((view, i) => ({
          key: `p/${slug}-${colorSlug}-${i + 1}`,
          art: { fn: 'product', kind: input.kind ?? 'frock', hex: v.color.hex, view, seed },
          alt: `${input.name} in ${v.color.name}`,
        })),
      );
      pictures.set(colorSlug, keys);
    }
    const sizeId = sizeIds.get(v.size) ?? (await ensureSize(db, v.size));
    sizeIds.set(v.size, sizeId);
    const colorId = colorIds.get(v.color.name) ?? (await ensureColor(db, v.color.name, v.color.hex));
    colorIds.set(v.color.name, colorId);
    variantRows.push({
      productId: product!.id,
      slug: `${slug}-${colorSlug}-${slugify(v.size)}`,
      sku: `KW${String(product!.id).padStart(4, '0')}-${colorSlug.slice(0, 6).toUpperCase()}-${slugify(v.size).toUpperCase()}`,
      sizeId,
      colorId,
      mrpPaise: Math.round(v.mrp * 100),
      sellingPricePaise: Math.round((v.sellingPrice ?? v.mrp) * 100),
      stock: v.stock,
      image1: keys[0]!,
      image2: keys[1]!,
      image3: keys[2]!,
      position,
    });
  }
  const variants = await db.insert(productVariants).values(variantRows).returning();
  if (input.collectionIds?.length) {
    await db
      .insert(productCollections)
      .values(input.collectionIds.map((collectionId) => ({ productId: product!.id, collectionId })));
  }
  return { product: product!, variants };
}
