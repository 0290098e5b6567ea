import { z } from 'zod';
import { Id, Slug } from './common';
import { MetaDescription, MetaTitle } from './seo';

/** Categories and collections in the back office (/admin/categories, /admin/collections): one shape for both. */
export const GROUP_KINDS = ['categories', 'collections'] as const;
export type GroupKind = (typeof GROUP_KINDS)[number];

export const AdminGroup = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  image_key: z.string(),
  image_url: z.string(),
  /** Categories only: the group label ('Accessories'); always null for collections. */
  parent: z.string().nullable(),
  position: z.number().int(),
  is_visible: z.boolean(),
  meta_title: z.string().nullable(),
  meta_description: z.string().nullable(),
  product_count: z.number().int(),
});
export type AdminGroup = z.infer<typeof AdminGroup>;

export const AdminGroupList = z.object({ data: z.array(AdminGroup) });
export type AdminGroupList = z.infer<typeof AdminGroupList>;

export const GroupProduct = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  is_active: z.boolean(),
  category: z.string(),
});
export type GroupProduct = z.infer<typeof GroupProduct>;

export const AdminGroupDetail = z.object({ group: AdminGroup, products: z.array(GroupProduct) });
export type AdminGroupDetail = z.infer<typeof AdminGroupDetail>;

const Text = (field: string, max: number) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .max(max, `${field} is at most ${max} characters`);

/** Create or edit (all fields: the form sends them all). `image` is a key from POST /admin/pictures. */
export const GroupBody = z
  .object({
    name: Text('name', 80).min(1, 'name is required'),
    slug: Slug,
    description: Text('description', 2000).default(''),
    image: z.string().trim().min(1).max(200).optional(),
    parent: Text('parent', 60)
      .transform((p) => (p === '' ? null : p))
      .nullable()
      .optional(),
    /** For search engines and link previews; empty: the page's own (docs/product.md 'Search engine fields'). */
    meta_title: MetaTitle,
    meta_description: MetaDescription,
  })
  .strict();
export type GroupBody = z.input<typeof GroupBody>;

export const GroupParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }).strict();
export const GroupProductParams = z
  .object({
    id: z.coerce.number().int().positive().max(2_147_483_647),
    productId: z.coerce.number().int().positive().max(2_147_483_647),
  })
  .strict();

export const GroupMoveBody = z
  .object({ direction: z.enum(['up', 'down'], { error: "direction is 'up' or 'down'" }) })
  .strict();
export const VisibilityBody = z.object({ is_visible: z.boolean({ error: 'is_visible is true or false' }) }).strict();
export const GroupProductBody = z.object({ product_id: Id }).strict();

export const ProductSearchQuery = z.object({ q: z.string().trim().max(100).default('') }).strict();
export const ProductSearchResult = z.object({ data: z.array(GroupProduct) });
export type ProductSearchResult = z.infer<typeof ProductSearchResult>;
