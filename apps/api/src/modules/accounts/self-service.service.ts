import { MESSAGES, type ChangePasswordBody, type User } from '@shop/contract';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { UnitOfWork } from '../../context';
import { oneTimeCodes, sessions, users } from './accounts.schema';
import { accountWithEmail } from './guests';
import { AppError } from '../../lib/errors';
import { queueMail } from '../mail/mail.service';
import { mailMessage } from '../mail/templates/catalogue';
import { mailShop, renderMail } from '../mail/templates/render';
import { checkCode, consumeCode, issueCode } from './otp.service';
import { hashPassword, verifyPassword } from './password';
import { keepAnAdmin } from './admins';
import { renewSession, toUser, type RenewedSession } from './session.service';

/**
 * What a signed-in shopper does to their own account (docs/product.md, 'Your
 * account'; India's DPDP Act 2023 gives the last two): change the password or
 * the email, delete the account, download their data.
 */

const isUniqueViolation = (err: unknown): boolean =>
  typeof err === 'object' &&
  err !== null &&
  (('code' in err && err.code === '23505') || isUniqueViolation((err as { cause?: unknown }).cause));

/**
 * The password must be the account's: wrong guesses are counted like failed
 * logins (per account), so a borrowed session cannot try passwords for ever.
 */
async function confirmPassword(work: UnitOfWork, userId: number, password: string) {
  const { limiter, env } = work.app;
  const key = `password-check:${userId}`;
  await limiter.consume(key, env.RATE_LIMIT_LOGIN_FAILURES_PER_EMAIL_IP);
  const [row] = await work.db.select().from(users).where(eq(users.id, userId));
  if (!row || !(await verifyPassword(row.passwordHash, password))) {
    throw new AppError('invalid', MESSAGES.wrongCurrentPassword);
  }
  await limiter.reset(key);
  return row;
}

/**
 * A new password ends every session of the account, this one (`token`) too:
 * a token that may have leaked (the reason to change a password) stops
 * working everywhere. This session goes on under a new token, kept as long
 * as the old one was chosen to be ('Remember Me' or not).
 */
export async function changePassword(
  work: UnitOfWork,
  user: User,
  token: string,
  body: ChangePasswordBody,
): Promise<RenewedSession> {
  await confirmPassword(work, user.id, body.current_password);
  const passwordHash = await hashPassword(body.new_password);
  return work.transaction(async (w) => {
    await w.db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, user.id));
    return renewSession(w.db, user.id, token, work.app.env.SESSION_TTL_DAYS);
  });
}

/**
 * Step one of a new email: a code to the NEW address (the one-time code
 * machinery of the password reset, its limits and its five tries). The
 * address changes only when that code comes back (`confirmEmailChange`).
 */
export async function requestEmailChange(work: UnitOfWork, user: User, email: string): Promise<void> {
  const { env, limiter } = work.app;
  if (email === user.email) throw new AppError('invalid', MESSAGES.sameEmail, [MESSAGES.sameEmail]);
  await limiter.consume(`otp-request-ip:${work.ip ?? ''}`, env.RATE_LIMIT_OTP_REQUESTS_PER_IP);
  await limiter.consume(`otp-request:${email}`, env.RATE_LIMIT_OTP_REQUESTS_PER_EMAIL);
  const [taken] = await work.db.select({ id: users.id }).from(users).where(accountWithEmail(email));
  if (taken) throw new AppError('invalid', MESSAGES.emailTaken);
  await work.transaction(async (w) => {
    const code = await issueCode(w.db, user.id, 'email_change', env.OTP_TTL_MINUTES, { newEmail: email });
    const mail = renderMail(
      mailShop(env),
      email,
      mailMessage('email_change_code', {
        name: user.name,
        shopName: env.SHOP_NAME,
        email,
        code,
        minutes: env.OTP_TTL_MINUTES,
      }),
    );
    await queueMail(w, mail, { secret: true });
  });
}

/** Step two: the code from the new address makes it the account's; the old address is told. */
export async function confirmEmailChange(work: UnitOfWork, user: User, otp: string): Promise<User> {
  const { env, limiter } = work.app;
  await limiter.consume(`otp-check-ip:${work.ip ?? ''}`, env.RATE_LIMIT_OTP_CHECKS_PER_IP);
  await limiter.consume(`otp-check:${user.email}`, env.RATE_LIMIT_OTP_CHECKS_PER_EMAIL);
  const check = await checkCode(work.db, user.id, 'email_change', otp);
  if (!check.ok) {
    throw new AppError('invalid', check.reason === 'expired' ? MESSAGES.otpExpired : MESSAGES.invalidOtp);
  }
  try {
    return await work.transaction(async (w) => {
      const [code] = await w.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.id, check.id));
      if (!code?.newEmail || !(await consumeCode(w.db, check.id))) throw new AppError('invalid', MESSAGES.otpExpired);
      const [row] = await w.db
        .update(users)
        .set({ email: code.newEmail, updatedAt: new Date() })
        .where(eq(users.id, user.id))
        .returning();
      const notice = renderMail(
        mailShop(env),
        user.email,
        mailMessage('email_changed', {
          name: user.name,
          shopName: env.SHOP_NAME,
          email: code.newEmail,
          shopEmail: env.SHOP_EMAIL,
        }),
      );
      await queueMail(w, notice);
      return toUser(row!);
    });
  } catch (err) {
    // Someone registered the address between the code and its confirmation.
    if (isUniqueViolation(err)) throw new AppError('invalid', MESSAGES.emailTaken);
    throw err;
  }
}

/** The address a deleted account keeps instead of its email: unique, not anyone's, never mailed. */
export const tombstoneEmail = (userId: number) => `deleted-${userId}@deleted.invalid`;

/**
 * Deletes the account (docs/security.md, 'Deleting an account'): personal
 * data goes (name, phone, addresses, wishlist, cart, sessions, codes,
 * enquiries), the email becomes a tombstone and the password unusable, so
 * nobody can sign in to it again and the address is free to register anew.
 * Orders, their payments and invoices stay: GST law keeps them for years.
 */
export async function deleteAccount(work: UnitOfWork, user: User, password: string): Promise<void> {
  await confirmPassword(work, user.id, password);
  const tombstone = tombstoneEmail(user.id);
  await work.transaction(async (w) => {
    const { db } = w;
    // An admin's account too: never the last admin who can sign in.
    await keepAnAdmin(db, user.id);
    // Each module's part (src/personal-data.ts), one after another in this transaction.
    for (const part of w.app.personalData) await part.forget?.(db, user.id, tombstone);
    await db.delete(sessions).where(eq(sessions.userId, user.id));
    await db.delete(oneTimeCodes).where(eq(oneTimeCodes.userId, user.id));
    await db
      .update(users)
      // '!' is no argon2 hash: no password ever matches it.
      .set({ email: tombstone, name: '', phone: '', passwordHash: '!', deletedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(users.id, user.id), isNull(users.deletedAt)));
  });
}

/** Everything the shop holds about the shopper, as one JSON document (their copy, DPDP Act 2023). */
export async function exportMyData(work: UnitOfWork, user: User) {
  const parts = work.app.personalData.flatMap((p) => (p.key && p.copy ? [{ key: p.key, copy: p.copy }] : []));
  const [row] = await work.db.select().from(users).where(eq(users.id, user.id));
  const pending = await work.db
    .select({ email: oneTimeCodes.newEmail })
    .from(oneTimeCodes)
    .where(
      and(eq(oneTimeCodes.userId, user.id), eq(oneTimeCodes.purpose, 'email_change'), isNull(oneTimeCodes.consumedAt)),
    )
    .orderBy(desc(oneTimeCodes.id))
    .limit(1);
  return {
    exported_at: new Date().toISOString(),
    shop: work.app.env.SHOP_LEGAL_NAME,
    profile: {
      ...toUser(row!),
      created_at: row!.createdAt.toISOString(),
      email_change_pending: pending[0]?.email ?? null,
    },
    ...Object.fromEntries(await Promise.all(parts.map(async (p) => [p.key, await p.copy(work, user)] as const))),
  };
}
