import { z } from 'zod';
import { Id } from './common';
import { OrderStatus } from './orders';
import { RETURN_REASONS, RETURN_WISHES } from './contact';

/**
 * Returns and the refunds that need a person (docs/back-office.md): a return
 * request is a contact enquiry naming one of the shopper's orders.
 */

export const RETURN_STATES = ['open', 'decided', 'all'] as const;
export const ReturnsQuery = z
  .object({
    state: z.enum(RETURN_STATES, { error: 'state must be open, decided or all' }).default('open'),
    /** One order's return requests (its order page shows them). */
    order_id: z.coerce.number().pipe(Id).optional(),
    /** Requests by what the shopper would like instead ('none': requests that do not say). */
    wish: z.enum([...RETURN_WISHES, 'none'], { error: 'wish must be refund, credit, exchange or none' }).optional(),
    before_id: z.coerce.number().int().positive().optional(),
    limit: z.coerce.number().int().min(1).max(100).default(30),
  })
  .strict();
export type ReturnsQuery = z.infer<typeof ReturnsQuery>;

const Person = z.object({ id: z.number().int().nullable(), name: z.string(), email: z.string() });

export const ReturnRequest = z.object({
  enquiry_id: z.number().int(),
  order_id: z.number().int(),
  shopper: Person,
  message: z.string(),
  created_at: z.string(),
  order_status: OrderStatus,
  order_status_label: z.string(),
  order_total: z.number(),
  /** When the order was marked delivered; the return window counts from it. */
  delivered_at: z.string().nullable(),
  window_ends_at: z.string().nullable(),
  within_window: z.boolean(),
  decision: z.enum(['accepted', 'rejected']).nullable(),
  /** When the shop marked the returned parcel received. */
  received_at: z.string().nullable().default(null),
  /** Why the pieces come back and what the shopper would like instead, when the request says. */
  reason: z.enum(RETURN_REASONS).nullable().default(null),
  reason_label: z.string().nullable().default(null),
  wish: z.enum(RETURN_WISHES).nullable().default(null),
  wish_label: z.string().nullable().default(null),
});
export type ReturnRequest = z.infer<typeof ReturnRequest>;

export const ReturnsPage = z.object({ data: z.array(ReturnRequest), next_before_id: z.number().int().nullable() });
export type ReturnsPage = z.infer<typeof ReturnsPage>;

export const RefundRecord = z.object({
  id: z.number().int(),
  amount: z.number(),
  status: z.enum(['pending', 'processed', 'failed']),
  reason: z.string(),
  error: z.string().nullable(),
  provider_refund_id: z.string().nullable(),
  created_at: z.string(),
});
export type RefundRecord = z.infer<typeof RefundRecord>;

export const ReturnDetail = ReturnRequest.extend({
  lines: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      size: z.string(),
      color: z.string(),
      quantity: z.number().int(),
      price: z.number(),
      /** What was paid for the line: its pieces less its share of a discount code (what a return refunds). */
      paid: z.number(),
      /** Pieces already taken back by an accepted return: a piece is returned once. */
      returned: z.number().int().default(0),
      /** Pieces of it the request names (0 when it names none of it, or names no pieces at all). */
      asked: z.number().int().default(0),
      /** The variant the request asks for instead (an exchange), when it names one. */
      asked_variant_id: z.number().int().nullable().default(null),
      /** The product's other variants it may be exchanged for, with their stock and price now. */
      exchange_options: z
        .array(
          z.object({
            variant_id: z.number().int(),
            size: z.string(),
            color: z.string(),
            stock: z.number().int(),
            price: z.number(),
          }),
        )
        .default([]),
    }),
  ),
  shipping: z.number(),
  /** What is left of the payment to refund. */
  refundable: z.number(),
  refunds: z.array(RefundRecord),
  /** The order's status allows accepting or rejecting (shipped or delivered) and nothing is decided yet. */
  can_decide: z.boolean(),
  return_window_days: z.number().int(),
  /** The buyer has an account to keep store credit in (a guest has none): the refund may go there. */
  credit_possible: z.boolean(),
});
export type ReturnDetail = z.infer<typeof ReturnDetail>;

export const EnquiryIdParams = z.object({ id: z.coerce.number().pipe(Id) }).strict();

/** Set by the page when it is drawn: a second submit of the same form is recognised and does nothing twice. */
export const RequestKey = z
  .string({ error: 'request_key is required' })
  .regex(/^[A-Za-z0-9_-]{8,64}$/, 'request_key must be 8 to 64 letters, digits, - or _');

const Note = z.string().trim().max(500, 'note must be at most 500 characters');

/** Where a refund goes: back the way the order was paid, or into the shopper's store credit (an account's order). */
export const REFUND_TO = ['payment', 'credit'] as const;
export type RefundTo = (typeof REFUND_TO)[number];
export const RefundToField = z.enum(REFUND_TO, { error: 'refund_to must be payment or credit' }).default('payment');

export const AcceptReturnBody = z
  .object({
    /** The returned pieces; none: every piece. */
    lines: z
      .array(
        z
          .object({
            line_id: Id,
            quantity: z.number().int().min(1, 'quantity must be at least 1'),
            /** An exchange: another variant of the line's product is sent in the pieces' place. */
            exchange_variant_id: Id.optional(),
          })
          .strict(),
      )
      .max(100)
      .default([]),
    /** A refund of this many rupees instead of the pieces' price. */
    amount: z.number().positive('amount must be more than 0').max(10_000_000).optional(),
    restock: z.boolean().default(false),
    note: Note.default(''),
    /** Accept after the return window (admins only, with a note). */
    override_window: z.boolean().default(false),
    refund_to: RefundToField,
    request_key: RequestKey,
  })
  .strict();
export type AcceptReturnBody = z.infer<typeof AcceptReturnBody>;

export const RejectReturnBody = z
  .object({
    reason: z.string().trim().min(1, 'reason is required').max(1000, 'reason must be at most 1000 characters'),
  })
  .strict();
export type RejectReturnBody = z.infer<typeof RejectReturnBody>;

export const ReturnDecisionResponse = z.object({
  message: z.string(),
  repeated: z.boolean(),
  /** An exchange's replacement order. */
  exchange_order_id: z.number().int().nullable().default(null),
  return: ReturnDetail,
});
export type ReturnDecisionResponse = z.infer<typeof ReturnDecisionResponse>;

/**
 * Why a refund is in the queue of those that need a person: the provider failed it, has not
 * settled it, moved money outside the shop; or (a cash-on-delivery order's) the shop owes it
 * by its own transfer, to be recorded with its UTR.
 */
export const REFUND_ISSUES = ['failed', 'pending', 'outside', 'transfer'] as const;
export const RefundIssue = z.object({
  kind: z.enum(REFUND_ISSUES),
  /** Our refund (failed, pending): the retry's id. */
  refund_id: z.number().int().nullable(),
  /** The provider's report (outside the shop, disputes): marked resolved by hand. */
  incident_id: z.number().int().nullable(),
  order_id: z.number().int().nullable(),
  amount: z.number().nullable(),
  /** The provider's reason or status, as it gave it. */
  reason: z.string(),
  provider_ref: z.string().nullable(),
  created_at: z.string(),
});
export type RefundIssue = z.infer<typeof RefundIssue>;
export const RefundIssues = z.object({ data: z.array(RefundIssue), pending_days: z.number().int() });
export type RefundIssues = z.infer<typeof RefundIssues>;

export const RefundIdParams = EnquiryIdParams;
export const RefundActionBody = z.object({ note: Note.default('') }).strict();
/** The reference of the shop's own transfer (bank or UPI) that paid a refund back: its UTR. */
export const TransferBody = z
  .object({
    reference: z
      .string({ error: 'reference is required' })
      .trim()
      .regex(/^[A-Za-z0-9-]{6,40}$/, 'reference must be the transfer’s UTR: 6 to 40 letters, digits or -'),
  })
  .strict();
export type TransferBody = z.infer<typeof TransferBody>;
export const RefundActionResponse = z.object({ message: z.string(), repeated: z.boolean() });
export type RefundActionResponse = z.infer<typeof RefundActionResponse>;
