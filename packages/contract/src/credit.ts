// Store credit (docs/product.md 'Store credit'): an account's ledger, as the account and the back office show it.
import { z } from 'zod';
import { Rupees } from './common';
import { RequestKey } from './admin-returns';

export const CREDIT_SOURCES = ['grant', 'refund'] as const;
export type CreditSource = (typeof CREDIT_SOURCES)[number];
export const CREDIT_SOURCE_LABELS: Record<CreditSource, string> = {
  grant: 'From the shop',
  refund: 'Refund',
};

/** One amount credited: what is left of it and until when. */
export const CreditEntry = z.object({
  id: z.number().int(),
  source: z.enum(CREDIT_SOURCES),
  source_label: z.string(),
  amount: z.number(),
  remaining: z.number(),
  reason: z.string(),
  order_id: z.number().int().nullable(),
  created_at: z.string(),
  expires_at: z.string(),
  /** Past its date: what was left of it no longer counts. */
  expired: z.boolean(),
});
export type CreditEntry = z.infer<typeof CreditEntry>;

/** Credit spent on an order. */
export const CreditSpend = z.object({
  order_id: z.number().int(),
  amount: z.number(),
  created_at: z.string(),
});
export type CreditSpend = z.infer<typeof CreditSpend>;

export const StoreCredit = z.object({
  /** What may be spent now (rupees). */
  balance: z.number(),
  /** The soonest part of the balance to expire, when there is a balance. */
  next_expiry: z.object({ amount: z.number(), on: z.string() }).nullable(),
  /** Newest first. */
  entries: z.array(CreditEntry),
  /** Credit spent on orders, newest first. */
  spends: z.array(CreditSpend).default([]),
});
export type StoreCredit = z.infer<typeof StoreCredit>;

/** An admin gives an account store credit, with the reason the shopper reads. */
export const GrantCreditBody = z
  .object({
    amount: Rupees('amount'),
    reason: z
      .string({ error: 'reason is required' })
      .trim()
      .min(3, 'reason is required (the shopper reads it in their account)')
      .max(200, 'reason must be at most 200 characters'),
    request_key: RequestKey,
  })
  .strict();
export type GrantCreditBody = z.infer<typeof GrantCreditBody>;

export const GrantCreditResponse = z.object({ message: z.string(), repeated: z.boolean(), credit: StoreCredit });
export type GrantCreditResponse = z.infer<typeof GrantCreditResponse>;
