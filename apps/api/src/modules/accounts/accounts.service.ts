import {
  MESSAGES,
  type LoginBody,
  type RegisterBody,
  type ResetPasswordBody,
  type UpdateUserBody,
  type User,
} from '@shop/contract';
import { eq } from 'drizzle-orm';
import { unitOfWork, type AppContext } from '../../context';
import { users } from './accounts.schema';
import { accountWithEmail } from './guests';
import { AppError, notFound } from '../../lib/errors';
import { queueMail } from '../mail/mail.service';
import { mailMessage } from '../mail/templates/catalogue';
import { mailShop, renderMail } from '../mail/templates/render';
import { checkCode, consumeCode, issueCode } from './otp.service';
import { hashPassword, verifyPassword } from './password';
import { SHORT_SESSION_DAYS, createSession, revokeAllSessions, revokeSession, toUser } from './session.service';

/** Who is asking: the client's rate-limit key (`ipKey`: its address, or its IPv6 /64). */
export interface RequestInfo {
  ip: string;
}

const isUniqueViolation = (err: unknown) =>
  typeof err === 'object' && err !== null && ('code' in err ? err.code === '23505' : false);

async function findByEmail(ctx: AppContext, email: string) {
  const [user] = await ctx.db.select().from(users).where(accountWithEmail(email)).limit(1);
  return user;
}

/** The id of the account holding an email, if any (the back office records refused sign-ins by it). */
export async function accountIdOf(ctx: AppContext, email: string): Promise<number | null> {
  return (await findByEmail(ctx, email))?.id ?? null;
}

export async function register(ctx: AppContext, body: RegisterBody, info: RequestInfo): Promise<User> {
  await ctx.limiter.consume(`register-ip:${info.ip}`, ctx.env.RATE_LIMIT_REGISTRATIONS_PER_IP);
  const passwordHash = await hashPassword(body.password);
  try {
    const [user] = await ctx.db
      .insert(users)
      .values({ email: body.email, name: body.name ?? '', passwordHash })
      .returning();
    return toUser(user!);
  } catch (err) {
    // Two registrations racing for one email: the unique index decides.
    if (isUniqueViolation(err) || isUniqueViolation((err as { cause?: unknown }).cause)) {
      throw new AppError('invalid', MESSAGES.emailTaken);
    }
    throw err;
  }
}

// A real argon2id hash of a random password: unknown emails cost the same time as known ones.
const DECOY_HASH = '$argon2id$v=19$m=19456,t=2,p=1$Us2i629Pv0SmQ9Xpl7MXzA$GIgjMfv4LgxZhDiTfvD5wrQO2J1aWoKTY2EWAuOm+gI';

/**
 * The password check every sign-in shares (storefront and back office): the
 * attempt counters per address and per email+address, a decoy hash for
 * unknown emails, and a disabled account refused once the password is right.
 */
export async function checkCredentials(
  ctx: AppContext,
  body: { email: string; password: string },
  info: RequestInfo,
): Promise<typeof users.$inferSelect> {
  const { limiter, env } = ctx;
  const keys = loginKeys(body.email, info);
  await limiter.consume(`login-ip:${info.ip}`, env.RATE_LIMIT_LOGINS_PER_IP);
  // Every attempt is counted before the password is compared, so parallel guesses cannot
  // outrun the limit; a right password takes its count back. Per email AND address first:
  // a stranger's failures lock only the stranger's address, and once locked stop counting
  // towards the email's ceiling over every address (the backstop).
  await limiter.consume(keys.fromHere, env.RATE_LIMIT_LOGIN_FAILURES_PER_EMAIL_IP);
  await limiter.consume(keys.everywhere, env.RATE_LIMIT_LOGIN_FAILURES_PER_EMAIL);

  const user = await findByEmail(ctx, body.email);
  const ok = await verifyPassword(user?.passwordHash ?? DECOY_HASH, body.password);
  if (!user || !ok) throw new AppError('unauthorized', MESSAGES.invalidCredentials);
  await Promise.all([limiter.reset(keys.fromHere), limiter.undo(keys.everywhere)]);
  if (user.disabledAt) throw new AppError('forbidden', MESSAGES.accountDisabled);
  return user;
}

export async function login(
  ctx: AppContext,
  body: LoginBody,
  info: RequestInfo,
): Promise<{ token: string; expiresAt: Date; user: User }> {
  const user = await checkCredentials(ctx, body, info);
  const ttlDays = body.remember === false ? SHORT_SESSION_DAYS : ctx.env.SESSION_TTL_DAYS;
  const { token, expiresAt } = await createSession(ctx.db, user.id, ttlDays);
  return { token, expiresAt, user: toUser(user) };
}

const loginKeys = (email: string, info: RequestInfo) => ({
  fromHere: `login:${email}:${info.ip}`,
  everywhere: `login:${email}`,
});

export const logout = (ctx: AppContext, token: string) => revokeSession(ctx.db, token);

export async function updateProfile(ctx: AppContext, current: User, body: UpdateUserBody): Promise<User> {
  if (body.id !== current.id) throw new AppError('forbidden', MESSAGES.notYourProfile);
  const [user] = await ctx.db
    .update(users)
    .set({ name: body.name, phone: body.phone, updatedAt: new Date() })
    .where(eq(users.id, current.id))
    .returning();
  return toUser(user!);
}

export async function requestPasswordReset(ctx: AppContext, email: string, info: RequestInfo): Promise<void> {
  const { env, limiter } = ctx;
  await limiter.consume(`otp-request-ip:${info.ip}`, env.RATE_LIMIT_OTP_REQUESTS_PER_IP);
  await limiter.consume(`otp-request:${email}`, env.RATE_LIMIT_OTP_REQUESTS_PER_EMAIL);
  const user = await findByEmail(ctx, email);
  if (!user) throw notFound(MESSAGES.userNotFound);

  const code = await issueCode(ctx.db, user.id, 'password_reset', env.OTP_TTL_MINUTES);
  const mail = renderMail(
    mailShop(env),
    user.email,
    mailMessage('password_code', { name: user.name, shopName: env.SHOP_NAME, code, minutes: env.OTP_TTL_MINUTES }),
  );
  // Sent by the outbox worker after this answers; the code is blanked from the outbox once sent.
  await queueMail(unitOfWork(ctx, { kind: 'anonymous' }), mail, { secret: true });
}

async function checkResetCode(ctx: AppContext, email: string, otp: string, info: RequestInfo, missingUser: string) {
  await ctx.limiter.consume(`otp-check-ip:${info.ip}`, ctx.env.RATE_LIMIT_OTP_CHECKS_PER_IP);
  await ctx.limiter.consume(`otp-check:${email}`, ctx.env.RATE_LIMIT_OTP_CHECKS_PER_EMAIL);
  const user = await findByEmail(ctx, email);
  if (!user) throw notFound(missingUser);
  const check = await checkCode(ctx.db, user.id, 'password_reset', otp);
  if (!check.ok) {
    throw new AppError('invalid', check.reason === 'expired' ? MESSAGES.otpExpired : MESSAGES.invalidOtp);
  }
  return { user, codeId: check.id };
}

export async function verifyResetCode(ctx: AppContext, email: string, otp: string, info: RequestInfo): Promise<void> {
  await checkResetCode(ctx, email, otp, info, MESSAGES.userNotFoundWithEmail);
}

/** A new password spends the code and signs the user out everywhere. */
export async function resetPassword(ctx: AppContext, body: ResetPasswordBody, info: RequestInfo): Promise<void> {
  const { user, codeId } = await checkResetCode(ctx, body.email, body.otp, info, MESSAGES.userNotFound);
  const passwordHash = await hashPassword(body.new_password);
  await ctx.db.transaction(async (tx) => {
    if (!(await consumeCode(tx, codeId))) throw new AppError('invalid', MESSAGES.otpExpired);
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, user.id));
    await revokeAllSessions(tx, user.id);
  });
  const keys = loginKeys(user.email, info);
  await Promise.all([ctx.limiter.reset(keys.fromHere), ctx.limiter.reset(keys.everywhere)]);
}
