import { createCookie, redirect, replace } from 'react-router';
import { shopContext, type Args } from './api.server';
import type { Flash } from './flash';

/**
 * Messages that outlive a redirect (post, redirect, get): an action leaves one
 * in a short-lived signed cookie, the root loader reads and forgets it, and
 * the page shows it (a status line, or a toast once the scripts run: flash.tsx).
 */
const FLASH_SECONDS = 60;

function flashCookie({ context }: Pick<Args, 'context'>) {
  const { secureCookies, cookieSecret } = shopContext(context);
  return createCookie('flash', {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: secureCookies,
    secrets: [cookieSecret],
    maxAge: FLASH_SECONDS,
  });
}

const isFlash = (value: unknown): value is Flash =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Flash).id === 'string' &&
  typeof (value as Flash).text === 'string' &&
  ['success', 'error', 'info'].includes((value as Flash).kind);

/** The Set-Cookie header that leaves `flash` for the next page. */
export const flashHeader = (args: Pick<Args, 'context'>, flash: Omit<Flash, 'id'>) =>
  flashCookie(args).serialize({ ...flash, id: crypto.randomUUID() });

/** Whether a message is already waiting to be shown (a later one must not replace it). */
export const hasFlash = ({ request }: Pick<Args, 'request'>) =>
  /(?:^|;\s*)flash=/.test(request.headers.get('cookie') ?? '');

/** The message left for this page, and the Set-Cookie header that forgets it. */
export async function takeFlash(args: Args): Promise<{ flash: Flash | null; clear: string | null }> {
  if (!hasFlash(args)) return { flash: null, clear: null };
  const cookie = flashCookie(args);
  const value: unknown = await cookie.parse(args.request.headers.get('cookie'));
  return { flash: isFlash(value) ? value : null, clear: await cookie.serialize('', { maxAge: 0 }) };
}

interface RedirectOptions {
  /** More Set-Cookie values (the session's). */
  cookies?: string[];
  /** Replace the current history entry (back to the same page, from a fetcher). */
  replace?: boolean;
  /** Reload the root's data too (who is signed in, the cart), even after a plain navigation. */
  revalidate?: boolean;
}

/** Redirects with a message for the next page. */
export async function redirectWithFlash(
  args: Pick<Args, 'context'>,
  to: string,
  flash: Omit<Flash, 'id'> | null,
  options: RedirectOptions = {},
): Promise<Response> {
  const headers = new Headers();
  if (flash) headers.append('set-cookie', await flashHeader(args, flash));
  for (const cookie of options.cookies ?? []) headers.append('set-cookie', cookie);
  if (options.revalidate) headers.set('X-Remix-Revalidate', 'yes');
  return (options.replace ? replace : redirect)(to, { headers });
}
