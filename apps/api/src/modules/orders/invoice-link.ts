import { createHmac } from 'node:crypto';
import { safeEqual } from '../../lib/safe-equal';

const INVOICE_LINK_TTL_SECONDS = 24 * 60 * 60;

/** The documents an order's owner may download by a signed link: its tax invoice and its credit note. */
export type OrderDocument = 'invoice' | 'credit-note';

/** A download link only its holder can use, for a day (the order's owner gets it with the order). */
export function invoiceLink(
  secret: string,
  orderId: number,
  now = Date.now(),
  kind: OrderDocument = 'invoice',
): string {
  const expires = Math.floor(now / 1000) + INVOICE_LINK_TTL_SECONDS;
  return `/api/v1/orders/${orderId}/${kind}?expires=${expires}&signature=${signInvoice(secret, orderId, expires, kind)}`;
}

export const signInvoice = (secret: string, orderId: number, expires: number, kind: OrderDocument = 'invoice') =>
  createHmac('sha256', secret).update(`${kind}:${orderId}:${expires}`).digest('base64url');

/** A link's signature, checked in constant time, and its expiry. */
export function invoiceLinkValid(
  secret: string,
  orderId: number,
  expires: number,
  signature: string,
  kind: OrderDocument = 'invoice',
): boolean {
  if (expires * 1000 <= Date.now()) return false;
  return safeEqual(signature, signInvoice(secret, orderId, expires, kind));
}
