import { z } from 'zod';
import { Email, Phone } from './accounts';
import { Id } from './common';

/** Why a piece comes back (docs/product.md 'After the sale'). */
export const RETURN_REASONS = ['size', 'quality', 'wrong_item', 'other'] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];
export const RETURN_REASON_LABELS: Record<ReturnReason, string> = {
  size: 'The size does not fit',
  quality: 'A problem with the quality',
  wrong_item: 'It is not what I ordered',
  other: 'Something else',
};
/**
 * What the shopper would like instead: the money back the way it was paid, store credit, or
 * another size or colour of the same piece (credit and exchanges are an account's).
 */
export const RETURN_WISHES = ['refund', 'credit', 'exchange'] as const;
export type ReturnWish = (typeof RETURN_WISHES)[number];
export const RETURN_WISH_LABELS: Record<ReturnWish, string> = {
  refund: 'My money back, the way I paid',
  credit: 'Store credit, at once',
  exchange: 'Another size or colour of the same piece',
};

/** The pieces a return request names: lines of the order and how many of each. */
export const ReturnLines = z
  .array(
    z
      .object({
        line_id: Id,
        quantity: z.number({ error: 'quantity must be a number' }).int().min(1, 'quantity must be at least 1'),
        /** An exchange: the variant of the same product wanted instead. */
        exchange_variant_id: Id.optional(),
      })
      .strict(),
  )
  .min(1, 'Choose at least one piece to return')
  .max(100);

/** What every message says: who sends it and what, and for a return request its order (the contact form's fields). */
export const ContactFields = z
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

export const ContactBody = ContactFields.extend({
  /** A return request's pieces, why they come back and what the shopper would like instead. */
  return_lines: ReturnLines.optional(),
  return_reason: z.enum(RETURN_REASONS, { error: 'Choose why it is coming back' }).optional(),
  return_wish: z.enum(RETURN_WISHES, { error: 'Choose what you would like instead' }).optional(),
})
  .strict()
  .refine(
    (b) =>
      b.order_id !== undefined ||
      (b.return_lines === undefined && b.return_reason === undefined && b.return_wish === undefined),
    { message: 'Pieces to return, a reason and a wish go with an order', path: ['order_id'] },
  );
export type ContactBody = z.infer<typeof ContactBody>;
