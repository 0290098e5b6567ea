import { CATALOG_CSV_COLUMNS, type CatalogCsvColumn } from '@shop/contract';
import type { DbOrTx } from '../../../db/client';
import { CSV_BOM, csvRow, money, type Cell } from '../../../lib/csv';
import { picturesOf, readCatalog } from './catalog-state';

export const LIST_SEPARATOR = '|';
const list = (values: readonly string[]) => values.join(LIST_SEPARATOR);
const yesNo = (b: boolean) => (b ? 'yes' : 'no');

/**
 * The catalogue as CSV (docs/back-office.md 'Import / export'): one row per
 * variant of every product not archived, products in the order they were
 * made, variants in their own order. UTF-8 with a byte-order mark, CRLF,
 * RFC 4180 quoting, formulas defused (lib/csv.ts), so a spreadsheet
 * opens it as is and the import reads it back unchanged.
 */
export async function catalogCsv(db: DbOrTx): Promise<string> {
  const state = await readCatalog(db);
  let out = CSV_BOM + csvRow(CATALOG_CSV_COLUMNS);
  for (const p of state.products.values()) {
    for (const v of state.variantsOf.get(p.id) ?? []) {
      const row: Record<CatalogCsvColumn, Cell> = {
        product_slug: p.slug,
        product_name: p.name,
        category_slug: p.categorySlug,
        collections: list(p.collectionSlugs),
        description: p.description,
        care_details: list(p.careDetails),
        highlights: list(p.highlights),
        hsn_code: p.hsnCode,
        tags: list(p.tags),
        published: yesNo(p.isActive),
        sku: v.sku,
        colour: v.colour,
        colour_hex: v.colourHex,
        size: v.size,
        mrp: money(v.mrpPaise),
        selling_price: money(v.sellingPricePaise),
        stock: v.stock,
        variant_active: yesNo(v.isActive),
        pictures: list(picturesOf(v)),
      };
      out += csvRow(CATALOG_CSV_COLUMNS.map((c) => row[c]));
    }
  }
  return out;
}
