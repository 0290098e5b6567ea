import { z } from 'zod';
import { Id } from './common';

/** The stock grid of the back office (docs/back-office.md "Stock"): every variant, stock and prices in place. */

export const STOCK_LEVELS = ['low', 'out'] as const;
export const StockLevel = z.enum(STOCK_LEVELS, { error: 'stock must be low or out' });
export type StockLevel = z.infer<typeof StockLevel>;

const OptionalId = (field: string) =>
  z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce
      .number({ error: `${field} must be a number` })
      .int(`${field} must be a whole number`)
      .positive(`${field} must be positive`)
      .max(2_147_483_647, `${field} is too large`)
      .optional(),
  );

/** The grid's filters: also what "all filtered" of a sale selects. */
export const StockFilter = z
  .object({
    q: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z.string().trim().max(100, 'search must be at most 100 characters').optional(),
    ),
    category: OptionalId('category'),
    collection: OptionalId('collection'),
    stock: z.preprocess((v) => (v === '' ? undefined : v), StockLevel.optional()),
  })
  .strict();
export type StockFilter = z.infer<typeof StockFilter>;

export const StockQuery = StockFilter.extend({
  page: z.coerce.number({ error: 'page must be a number' }).int().min(1, 'page must be at least 1').default(1),
  per_page: z.coerce.number({ error: 'per_page must be a number' }).int().min(1).max(200).default(50),
}).strict();
export type StockQuery = z.infer<typeof StockQuery>;

export const StockRow = z.object({
  variant_id: z.number().int(),
  product_id: z.number().int(),
  product_name: z.string(),
  product_slug: z.string(),
  product_published: z.boolean(),
  colour: z.string(),
  size: z.string(),
  sku: z.string(),
  mrp: z.number(),
  selling_price: z.number(),
  stock: z.number().int(),
  active: z.boolean(),
});
export type StockRow = z.infer<typeof StockRow>;

export const StockPage = z.object({
  data: z.array(StockRow),
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
  low_stock_threshold: z.number().int(),
  categories: z.array(z.object({ id: z.number().int(), name: z.string() })),
  collections: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type StockPage = z.infer<typeof StockPage>;

export const STOCK_FIELDS = ['stock', 'mrp', 'selling_price'] as const;
export const StockField = z.enum(STOCK_FIELDS, { error: 'field must be stock, mrp or selling_price' });
export type StockField = z.infer<typeof StockField>;

const CellValue = z
  .number({ error: 'value must be a number' })
  .finite('value must be a number')
  .min(-10_000_000, 'value is too small')
  .max(10_000_000, 'value is too large');

/**
 * One changed cell: the value the grid showed (`expected`) and the new one.
 * Rules (checked by the service, all cells first): stock a whole number ≥ 0;
 * prices in rupees with at most two decimals, > 0, selling price ≤ MRP.
 */
export const StockChange = z
  .object({ variant_id: Id, field: StockField, expected: CellValue, value: CellValue })
  .strict();
export type StockChange = z.infer<typeof StockChange>;

export const StockSaveBody = z
  .object({
    changes: z
      .array(StockChange)
      .min(1, 'nothing to save: change a cell first')
      .max(1000, 'at most 1000 cells at once'),
  })
  .strict();
export type StockSaveBody = z.infer<typeof StockSaveBody>;

/** A cell not saved: its value changed since the grid was read (a sale, another admin). */
export const StockConflict = z.object({
  variant_id: z.number().int(),
  sku: z.string(),
  field: StockField,
  expected: z.number(),
  current: z.number(),
});
export type StockConflict = z.infer<typeof StockConflict>;

export const StockSaveResult = z.object({
  message: z.string(),
  saved: z.number().int(),
  conflicts: z.array(StockConflict),
});
export type StockSaveResult = z.infer<typeof StockSaveResult>;

/** Whole percent off the MRP for a sale: 1 to 90. */
export const SalePercent = z
  .number({ error: 'percent_off must be a number' })
  .int('percent_off must be a whole number')
  .min(1, 'percent_off must be between 1 and 90')
  .max(90, 'percent_off must be between 1 and 90');

/**
 * A sale on a selection: chosen variants, or every variant the filter finds.
 * `percent_off` null ends the sale (selling price back to the MRP).
 */
export const SaleBody = z
  .object({
    percent_off: SalePercent.nullable(),
    variant_ids: z.array(Id).min(1, 'select at least one row').max(5000).optional(),
    filter: StockFilter.optional(),
  })
  .strict()
  .refine((b) => (b.variant_ids === undefined) !== (b.filter === undefined), {
    message: 'send either variant_ids or filter',
  });
export type SaleBody = z.infer<typeof SaleBody>;

export const SaleResult = z.object({ message: z.string(), changed: z.number().int() });
export type SaleResult = z.infer<typeof SaleResult>;

/**
 * The sale price of an MRP (paise) at `percent` off: MRP × (100 − p)%, rounded
 * to the nearest whole rupee (half up), never above the MRP, never below ₹1.
 */
export function salePricePaise(mrpPaise: number, percent: number): number {
  const rupees = Math.round((mrpPaise * (100 - percent)) / 10_000);
  return Math.min(mrpPaise, Math.max(100, rupees * 100));
}
