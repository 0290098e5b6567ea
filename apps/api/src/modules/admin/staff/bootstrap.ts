import { count, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { users } from '../../accounts/accounts.schema';
import { accountWithEmail } from '../../accounts/guests';
import type { Env } from '../../../env';
import { enabledAdmin } from '../../accounts/admins';
import { spendAllCodes } from '../../accounts/otp.service';
import { hashPassword, verifyPassword } from '../../accounts/password';
import { revokeAllSessions } from '../../accounts/session.service';

interface Log {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export class NoAdminError extends Error {
  override name = 'NoAdminError';
}

/**
 * The owner's account from ADMIN_EMAIL / ADMIN_PASSWORD, at every start
 * (docs/back-office.md). Created when missing, with ADMIN_PASSWORD. Once it
 * exists its password is the owner's: ADMIN_PASSWORD is applied again only
 * when ADMIN_PASSWORD_RESET=true asks (its sessions then end), so a
 * password changed in the shop survives restarts. An account holding the
 * address without being admin may be a stranger's who registered it before
 * the first start (sign-up proves no email): it is promoted, but with
 * ADMIN_PASSWORD, its sessions and codes ended, never with the password it
 * had. A disabled owner is enabled again, so the owner can always get back
 * in. The log says which happened. Production refuses to start with neither
 * the settings nor an admin who can sign in.
 */
export async function ensureAdmin(db: Db, env: Env, log: Log): Promise<void> {
  if (!env.ADMIN_EMAIL || !env.ADMIN_PASSWORD) {
    if (env.NODE_ENV !== 'production') return;
    const [{ admins } = { admins: 0 }] = await db.select({ admins: count() }).from(users).where(enabledAdmin);
    if (admins === 0) {
      throw new NoAdminError(
        'No admin can sign in to the back office: set ADMIN_EMAIL and ADMIN_PASSWORD (see docs/back-office.md)',
      );
    }
    return;
  }
  const email = env.ADMIN_EMAIL.trim().toLowerCase();
  const [existing] = await db.select().from(users).where(accountWithEmail(email));
  if (!existing) {
    const passwordHash = await hashPassword(env.ADMIN_PASSWORD);
    await db.insert(users).values({ email, name: 'Shop admin', passwordHash, role: 'admin' });
    log.info({ email }, 'admin account created from ADMIN_EMAIL');
    return;
  }
  const changes: Partial<typeof users.$inferInsert> = {};
  const promoted = existing.role !== 'admin';
  if (promoted) {
    changes.role = 'admin';
    log.warn(
      { email, was: existing.role },
      `the account holding ADMIN_EMAIL was ${existing.role}: promoted to admin with ADMIN_PASSWORD, its sessions ended`,
    );
  }
  if (existing.disabledAt) {
    changes.disabledAt = null;
    log.warn({ email }, 'the admin account of ADMIN_EMAIL was disabled: enabled again');
  }
  let newPassword = promoted;
  if (!promoted && env.ADMIN_PASSWORD_RESET) {
    newPassword = !(await verifyPassword(existing.passwordHash, env.ADMIN_PASSWORD));
    log.warn(
      { email },
      newPassword
        ? 'admin password reset from ADMIN_PASSWORD, its sessions ended: unset ADMIN_PASSWORD_RESET now'
        : 'ADMIN_PASSWORD_RESET: the admin password already is ADMIN_PASSWORD, nothing reset',
    );
  } else if (!promoted) {
    log.info(
      { email },
      'the admin account of ADMIN_EMAIL exists: ADMIN_PASSWORD not applied (ADMIN_PASSWORD_RESET=true resets it)',
    );
  }
  if (newPassword) changes.passwordHash = await hashPassword(env.ADMIN_PASSWORD);
  if (Object.keys(changes).length === 0) return;
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(users.id, existing.id));
    if (newPassword) {
      await revokeAllSessions(tx, existing.id);
      await spendAllCodes(tx, existing.id);
    }
  });
}
