import { z } from 'zod';
import { Email, Phone } from './accounts';
import { Id } from './common';

export const ContactBody = z
  .object({
    name: z
      .string({ error: 'name is required' })
      .trim()
      .min(1, 'name is required')
      .max(80, 'name must be at most 80 characters'),
    email: Email,
    phone: z.union([z.literal(''), Phone]).optional(),
    message: z
      .string({ error: 'message is required' })
      .trim()
      .min(1, 'message is required')
      .max(4000, 'message must be at most 4000 characters'),
    /** Set for a return request: one of the sender's orders. */
    order_id: Id.optional(),
  })
  .strict();
export type ContactBody = z.infer<typeof ContactBody>;
