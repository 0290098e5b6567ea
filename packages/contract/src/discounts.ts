import { z } from 'zod';
import { Id } from './common';

/** A discount code as a shopper types it: letters, digits, '-' and '_', any case (docs/product.md 'Discount codes'). */
export const DiscountCodeText = z
  .string({ error: 'discount_code must be text' })
  .trim()
  .min(3, 'A discount code has at least 3 characters')
  .max(32, 'A discount code has at most 32 characters')
  .regex(/^[A-Za-z0-9_-]+$/, 'A discount code has only letters, digits, - and _');

/** The cookie that keeps a code carried by a link (`/?code=…`) or applied at checkout until the order is placed. */
export const DISCOUNT_COOKIE = 'discount_code';
/** A code as a link or the cookie may carry it (DiscountCodeText's characters). */
export const DISCOUNT_CODE_PATTERN = /^[A-Za-z0-9_-]{3,32}$/;

/** The Set-Cookie that keeps `code` for the checkout for a week, or forgets it (null). */
export function discountCookie(code: string | null, secure: boolean): string {
  const attributes = ['Path=/', `Max-Age=${code ? 7 * 24 * 60 * 60 : 0}`, 'HttpOnly', 'SameSite=Lax'];
  if (secure) attributes.push('Secure');
  return [`${DISCOUNT_COOKIE}=${code ? code.toUpperCase() : ''}`, ...attributes].join('; ');
}

export const DISCOUNT_REFUSALS = [
  'unknown',
  'inactive',
  'not_started',
  'expired',
  'used_up',
  'used_by_you',
  'minimum',
  'first_order',
  'not_for_items',
] as const;

// The back office (admins write, staff read).

export const DISCOUNT_KIND_LABELS = {
  percent: 'Percent off',
  amount: 'Amount off',
  free_shipping: 'Free shipping',
} as const;
export type DiscountKindName = keyof typeof DISCOUNT_KIND_LABELS;

const Moment = z.iso.datetime({ offset: true, error: 'must be a date and time' }).nullable();
const Count = (field: string) =>
  z
    .number({ error: `${field} must be a number` })
    .int(`${field} must be a whole number`)
    .min(1, `${field} is at least 1`)
    .max(1_000_000, `${field} is at most 1,000,000`)
    .nullable();
const Ids = z.array(Id).max(200, 'at most 200 categories or collections');

export const DiscountBody = z
  .object({
    code: DiscountCodeText.transform((c) => c.toUpperCase()),
    kind: z.enum(['percent', 'amount', 'free_shipping'], { error: 'kind is percent, amount or free_shipping' }),
    /** Percent (1–90) or rupees off; ignored for free shipping. */
    value: z
      .number({ error: 'value must be a number' })
      .min(0, 'value cannot be negative')
      .max(1_000_000, 'value is at most ₹10,00,000'),
    min_subtotal: z
      .number({ error: 'minimum must be a number' })
      .min(0, 'minimum cannot be negative')
      .max(1_000_000, 'minimum is too large'),
    starts_at: Moment,
    ends_at: Moment,
    max_uses: Count('total uses'),
    max_uses_per_buyer: Count('uses per shopper'),
    first_order_only: z.boolean(),
    category_ids: Ids,
    collection_ids: Ids,
    exclude_sale_items: z.boolean(),
    active: z.boolean(),
    note: z.string().trim().max(300, 'note is at most 300 characters').default(''),
  })
  .strict()
  .refine((b) => b.kind !== 'percent' || (Number.isInteger(b.value) && b.value >= 1 && b.value <= 90), {
    message: 'A percent off is a whole number from 1 to 90',
    path: ['value'],
  })
  .refine((b) => b.kind !== 'amount' || b.value >= 1, { message: 'An amount off is at least ₹1', path: ['value'] })
  .refine((b) => b.kind !== 'amount' || Math.abs(b.value * 100 - Math.round(b.value * 100)) < 1e-6, {
    message: 'An amount off is in rupees and paise: at most two decimals',
    path: ['value'],
  })
  .refine((b) => !b.starts_at || !b.ends_at || new Date(b.starts_at) < new Date(b.ends_at), {
    message: 'the end must come after the start',
    path: ['ends_at'],
  });
export type DiscountBody = z.input<typeof DiscountBody>;

export const AdminDiscount = z.object({
  id: z.number().int(),
  code: z.string(),
  kind: z.enum(['percent', 'amount', 'free_shipping']),
  value: z.number(),
  min_subtotal: z.number(),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  max_uses: z.number().int().nullable(),
  max_uses_per_buyer: z.number().int().nullable(),
  first_order_only: z.boolean(),
  category_ids: z.array(z.number().int()),
  collection_ids: z.array(z.number().int()),
  exclude_sale_items: z.boolean(),
  active: z.boolean(),
  note: z.string(),
  /** Orders holding a use now (unpaid ones included). */
  uses: z.number().int(),
  /** Paid orders placed with it, what they were worth and what the code took off them. */
  orders: z.number().int(),
  sales: z.number(),
  discount_given: z.number(),
  /** 'live', 'scheduled', 'ended', 'used up' or 'off': what a shopper meets now. */
  state: z.enum(['live', 'scheduled', 'ended', 'used_up', 'off']),
  updated_at: z.string(),
});
export type AdminDiscount = z.infer<typeof AdminDiscount>;

export const AdminDiscountList = z.object({ data: z.array(AdminDiscount) });
export const AdminDiscountResponse = z.object({ data: AdminDiscount });
export const DiscountParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }).strict();
export const DiscountActiveBody = z.object({ active: z.boolean({ error: 'active is true or false' }) }).strict();
export const DiscountListQuery = z
  .object({
    q: z.string().trim().max(32).default(''),
    state: z.enum(['all', 'live', 'scheduled', 'ended', 'used_up', 'off']).default('all'),
  })
  .strict();
