import { z } from 'zod';
import { Email } from './accounts';
import { Id } from './common';
import { SHOP_TIME_ZONE } from './deadline';

/**
 * 'Tell me when it's back' (docs/product.md 'Back in stock'): a shopper or a
 * guest asks on a sold-out size; when its stock rises from 0, each is told once.
 */

/** A request not told within this many days lapses. */
export const BACK_IN_STOCK_DAYS = 90;

/** A signed-in shopper's request is for the account's email; a guest gives one. */
export const BackInStockBody = z
  .object({
    variant_id: Id,
    email: Email.optional(),
  })
  .strict();
export type BackInStockBody = z.infer<typeof BackInStockBody>;

export const BackInStockAnswer = z.object({
  message: z.string(),
  data: z.object({ variant_id: z.number().int(), email: z.string(), lapses_at: z.string() }),
});
export type BackInStockAnswer = z.infer<typeof BackInStockAnswer>;

/** The way out: the token of any request mailed to the address (its link's `?token=`). */
export const BackInStockToken = z
  .string({ error: 'This link is not complete: open it again from the mail' })
  .trim()
  .regex(/^[A-Za-z0-9_-]{20,64}$/, 'This link is not complete: open it again from the mail');

export const BackInStockStopQuery = z.object({ token: BackInStockToken }).strict();
export const BackInStockStopBody = z.object({ token: BackInStockToken }).strict();
export type BackInStockStopBody = z.infer<typeof BackInStockStopBody>;

/** Whose requests a link stops, and how many are still open. */
export const BackInStockStopAnswer = z.object({
  message: z.string(),
  data: z.object({ email: z.string(), open: z.number().int() }),
});
export type BackInStockStopAnswer = z.infer<typeof BackInStockStopAnswer>;

/** The words of an accepted request: what will happen, to which address, until when. */
export const backInStockPromise = (email: string, piece: string, lapsesAt: string) =>
  `We'll email you at ${email} when ${piece} is back in stock: once, and only about this. ` +
  `If it is not back by ${new Intl.DateTimeFormat('en-GB', { timeZone: SHOP_TIME_ZONE, dateStyle: 'long' }).format(new Date(lapsesAt))} (${BACK_IN_STOCK_DAYS} days), the request lapses.`;

/** A size with stock is bought, not waited for. */
export const backInStockInStock = (piece: string) => `${piece} is in stock: you can order it now`;

/** The back office's waiting list (docs/back-office.md 'Back in stock'): sizes with people waiting, most first. */
export const WaitingQuery = z
  .object({
    product_id: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z.coerce.number({ error: 'product_id must be a number' }).int().positive().max(2_147_483_647).optional(),
    ),
    page: z.coerce.number({ error: 'page must be a number' }).int().min(1, 'page must be at least 1').default(1),
  })
  .strict();
export type WaitingQuery = z.infer<typeof WaitingQuery>;

export const WaitingRow = z.object({
  variant_id: z.number().int(),
  product_id: z.number().int(),
  product_name: z.string(),
  colour: z.string(),
  size: z.string(),
  sku: z.string(),
  stock: z.number().int(),
  /** Open requests (not told, not lapsed). */
  waiting: z.number().int(),
  /** When the longest-waiting of them asked. */
  since: z.string(),
});
export type WaitingRow = z.infer<typeof WaitingRow>;

export const WaitingPage = z.object({
  data: z.array(WaitingRow),
  total: z.number().int(),
  page: z.number().int(),
  pages: z.number().int(),
});
export type WaitingPage = z.infer<typeof WaitingPage>;
