import { createHash, randomBytes } from 'node:crypto';
import type { User } from '@shop/contract';
import { and, eq, gt, isNull, sql, type SQL } from 'drizzle-orm';
import { preparedQuery, type Db, type DbOrTx } from '../../db/client';
import type { SESSION_KINDS } from './accounts.schema';
import { sessions, users } from './accounts.schema';

export type SessionKind = (typeof SESSION_KINDS)[number];

const DAY_MS = 24 * 60 * 60 * 1000;
/** A session without 'Remember Me' (docs/product.md#screens): the browser forgets its cookie on closing, the server after a day. */
export const SHORT_SESSION_DAYS = 1;

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
  guest: u.kind === 'guest',
});

/** A user by id (an account or a guest); null when there is none. */
export async function userById(db: DbOrTx, id: number): Promise<User | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row ? toUser(row) : null;
}

export async function createSession(
  db: DbOrTx,
  userId: number,
  ttlDays: number,
  kind: SessionKind = 'shop',
): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const expiresAt = new Date(Date.now() + ttlDays * DAY_MS);
  await db.insert(sessions).values({ userId, tokenHash: hashToken(token), expiresAt, kind });
  return { token, expiresAt };
}

/**
 * The user of a live storefront session (not expired, not revoked, its user
 * not disabled), with `more` of theirs in the same statement: columns
 * computed over `users.id`. A prepared query named `name`.
 */
function liveSessionQuery<More extends Record<string, SQL.Aliased>>(
  name: string,
  more: (userId: typeof users.id) => More,
) {
  return preparedQuery((db) =>
    db
      .select({ user: users, ...more(users.id) })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          eq(sessions.tokenHash, sql.placeholder('tokenHash')),
          eq(sessions.kind, 'shop'),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, sql.placeholder('now')),
          isNull(users.disabledAt),
        ),
      )
      .limit(1)
      .prepare(name),
  );
}

/**
 * The storefront session's user and, in the same statement, `more` of
 * theirs (what another module computes over `users.id`: a page's shopper
 * reads their cart's and wishlist's shapes so), or null when the token is not
 * a live session's. `userForToken` is this with nothing more.
 */
export function sessionUserWith<More extends Record<string, SQL.Aliased>>(
  name: string,
  more: (userId: typeof users.id) => More,
) {
  const query = liveSessionQuery(name, more);
  return async (db: Db, token: string) => {
    if (!TOKEN_PATTERN.test(token)) return null;
    const [row] = await query(db).execute({ tokenHash: hashToken(token), now: new Date().toISOString() });
    if (!row) return null;
    const { user, ...rest } = row as { user: typeof users.$inferSelect } & Record<string, unknown>;
    return { user: toUser(user), ...(rest as { [K in keyof More]: More[K]['_']['type'] }) };
  };
}

const userOfToken = sessionUserWith('user_of_token_hash', () => ({}));

/**
 * The shopper a storefront token belongs to, if the token is live (not
 * expired, not revoked, its user not disabled). Every signed-in call asks
 * this; a back-office token is not a storefront session.
 */
export async function userForToken(db: Db, token: string): Promise<User | null> {
  return (await userOfToken(db, token))?.user ?? null;
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

export interface RenewedSession {
  token: string;
  expiresAt: Date;
  /** The old session was a 'Remember Me' one: the new one lasts as long, and so may its cookie. */
  remember: boolean;
}

/**
 * A changed password ends every session of the user, the one that changed
 * it (`token`) too, which goes on under a new token: a fresh storefront
 * session of the same kind, a day or `ttlDays` as the old one was.
 */
export async function renewSession(
  db: DbOrTx,
  userId: number,
  token: string,
  ttlDays: number,
): Promise<RenewedSession> {
  const [old] = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.tokenHash, hashToken(token)), eq(sessions.userId, userId)));
  const remember = !!old && old.expiresAt.getTime() - old.createdAt.getTime() > SHORT_SESSION_DAYS * DAY_MS + 60_000;
  await revokeAllSessions(db, userId);
  const fresh = await createSession(db, userId, remember ? ttlDays : SHORT_SESSION_DAYS);
  return { ...fresh, remember };
}

export interface LiveSession {
  id: number;
  kind: SessionKind;
  expiresAt: Date;
  user: User;
  disabled: boolean;
}

/** Any live session of a token, whatever its kind: the back office tells a shopper (403) from a stranger (401). */
export async function liveSession(db: Db, token: string): Promise<LiveSession | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())),
    )
    .limit(1);
  if (!row) return null;
  const { session, user } = row;
  return {
    id: session.id,
    kind: session.kind,
    expiresAt: session.expiresAt,
    user: toUser(user),
    disabled: !!user.disabledAt,
  };
}

/** Slides a session's end to `expiresAt` (the back office's idle expiry). */
export async function extendSession(db: DbOrTx, sessionId: number, expiresAt: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ expiresAt })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}
