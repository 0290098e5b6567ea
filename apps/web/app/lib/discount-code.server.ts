import { DISCOUNT_CODE_PATTERN, DISCOUNT_COOKIE, discountCookie } from '@shop/contract';
import { shopContext, type Args } from './api.server';

/**
 * The discount code waiting for the checkout: carried in by a link
 * (`/?code=…`, kept by the server before any page renders) or applied at
 * checkout, until the order is placed or the shopper removes it.
 */
export function waitingCode({ request }: Pick<Args, 'request'>): string | undefined {
  for (const pair of (request.headers.get('cookie') ?? '').split(';')) {
    const [name, value = ''] = pair.trim().split('=', 2);
    if (name === DISCOUNT_COOKIE && DISCOUNT_CODE_PATTERN.test(value)) return value.toUpperCase();
  }
  return undefined;
}

/** The Set-Cookie that keeps `code` for the checkout, or forgets it (null). */
export const codeCookie = ({ context }: Pick<Args, 'context'>, code: string | null) =>
  discountCookie(code, shopContext(context).secureCookies);
