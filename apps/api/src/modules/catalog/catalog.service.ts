import {
  MESSAGES,
  categorySeo,
  collectionSeo,
  imageUrl,
  productSeo,
  toRupees,
  type Banner,
  type Category,
  type Collection,
  type Facets,
  type HomeCustomization,
  type ListingParams,
  type ProductDetail,
  type ProductResponse,
  type SearchParams,
} from '@shop/contract';
import { and, asc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { preparedQuery, rows, type Db, type DbOrTx } from '../../db/client';
import {
  banners,
  categories,
  collections,
  colors,
  homeItems,
  productVariants,
  products,
  sizes,
} from './catalog.schema';
import { shownStock } from '../../lib/catalog-changes';
import { notFound } from '../../lib/errors';
import { storedSetting } from '../settings/settings.service';
import { listProducts } from './listing.query';

const categoryColumns = {
  id: categories.id,
  name: categories.name,
  slug: categories.slug,
  image: categories.image,
  description: categories.description,
  parent: categories.parent,
};
const toCategory = (
  c: Pick<typeof categories.$inferSelect, 'id' | 'name' | 'slug' | 'image' | 'description' | 'parent'>,
): Category => ({
  id: c.id,
  name: c.name,
  slug: c.slug,
  image: imageUrl(c.image),
  description: c.description,
  parent: c.parent,
});
const toCollection = (
  c: Pick<typeof collections.$inferSelect, 'id' | 'name' | 'slug' | 'image' | 'description'>,
): Collection => ({
  id: c.id,
  name: c.name,
  slug: c.slug,
  image: imageUrl(c.image),
  description: c.description,
});

export async function listCollections(db: DbOrTx): Promise<Collection[]> {
  // Hidden by the owner (is_visible): off the menus, lists, home and sitemap; its own page still answers.
  const list = await db
    .select()
    .from(collections)
    .where(eq(collections.isVisible, true))
    .orderBy(asc(collections.position), asc(collections.id));
  return list.map(toCollection);
}

export async function listCategories(db: DbOrTx): Promise<Category[]> {
  const list = await db
    .select(categoryColumns)
    .from(categories)
    .where(eq(categories.isVisible, true))
    .orderBy(asc(categories.position), asc(categories.id));
  return list.map(toCategory);
}

/** A banner is live when on and within its dates (either may be open). */
const bannerLive = (now: Date) =>
  and(
    eq(banners.isActive, true),
    or(isNull(banners.startsAt), lte(banners.startsAt, now)),
    or(isNull(banners.endsAt), gt(banners.endsAt, now)),
  );

export async function listBanners(db: DbOrTx, now = new Date()): Promise<Banner[]> {
  const list = await db.select().from(banners).where(bannerLive(now)).orderBy(asc(banners.position), asc(banners.id));
  return list.map(toBanner);
}

/** A banner as shoppers get it (and as the back office previews the home page). */
export const toBanner = (b: typeof banners.$inferSelect): Banner => ({
  id: b.id,
  large_image: imageUrl(b.largeImage, 1920),
  mobile_image: imageUrl(b.mobileImage, 960),
  title: b.title,
  subtitle: b.subtitle,
  cta: b.cta,
  link: b.link,
});

/**
 * When the banners shown next change by themselves (a start or an end still
 * ahead): the catalogue cache, and the pages cached with it, must not outlive
 * that moment (catalog.routes.ts schedules it).
 */
export async function nextBannerChange(db: DbOrTx, now = new Date()): Promise<Date | null> {
  const [row] = await db
    .select({
      at: sql<string | null>`least(min(${banners.startsAt}) filter (where ${banners.startsAt} > ${now.toISOString()}),
        min(${banners.endsAt}) filter (where ${banners.endsAt} > ${now.toISOString()}))`,
    })
    .from(banners)
    .where(eq(banners.isActive, true));
  return row?.at ? new Date(row.at) : null;
}

/** The announcement bar's text until the owner sets one (the bar the shop always had). */
export const DEFAULT_ANNOUNCEMENT = 'Handcrafted by Indian artisans · Shipped across India and worldwide';

/** The announcement bar: the `announcement` setting (empty: no bar), else the default. */
export async function announcement(db: DbOrTx): Promise<{ text: string }> {
  return { text: (await storedSetting(db, 'announcement')) ?? DEFAULT_ANNOUNCEMENT };
}

async function findCollection(db: DbOrTx, key: number | string) {
  const [found] = await db
    .select()
    .from(collections)
    .where(typeof key === 'number' ? eq(collections.id, key) : eq(collections.slug, key))
    .limit(1);
  if (!found) throw notFound(MESSAGES.collectionNotFound);
  return found;
}

export async function collectionProducts(db: DbOrTx, key: number | string, params: ListingParams) {
  const collection = await findCollection(db, key);
  const page = await listProducts(db, params, { collectionId: collection.id, order: 'collection' });
  return {
    data: page.items,
    meta: page.meta,
    collection: toCollection(collection),
    seo: collectionSeo(metaOf(collection)),
  };
}

/** The owner's search engine fields and what their defaults are made of (docs/product.md 'Search engine fields'). */
const metaOf = (row: {
  name: string;
  description: string;
  metaTitle: string | null;
  metaDescription: string | null;
}) => ({
  name: row.name,
  description: row.description,
  meta_title: row.metaTitle,
  meta_description: row.metaDescription,
});

/** `shopName` is in a category page's default description. */
export async function categoryProducts(db: DbOrTx, slug: string, params: ListingParams, shopName: string) {
  const [category] = await db
    .select({ ...categoryColumns, metaTitle: categories.metaTitle, metaDescription: categories.metaDescription })
    .from(categories)
    .where(eq(categories.slug, slug))
    .limit(1);
  if (!category) throw notFound(MESSAGES.categoryNotFound);
  const page = await listProducts(db, params, { categoryId: category.id, order: 'newest' });
  return {
    categoryProducts: page.items,
    category: toCategory(category),
    meta: page.meta,
    seo: categorySeo(metaOf(category), shopName),
  };
}

export async function allProducts(db: DbOrTx, params: ListingParams, order: 'newest' | 'popular' = 'newest') {
  const page = await listProducts(db, params, { order });
  return { data: page.items, meta: page.meta };
}

/** Words of a shopper's query: lower case, letters and digits, at most 6. */
export function searchTerms(query: string): string[] {
  const words = query
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length >= 2)
    .map((w) => w.slice(0, 30));
  return [...new Set(words)].slice(0, 6);
}

export async function searchProducts(db: DbOrTx, params: SearchParams) {
  const terms = searchTerms(params.query);
  if (terms.length === 0) return { data: [], meta: { page: params.page, limit: params.limit, total: 0, pages: 0 } };
  const page = await listProducts(db, params, { terms, order: 'relevance' });
  return { data: page.items, meta: page.meta };
}

/**
 * A product page's answer. Its stock is what the page shows (catalog-changes.ts
 * `shownStock`): the count at or below the low-stock threshold, above it the
 * threshold + 1, so a sale that leaves plenty changes nothing kept.
 */
export async function productBySlug(db: DbOrTx, slug: string, lowStockThreshold: number): Promise<ProductResponse> {
  const variantRows = await db
    .select({ v: productVariants, p: products, size: sizes, color: colors })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .innerJoin(sizes, eq(sizes.id, productVariants.sizeId))
    .innerJoin(colors, eq(colors.id, productVariants.colorId))
    .where(
      and(
        eq(productVariants.productId, sql`(select product_id from product_variants where slug = ${slug})`),
        eq(productVariants.isActive, true),
        eq(products.isActive, true),
      ),
    )
    .orderBy(asc(productVariants.position), asc(productVariants.id));
  const current = variantRows.find((r) => r.v.slug === slug);
  if (!current) throw notFound(MESSAGES.productNotFound);
  const [category] = await db.select(categoryColumns).from(categories).where(eq(categories.id, current.p.categoryId));
  if (!category) throw notFound(MESSAGES.productNotFound);

  const detail = toProductDetail(current);
  detail.product_variants.stock = shownStock(current.v.stock, lowStockThreshold);
  return {
    data: [detail],
    cats: toCategory(category),
    other_variants: variantRows
      .filter((r) => r.v.id !== current.v.id)
      .map((r) => ({
        id: r.v.id,
        slug: r.v.slug,
        image1: imageUrl(r.v.image1),
        mrp: toRupees(r.v.mrpPaise),
        selling_price: toRupees(r.v.sellingPricePaise),
        size: { id: r.size.id, name: r.size.name },
        color: { id: r.color.id, name: r.color.name, hex: r.color.hex },
        is_available_in_stock: r.v.stock > 0,
      })),
    seo: productSeo(metaOf(current.p), current.color.name),
    low_stock_threshold: lowStockThreshold,
  };
}

export type VariantRow = {
  v: typeof productVariants.$inferSelect;
  p: typeof products.$inferSelect;
  size: typeof sizes.$inferSelect;
  color: typeof colors.$inferSelect;
};

/** The product as the product page, cart and wishlist show it (docs/product.md#catalogue). */
export function toProductDetail({ v, p, size, color }: VariantRow): ProductDetail {
  return {
    products: {
      id: p.id,
      name: p.name,
      slug: p.slug,
      description: p.description,
      care_details: p.careDetails,
      product_highlights: p.highlights,
      country_of_origin: p.countryOfOrigin,
    },
    product_variants: {
      id: v.id,
      slug: v.slug,
      image1: imageUrl(v.image1),
      image2: v.image2 ? imageUrl(v.image2) : null,
      image3: v.image3 ? imageUrl(v.image3) : null,
      mrp: toRupees(v.mrpPaise),
      selling_price: toRupees(v.sellingPricePaise),
      stock: v.stock,
      size: size.name,
      sku: v.sku,
    },
    sizes: { id: size.id, name: size.name },
    colors: { id: color.id, name: color.name, hex: color.hex },
    is_available_in_stock: v.stock > 0 && v.isActive && p.isActive,
  };
}

/** What `toProductDetail` reads: select these with `joinDetails`. */
export const detailColumns = { v: productVariants, p: products, size: sizes, color: colors };

/**
 * Adds the product, size and colour to a query that already has
 * product_variants, so a shopper's cart or wishlist comes in one query.
 */
export function joinDetails<T extends PgSelect>(query: T) {
  return query
    .innerJoin(products, eq(products.id, productVariants.productId))
    .innerJoin(sizes, eq(sizes.id, productVariants.sizeId))
    .innerJoin(colors, eq(colors.id, productVariants.colorId));
}

const sellableVariant = preparedQuery((db) =>
  db
    .select({ id: productVariants.id, productId: productVariants.productId, stock: productVariants.stock })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(
      and(
        eq(productVariants.id, sql.placeholder('variantId')),
        eq(productVariants.isActive, true),
        eq(products.isActive, true),
      ),
    )
    .limit(1)
    .prepare('sellable_variant'),
);

/** A sellable variant with its product id and stock, or null when unknown or inactive; callers check the product. */
export async function findVariant(db: Db, variantId: number) {
  const [row] = await sellableVariant(db).execute({ variantId });
  return row ?? null;
}

export async function homeCustomization(db: DbOrTx): Promise<HomeCustomization> {
  const items = await db.select().from(homeItems).orderBy(asc(homeItems.position), asc(homeItems.id));
  const picks = (section: 'home_slider' | 'celebrity_closet') =>
    items.filter((i) => i.section === section && i.productId !== null).map((i) => i.productId!);

  const productsOf = async (ids: number[]) => {
    if (ids.length === 0) return [];
    const page = await listProducts(db, { page: 1, limit: ids.length }, { productIds: ids, order: 'given' });
    return page.items.map((item) => ({ product_id: item.products.id, product: item }));
  };
  const focusedItems = await Promise.all(
    items
      .filter((i) => i.section === 'focused_collection' && i.collectionId !== null)
      .map(async (i) => ({ i, collection: await findCollection(db, i.collectionId!) })),
  );
  const focused = await Promise.all(
    focusedItems
      .filter(({ collection }) => collection.isVisible) // a hidden collection leaves the home page
      .map(async ({ i, collection }) => {
        const page = await listProducts(
          db,
          { page: 1, limit: 3 },
          { collectionId: collection.id, order: 'collection' },
        );
        return {
          collection_id: collection.id,
          content: i.content,
          collection: toCollection(collection),
          products: page.items,
        };
      }),
  );
  return {
    homeFirstRowCarouselProducts: await productsOf(picks('home_slider')),
    celebrityClosetProducts: await productsOf(picks('celebrity_closet')),
    focusedCollection: focused,
  };
}

/** Sizes, colours and the price range on offer, for the shop page's filters. */
export async function facets(db: DbOrTx): Promise<Facets> {
  const active = sql`from product_variants v join products p on p.id = v.product_id where v.is_active and p.is_active`;
  const [sizeRows, colorRows, priceRows] = await Promise.all([
    rows<{ id: number; name: string }>(
      db,
      sql`select s.id, s.name from sizes s where exists (select 1 ${active} and v.size_id = s.id) order by s.position, s.id`,
    ),
    rows<{ id: number; name: string; hex: string }>(
      db,
      sql`select c.id, c.name, c.hex from colors c where exists (select 1 ${active} and v.color_id = c.id) order by c.name`,
    ),
    rows<{ min: number | null; max: number | null }>(
      db,
      sql`select min(v.selling_price_paise) as min, max(v.selling_price_paise) as max ${active}`,
    ),
  ]);
  const price = priceRows[0];
  return {
    sizes: sizeRows,
    colors: colorRows,
    price: { min: toRupees(Number(price?.min ?? 0)), max: toRupees(Number(price?.max ?? 0)) },
  };
}

/**
 * Where a slug the product page does not know lives now (a renamed product
 * keeps its old addresses, docs/back-office.md 'Products'): a
 * product's own slug, or one it had before (`product_slug_redirects`, also as
 * the start of its variants' old slugs), leads to the same colour and size
 * under the current slug, else to its first variant. Null: unknown, or not
 * on the shop.
 */
export async function productRedirect(db: DbOrTx, slug: string): Promise<string | null> {
  const [found] = await rows<{ product_id: number; suffix: string; current: string }>(
    db,
    sql`select p.id as product_id, substr(${slug}, length(m.prefix) + 1) as suffix, p.slug as current
        from (
          select p.id, p.slug as prefix from products p where p.slug = ${slug}
          union all
          select r.product_id, r.old_slug from product_slug_redirects r
          where ${slug} = r.old_slug or starts_with(${slug}, r.old_slug || '-')
        ) m join products p on p.id = m.id
        where p.is_active
        order by length(m.prefix) desc limit 1`,
  );
  if (!found) return null;
  const variants = await db
    .select({ slug: productVariants.slug })
    .from(productVariants)
    .where(and(eq(productVariants.productId, found.product_id), eq(productVariants.isActive, true)))
    .orderBy(asc(productVariants.position), asc(productVariants.id));
  const same = `${found.current}${found.suffix}`;
  return (variants.find((v) => v.slug === same) ?? variants[0])?.slug ?? null;
}
