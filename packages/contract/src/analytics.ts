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
});
export type PublicConfig = z.infer<typeof PublicConfig>;
