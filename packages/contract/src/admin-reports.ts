import { z } from 'zod';
import { DateParam } from './admin-orders';

/** The back office's reports (docs/back-office.md 'Reports'): the orders CSV and the month's GST summary. */
export const OrdersCsvQuery = z
  .object({ from: DateParam, to: DateParam })
  .strict()
  .refine((q) => q.from <= q.to, { message: 'from must not be after to', path: ['to'] });
export type OrdersCsvQuery = z.infer<typeof OrdersCsvQuery>;

export const Month = z.string({ error: 'month is required' }).regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'month is YYYY-MM');

export const GstQuery = z.object({ month: Month }).strict();
export type GstQuery = z.infer<typeof GstQuery>;

/** Taxable value and the three taxes, in rupees with paise; a credit note's are negative. */
const Amounts = {
  taxable: z.number(),
  cgst: z.number(),
  sgst: z.number(),
  igst: z.number(),
  /** Taxable value plus the taxes: what the shopper paid (or got back). */
  total: z.number(),
};

/** GSTR-1 B2C: one row per place of supply and rate, invoices and credit notes apart. */
export const GstB2cRow = z.object({
  kind: z.enum(['invoice', 'credit_note']),
  place_of_supply: z.string(),
  rate: z.number(),
  documents: z.number().int(),
  ...Amounts,
});
export type GstB2cRow = z.infer<typeof GstB2cRow>;

/** The HSN-wise summary: invoices less credit notes, per code and rate. */
export const GstHsnRow = z.object({
  hsn: z.string(),
  description: z.string(),
  rate: z.number(),
  /** Pieces invoiced in the month (a credit note for an amount returns no pieces). */
  quantity: z.number().int(),
  ...Amounts,
});
export type GstHsnRow = z.infer<typeof GstHsnRow>;

export const GstSummary = z.object({
  month: Month,
  shop_state: z.string(),
  b2c: z.array(GstB2cRow),
  hsn: z.array(GstHsnRow),
  invoices: z.number().int(),
  credit_notes: z.number().int(),
  totals: z.object(Amounts),
});
export type GstSummary = z.infer<typeof GstSummary>;

/** The orders CSV's columns, in order (docs/back-office.md 'Reports' explains each). */
export const ORDERS_CSV_COLUMNS = [
  'order_id',
  'placed_at',
  'status',
  'paid_at',
  'invoice_number',
  'name',
  'email',
  'phone',
  'city',
  'state',
  'pincode',
  'country',
  'shipping_type',
  'pieces',
  'subtotal_inr',
  'shipping_inr',
  'total_inr',
  'refunded_inr',
  'payment_id',
  'carrier',
  'tracking_number',
  'payment_method',
  'cod_fee_inr',
] as const;
