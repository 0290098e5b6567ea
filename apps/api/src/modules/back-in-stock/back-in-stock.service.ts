import { randomBytes } from 'node:crypto';
import {
  BACK_IN_STOCK_DAYS,
  MESSAGES,
  backInStockInStock,
  backInStockPromise,
  type BackInStockAnswer,
  type BackInStockBody,
  type BackInStockStopAnswer,
  type User,
} from '@shop/contract';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { UnitOfWork } from '../../context';
import type { DbOrTx } from '../../db/client';
import { invalid, notFound } from '../../lib/errors';
import { ipKey } from '../../lib/rate-limit';
import { pieceOf } from '../catalog/variants-on-sale';
import { backInStockRequests } from './back-in-stock.schema';

/**
 * Asking and stopping 'Tell me when it's back' (docs/product.md 'Back in
 * stock'). The telling itself is back-in-stock.notify.ts, the outbox's step.
 */

const DAY_MS = 86_400_000;
/** SQL: the request is still waiting (not told, not lapsed). */
export const isOpen = sql`${backInStockRequests.notifiedAt} is null and ${backInStockRequests.createdAt} > now() - ${`${BACK_IN_STOCK_DAYS} days`}::interval`;

const newToken = () => randomBytes(32).toString('base64url');

/**
 * A request for a sold-out size: an account's for its own email, a guest's
 * (rate limited per address, as the contact form is) for the one given.
 * Asking again for the same size and email is the same request (a lapsed one
 * starts afresh). The size's row is locked FOR SHARE while the request is
 * written: a restock waits for it, so its trigger sees the request, or it
 * came first and the size is refused as in stock.
 */
export async function askBackInStock(
  work: UnitOfWork,
  user: User | null,
  body: BackInStockBody,
): Promise<BackInStockAnswer> {
  const { app } = work;
  const account = user && !user.guest ? user : null;
  if (!account)
    await app.limiter.consume(`back-in-stock-ip:${ipKey(work.ip ?? '')}`, app.env.RATE_LIMIT_BACK_IN_STOCK_PER_IP);
  const email = account?.email ?? body.email;
  if (!email) throw invalid(['Please enter your email address']);
  return work.transaction(async (w) => {
    const piece = await pieceOf(w.db, body.variant_id, { share: true });
    if (!piece?.onSale) throw notFound(MESSAGES.productNotFound);
    if (piece.stock > 0) throw invalid([backInStockInStock(piece.label)]);
    const [stored] = await w.db
      .insert(backInStockRequests)
      .values({ variantId: piece.variantId, userId: account?.id ?? null, email, token: newToken() })
      .onConflictDoUpdate({
        target: [backInStockRequests.variantId, backInStockRequests.email],
        targetWhere: sql`${backInStockRequests.notifiedAt} is null`,
        set: {
          userId: sql`coalesce(${backInStockRequests.userId}, excluded.user_id)`,
          createdAt: sql`case when ${isOpen} then ${backInStockRequests.createdAt} else now() end`,
        },
      })
      .returning({ createdAt: backInStockRequests.createdAt });
    const lapsesAt = new Date(stored!.createdAt.getTime() + BACK_IN_STOCK_DAYS * DAY_MS).toISOString();
    return {
      message: backInStockPromise(email, piece.label, lapsesAt),
      data: { variant_id: piece.variantId, email, lapses_at: lapsesAt },
    };
  });
}

/** The email a way-out token was mailed to (any of its requests, told or not), or 404. */
async function emailOfToken(db: DbOrTx, token: string): Promise<string> {
  const [row] = await db
    .select({ email: backInStockRequests.email })
    .from(backInStockRequests)
    .where(eq(backInStockRequests.token, token));
  if (!row) throw notFound('This link has no requests left: nothing more will be sent about them');
  return row.email;
}

const openOf = (email: string) => and(eq(backInStockRequests.email, email), isNull(backInStockRequests.notifiedAt));

/** What the way out's page shows before the click: whose requests, how many still open. */
export async function stopInfo(work: UnitOfWork, token: string): Promise<BackInStockStopAnswer> {
  const email = await emailOfToken(work.db, token);
  const [count] = await work.db
    .select({ n: sql<number>`count(*)::int` })
    .from(backInStockRequests)
    .where(and(openOf(email), isOpen));
  const open = count?.n ?? 0;
  return {
    message:
      open > 0
        ? `Stop ${open === 1 ? 'the request' : `all ${open} requests`} for ${email}?`
        : `Nothing is waiting for ${email}.`,
    data: { email, open },
  };
}

/** The way out: this and every other open request of the email are gone (told ones stay, as the record of the mail). */
export async function stopRequests(work: UnitOfWork, token: string): Promise<BackInStockStopAnswer> {
  return work.transaction(async (w) => {
    const email = await emailOfToken(w.db, token);
    const gone = await w.db.delete(backInStockRequests).where(openOf(email)).returning({ id: backInStockRequests.id });
    return {
      message: `Done: we will not email ${email} about sizes coming back.${gone.length > 1 ? ` ${gone.length} requests were stopped.` : ''}`,
      data: { email, open: 0 },
    };
  });
}

/** The shopper's requests, for their copy of their data (the way-out token is not part of it). */
export async function requestsOf(db: DbOrTx, user: User) {
  const found = await db
    .select()
    .from(backInStockRequests)
    .where(sql`${backInStockRequests.userId} = ${user.id} or ${backInStockRequests.email} = ${user.email}`)
    .orderBy(asc(backInStockRequests.id));
  return found.map((r) => ({
    variant_id: r.variantId,
    email: r.email,
    created_at: r.createdAt.toISOString(),
    notified_at: r.notifiedAt?.toISOString() ?? null,
  }));
}

/** An account deleted: the requests it made go (a guest's request of the same email has its own way out). */
export async function forgetRequests(db: DbOrTx, userId: number): Promise<void> {
  await db.delete(backInStockRequests).where(eq(backInStockRequests.userId, userId));
}
