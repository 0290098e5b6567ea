import { ADMIN_IDLE_HOURS, ADMIN_MESSAGES, isStaffRole, type AdminLoginBody, type AdminUser } from '@shop/contract';
import type { AppContext } from '../../../context';
import { AppError } from '../../../lib/errors';
import { checkCredentials, type RequestInfo } from '../../accounts/accounts.service';
import { createSession, revokeSession } from '../../accounts/session.service';

/**
 * The back office's sign-in: the shopper's own password check and attempt
 * counters (accounts.service), then a session of its own kind that only
 * the admin routes accept, ending after 12 idle hours.
 */
export async function signIn(
  ctx: AppContext,
  body: AdminLoginBody,
  info: RequestInfo,
): Promise<{ token: string; expiresAt: Date; user: AdminUser }> {
  const user = await checkCredentials(ctx, body, info);
  if (!isStaffRole(user.role)) throw new AppError('forbidden', ADMIN_MESSAGES.noAccess);
  const { token, expiresAt } = await createSession(ctx.db, user.id, ADMIN_IDLE_HOURS / 24, 'admin');
  return { token, expiresAt, user: { id: user.id, name: user.name, email: user.email, role: user.role } };
}

export const signOut = (ctx: AppContext, token: string) => revokeSession(ctx.db, token);
