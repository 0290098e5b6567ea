import { createHash, randomBytes } from 'node:crypto';
import type { User } from '@shop/contract';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { sessions, users } from '../../db/schema';

const DAY_MS = 24 * 60 * 60 * 1000;

/** 256 random bits; only the SHA-256 of a token is ever stored. */
export const newToken = () => randomBytes(32).toString('base64url');
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const toUser = (u: typeof users.$inferSelect): User => ({
  id: u.id,
  name: u.name,
  email: u.email,
  phone: u.phone,
  role: u.role,
});

export async function createSession(db: DbOrTx, userId: number, ttlDays: number): Promise<string> {
  const token = newToken();
  await db
    .insert(sessions)
    .values({ userId, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + ttlDays * DAY_MS) });
  return token;
}

/** The user a token belongs to, if the token is live (not expired, not revoked). */
export async function userForToken(db: DbOrTx, token: string): Promise<User | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const [row] = await db
    .select({ user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())),
    )
    .limit(1);
  return row ? toUser(row.user) : null;
}

export async function revokeSession(db: DbOrTx, token: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt)));
}

export async function revokeAllSessions(db: DbOrTx, userId: number): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}
