/**
 * Where to go after logging in: the `redirectTo` query value when it is a
 * path on this site ('/orders', '/contact-us?order=12'), otherwise '/'.
 * '//host' and '/\host' are other sites to a browser, so they are refused.
 */
export function safeRedirect(to: string | null | undefined, fallback = '/'): string {
  if (!to || !to.startsWith('/') || to.startsWith('//') || to.startsWith('/\\')) return fallback;
  // Control characters (tabs, new lines) are dropped by URL parsers and could hide a '//'.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(to)) return fallback;
  return to;
}
