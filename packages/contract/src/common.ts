import { z } from 'zod';

/** What kind of error an answer is, for code to branch on (the HTTP status says the same, coarser). */
export const ERROR_CODES = [
  'invalid',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'too_large',
  'unsupported_media_type',
  'rate_limited',
  'unavailable',
  'server_error',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** Why, where a client must tell one refusal from the others of its code. */
/** Why cash on delivery is refused for an order (docs/product.md 'Cash on delivery'). */
export const COD_REFUSALS = ['cod_off', 'cod_range', 'cod_pincode', 'cod_open_orders', 'cod_abroad'] as const;
export type CodRefusal = (typeof COD_REFUSALS)[number];

export const ERROR_REASONS = [
  'out_of_stock',
  'unpaid_pieces_limit',
  'discount_refused',
  ...COD_REFUSALS,
  // A cash-on-delivery order's code: wrong (tries left), or spent (expired, used up, or five wrong tries).
  'cod_code_wrong',
  'cod_code_spent',
] as const;
export type ErrorReason = (typeof ERROR_REASONS)[number];

/**
 * Every error the API sends: its machine `code` (and `reason` where a client
 * needs more), a summary and one readable sentence per problem. Code branches
 * on `code`/`reason`, never on the wording.
 */
export const ErrorBody = z.object({
  code: z.enum(ERROR_CODES),
  reason: z.enum(ERROR_REASONS).optional(),
  message: z.string(),
  errors: z.array(z.string()),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

/** An id in a JSON body: a JSON number, nothing else (true, "7" or null are refused). */
export const Id = z
  .number({ error: 'id must be a number' })
  .int('id must be a whole number')
  .positive('id must be positive')
  .max(2_147_483_647, 'id is too large');

/** An id in a URL path or query, where everything arrives as text. */
export const IdParam = z.coerce
  .number({ error: 'id must be a number' })
  .int('id must be a whole number')
  .positive('id must be positive')
  .max(2_147_483_647, 'id is too large');

export const Slug = z
  .string()
  .trim()
  .min(1, 'slug is required')
  .max(120, 'slug is too long')
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'slug may contain only lower-case letters, digits and dashes');

export const PageMeta = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  pages: z.number().int(),
});
export type PageMeta = z.infer<typeof PageMeta>;

export const MessageBody = z.object({ message: z.string() });

export const HealthBody = z.object({ status: z.literal('ok') });

/** An amount in rupees: more than 0, with at most two decimals (paise). */
export const Rupees = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .positive(`${name} must be more than 0`)
    .max(10_000_000, `${name} is too large`)
    .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, `${name} has at most two decimals (paise)`);
