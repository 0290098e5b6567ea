import { readCookie, serializeCookie } from '@shop/contract';
import { shopContext, type Args } from './api.server';

/** The shopper's answer about Google Analytics (docs/product.md, Analytics), kept for a year. */
export type Consent = 'granted' | 'denied';
const NAME = 'analytics_consent';
const YEAR_SECONDS = 365 * 24 * 60 * 60;

export function readConsent({ request }: Pick<Args, 'request'>): Consent | null {
  const value = readCookie(request.headers.get('cookie'), NAME);
  return value === 'granted' || value === 'denied' ? value : null;
}

export const consentCookie = ({ context }: Pick<Args, 'context'>, choice: Consent) =>
  serializeCookie(NAME, choice, { secure: shopContext(context).secureCookies, maxAge: YEAR_SECONDS });
