import { CATALOG_CSV_COLUMNS, Slug, type CatalogCsvColumn } from '@shop/contract';
import { LIST_SEPARATOR } from './export';

/** One row's cells by column name, already unguarded. */
export type CsvRecord = Record<CatalogCsvColumn, string>;

/** What one row says of its product (the first row of a product decides; the others must agree). */
export interface ProductFields {
  slug: string;
  name: string;
  categorySlug: string;
  collections: string[];
  description: string;
  careDetails: string[];
  highlights: string[];
  hsnCode: string;
  tags: string[];
  published: boolean;
}

/** What one row says of its variant. */
export interface VariantFields {
  sku: string;
  colour: string;
  colourHex: string;
  size: string;
  mrpPaise: number;
  sellingPaise: number;
  stock: number;
  active: boolean;
  /** The names or keys of the colour's pictures; empty: leave them as they are. */
  pictures: string[];
}

export const splitList = (cell: string) =>
  cell
    .split(LIST_SEPARATOR)
    .map((s) => s.trim())
    .filter(Boolean);

const YES = new Set(['yes', 'y', 'true', '1']);
const NO = new Set(['no', 'n', 'false', '0']);

/** Rupees with at most two decimals ('1299', '1299.5', '1299.00') as paise; null when not that. */
export function parseRupees(cell: string): number | null {
  const m = /^(\d{1,7})(?:\.(\d{1,2}))?$/.exec(cell.trim());
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

export const rupees = (paise: number) => (paise / 100).toFixed(2);

/** The row's fields, or the reasons it cannot be read. */
export function readRow(record: CsvRecord): { product: ProductFields; variant: VariantFields; reasons: string[] } {
  const reasons: string[] = [];
  const text = (c: CatalogCsvColumn) => record[c].trim();
  const bool = (c: CatalogCsvColumn) => {
    const v = text(c).toLowerCase();
    if (YES.has(v)) return true;
    if (NO.has(v)) return false;
    reasons.push(`${c} must be yes or no (not '${text(c)}')`);
    return false;
  };
  const required = (c: CatalogCsvColumn, max: number) => {
    const v = text(c);
    if (!v) reasons.push(`${c} is required`);
    else if (v.length > max) reasons.push(`${c} is longer than ${max} characters`);
    return v;
  };

  const slug = Slug.safeParse(record.product_slug);
  if (!slug.success) reasons.push(`product_slug: ${slug.error.issues[0]!.message}`);
  const hsn = text('hsn_code');
  if (!/^\d{4,8}$/.test(hsn)) reasons.push(`hsn_code must be 4 to 8 digits (not '${hsn}')`);
  const product: ProductFields = {
    slug: slug.success ? slug.data : text('product_slug'),
    name: required('product_name', 200),
    categorySlug: required('category_slug', 120),
    collections: [...new Set(splitList(record.collections))],
    description: record.description.trim(),
    careDetails: splitList(record.care_details),
    highlights: splitList(record.highlights),
    hsnCode: hsn,
    tags: [...new Set(splitList(record.tags))],
    published: bool('published'),
  };
  if (product.description.length > 5000) reasons.push('description is longer than 5000 characters');

  const sku = required('sku', 60);
  if (sku && !/^[A-Za-z0-9][A-Za-z0-9._/-]*$/.test(sku)) {
    reasons.push(`sku may hold only letters, digits and . _ / - (not '${sku}')`);
  }
  const money = (c: 'mrp' | 'selling_price') => {
    const paise = parseRupees(record[c]);
    if (paise === null) reasons.push(`${c} must be rupees with at most two decimals, like 1299.00 (not '${text(c)}')`);
    else if (paise <= 0) reasons.push(`${c} must be more than 0`);
    return paise ?? 0;
  };
  const mrpPaise = money('mrp');
  const sellingPaise = money('selling_price');
  if (mrpPaise > 0 && sellingPaise > mrpPaise) {
    reasons.push(`selling_price ${rupees(sellingPaise)} is above the MRP ${rupees(mrpPaise)}`);
  }
  const stockText = text('stock');
  let stock = 0;
  if (/^-\d+$/.test(stockText)) reasons.push(`stock cannot be negative (${stockText})`);
  else if (!/^\d{1,6}$/.test(stockText)) reasons.push(`stock must be a whole number (not '${stockText}')`);
  else stock = Number(stockText);
  const colourHex = text('colour_hex');
  if (colourHex && !/^#[0-9a-fA-F]{6}$/.test(colourHex)) {
    reasons.push(`colour_hex must look like #a1b2c3 (not '${colourHex}')`);
  }
  const variant: VariantFields = {
    sku,
    colour: required('colour', 60),
    colourHex: colourHex.toLowerCase(),
    size: required('size', 30),
    mrpPaise,
    sellingPaise,
    stock,
    active: bool('variant_active'),
    pictures: splitList(record.pictures),
  };
  if (variant.pictures.length > 3) reasons.push('at most 3 pictures per colour');
  return { product, variant, reasons };
}

/** The header's columns: which are missing (the file is refused) and which are not read. */
export function readHeader(cells: string[]): {
  index: Map<CatalogCsvColumn, number>;
  missing: string[];
  ignored: string[];
} {
  const names = cells.map((c) => c.trim().toLowerCase());
  const index = new Map<CatalogCsvColumn, number>();
  const ignored: string[] = [];
  names.forEach((name, i) => {
    if ((CATALOG_CSV_COLUMNS as readonly string[]).includes(name) && !index.has(name as CatalogCsvColumn)) {
      index.set(name as CatalogCsvColumn, i);
    } else if (name) ignored.push(name);
  });
  const missing = CATALOG_CSV_COLUMNS.filter((c) => !index.has(c));
  return { index, missing, ignored };
}
