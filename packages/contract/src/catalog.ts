import { z } from 'zod';
import { Id, PageMeta, Slug } from './common';
import { Seo } from './seo';

export const Collection = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  image: z.string(),
  description: z.string(),
});
export type Collection = z.infer<typeof Collection>;

export const Category = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  image: z.string(),
  description: z.string(),
  /** 'Accessories' marks an accessory category (docs/product.md#catalogue). */
  parent: z.string().nullable(),
});
export type Category = z.infer<typeof Category>;

export const Banner = z.object({
  id: z.number().int(),
  large_image: z.string(),
  mobile_image: z.string(),
  title: z.string(),
  subtitle: z.string(),
  cta: z.string(),
  link: z.string(),
});
export type Banner = z.infer<typeof Banner>;

export const Size = z.object({ id: z.number().int(), name: z.string() });
export type Size = z.infer<typeof Size>;
export const Color = z.object({ id: z.number().int(), name: z.string(), hex: z.string() });
export type Color = z.infer<typeof Color>;

/** One product in a grid: the product and the variant that represents it. */
export const ListingItem = z.object({
  products: z.object({ id: z.number().int(), name: z.string(), slug: z.string() }),
  product_variants: z.object({
    id: z.number().int(),
    slug: z.string(),
    image1: z.string(),
    image2: z.string().nullable(),
    selling_price: z.number(),
    mrp: z.number(),
    size: z.string(),
    color: z.string(),
  }),
  is_available_in_stock: z.boolean(),
});
export type ListingItem = z.infer<typeof ListingItem>;

export const ListingPage = z.object({ data: z.array(ListingItem), meta: PageMeta });
export type ListingPage = z.infer<typeof ListingPage>;

export const SORT_OPTIONS = ['newest', 'price_asc', 'price_desc', 'popular'] as const;
export const SortOption = z.enum(SORT_OPTIONS, {
  error: `sort must be one of ${SORT_OPTIONS.join(', ')}`,
});
export type SortOption = z.infer<typeof SortOption>;

export const MAX_PAGE_SIZE = 60;
export const DEFAULT_PAGE_SIZE = 24;
export const MAX_SEARCH_LENGTH = 100;

/** 'a,b' or repeated params, each a short name. */
const NameList = (field: string) =>
  z
    .union([z.string(), z.array(z.string())])
    .transform((v) =>
      (Array.isArray(v) ? v : [v])
        .flatMap((s) => s.split(','))
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(
      z.array(z.string().max(40, `each ${field} must be at most 40 characters`)).max(20, `at most 20 ${field} values`),
    );

const Price = (field: string) =>
  z.coerce
    .number({ error: `${field} must be a number` })
    .min(0, `${field} must not be negative`)
    .max(10_000_000, `${field} is too large`);

const Bool = z
  .enum(['true', 'false', '1', '0'], { error: 'in_stock must be true or false' })
  .transform((v) => v === 'true' || v === '1');

/** Paging, sorting and filters shared by every listing call. */
export const ListingParams = z.object({
  page: z.coerce
    .number({ error: 'page must be a number' })
    .int('page must be a whole number')
    .min(1, 'page must be at least 1')
    .max(10_000, 'page is too large')
    .default(1),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(MAX_PAGE_SIZE, `limit must be at most ${MAX_PAGE_SIZE}`)
    .default(DEFAULT_PAGE_SIZE),
  sort: SortOption.optional(),
  size: NameList('size').optional(),
  color: NameList('color').optional(),
  min_price: Price('min_price').optional(),
  max_price: Price('max_price').optional(),
  in_stock: Bool.optional(),
  category: Slug.optional(),
  collection: Slug.optional(),
});
export type ListingParams = z.infer<typeof ListingParams>;
export type ListingParamsInput = z.input<typeof ListingParams>;

export const SearchParams = ListingParams.extend({
  query: z
    .string({ error: 'query is required' })
    .max(MAX_SEARCH_LENGTH, `query must be at most ${MAX_SEARCH_LENGTH} characters`)
    .default(''),
});
export type SearchParams = z.infer<typeof SearchParams>;

export const CollectionProductsBody = ListingParams.extend({
  /** A collection's id or its slug (docs/product.md#screens). */
  id: z.union([Id, Slug], { error: 'id must be a collection id or slug' }),
}).strict();
export type CollectionProductsBody = z.infer<typeof CollectionProductsBody>;

export const CollectionsResponse = z.object({ data: z.array(Collection) });
export const CategoriesResponse = z.object({ data: z.array(Category) });
export const BannersResponse = z.object({ data: z.array(Banner) });

/** `seo`: the page's title and description for its head (docs/product.md 'Search engine fields'). */
export const CollectionProductsResponse = ListingPage.extend({ collection: Collection, seo: Seo });
export const CategoryProductsResponse = z.object({
  categoryProducts: z.array(ListingItem),
  category: Category,
  meta: PageMeta,
  seo: Seo,
});

export const ProductDetail = z.object({
  products: z.object({
    id: z.number().int(),
    name: z.string(),
    slug: z.string(),
    description: z.string(),
    care_details: z.array(z.string()),
    product_highlights: z.array(z.string()),
    /** 'India' for every handmade piece of the demo shop ('Made in India' on the product page). */
    country_of_origin: z.string(),
  }),
  product_variants: z.object({
    id: z.number().int(),
    slug: z.string(),
    image1: z.string(),
    image2: z.string().nullable(),
    image3: z.string().nullable(),
    mrp: z.number(),
    selling_price: z.number(),
    stock: z.number().int(),
    size: z.string(),
    sku: z.string(),
  }),
  sizes: Size,
  colors: Color,
  is_available_in_stock: z.boolean(),
});
export type ProductDetail = z.infer<typeof ProductDetail>;

/** A sibling variant of the same product, for the colour and size choosers. */
export const OtherVariant = z.object({
  id: z.number().int(),
  slug: z.string(),
  image1: z.string(),
  mrp: z.number(),
  selling_price: z.number(),
  size: Size,
  color: Color,
  is_available_in_stock: z.boolean(),
});
export type OtherVariant = z.infer<typeof OtherVariant>;

export const ProductResponse = z.object({
  data: z.array(ProductDetail).length(1),
  cats: Category,
  other_variants: z.array(OtherVariant),
  /** The page's title and description for its head (docs/product.md 'Search engine fields'). */
  seo: Seo,
  /**
   * The shop's low-stock threshold (docs/product.md 'Stock'): `product_variants.stock` here is the
   * count when at or below it ('Only 2 left'), and the threshold + 1 above it, which says only
   * 'In stock' (a sale that leaves plenty changes nothing a shopper sees).
   */
  low_stock_threshold: z.number().int(),
});
export type ProductResponse = z.infer<typeof ProductResponse>;

export const HomeProduct = z.object({ product_id: z.number().int(), product: ListingItem });
export const HomeCustomization = z.object({
  homeFirstRowCarouselProducts: z.array(HomeProduct),
  celebrityClosetProducts: z.array(HomeProduct),
  focusedCollection: z.array(
    z.object({
      collection_id: z.number().int(),
      content: z.string(),
      collection: Collection,
      products: z.array(ListingItem).max(3),
    }),
  ),
});
export type HomeCustomization = z.infer<typeof HomeCustomization>;

/** What the shop page's filters can offer. */
export const Facets = z.object({
  sizes: z.array(Size),
  colors: z.array(Color),
  price: z.object({ min: z.number(), max: z.number() }),
});
export type Facets = z.infer<typeof Facets>;
