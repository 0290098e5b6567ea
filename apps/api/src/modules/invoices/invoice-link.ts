import { createHmac } from 'node:crypto';
import { safeEqual } from '../../lib/safe-equal';

const INVOICE_LINK_TTL_SECONDS = 24 * 60 * 60;

/** A download link only its holder can use, for a day (the order's owner gets it with the order). */
export function invoiceLink(secret: string, orderId: number, now = Date.now()): string {
  const expires = Math.floor(now / 1000) + INVOICE_LINK_TTL_SECONDS;
  return `/api/v1/orders/${orderId}/invoice?expires=${expires}&signature=${signInvoice(secret, orderId, expires)}`;
}

export const signInvoice = (secret: string, orderId: number, expires: number) =>
  createHmac('sha256', secret).update(`invoice:${orderId}:${expires}`).digest('base64url');

/** A link's signature, checked in constant time, and its expiry. */
export function invoiceLinkValid(secret: string, orderId: number, expires: number, signature: string): boolean {
  if (expires * 1000 <= Date.now()) return false;
  return safeEqual(signature, signInvoice(secret, orderId, expires));
}
