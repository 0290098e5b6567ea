import { z } from 'zod';
import { PageMeta, Rupees, Slug } from './common';
import { MetaDescription, MetaTitle } from './seo';

/**
 * The back office's products and their variants (docs/back-office.md
 * 'Products'). Prices travel in rupees with paise, as
 * everywhere in the API; the database keeps paise.
 */

export const PRODUCT_STATUSES = ['all', 'published', 'unpublished', 'archived'] as const;
export const PRODUCT_SORTS = ['newest', 'name', 'price', 'stock'] as const;

export const ADMIN_PRODUCT_MESSAGES = {
  stale: 'Someone else saved this product meanwhile: reload to see their changes',
  hasOrders: 'This product has orders, so it cannot be deleted: archive it instead',
  noVariant: 'Add at least one variant that is on before publishing',
  archived: 'Unarchive this product before publishing it',
  slugTaken: 'This slug is already used by another product',
} as const;

export const AdminProductQuery = z
  .object({
    q: z.string().trim().max(100, 'search is at most 100 characters').optional(),
    category_id: z.coerce.number().int().positive().optional(),
    collection_id: z.coerce.number().int().positive().optional(),
    status: z.enum(PRODUCT_STATUSES).default('all'),
    stock: z.enum(['out', 'low']).optional(),
    sort: z.enum(PRODUCT_SORTS).default('newest'),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    limit: z.coerce.number().int().min(1).max(100).default(25),
  })
  .strict();
export type AdminProductQuery = z.infer<typeof AdminProductQuery>;

export const AdminProductRow = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  category: z.string(),
  image: z.string().nullable(),
  price_min: z.number().nullable(),
  price_max: z.number().nullable(),
  stock: z.number().int(),
  variants: z.number().int(),
  is_active: z.boolean(),
  archived: z.boolean(),
  created_at: z.string(),
});
export type AdminProductRow = z.infer<typeof AdminProductRow>;

export const AdminProductsPage = z.object({
  data: z.array(AdminProductRow),
  meta: PageMeta,
  low_stock_threshold: z.number().int(),
});
export type AdminProductsPage = z.infer<typeof AdminProductsPage>;

const lines = (name: string) =>
  z
    .array(z.string().trim().min(1).max(300, `each line of ${name} is at most 300 characters`))
    .max(30, `${name}: at most 30 lines`)
    .default([]);

/** What the product form edits; an empty slug is made from the name, an empty HSN code is the category's. */
export const ProductFields = z
  .object({
    name: z.string().trim().min(2, 'name must be at least 2 characters').max(120, 'name is at most 120 characters'),
    slug: z.union([z.literal(''), Slug]).optional(),
    description: z.string().trim().max(5000, 'description is at most 5000 characters').default(''),
    care_details: lines('care details'),
    highlights: lines('highlights'),
    category_id: z.coerce.number({ error: 'choose a category' }).int().positive('choose a category'),
    collection_ids: z.array(z.coerce.number().int().positive()).max(50).default([]),
    hsn_code: z
      .union([
        z.literal(''),
        z
          .string()
          .trim()
          .regex(/^\d{4}(\d{2}){0,2}$/, 'HSN code is 4, 6 or 8 digits'),
      ])
      .optional(),
    tags: z.array(z.string().trim().min(1).max(40, 'a tag is at most 40 characters')).max(30).default([]),
    country_of_origin: z.string().trim().min(2, 'country of origin is required').max(60).default('India'),
    /** For search engines and link previews; empty: the page's own (docs/product.md 'Search engine fields'). */
    meta_title: MetaTitle,
    meta_description: MetaDescription,
  })
  .strict();
export type ProductFields = z.infer<typeof ProductFields>;

export const Version = z.coerce.number({ error: 'version is required' }).int().positive();

export const ProductUpdateBody = ProductFields.extend({ version: Version }).strict();
export type ProductUpdateBody = z.infer<typeof ProductUpdateBody>;

export const VersionBody = z.object({ version: Version }).strict();
export type VersionBody = z.infer<typeof VersionBody>;

export const ProductIdParams = z.object({ id: z.coerce.number().int().positive() });

export const VariantCell = z
  .object({
    color_id: z.coerce.number().int().positive(),
    size_id: z.coerce.number().int().positive(),
    sku: z
      .string()
      .trim()
      .min(2, 'SKU must be at least 2 characters')
      .max(60, 'SKU is at most 60 characters')
      .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'SKU may contain letters, digits, dots, dashes and underscores'),
    mrp: Rupees('MRP'),
    selling_price: Rupees('selling price'),
    stock: z.coerce
      .number({ error: 'stock must be a number' })
      .int('stock is a whole number')
      .min(0, 'stock cannot be negative')
      .max(1_000_000),
    is_active: z.boolean().default(true),
  })
  .strict()
  .refine((v) => v.selling_price <= v.mrp, {
    message: 'selling price cannot be above the MRP',
    path: ['selling_price'],
  });
export type VariantCell = z.infer<typeof VariantCell>;

/** The whole grid, saved in one transaction: combinations left out are removed (or turned off when sold). */
export const VariantsBody = z
  .object({ version: Version, variants: z.array(VariantCell).max(200, 'at most 200 variants') })
  .strict();
export type VariantsBody = z.infer<typeof VariantsBody>;

export const NewColorBody = z
  .object({
    name: z.string().trim().min(2, 'colour name must be at least 2 characters').max(40),
    hex: z
      .string()
      .trim()
      .regex(/^#[0-9a-fA-F]{6}$/, 'colour must be #rrggbb'),
  })
  .strict();
export type NewColorBody = z.infer<typeof NewColorBody>;

export const AdminColor = z.object({ id: z.number().int(), name: z.string(), hex: z.string() });
export type AdminColor = z.infer<typeof AdminColor>;

export const AdminVariant = z.object({
  id: z.number().int(),
  color_id: z.number().int(),
  size_id: z.number().int(),
  slug: z.string(),
  sku: z.string(),
  mrp: z.number(),
  selling_price: z.number(),
  stock: z.number().int(),
  is_active: z.boolean(),
  has_picture: z.boolean(),
  has_orders: z.boolean(),
});
export type AdminVariant = z.infer<typeof AdminVariant>;

export const AdminProductDetail = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  care_details: z.array(z.string()),
  highlights: z.array(z.string()),
  category_id: z.number().int(),
  collection_ids: z.array(z.number().int()),
  hsn_code: z.string(),
  tags: z.array(z.string()),
  country_of_origin: z.string(),
  meta_title: z.string().nullable(),
  meta_description: z.string().nullable(),
  is_active: z.boolean(),
  archived_at: z.string().nullable(),
  version: z.number().int(),
  has_orders: z.boolean(),
  /** Why publishing would be refused now; empty when it may be published. */
  publish_problems: z.array(z.string()),
  variants: z.array(AdminVariant),
});
export type AdminProductDetail = z.infer<typeof AdminProductDetail>;

/** What the product form chooses from. */
export const ProductOptions = z.object({
  categories: z.array(z.object({ id: z.number().int(), name: z.string(), hsn_code: z.string() })),
  collections: z.array(z.object({ id: z.number().int(), name: z.string() })),
  colors: z.array(AdminColor),
  sizes: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type ProductOptions = z.infer<typeof ProductOptions>;

export const AdminProductAnswer = z.object({ message: z.string(), product: AdminProductDetail });
export type AdminProductAnswer = z.infer<typeof AdminProductAnswer>;

/** The storefront's answer for an old slug: where the product lives now. */
export const ProductRedirect = z.object({ slug: z.string() });
export type ProductRedirect = z.infer<typeof ProductRedirect>;
