import { ADMIN_IDLE_HOURS, ADMIN_MESSAGES, isStaffRole, type AdminLoginBody, type AdminUser } from '@shop/contract';
import { unitOfWork, type AppContext } from '../../../context';
import { AppError } from '../../../lib/errors';
import { accountIdOf, checkCredentials, type RequestInfo } from '../../accounts/accounts.service';
import { createSession, revokeSession } from '../../accounts/session.service';
import { audit } from '../../audit/audit.service';

/**
 * The back office's sign-in: the shopper's own password check and attempt
 * counters (accounts.service), then a session of its own kind that only
 * the admin routes accept, ending after 12 idle hours. Sign-ins, refused
 * ones (by the email tried, never the password) and sign-outs are audited.
 */
export async function signIn(
  ctx: AppContext,
  body: AdminLoginBody,
  info: RequestInfo,
): Promise<{ token: string; expiresAt: Date; user: AdminUser }> {
  let user: Awaited<ReturnType<typeof checkCredentials>>;
  try {
    user = await checkCredentials(ctx, body, info);
    if (!isStaffRole(user.role)) throw new AppError('forbidden', ADMIN_MESSAGES.noAccess);
  } catch (err) {
    // A wrong password, no such account, no access, disabled; not the limiter's 429 (nothing was compared).
    if (err instanceof AppError && (err.kind === 'unauthorized' || err.kind === 'forbidden')) {
      await recordRefusal(ctx, body.email, err, info);
    }
    throw err;
  }
  const { id, name, email, role } = user;
  return unitOfWork(ctx, { kind: role, userId: id }, ctx.log, info.ip).transaction(async (w) => {
    const { token, expiresAt } = await createSession(w.db, id, ADMIN_IDLE_HOURS / 24, 'admin');
    await audit(w, { action: 'staff.sign_in', entityType: 'user', entityId: id });
    return { token, expiresAt, user: { id, name, email, role } };
  });
}

async function recordRefusal(ctx: AppContext, email: string, err: AppError, info: RequestInfo): Promise<void> {
  const account = await accountIdOf(ctx, email);
  await unitOfWork(ctx, { kind: 'anonymous' }, ctx.log, info.ip).transaction((w) =>
    audit(w, {
      action: 'staff.sign_in_failed',
      entityType: 'user',
      entityId: account ?? 'unknown',
      after: { email, reason: err.message },
    }),
  );
}

export async function signOut(ctx: AppContext, staff: { id: number; role: AdminUser['role']; token: string }) {
  await unitOfWork(ctx, { kind: staff.role, userId: staff.id }).transaction(async (w) => {
    await revokeSession(w.db, staff.token);
    await audit(w, { action: 'staff.sign_out', entityType: 'user', entityId: staff.id });
  });
}
