import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { sessions, users } from './accounts.schema';
import type { RequestInfo } from './accounts.service';
import { createSession, hashToken } from './session.service';

/** The account holding an email (a guest's email opens nothing). */
export const accountWithEmail = (email: string) => and(eq(users.email, email), eq(users.kind, 'account'))!;

/** A guest's cart and orders stay with their cookie this long (docs/product.md 'Buying as a guest'). */
export const GUEST_SESSION_DAYS = 30;

/** How a guest is reached: what they typed at checkout. */
export interface GuestDetails {
  email: string;
  name: string;
  phone: string;
}

/** A new guest row: no password; its email, name and mobile come at checkout. */
export async function newGuest(
  db: DbOrTx,
  details: GuestDetails = { email: '', name: '', phone: '' },
): Promise<number> {
  const [row] = await db
    .insert(users)
    .values({ kind: 'guest', ...details, passwordHash: '' })
    .returning({ id: users.id });
  return row!.id;
}

/** A guest's details, as given at checkout (an account's row is never changed here). */
export async function setGuestDetails(db: DbOrTx, guestId: number, details: GuestDetails): Promise<void> {
  await db
    .update(users)
    .set({ ...details, updatedAt: new Date() })
    .where(and(eq(users.id, guestId), eq(users.kind, 'guest')));
}

/** A guest's session for a guest row (a new cart, an order's mailed link, the order-status page). */
export const guestSession = (db: DbOrTx, guestId: number) => createSession(db, guestId, GUEST_SESSION_DAYS);

/**
 * A visitor's first Add to Cart: a guest and their session, which the web
 * keeps in the same HttpOnly cookie an account's session uses. Counted per
 * client address, since each is a row until it lapses.
 */
export async function startGuest(ctx: AppContext, info: RequestInfo): Promise<{ token: string; expiresAt: Date }> {
  await ctx.limiter.consume(`guest-ip:${info.ip}`, ctx.env.RATE_LIMIT_GUESTS_PER_IP);
  return ctx.db.transaction(async (tx) => guestSession(tx, await newGuest(tx)));
}

/** A guest's session moved to another guest row (the same cookie, now for a new email). */
export async function moveSession(db: DbOrTx, token: string, toUserId: number): Promise<void> {
  await db
    .update(sessions)
    .set({ userId: toUserId })
    .where(eq(sessions.tokenHash, hashToken(token)));
}

/** What a user is, for a module that keeps something only for accounts (store credit): null when there is none. */
export async function kindOfUser(db: DbOrTx, userId: number): Promise<'account' | 'guest' | 'deleted' | null> {
  const [row] = await db
    .select({ kind: users.kind, deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) return null;
  return row.deletedAt ? 'deleted' : row.kind;
}
