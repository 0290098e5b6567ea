import { DISCOUNT_CODE_PATTERN, discountCookie } from '@shop/contract';

/**
 * A link that carries a discount code (`/?code=DIWALI20` on any storefront
 * page; docs/product.md 'Discount codes'): the code is kept in a cookie the
 * cart and the checkout read, and the shopper is sent to the same address
 * without it (303), so the page they land on is an ordinary one and the code
 * never sits in a cached page, the history or a referrer. A code no shop code
 * could be is dropped. Null when the address carries no code, and for the
 * back office, whose invitation links carry a `code` of another kind.
 */
export function codeLink(url: string, secureCookies: boolean): { location: string; cookie: string | null } | null {
  const q = url.indexOf('?');
  // The back office's links carry codes of their own (an invitation's).
  if (q === -1 || url.startsWith('/admin')) return null;
  const params = new URLSearchParams(url.slice(q + 1));
  if (!params.has('code')) return null;
  const code = params.get('code')!.trim();
  params.delete('code');
  const rest = params.toString();
  const location = url.slice(0, q) + (rest ? `?${rest}` : '');
  return { location, cookie: DISCOUNT_CODE_PATTERN.test(code) ? discountCookie(code, secureCookies) : null };
}
