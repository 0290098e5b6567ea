import { z } from 'zod';
import { AuditEntry } from './admin';
import { OrderStatus } from './orders';
import { RequestKey } from './admin-returns';
import { StoreCredit } from './credit';

/** Shoppers and enquiries in the back office (docs/back-office.md). */

export const CustomersQuery = z
  .object({
    q: z.string().trim().max(100, 'search must be at most 100 characters').optional(),
    before_id: z.coerce.number().int().positive().optional(),
    limit: z.coerce.number().int().min(1).max(100).default(30),
  })
  .strict();
export type CustomersQuery = z.infer<typeof CustomersQuery>;

export const CustomerRow = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  orders_count: z.number().int(),
  /** Paid orders, net of refunds. */
  total_spent: z.number(),
  last_order_at: z.string().nullable(),
  disabled: z.boolean(),
  /** Bought without an account: no password, reached by the email and phone they gave. */
  guest: z.boolean().default(false),
  created_at: z.string(),
});
export type CustomerRow = z.infer<typeof CustomerRow>;
export const CustomersPage = z.object({ data: z.array(CustomerRow), next_before_id: z.number().int().nullable() });
export type CustomersPage = z.infer<typeof CustomersPage>;

export const ENQUIRY_STATUSES = ['new', 'answered', 'closed'] as const;
export const EnquiryStatus = z.enum(ENQUIRY_STATUSES, { error: 'status must be new, answered or closed' });
export type EnquiryStatus = z.infer<typeof EnquiryStatus>;

export const EnquiryRow = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  message: z.string(),
  status: EnquiryStatus,
  order_id: z.number().int().nullable(),
  user_id: z.number().int().nullable(),
  is_return: z.boolean(),
  return_decision: z.enum(['accepted', 'rejected']).nullable(),
  replies: z.number().int(),
  created_at: z.string(),
});
export type EnquiryRow = z.infer<typeof EnquiryRow>;

export const CustomerDetail = z.object({
  customer: CustomerRow,
  addresses: z.array(
    z.object({
      id: z.number().int(),
      address: z.string(),
      locality: z.string(),
      city: z.string(),
      state: z.string(),
      pincode: z.string(),
      country: z.string(),
      phone: z.string(),
    }),
  ),
  orders: z.array(
    z.object({
      id: z.number().int(),
      status: OrderStatus,
      status_label: z.string(),
      total: z.number(),
      created_at: z.string(),
    }),
  ),
  enquiries: z.array(EnquiryRow),
  audit: z.array(AuditEntry),
  /** An account's store credit; null for a guest, who has no account to hold it. */
  credit: StoreCredit.nullable(),
});
export type CustomerDetail = z.infer<typeof CustomerDetail>;

const Note = z.string().trim().max(500, 'note must be at most 500 characters');
export const CustomerActionBody = z.object({ note: Note.default('') }).strict();
export const CustomerActionResponse = z.object({
  message: z.string(),
  repeated: z.boolean(),
  customer: CustomerRow,
});
export type CustomerActionResponse = z.infer<typeof CustomerActionResponse>;

export const EnquiriesQuery = z
  .object({
    status: EnquiryStatus.optional(),
    kind: z.enum(['message', 'return'], { error: 'kind must be message or return' }).optional(),
    before_id: z.coerce.number().int().positive().optional(),
    limit: z.coerce.number().int().min(1).max(100).default(30),
  })
  .strict();
export type EnquiriesQuery = z.infer<typeof EnquiriesQuery>;

export const EnquiriesPage = z.object({
  data: z.array(EnquiryRow),
  counts: z.record(z.string(), z.number().int()),
  next_before_id: z.number().int().nullable(),
});
export type EnquiriesPage = z.infer<typeof EnquiriesPage>;

export const EnquiryDetail = z.object({
  enquiry: EnquiryRow,
  replies: z.array(
    z.object({ id: z.number().int(), body: z.string(), author: z.string().nullable(), created_at: z.string() }),
  ),
  order: z
    .object({ id: z.number().int(), status: OrderStatus, status_label: z.string(), total: z.number() })
    .nullable(),
});
export type EnquiryDetail = z.infer<typeof EnquiryDetail>;

export const ReplyBody = z
  .object({
    message: z.string().trim().min(1, 'message is required').max(4000, 'message must be at most 4000 characters'),
    /** Close the enquiry with this reply (else it is answered). */
    close: z.boolean().default(false),
    request_key: RequestKey,
  })
  .strict();
export type ReplyBody = z.infer<typeof ReplyBody>;

export const EnquiryStatusBody = z.object({ status: EnquiryStatus }).strict();
export const EnquiryResponse = z.object({ message: z.string(), repeated: z.boolean(), enquiry: EnquiryDetail });
export type EnquiryResponse = z.infer<typeof EnquiryResponse>;
