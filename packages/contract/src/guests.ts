import { z } from 'zod';
import { Email, Otp } from './accounts';
import { AddressFields, checkPlace } from './addresses';
import { Id } from './common';

/**
 * Buying without an account (docs/product.md 'Buying as a guest'): a guest
 * is a buyer proven by nothing but a session cookie and the links mailed to
 * them. What the API takes and answers for them.
 */

/** An Indian mobile: ten digits, the first 6 to 9 (a landline or a made-up number is refused). */
export const INDIAN_MOBILE = /^[6-9]\d{9}$/;
export const INDIAN_MOBILE_MESSAGE = 'Please enter a 10-digit mobile number starting with 6, 7, 8 or 9';

/** A guest's session: for the cart at first, for the orders afterwards. */
export const GuestSessionResponse = z.object({
  token: z.string(),
  /** When the session ends (ISO 8601): the cart is kept this long. */
  expires_at: z.string(),
});

/**
 * What a guest gives at checkout: an email for the receipts and links, and the
 * delivery address, whose phone is the mobile the courier calls.
 */
export const GuestDetailsBody = AddressFields.extend({
  email: Email,
  name: z
    .string({ error: 'name is required' })
    .trim()
    .min(1, 'name is required')
    .max(80, 'name must be at most 80 characters'),
})
  .strict()
  .superRefine((d, ctx) => {
    checkPlace(d, ctx);
    if (d.country === 'India' && !INDIAN_MOBILE.test(d.phone)) {
      ctx.addIssue({ code: 'custom', path: ['phone'], message: INDIAN_MOBILE_MESSAGE });
    }
  });
export type GuestDetailsBody = z.infer<typeof GuestDetailsBody>;

/** A signed link of an order's mail (`/order-link/:id/:token`): opens that order's page. */
export const OrderLinkBody = z
  .object({ order_id: Id, token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'This link is not valid') })
  .strict();

/** The order-status page's question: an order's number and the email it was placed with. */
export const OrderStatusBody = z.object({ order_id: Id, email: Email }).strict();

/** A guest's session for the order a link or the order-status page found. */
export const OrderAccessResponse = GuestSessionResponse.extend({ order_id: z.number().int() });

/** A guest's cart taken into the account that just signed in. */
export const CartMergeBody = z.object({ guest_token: z.string().min(1).max(200) }).strict();

/** How many orders were placed as a guest with the account's email, waiting for the email to be proven. */
export const GuestOrdersResponse = z.object({ count: z.number().int() });
export const ClaimGuestOrdersBody = z.object({ otp: Otp }).strict();
export const ClaimGuestOrdersResponse = z.object({ message: z.string(), claimed: z.number().int() });
export type ClaimGuestOrdersBody = z.infer<typeof ClaimGuestOrdersBody>;
