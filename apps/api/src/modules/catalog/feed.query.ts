import { and, asc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { categories, colors, productVariants, products, sizes } from './catalog.schema';

/** One variant on sale, with what a product feed says of it (modules/feeds). */
export interface FeedVariant {
  variantId: number;
  sku: string;
  /** The variant's own address is `/product/{slug}`: the colour and size chosen. */
  slug: string;
  productId: number;
  name: string;
  description: string;
  /** The owner's search engine fields, null when not set (docs/product.md 'Search engine fields'). */
  metaTitle: string | null;
  metaDescription: string | null;
  category: string;
  color: string;
  size: string;
  mrpPaise: number;
  sellingPricePaise: number;
  stock: number;
  /** Picture keys, first the main one. */
  images: string[];
}

/**
 * Every variant a shopper can see: the variant and its product both on sale
 * (an archived product is never on sale, but it is checked anyway), by
 * product and then the shop's order of its variants.
 */
export async function feedVariants(db: DbOrTx): Promise<FeedVariant[]> {
  const rows = await db
    .select({
      variantId: productVariants.id,
      sku: productVariants.sku,
      slug: productVariants.slug,
      productId: products.id,
      name: products.name,
      description: products.description,
      metaTitle: products.metaTitle,
      metaDescription: products.metaDescription,
      category: categories.name,
      color: colors.name,
      size: sizes.name,
      mrpPaise: productVariants.mrpPaise,
      sellingPricePaise: productVariants.sellingPricePaise,
      stock: productVariants.stock,
      image1: productVariants.image1,
      image2: productVariants.image2,
      image3: productVariants.image3,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .innerJoin(sizes, eq(sizes.id, productVariants.sizeId))
    .innerJoin(colors, eq(colors.id, productVariants.colorId))
    .where(and(eq(productVariants.isActive, true), eq(products.isActive, true), isNull(products.archivedAt)))
    .orderBy(asc(products.id), asc(productVariants.position), asc(productVariants.id));
  return rows.map(({ image1, image2, image3, ...row }) => ({
    ...row,
    images: [image1, image2, image3].filter((key): key is string => !!key),
  }));
}
