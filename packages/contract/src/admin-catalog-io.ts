import { z } from 'zod';

/**
 * The catalogue as CSV (docs/back-office.md 'Import / export'): one row per
 * variant, these columns in this order. Lists inside a cell are joined by '|'.
 */
export const CATALOG_CSV_COLUMNS = [
  'product_slug',
  'product_name',
  'category_slug',
  'collections',
  'description',
  'care_details',
  'highlights',
  'hsn_code',
  'tags',
  'published',
  'sku',
  'colour',
  'colour_hex',
  'size',
  'mrp',
  'selling_price',
  'stock',
  'variant_active',
  'pictures',
] as const;
export type CatalogCsvColumn = (typeof CATALOG_CSV_COLUMNS)[number];

/** At most this much CSV text per import (a few thousand variants). */
export const CATALOG_CSV_MAX_CHARS = 5_000_000;
/** A zip of pictures for an import, at most (each picture also obeys the picture limits). */
export const PICTURE_ZIP_MAX_BYTES = 60 * 1024 * 1024;

/**
 * An import, checked (`apply: false`, the dry run) or applied. `pictures`
 * maps the file names of a zip uploaded before (POST /catalog/import/pictures)
 * to the keys they were stored under.
 */
export const CatalogImportBody = z
  .object({
    csv: z.string().min(1, 'The CSV file is empty').max(CATALOG_CSV_MAX_CHARS, 'The CSV file is too large'),
    apply: z.boolean().default(false),
    pictures: z.record(z.string().max(300), z.string().max(300)).default({}),
  })
  .strict();
export type CatalogImportBody = z.input<typeof CatalogImportBody>;

export const ImportChange = z.object({ field: z.string(), from: z.string(), to: z.string() });
export type ImportChange = z.infer<typeof ImportChange>;

export const ImportRow = z.object({
  /** The row's line in the file (the header is line 1). */
  line: z.number().int(),
  product_slug: z.string(),
  sku: z.string(),
  outcome: z.enum(['create', 'change', 'unchanged', 'refused']),
  /** What is created: 'product', 'variant', 'colour', 'size'. */
  creates: z.array(z.string()),
  changes: z.array(ImportChange),
  reasons: z.array(z.string()),
});
export type ImportRow = z.infer<typeof ImportRow>;

export const ImportReport = z.object({
  /** True once everything was saved (one transaction); false for a dry run. */
  applied: z.boolean(),
  counts: z.object({
    create: z.number().int(),
    change: z.number().int(),
    unchanged: z.number().int(),
    refused: z.number().int(),
  }),
  /** Columns of the file that are not read. */
  ignored_columns: z.array(z.string()),
  rows: z.array(ImportRow),
});
export type ImportReport = z.infer<typeof ImportReport>;

/** The pictures of a zip, stored; a file that is not a picture the shop takes is listed with why. */
export const ImportPictures = z.object({
  pictures: z.array(z.object({ name: z.string(), key: z.string() })),
  refused: z.array(z.object({ name: z.string(), reason: z.string() })),
});
export type ImportPictures = z.infer<typeof ImportPictures>;
