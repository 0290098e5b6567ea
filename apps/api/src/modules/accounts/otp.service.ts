import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { OTP_LENGTH } from '@shop/contract';
import { and, desc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { oneTimeCodes } from './accounts.schema';

export const MAX_OTP_ATTEMPTS = 5;
type Purpose = (typeof oneTimeCodes.$inferSelect)['purpose'];

const hashCode = (userId: number, code: string) => createHash('sha256').update(`${userId}:${code}`).digest();

type CodeFields = Pick<typeof oneTimeCodes.$inferInsert, 'newEmail' | 'grantsRole'>;

/**
 * A new code for the user; any earlier live code of the same purpose is spent. `fields`: the
 * address an `email_change` confirms, the role a `staff_invite` grants.
 */
export async function issueCode(
  db: DbOrTx,
  userId: number,
  purpose: Purpose,
  ttlMinutes: number,
  fields: CodeFields = {},
): Promise<string> {
  const code = String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
  await db
    .update(oneTimeCodes)
    .set({ consumedAt: new Date() })
    .where(and(eq(oneTimeCodes.userId, userId), eq(oneTimeCodes.purpose, purpose), isNull(oneTimeCodes.consumedAt)));
  await db.insert(oneTimeCodes).values({
    userId,
    purpose,
    codeHash: hashCode(userId, code).toString('hex'),
    expiresAt: new Date(Date.now() + ttlMinutes * 60_000),
    newEmail: fields.newEmail ?? null,
    grantsRole: fields.grantsRole ?? null,
  });
  return code;
}

/** Spends every live code of the user, whatever its purpose (the account changed hands). */
export async function spendAllCodes(db: DbOrTx, userId: number): Promise<void> {
  await db
    .update(oneTimeCodes)
    .set({ consumedAt: new Date() })
    .where(and(eq(oneTimeCodes.userId, userId), isNull(oneTimeCodes.consumedAt)));
}

export type CodeCheck = { ok: true; id: number } | { ok: false; reason: 'invalid' | 'expired' };

/**
 * Checks a code without spending it. The guess is counted BEFORE it is
 * compared, in one statement that counts only while fewer than five have been
 * counted and answers the code's row; only a counted guess is compared. So
 * however many guesses arrive at once, at most five wrong guesses are ever
 * compared. A right guess gives its count back (the shopper's code is checked
 * twice, at the check and at the reset, and must not use up their tries).
 * Expired, spent, used-up or missing codes are 'expired'.
 */
export async function checkCode(db: DbOrTx, userId: number, purpose: Purpose, code: string): Promise<CodeCheck> {
  const latestLive = db
    .select({ id: oneTimeCodes.id })
    .from(oneTimeCodes)
    .where(and(eq(oneTimeCodes.userId, userId), eq(oneTimeCodes.purpose, purpose), isNull(oneTimeCodes.consumedAt)))
    .orderBy(desc(oneTimeCodes.id))
    .limit(1);
  const [counted] = await db
    .update(oneTimeCodes)
    .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
    .where(
      and(
        inArray(oneTimeCodes.id, latestLive),
        isNull(oneTimeCodes.consumedAt),
        gt(oneTimeCodes.expiresAt, new Date()),
        lt(oneTimeCodes.attempts, MAX_OTP_ATTEMPTS),
      ),
    )
    .returning({ id: oneTimeCodes.id, codeHash: oneTimeCodes.codeHash });
  if (!counted) return { ok: false, reason: 'expired' };
  const matches = timingSafeEqual(Buffer.from(counted.codeHash, 'hex'), hashCode(userId, code));
  if (!matches) return { ok: false, reason: 'invalid' };
  await db
    .update(oneTimeCodes)
    .set({ attempts: sql`${oneTimeCodes.attempts} - 1` })
    .where(and(eq(oneTimeCodes.id, counted.id), gt(oneTimeCodes.attempts, 0)));
  return { ok: true, id: counted.id };
}

/** Spends a checked code; false when someone else spent it first. */
export async function consumeCode(db: DbOrTx, id: number): Promise<boolean> {
  const spent = await db
    .update(oneTimeCodes)
    .set({ consumedAt: new Date() })
    .where(and(eq(oneTimeCodes.id, id), isNull(oneTimeCodes.consumedAt)))
    .returning({ id: oneTimeCodes.id });
  return spent.length === 1;
}
