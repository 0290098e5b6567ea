import { randomBytes } from 'node:crypto';
import {
  INVITE_DAYS,
  MESSAGES,
  isStaffRole,
  type AcceptInviteBody,
  type InviteBody,
  type StaffMember,
  type StaffRole,
} from '@shop/contract';
import { and, asc, eq, gt, inArray, isNull, ne, or } from 'drizzle-orm';
import type { UnitOfWork } from '../../../context';
import type { DbOrTx } from '../../../db/client';
import { oneTimeCodes, users } from '../../accounts/accounts.schema';
import { accountWithEmail } from '../../accounts/guests';
import { keepAnAdmin } from '../../accounts/admins';
import { AppError, notFound } from '../../../lib/errors';
import { checkCode, consumeCode, issueCode } from '../../accounts/otp.service';
import { hashPassword } from '../../accounts/password';
import { revokeAllSessions } from '../../accounts/session.service';
import { queueMail } from '../../mail/mail.service';
import { mailMessage } from '../../mail/templates/catalogue';
import { mailShop, renderMail } from '../../mail/templates/render';
import { audit } from '../../audit/audit.service';

/** Invitations sent and not yet used, by account: the role each offers (the latest link's). */
async function pendingInvitations(db: DbOrTx, userIds?: number[]): Promise<Map<number, StaffRole | null>> {
  const rows = await db
    .select({ userId: oneTimeCodes.userId, role: oneTimeCodes.grantsRole })
    .from(oneTimeCodes)
    .where(
      and(
        eq(oneTimeCodes.purpose, 'staff_invite'),
        isNull(oneTimeCodes.consumedAt),
        gt(oneTimeCodes.expiresAt, new Date()),
        userIds ? inArray(oneTimeCodes.userId, userIds) : undefined,
      ),
    )
    .orderBy(asc(oneTimeCodes.id));
  return new Map(rows.map((r) => [r.userId, r.role]));
}

/** The staff and admins, and the invitations not yet used (their accounts hold no role until then). */
export async function listStaff(work: UnitOfWork): Promise<StaffMember[]> {
  const pending = await pendingInvitations(work.db);
  const rows = await work.db
    .select()
    .from(users)
    .where(
      and(
        isNull(users.deletedAt),
        or(ne(users.role, 'customer'), pending.size ? inArray(users.id, [...pending.keys()]) : undefined),
      ),
    )
    .orderBy(asc(users.id));
  return rows.map((u) => ({
    id: u.id,
    name: u.name,
    email: u.email,
    role: (isStaffRole(u.role) ? u.role : pending.get(u.id)) === 'admin' ? 'admin' : 'staff',
    disabled: u.disabledAt !== null,
    invited: pending.has(u.id),
    created_at: u.createdAt.toISOString(),
  }));
}

/**
 * Invites a member of staff (docs/back-office.md): a single-use link to
 * choose a password is mailed, valid INVITE_DAYS days, and the role is
 * granted only when it is used. Sign-up proves no email, so an account that
 * already holds the address may be a stranger's who registered it first: it
 * stays as it is (a shopper's storefront works as before, the back office
 * refuses it) until the link sets a new password. A new address gets an
 * account without a role and with a password nobody knows. Inviting again
 * sends a new link and spends the old one; an account that already has a
 * role is refused (its role is changed with `changeRole`).
 */
export async function inviteStaff(work: UnitOfWork, body: InviteBody): Promise<void> {
  const { env } = work.app;
  const placeholder = await hashPassword(randomBytes(24).toString('base64url'));
  await work.transaction(async (w) => {
    const [existing] = await w.db.select().from(users).where(accountWithEmail(body.email)).for('update');
    if (existing && isStaffRole(existing.role)) {
      // Only a link mailed before invitations carried their role is sent again, for the same role.
      const unused = (await pendingInvitations(w.db, [existing.id])).has(existing.id);
      if (!unused || existing.role !== body.role) {
        throw new AppError(
          'conflict',
          `${body.email} is already ${existing.role}: to change their role, use Change role beside their name`,
        );
      }
    }
    const userId =
      existing?.id ??
      (
        await w.db
          .insert(users)
          .values({ email: body.email, name: body.name, passwordHash: placeholder })
          .returning({ id: users.id })
      )[0]!.id;
    const code = await issueCode(w.db, userId, 'staff_invite', INVITE_DAYS * 24 * 60, { grantsRole: body.role });
    const link = new URL('/admin/invite', env.PUBLIC_URL);
    link.searchParams.set('email', body.email);
    link.searchParams.set('code', code);
    const mail = renderMail(
      mailShop(env),
      body.email,
      mailMessage('staff_invite', {
        name: body.name,
        shopName: env.SHOP_NAME,
        role: body.role,
        url: `${link.pathname}${link.search}`,
        days: INVITE_DAYS,
      }),
    );
    await queueMail(w, mail, { secret: true });
    await audit(w, {
      action: 'staff.invite',
      entityType: 'user',
      entityId: userId,
      before: existing ? { role: existing.role } : null,
      after: { invited_as: body.role, email: body.email },
    });
  });
}

/**
 * The invitation's link: the password is set, the role the link offers is
 * granted (never lowered: an admin stays one), every earlier session ends
 * and the link is spent; the account then signs in at /admin/login.
 */
export async function acceptInvite(work: UnitOfWork, body: AcceptInviteBody): Promise<void> {
  const { limiter, env } = work.app;
  await limiter.consume(`otp-check-ip:${work.ip ?? 'none'}`, env.RATE_LIMIT_OTP_CHECKS_PER_IP);
  const expired = () =>
    new AppError('invalid', 'This invitation link has expired or was already used. Ask for a new one.');
  const [user] = await work.db.select().from(users).where(accountWithEmail(body.email));
  if (!user || user.disabledAt || user.deletedAt) throw expired();
  const check = await checkCode(work.db, user.id, 'staff_invite', body.code);
  if (!check.ok) throw check.reason === 'expired' ? expired() : new AppError('invalid', MESSAGES.invalidOtp);
  const passwordHash = await hashPassword(body.password);
  await work.transaction(async (w) => {
    const [code] = await w.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.id, check.id));
    const [now] = await w.db.select().from(users).where(eq(users.id, user.id)).for('update');
    if (!now || now.disabledAt || !(await consumeCode(w.db, check.id))) throw expired();
    const role = now.role === 'admin' ? 'admin' : (code?.grantsRole ?? (isStaffRole(now.role) ? now.role : null));
    if (!role) throw expired();
    await w.db.update(users).set({ passwordHash, role, updatedAt: new Date() }).where(eq(users.id, user.id));
    await revokeAllSessions(w.db, user.id);
    await audit(w.as({ kind: role, userId: user.id }), {
      action: 'staff.accept_invite',
      entityType: 'user',
      entityId: user.id,
      before: { role: now.role },
      after: { role },
    });
  });
}

/**
 * Disables or enables an account (staff here; shoppers use the same): a
 * disabled account's sessions are revoked in the same transaction, so it is
 * signed out at once, and it cannot sign in until enabled again.
 */
export async function setAccountDisabled(
  work: UnitOfWork,
  userId: number,
  disabled: boolean,
  only: 'staff' | 'customer',
): Promise<void> {
  const self = 'userId' in work.actor ? work.actor.userId : null;
  if (disabled && self === userId) throw new AppError('conflict', 'You cannot disable your own account');
  await work.transaction(async (w) => {
    if (disabled) await keepAnAdmin(w.db, userId);
    const [user] = await w.db.select().from(users).where(eq(users.id, userId)).for('update');
    // An invitation not yet used is listed with the staff, and may be stopped there.
    const inScope =
      !!user &&
      (only === 'customer'
        ? user.role === 'customer'
        : isStaffRole(user.role) || (await pendingInvitations(w.db, [user.id])).has(user.id));
    if (!user || !inScope) throw notFound('No such account');
    if ((user.disabledAt !== null) === disabled) return; // already so: a second click does nothing
    await w.db
      .update(users)
      .set({ disabledAt: disabled ? new Date() : null, updatedAt: new Date() })
      .where(eq(users.id, userId));
    if (disabled) await revokeAllSessions(w.db, userId);
    await audit(w, {
      action: disabled ? 'user.disable' : 'user.enable',
      entityType: 'user',
      entityId: userId,
      before: { disabled: !disabled },
      after: { disabled },
    });
  });
}
