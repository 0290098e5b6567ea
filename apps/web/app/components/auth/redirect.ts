import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useAuth } from '~/lib/auth';

const SITE = 'https://shop.invalid';
// eslint-disable-next-line no-control-regex -- control characters are what it looks for
const UNSAFE = /[\u0000-\u001f\u007f\\]/;

/**
 * The one check of every `redirectTo`-style value (after login, after saving
 * an address...): a path on this site ('/orders', '/contact-us?order=12'),
 * otherwise `fallback`. Browsers read '\' as '/' and drop tabs and new lines,
 * so '//host', '/\host', '/\t/host' and their percent-encoded forms
 * ('/%5Chost', '/%2F%2Fhost') could lead to another site: refused, as are
 * absolute and `javascript:` URLs.
 */
export function safeRedirect(to: string | null | undefined, fallback = '/'): string {
  if (typeof to !== 'string' || !to.startsWith('/') || to.startsWith('//') || UNSAFE.test(to)) return fallback;
  const path = to.split(/[?#]/, 1)[0]!;
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return fallback;
  }
  if (decoded.startsWith('//') || UNSAFE.test(decoded)) return fallback;
  const url = new URL(to, SITE);
  return url.origin === SITE ? `${url.pathname}${url.search}${url.hash}` : fallback;
}

/**
 * Spec §2: login and signup send a visitor who is already signed in to '/'.
 * Decided once, when the stored session has been read: signing in on the page
 * itself is handled by the form (it goes to `redirectTo`).
 */
export function useRedirectIfSignedIn(to = '/'): boolean {
  const { status } = useAuth();
  const navigate = useNavigate();
  const decided = useRef(false);
  const leaving = status === 'signed-in' && !decided.current;
  useEffect(() => {
    if (decided.current || status === 'loading') return;
    decided.current = true;
    if (status === 'signed-in') void navigate(to, { replace: true });
  }, [status, navigate, to]);
  return leaving;
}
