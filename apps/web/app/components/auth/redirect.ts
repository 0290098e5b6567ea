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
