import { z } from 'zod';
import { INDIAN_STATES } from './places';

/** The shop's settings in the back office (docs/back-office.md "Settings"). */

export const GSTIN_PATTERN = /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

const Text = (field: string, max: number) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, `${field} is required`)
    .max(max, `${field} must be at most ${max} characters`);

/** The seller printed on tax invoices, credit notes and packing slips. */
export const SellerDetails = z
  .object({
    legal_name: Text('legal_name', 120),
    address: Text('address', 300),
    state: z.enum(INDIAN_STATES, { error: 'state must be an Indian state or union territory' }),
    gstin: z
      .string({ error: 'gstin is required' })
      .trim()
      .toUpperCase()
      .regex(GSTIN_PATTERN, 'gstin must be a 15-character GSTIN such as 08AABCL1234F1Z5'),
    email: z.email({ error: 'email must be an email address' }).max(200, 'email is too long'),
    phone: z
      .string({ error: 'phone is required' })
      .trim()
      .regex(/^\+?[0-9][0-9 -]{6,18}[0-9]$/, 'phone must be a phone number such as +91 98290 12345'),
  })
  .strict();
export type SellerDetails = z.infer<typeof SellerDetails>;

/** A shipping rate in rupees: 0 (free) up to ₹1,00,000, paise at most. */
const Rate = (field: string) =>
  z
    .number({ error: (issue) => `${field} ${issue.input === undefined ? 'is required' : 'must be a number'}` })
    .min(0, `${field} must not be negative`)
    .max(100_000, `${field} must be at most ₹1,00,000`)
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, {
      message: `${field} must be in rupees with at most two decimals`,
    });

export const ShippingRateTable = z
  .object({
    domestic_standard: Rate('domestic_standard'),
    domestic_express: Rate('domestic_express'),
    international_standard: Rate('international_standard'),
    international_express: Rate('international_express'),
  })
  .strict();
export type ShippingRateTable = z.infer<typeof ShippingRateTable>;

export const PaymentWindowMinutes = z
  .number({ error: 'payment_window_minutes must be a number' })
  .int('payment_window_minutes must be a whole number')
  .min(5, 'payment_window_minutes must be between 5 and 1440')
  .max(1440, 'payment_window_minutes must be between 5 and 1440');
export const ReturnWindowDays = z
  .number({ error: 'return_window_days must be a number' })
  .int('return_window_days must be a whole number')
  .min(0, 'return_window_days must be between 0 and 90')
  .max(90, 'return_window_days must be between 0 and 90');
/** Days a store credit may be spent before it expires (docs/product.md 'Store credit'). */
export const StoreCreditExpiryDays = z
  .number({ error: 'store_credit_expiry_days must be a number' })
  .int('store_credit_expiry_days must be a whole number')
  .min(30, 'store_credit_expiry_days must be between 30 and 3650')
  .max(3650, 'store_credit_expiry_days must be between 30 and 3650');
export const LowStockThreshold = z
  .number({ error: 'low_stock_threshold must be a number' })
  .int('low_stock_threshold must be a whole number')
  .min(0, 'low_stock_threshold must be between 0 and 1000')
  .max(1000, 'low_stock_threshold must be between 0 and 1000');

/** Pieces of one variant a shopper may hold in unpaid orders (the order that would pass it is refused). */
export const UnpaidPiecesPerVariant = z
  .number({ error: 'unpaid_pieces_per_variant must be a number' })
  .int('unpaid_pieces_per_variant must be a whole number')
  .min(1, 'unpaid_pieces_per_variant must be between 1 and 1000')
  .max(1000, 'unpaid_pieces_per_variant must be between 1 and 1000');

/** Rupees of the cash-on-delivery terms: 0 up to ₹1,00,000, paise at most. */
const CodRupees = (field: string) => Rate(field);

/** A refused PIN code: a whole code (6 digits) or its first digits, refusing every code they begin. */
export const RefusedPincode = z
  .string()
  .trim()
  .regex(/^\d{1,6}$/, 'refused_pincodes must be digits only, 1 to 6 of them (a PIN code or its first digits)');

/**
 * Cash on delivery (docs/product.md 'Cash on delivery'): off until the owner
 * switches it on; the order value it is offered for (before its fee), its
 * fee, the PIN codes refused, the open COD orders one phone may hold, and
 * whether a code mailed to the shopper confirms an order.
 */
export const CodSettings = z
  .object({
    enabled: z.boolean({ error: 'enabled must be true or false' }),
    min_order: CodRupees('min_order'),
    max_order: CodRupees('max_order'),
    fee: CodRupees('fee').max(1000, 'fee must be at most ₹1,000'),
    refused_pincodes: z.array(RefusedPincode).max(500, 'refused_pincodes may hold at most 500 codes'),
    max_open_per_phone: z
      .number({ error: 'max_open_per_phone must be a number' })
      .int('max_open_per_phone must be a whole number')
      .min(1, 'max_open_per_phone must be between 1 and 20')
      .max(20, 'max_open_per_phone must be between 1 and 20'),
    confirm_by_code: z.boolean({ error: 'confirm_by_code must be true or false' }),
  })
  .strict()
  .refine((c) => c.min_order <= c.max_order, {
    message: 'min_order must not be above max_order',
    path: ['min_order'],
  });
export type CodSettings = z.infer<typeof CodSettings>;

/** Off, ₹299 to ₹5,000, a fee of ₹49, no PIN code refused, one open order per phone, confirmed by a code. */
export const COD_DEFAULTS: CodSettings = {
  enabled: false,
  min_order: 299,
  max_order: 5000,
  fee: 49,
  refused_pincodes: [],
  max_open_per_phone: 1,
  confirm_by_code: true,
};

export const ShopSettings = z.object({
  shipping_rates: ShippingRateTable,
  payment_window_minutes: z.number().int(),
  return_window_days: z.number().int(),
  low_stock_threshold: z.number().int(),
  unpaid_pieces_per_variant: z.number().int(),
  store_credit_expiry_days: z.number().int(),
  seller: z.object({
    legal_name: z.string(),
    address: z.string(),
    state: z.string(),
    gstin: z.string(),
    email: z.string(),
    phone: z.string(),
  }),
  cod: z.object({
    enabled: z.boolean(),
    min_order: z.number(),
    max_order: z.number(),
    fee: z.number(),
    refused_pincodes: z.array(z.string()),
    max_open_per_phone: z.number().int(),
    confirm_by_code: z.boolean(),
  }),
  /** Cart reminders to shoppers who agreed to marketing (docs/product.md 'Messages to shoppers'); off until switched on. */
  cart_reminders: z.boolean(),
});
export type ShopSettings = z.infer<typeof ShopSettings>;

/** What a save changes: any of the groups; each one given is validated whole. */
export const SettingsBody = z
  .object({
    shipping_rates: ShippingRateTable.optional(),
    payment_window_minutes: PaymentWindowMinutes.optional(),
    return_window_days: ReturnWindowDays.optional(),
    low_stock_threshold: LowStockThreshold.optional(),
    unpaid_pieces_per_variant: UnpaidPiecesPerVariant.optional(),
    store_credit_expiry_days: StoreCreditExpiryDays.optional(),
    seller: SellerDetails.optional(),
    cod: CodSettings.optional(),
    cart_reminders: z.boolean({ error: 'cart_reminders must be true or false' }).optional(),
  })
  .strict()
  .refine((b) => Object.values(b).some((v) => v !== undefined), { message: 'nothing to save' });
export type SettingsBody = z.infer<typeof SettingsBody>;

export const SettingsSaved = z.object({ message: z.string(), settings: ShopSettings });
export type SettingsSaved = z.infer<typeof SettingsSaved>;
