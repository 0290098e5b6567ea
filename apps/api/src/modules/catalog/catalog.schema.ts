import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns';
import { images } from '../images/images.schema';

/** The lengths the back office allows (META_TITLE_MAX, META_DESCRIPTION_MAX in the contract). */
const seoChecks = (table: string, t: { metaTitle: AnyPgColumn; metaDescription: AnyPgColumn }) => [
  check(`${table}_meta_title_len`, sql`char_length(${t.metaTitle}) <= 70`),
  check(`${table}_meta_description_len`, sql`char_length(${t.metaDescription}) <= 160`),
];

export const categories = pgTable(
  'categories',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    slug: text('slug').notNull().unique(),
    description: text('description').notNull().default(''),
    image: text('image')
      .notNull()
      .references(() => images.key),
    /** A group label; 'Accessories' marks accessory categories (docs/product.md#catalogue). */
    parent: text('parent'),
    position: integer('position').notNull().default(0),
    /** Hidden by the owner: off the storefront's menus and lists (its products stay reachable). */
    isVisible: boolean('is_visible').notNull().default(true),
    /** For search engines and link previews; null: the page's own (docs/product.md 'Search engine fields'). */
    metaTitle: text('meta_title'),
    metaDescription: text('meta_description'),
    createdAt: createdAt(),
  },
  (t) => seoChecks('categories', t),
);

export const collections = pgTable(
  'collections',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    slug: text('slug').notNull().unique(),
    description: text('description').notNull().default(''),
    image: text('image')
      .notNull()
      .references(() => images.key),
    position: integer('position').notNull().default(0),
    /** Hidden by the owner: off the storefront's menus and lists. */
    isVisible: boolean('is_visible').notNull().default(true),
    /** For search engines and link previews; null: the page's own (docs/product.md 'Search engine fields'). */
    metaTitle: text('meta_title'),
    metaDescription: text('meta_description'),
    createdAt: createdAt(),
  },
  (t) => seoChecks('collections', t),
);

export const sizes = pgTable('sizes', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull().unique(),
  position: integer('position').notNull().default(0),
});

export const colors = pgTable('colors', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull().unique(),
  hex: text('hex').notNull(),
});

export const products = pgTable(
  'products',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    slug: text('slug').notNull().unique(),
    description: text('description').notNull().default(''),
    careDetails: text('care_details')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    highlights: text('product_highlights')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
    /** Shown on the product page ('Made in India'), as the Consumer Protection (E-Commerce) Rules 2020 ask. */
    countryOfOrigin: text('country_of_origin').notNull().default('India'),
    /** Sales score for the 'popular' sort; grows as orders are paid. */
    popularity: integer('popularity').notNull().default(0),
    /** Its HSN code for tax invoices and the GST summary; defaults by category (docs/product.md 'HSN codes'). */
    hsnCode: text('hsn_code').notNull().default('6111'),
    /** Published: shown on the storefront. */
    isActive: boolean('is_active').notNull().default(true),
    /** Free words the owner files a product under (search and the back office's filters). */
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Set instead of deleting a product that has orders: off the storefront and the default lists. */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    /** Grows with every edit; a form sends the version it started from (409 on a concurrent edit). */
    version: integer('version').notNull().default(1),
    /** For search engines and link previews; null: the page's own (docs/product.md 'Search engine fields'). */
    metaTitle: text('meta_title'),
    metaDescription: text('meta_description'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('products_category_idx').on(t.categoryId),
    index('products_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    check('products_popularity_nonneg', sql`${t.popularity} >= 0`),
    ...seoChecks('products', t),
  ],
);

export const productVariants = pgTable(
  'product_variants',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull().unique(),
    sku: text('sku').notNull().unique(),
    sizeId: integer('size_id')
      .notNull()
      .references(() => sizes.id),
    colorId: integer('color_id')
      .notNull()
      .references(() => colors.id),
    mrpPaise: integer('mrp_paise').notNull(),
    sellingPricePaise: integer('selling_price_paise').notNull(),
    stock: integer('stock').notNull().default(0),
    image1: text('image1')
      .notNull()
      .references(() => images.key),
    image2: text('image2').references(() => images.key),
    image3: text('image3').references(() => images.key),
    position: integer('position').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('product_variants_combo_uq').on(t.productId, t.sizeId, t.colorId),
    index('product_variants_product_idx').on(t.productId),
    check('product_variants_stock_nonneg', sql`${t.stock} >= 0`),
    check('product_variants_mrp_pos', sql`${t.mrpPaise} > 0`),
    check('product_variants_price_range', sql`${t.sellingPricePaise} > 0 and ${t.sellingPricePaise} <= ${t.mrpPaise}`),
  ],
);

export const productCollections = pgTable(
  'product_collections',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    collectionId: integer('collection_id')
      .notNull()
      .references(() => collections.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.collectionId] }),
    index('product_collections_collection_idx').on(t.collectionId),
  ],
);

/** A product's earlier slugs: the storefront answers them with a 301 to the current one. */
export const productSlugRedirects = pgTable('product_slug_redirects', {
  oldSlug: text('old_slug').primaryKey(),
  productId: integer('product_id')
    .notNull()
    .references(() => products.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
});

export const banners = pgTable('banners', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  largeImage: text('large_image')
    .notNull()
    .references(() => images.key),
  mobileImage: text('mobile_image')
    .notNull()
    .references(() => images.key),
  title: text('title').notNull().default(''),
  subtitle: text('subtitle').notNull().default(''),
  cta: text('cta').notNull().default(''),
  link: text('link').notNull().default('/'),
  position: integer('position').notNull().default(0),
  isActive: boolean('is_active').notNull().default(true),
  /** Shown from / until (either may be open). */
  startsAt: timestamp('starts_at', { withTimezone: true }),
  endsAt: timestamp('ends_at', { withTimezone: true }),
  createdAt: createdAt(),
});

export const HOME_SECTIONS = ['home_slider', 'celebrity_closet', 'focused_collection'] as const;

/** The shop owner's picks for the home page (docs/product.md#home 'Home customization'). */
export const homeItems = pgTable(
  'home_items',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    section: text('section', { enum: HOME_SECTIONS }).notNull(),
    productId: integer('product_id').references(() => products.id, { onDelete: 'cascade' }),
    collectionId: integer('collection_id').references(() => collections.id, { onDelete: 'cascade' }),
    content: text('content').notNull().default(''),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    check('home_items_section', sql`${t.section} in ('home_slider', 'celebrity_closet', 'focused_collection')`),
    check(
      'home_items_target',
      sql`(${t.section} = 'focused_collection' and ${t.collectionId} is not null and ${t.productId} is null)
       or (${t.section} <> 'focused_collection' and ${t.productId} is not null and ${t.collectionId} is null)`,
    ),
  ],
);
