/** A shopper's orders and their payments. */
import { z } from 'zod';
import { IdParam, MessageBody } from '../common';
import { ClaimGuestOrdersBody, ClaimGuestOrdersResponse, GuestOrdersResponse } from '../guests';
import { CancelOrderBody, CancelOrderResponse, CodConfirmBody, OrderResponse, OrdersResponse } from '../orders';
import { PlaceOrderBody, PlaceOrderResponse, PaymentStart, PaymentStatusBody, PaymentStatusResponse } from '../orders';
import { QuoteBody, QuoteResponse } from '../orders';
import { endpoints } from './define';

const IdParams = z.object({ id: IdParam });
/** A signed document link's query (apps/api/src/modules/invoices/invoice-link.ts). */
const SignedLinkQuery = z.object({ expires: z.coerce.number().int(), signature: z.string().max(100) });
/** A retried order (docs/product.md 'Placing an order'): the same key answers the first order again. */
const IdempotencyHeaders = z.object({
  'idempotency-key': z
    .string()
    .trim()
    .min(8, 'Idempotency-Key must be 8 to 100 characters')
    .max(100, 'Idempotency-Key must be 8 to 100 characters')
    .optional(),
});
const TestPaymentBody = z
  .object({
    order_id: z.string().min(1).max(100),
    method: z.enum(['card', 'upi']),
    outcome: z.enum(['success', 'failure']),
  })
  .strict();

export const orderEndpoints = {
  ...endpoints(['orders'], {
    'orders.place': {
      method: 'POST',
      path: '/orders',
      auth: 'shopper',
      headers: IdempotencyHeaders,
      body: PlaceOrderBody,
      response: PlaceOrderResponse,
      status: 201,
      also: { 200: PlaceOrderResponse },
    },
    // The checkout's preview of the bag's one price (with a code, for an address and a shipping type).
    'orders.quote': {
      method: 'POST',
      path: '/checkout/quote',
      auth: 'shopper',
      body: QuoteBody,
      response: QuoteResponse,
    },
    'orders.list': { method: 'GET', path: '/orders', auth: 'shopper', response: OrdersResponse },
    'orders.get': { method: 'GET', path: '/orders/:id', auth: 'shopper', params: IdParams, response: OrderResponse },
    'orders.cancel': {
      method: 'POST',
      path: '/orders/cancel',
      auth: 'shopper',
      body: CancelOrderBody,
      response: CancelOrderResponse,
    },
    // Cash on delivery: the mailed code confirms the order; a new code may be asked for (rate limited).
    'orders.codConfirm': {
      method: 'POST',
      path: '/orders/:id/cod-confirmation',
      auth: 'shopper',
      params: IdParams,
      body: CodConfirmBody,
      response: CancelOrderResponse,
    },
    'orders.codResend': {
      method: 'POST',
      path: '/orders/:id/cod-code',
      auth: 'shopper',
      params: IdParams,
      response: MessageBody,
    },
    // An account's orders placed as a guest with its email, taken in once a mailed code proves the email.
    'orders.guestOrders': { method: 'GET', path: '/user/guest-orders', auth: 'shopper', response: GuestOrdersResponse },
    'orders.guestOrdersCode': {
      method: 'POST',
      path: '/user/guest-orders/code',
      auth: 'shopper',
      response: MessageBody,
    },
    'orders.claimGuestOrders': {
      method: 'POST',
      path: '/user/guest-orders/claim',
      auth: 'shopper',
      body: ClaimGuestOrdersBody,
      response: ClaimGuestOrdersResponse,
    },
    // PDFs behind signed links (docs/product.md): the signature in the query is the permission.
    'orders.invoice': {
      method: 'GET',
      path: '/orders/:id/invoice',
      auth: 'public',
      params: IdParams,
      query: SignedLinkQuery,
    },
    'orders.creditNote': {
      method: 'GET',
      path: '/orders/:id/credit-note',
      auth: 'public',
      params: IdParams,
      query: SignedLinkQuery,
    },
  }),
  ...endpoints(['payments'], {
    'payments.start': {
      method: 'POST',
      path: '/orders/:id/payment',
      auth: 'shopper',
      params: IdParams,
      response: PaymentStart,
    },
    'payments.status': {
      method: 'PUT',
      path: '/orders/payment-status',
      auth: 'shopper',
      body: PaymentStatusBody,
      response: PaymentStatusResponse,
    },
    // The provider's calls, verified by their signature: the raw body is read by the API, so no schema.
    'payments.webhook': { method: 'POST', path: '/payments/webhook', auth: 'public' },
  }),
  // Only while the built-in test provider is the shop's provider (its checkout page's script and button).
  ...endpoints([], {
    'testPayments.script': { method: 'GET', path: '/test-payments/checkout.js', auth: 'public', hide: true },
    'testPayments.pay': {
      method: 'POST',
      path: '/test-payments/pay',
      auth: 'public',
      body: TestPaymentBody,
      hide: true,
    },
  }),
};
