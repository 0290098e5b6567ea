import { and, count, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { users } from '../../accounts/accounts.schema';
import type { Env } from '../../../env';
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
 * (docs/back-office.md): created when missing; a password changed in the
 * environment is applied (and the account's sessions end); a shopper who
 * holds that email is promoted and the log says so; a disabled one is
 * enabled again, so the owner can always get back in. Production refuses to
 * start with neither the settings nor an admin in the database.
 */
export async function ensureAdmin(db: Db, env: Env, log: Log): Promise<void> {
  if (!env.ADMIN_EMAIL || !env.ADMIN_PASSWORD) {
    if (env.NODE_ENV !== 'production') return;
    const [{ admins } = { admins: 0 }] = await db
      .select({ admins: count() })
      .from(users)
      .where(and(eq(users.role, 'admin'), isNull(users.disabledAt)));
    if (admins === 0) {
      throw new NoAdminError(
        'No admin can sign in to the back office: set ADMIN_EMAIL and ADMIN_PASSWORD (see docs/back-office.md)',
      );
    }
    return;
  }
  const email = env.ADMIN_EMAIL.trim().toLowerCase();
  const [existing] = await db.select().from(users).where(eq(users.email, email));
  if (!existing) {
    const passwordHash = await hashPassword(env.ADMIN_PASSWORD);
    await db.insert(users).values({ email, name: 'Shop admin', passwordHash, role: 'admin' });
    log.info({ email }, 'admin account created from ADMIN_EMAIL');
    return;
  }
  const changes: Partial<typeof users.$inferInsert> = {};
  if (existing.role !== 'admin') {
    changes.role = 'admin';
    log.warn({ email, was: existing.role }, 'the account holding ADMIN_EMAIL was promoted to admin');
  }
  if (existing.disabledAt) {
    changes.disabledAt = null;
    log.warn({ email }, 'the admin account of ADMIN_EMAIL was disabled: enabled again');
  }
  const passwordChanged = !(await verifyPassword(existing.passwordHash, env.ADMIN_PASSWORD));
  if (passwordChanged) {
    changes.passwordHash = await hashPassword(env.ADMIN_PASSWORD);
    log.info({ email }, 'admin password changed from ADMIN_PASSWORD; its sessions were ended');
  }
  if (Object.keys(changes).length === 0) return;
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(users.id, existing.id));
    if (passwordChanged) await revokeAllSessions(tx, existing.id);
  });
}
