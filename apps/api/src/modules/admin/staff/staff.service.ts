import { randomBytes } from 'node:crypto';
import { INVITE_DAYS, MESSAGES, type AcceptInviteBody, type InviteBody, type StaffMember } from '@shop/contract';
import { and, asc, eq, gt, inArray, isNull, ne } from 'drizzle-orm';
import type { UnitOfWork } from '../../../context';
import { oneTimeCodes, users } from '../../accounts/accounts.schema';
import { AppError, notFound } from '../../../lib/errors';
import { checkCode, consumeCode, issueCode } from '../../accounts/otp.service';
import { hashPassword } from '../../accounts/password';
import { revokeAllSessions } from '../../accounts/session.service';
import { queueMail } from '../../mail/mail.service';
import { mailMessage } from '../../mail/templates/catalogue';
import { mailShop, renderMail } from '../../mail/templates/render';
import { audit } from '../audit/audit.service';

export async function listStaff(work: UnitOfWork): Promise<StaffMember[]> {
  const rows = await work.db.select().from(users).where(ne(users.role, 'customer')).orderBy(asc(users.id));
  const pending = rows.length
    ? await work.db
        .select({ userId: oneTimeCodes.userId })
        .from(oneTimeCodes)
        .where(
          and(
            inArray(
              oneTimeCodes.userId,
              rows.map((r) => r.id),
            ),
            eq(oneTimeCodes.purpose, 'staff_invite'),
            isNull(oneTimeCodes.consumedAt),
            gt(oneTimeCodes.expiresAt, new Date()),
          ),
        )
    : [];
  const invited = new Set(pending.map((p) => p.userId));
  return rows.map((u) => ({
    id: u.id,
    name: u.name,
    email: u.email,
    role: u.role === 'admin' ? 'admin' : 'staff',
    disabled: u.disabledAt !== null,
    invited: invited.has(u.id),
    created_at: u.createdAt.toISOString(),
  }));
}

/**
 * Invites a member of staff (docs/back-office.md): the account is made (or a
 * shopper's account given the role), and a single-use link to choose a
 * password is mailed, valid INVITE_DAYS days. Inviting again sends a new link
 * and spends the old one.
 */
export async function inviteStaff(work: UnitOfWork, body: InviteBody): Promise<void> {
  const { env } = work.app;
  const placeholder = await hashPassword(randomBytes(24).toString('base64url'));
  await work.transaction(async (w) => {
    const [existing] = await w.db.select().from(users).where(eq(users.email, body.email)).for('update');
    let userId: number;
    if (!existing) {
      const [made] = await w.db
        .insert(users)
        .values({ email: body.email, name: body.name, passwordHash: placeholder, role: body.role })
        .returning({ id: users.id });
      userId = made!.id;
    } else {
      if (existing.role === body.role && !existing.disabledAt) {
        const live = await w.db
          .select({ id: oneTimeCodes.id })
          .from(oneTimeCodes)
          .where(
            and(
              eq(oneTimeCodes.userId, existing.id),
              eq(oneTimeCodes.purpose, 'staff_invite'),
              isNull(oneTimeCodes.consumedAt),
            ),
          );
        if (live.length === 0)
          throw new AppError('conflict', `${body.email} is already ${body.role} and has signed up`);
      }
      userId = existing.id;
      await w.db.update(users).set({ role: body.role, updatedAt: new Date() }).where(eq(users.id, userId));
    }
    const code = await issueCode(w.db, userId, 'staff_invite', INVITE_DAYS * 24 * 60);
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
      after: { role: body.role, email: body.email },
    });
  });
}

/** The invitation's link: the password is set, the link spent; the account then signs in at /admin/login. */
export async function acceptInvite(work: UnitOfWork, body: AcceptInviteBody): Promise<void> {
  const { limiter, env } = work.app;
  await limiter.consume(`otp-check-ip:${work.ip ?? 'none'}`, env.RATE_LIMIT_OTP_CHECKS_PER_IP);
  const expired = () =>
    new AppError('invalid', 'This invitation link has expired or was already used. Ask for a new one.');
  const [user] = await work.db.select().from(users).where(eq(users.email, body.email));
  if (!user || user.role === 'customer' || user.disabledAt) throw expired();
  const check = await checkCode(work.db, user.id, 'staff_invite', body.code);
  if (!check.ok) throw check.reason === 'expired' ? expired() : new AppError('invalid', MESSAGES.invalidOtp);
  const passwordHash = await hashPassword(body.password);
  await work.transaction(async (w) => {
    if (!(await consumeCode(w.db, check.id))) throw expired();
    await w.db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, user.id));
    await revokeAllSessions(w.db, user.id);
    await audit(w.as({ kind: user.role === 'admin' ? 'admin' : 'staff', userId: user.id }), {
      action: 'staff.accept_invite',
      entityType: 'user',
      entityId: user.id,
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
    const [user] = await w.db.select().from(users).where(eq(users.id, userId)).for('update');
    if (!user || (only === 'staff') !== (user.role !== 'customer')) throw notFound('No such account');
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
