import { createCookie } from 'react-router';
import { shopContext, type Args } from './api.server';

/**
 * The password recovery's steps (forgot password → code → new password)
 * carry the email, then the checked code, in a short-lived signed HttpOnly
 * cookie: never in the address (logs, history, shared links) and without a
 * script, so the pages work before theirs run.
 */
export interface Recovery {
  email: string;
  /** Set once the code has been checked (the OTP page). */
  otp?: string;
}

function recoveryCookie({ context }: Pick<Args, 'context'>) {
  const { secureCookies, cookieSecret } = shopContext(context);
  return createCookie('recovery', {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: secureCookies,
    secrets: [cookieSecret],
    maxAge: 30 * 60,
  });
}

export async function readRecovery(args: Args): Promise<Recovery | null> {
  const value: unknown = await recoveryCookie(args).parse(args.request.headers.get('cookie'));
  if (typeof value !== 'object' || value === null) return null;
  const { email, otp } = value as Partial<Recovery>;
  if (typeof email !== 'string') return null;
  return typeof otp === 'string' ? { email, otp } : { email };
}

export const recoveryHeader = (args: Pick<Args, 'context'>, recovery: Recovery) =>
  recoveryCookie(args).serialize(recovery);

export const endRecoveryHeader = (args: Pick<Args, 'context'>) => recoveryCookie(args).serialize('', { maxAge: 0 });
