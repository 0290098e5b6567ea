import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { OTP_LENGTH } from '@shop/contract';
import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { oneTimeCodes } from '../../db/schema';

export const MAX_OTP_ATTEMPTS = 5;
type Purpose = (typeof oneTimeCodes.$inferSelect)['purpose'];

const hashCode = (userId: number, code: string) => createHash('sha256').update(`${userId}:${code}`).digest();

/** A new code for the user; any earlier live code of the same purpose is spent. */
export async function issueCode(db: DbOrTx, userId: number, purpose: Purpose, ttlMinutes: number): Promise<string> {
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
  });
  return code;
}

export type CodeCheck = { ok: true; id: number } | { ok: false; reason: 'invalid' | 'expired' };

/**
 * Checks a code without spending it. A wrong guess counts; the fifth spends
 * the code. Expired, spent or missing codes are 'expired'.
 */
export async function checkCode(db: DbOrTx, userId: number, purpose: Purpose, code: string): Promise<CodeCheck> {
  const [live] = await db
    .select()
    .from(oneTimeCodes)
    .where(and(eq(oneTimeCodes.userId, userId), eq(oneTimeCodes.purpose, purpose), isNull(oneTimeCodes.consumedAt)))
    .orderBy(desc(oneTimeCodes.id))
    .limit(1);
  if (!live || live.expiresAt <= new Date() || live.attempts >= MAX_OTP_ATTEMPTS)
    return { ok: false, reason: 'expired' };

  if (timingSafeEqual(Buffer.from(live.codeHash, 'hex'), hashCode(userId, code))) return { ok: true, id: live.id };

  // Counted atomically, so parallel guesses cannot exceed the allowance.
  await db
    .update(oneTimeCodes)
    .set({
      attempts: sql`${oneTimeCodes.attempts} + 1`,
      consumedAt: sql`case when ${oneTimeCodes.attempts} + 1 >= ${MAX_OTP_ATTEMPTS} then now() else null end`,
    })
    .where(
      and(eq(oneTimeCodes.id, live.id), isNull(oneTimeCodes.consumedAt), lt(oneTimeCodes.attempts, MAX_OTP_ATTEMPTS)),
    );
  return { ok: false, reason: 'invalid' };
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
