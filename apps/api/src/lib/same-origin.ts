import type { IncomingHttpHeaders } from 'node:http';
import { MESSAGES } from '@shop/contract';
import { AppError } from './errors';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Methods that change something, which a cookie must not be enough to authorise from another site. */
export const isUnsafeMethod = (method: string) => UNSAFE_METHODS.has(method.toUpperCase());

/**
 * Whether a request was sent by the shop's own pages: its Origin is the shop's
 * (PUBLIC_URL), or, for a browser that sends no Origin, Sec-Fetch-Site says
 * same-origin. A request with neither is refused: every browser that could
 * carry the shopper's cookie sends one of them on a POST.
 */
export function fromShopOrigin(headers: IncomingHttpHeaders, shopOrigin: string): boolean {
  const origin = headers.origin;
  if (typeof origin === 'string' && origin !== '') return origin === shopOrigin;
  const site = headers['sec-fetch-site'];
  return site === 'same-origin' || site === 'none';
}

/** The 403 for a cookie-authenticated change that did not come from the shop's pages. */
export const crossSiteRefused = () => new AppError('forbidden', MESSAGES.crossSiteRefused);
