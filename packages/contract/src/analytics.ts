import { z } from 'zod';

export const PageViewBody = z
  .object({
    path: z.string().trim().min(1, 'path is required').max(500).startsWith('/', 'path must start with /'),
    referrer: z.string().max(500).default(''),
  })
  .strict();
export type PageViewBody = z.infer<typeof PageViewBody>;

/** What the browser may know of the shop's configuration (an explicit list, nothing else). */
export const PublicConfig = z.object({
  shop_name: z.string(),
  ga_measurement_id: z.string().nullable(),
  payment_provider: z.enum(['razorpay', 'test']),
  /** The seller as the Consumer Protection (E-Commerce) Rules 2020 want it shown (footer, /about-the-seller). */
  seller: z.object({
    legal_name: z.string(),
    address: z.string(),
    gstin: z.string(),
    email: z.string(),
    phone: z.string(),
  }),
  grievance_officer: z.object({ name: z.string(), email: z.string(), phone: z.string() }),
  /** How long data is kept (the privacy policy quotes them; docs/operations.md). */
  retention_days: z.object({
    expired_sessions: z.number().int(),
    page_views: z.number().int(),
    sent_mails: z.number().int(),
    webhook_events: z.number().int(),
  }),
  payment_window_minutes: z.number().int(),
});
export type PublicConfig = z.infer<typeof PublicConfig>;
