import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useAuth } from '~/lib/auth';

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
