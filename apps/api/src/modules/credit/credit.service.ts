import {
  CREDIT_SOURCE_LABELS,
  toPaise,
  toRupees,
  formatRupees,
  type GrantCreditBody,
  type GrantCreditResponse,
  type StoreCredit,
} from '@shop/contract';
import { and, asc, desc, eq, gt, sql, type SQL } from 'drizzle-orm';
import type { UnitOfWork } from '../../context';
import type { DbOrTx } from '../../db/client';
import { AppError, notFound } from '../../lib/errors';
import { kindOfUser } from '../accounts/guests';
import { audit } from '../audit/audit.service';
import { settingsOf } from '../settings/settings.service';
import { storeCredit, storeCreditSpends, type CREDIT_SOURCES } from './credit.schema';

const DAY = 24 * 60 * 60 * 1000;

/** An amount to credit to an account. */
export interface Credit {
  userId: number;
  source: (typeof CREDIT_SOURCES)[number];
  amountPaise: number;
  /** The shopper reads it in their account. */
  reason: string;
  orderId?: number;
  /** The refund paid into it: the same refund again credits nothing more. */
  refundId?: number;
  /** A grant's page: the same submit again gives nothing more. */
  requestKey?: string;
}

/** Only an account holds credit: a guest has nowhere to keep it, or spend it. */
export const NO_ACCOUNT = 'A guest has no account to keep store credit: give the money back to the payment instead';

/**
 * Credits an account (docs/product.md 'Store credit') inside the caller's
 * transaction: an amount that may be spent until the shop's expiry setting's
 * days from now. One credit per refund and per request key: a replay answers
 * the credit already given.
 */
export async function addCredit(work: UnitOfWork, c: Credit): Promise<{ id: number; repeated: boolean }> {
  if (!work.inTransaction) throw new Error('addCredit() runs inside the change’s transaction');
  // A grant is at least ₹1; a refund's part (what was left of the credit an order spent) may be less.
  if (!Number.isSafeInteger(c.amountPaise) || c.amountPaise < (c.source === 'grant' ? 100 : 1))
    throw new RangeError('credit is a whole number of paise, a grant at least ₹1');
  const kind = await kindOfUser(work.db, c.userId);
  if (kind === null || kind === 'deleted') throw notFound('Shopper not found');
  if (kind === 'guest') throw new AppError('conflict', NO_ACCOUNT);
  const days = (await settingsOf(work)).store_credit_expiry_days;
  const [inserted] = await work.db
    .insert(storeCredit)
    .values({
      userId: c.userId,
      source: c.source,
      amountPaise: c.amountPaise,
      remainingPaise: c.amountPaise,
      reason: c.reason,
      orderId: c.orderId ?? null,
      refundId: c.refundId ?? null,
      grantedBy: c.source === 'grant' && 'userId' in work.actor ? work.actor.userId : null,
      requestKey: c.requestKey ?? null,
      expiresAt: new Date(Date.now() + days * DAY),
    })
    .onConflictDoNothing()
    .returning({ id: storeCredit.id });
  if (inserted) return { id: inserted.id, repeated: false };
  const [earlier] = await work.db
    .select({ id: storeCredit.id })
    .from(storeCredit)
    .where(
      c.refundId !== undefined ? eq(storeCredit.refundId, c.refundId) : eq(storeCredit.requestKey, c.requestKey ?? ''),
    );
  if (!earlier) throw new Error('store credit neither written nor found');
  return { id: earlier.id, repeated: true };
}

/** What an account may spend now: what is left of its credits not yet expired, in paise. */
export async function balanceOf(db: DbOrTx, userId: number, now = new Date()): Promise<number> {
  const [row] = await db
    .select({ paise: sql<number>`coalesce(sum(${storeCredit.remainingPaise}), 0)::int` })
    .from(storeCredit)
    .where(and(eq(storeCredit.userId, userId), gt(storeCredit.expiresAt, now)));
  return row?.paise ?? 0;
}

/** An account's live credits, soonest-expiring first, locked in the caller's transaction. */
export type LockedCredit = readonly { id: number; remainingPaise: number }[];

/**
 * Locks an account's live credits for spending (docs/product.md 'Store credit'), inside the
 * placing transaction, soonest-expiring first. Placing locks them as it reads the balance it
 * offers, then spends from them (spendCredit): one read, not a balance and then the locks.
 */
export async function lockCredit(work: UnitOfWork, userId: number): Promise<LockedCredit> {
  if (!work.inTransaction) throw new Error('lockCredit() runs inside the order’s transaction');
  return work.db
    .select({ id: storeCredit.id, remainingPaise: storeCredit.remainingPaise })
    .from(storeCredit)
    .where(
      and(eq(storeCredit.userId, userId), gt(storeCredit.expiresAt, sql`now()`), gt(storeCredit.remainingPaise, 0)),
    )
    .orderBy(asc(storeCredit.expiresAt), asc(storeCredit.id))
    .for('update');
}

/** What locked credits add up to. */
export const balanceOfLocked = (lots: LockedCredit) => lots.reduce((n, l) => n + l.remainingPaise, 0);

/**
 * Spends an account's credit on an order (docs/product.md 'Store credit'), inside the
 * placing transaction: the live credits are locked (lockCredit, or `locked` when the caller
 * locked them already), soonest-expiring first, and each gives what it has until the amount
 * is paid. Two checkouts spending the same credit at once take turns on those locks, so
 * credit is spent once and never goes below zero: the second finds less and is refused in
 * words (the checkout shows the new balance). The lots taken from and the spend are written
 * in one statement. Answers the amount spent.
 */
export async function spendCredit(
  work: UnitOfWork,
  spend: { userId: number; orderId: number; amountPaise: number },
  locked?: LockedCredit,
): Promise<number> {
  if (!work.inTransaction) throw new Error('spendCredit() runs inside the order’s transaction');
  if (spend.amountPaise === 0) return 0;
  const lots = locked ?? (await lockCredit(work, spend.userId));
  const balance = balanceOfLocked(lots);
  if (balance < spend.amountPaise) {
    throw new AppError('conflict', CREDIT_CHANGED, [
      `Your store credit is now ${formatRupees(toRupees(balance))}, less than the ${formatRupees(toRupees(spend.amountPaise))} the checkout meant to spend`,
    ]);
  }
  let owed = spend.amountPaise;
  const takes: SQL[] = [];
  for (const lot of lots) {
    if (owed === 0) break;
    const take = Math.min(owed, lot.remainingPaise);
    takes.push(sql`(${lot.id}::integer, ${take}::integer)`);
    owed -= take;
  }
  await work.db.execute(sql`with taken as (
      update ${storeCredit} set remaining_paise = ${storeCredit}.remaining_paise - t.take
      from (values ${sql.join(takes, sql`, `)}) as t(id, take)
      where ${storeCredit}.id = t.id
    ) ${work.db.insert(storeCreditSpends).values(spend).getSQL()}`);
  return spend.amountPaise;
}

/** The checkout meant to spend more credit than is left (another order spent it meanwhile). */
export const CREDIT_CHANGED = 'Your store credit changed: please check the total and order again';

/** An account's store credit as the account and the back office show it: the balance, what expires next, each amount. */
export async function creditOf(db: DbOrTx, userId: number, now = new Date()): Promise<StoreCredit> {
  const [rows, spends] = await Promise.all([
    db.select().from(storeCredit).where(eq(storeCredit.userId, userId)).orderBy(desc(storeCredit.id)),
    db.select().from(storeCreditSpends).where(eq(storeCreditSpends.userId, userId)).orderBy(desc(storeCreditSpends.id)),
  ]);
  const live = rows.filter((r) => r.expiresAt > now && r.remainingPaise > 0);
  const soonest = live.reduce<(typeof rows)[number] | null>(
    (first, r) => (first === null || r.expiresAt < first.expiresAt ? r : first),
    null,
  );
  const nextPaise = soonest
    ? live
        .filter((r) => r.expiresAt.getTime() === soonest.expiresAt.getTime())
        .reduce((n, r) => n + r.remainingPaise, 0)
    : 0;
  return {
    balance: toRupees(live.reduce((n, r) => n + r.remainingPaise, 0)),
    next_expiry: soonest ? { amount: toRupees(nextPaise), on: soonest.expiresAt.toISOString() } : null,
    entries: rows.map((r) => ({
      id: r.id,
      source: r.source,
      source_label: CREDIT_SOURCE_LABELS[r.source],
      amount: toRupees(r.amountPaise),
      remaining: toRupees(r.remainingPaise),
      reason: r.reason,
      order_id: r.orderId,
      created_at: r.createdAt.toISOString(),
      expires_at: r.expiresAt.toISOString(),
      expired: r.expiresAt <= now,
    })),
    spends: spends.map((r) => ({
      order_id: r.orderId,
      amount: toRupees(r.amountPaise),
      created_at: r.createdAt.toISOString(),
    })),
  };
}

/**
 * An admin gives an account store credit with a reason (docs/back-office.md
 * 'Store credit'): audited, once per page however often it is submitted.
 */
export async function grantCredit(
  work: UnitOfWork,
  userId: number,
  body: GrantCreditBody,
): Promise<GrantCreditResponse> {
  const amountPaise = toPaise(body.amount);
  const { repeated } = await work.transaction(async (w) => {
    const given = await addCredit(w, {
      userId,
      source: 'grant',
      amountPaise,
      reason: body.reason,
      requestKey: `grant:${userId}:${body.request_key}`,
    });
    if (!given.repeated) {
      await audit(w, {
        action: 'credit.grant',
        entityType: 'user',
        entityId: userId,
        after: { amount: body.amount, credit: given.id },
        note: body.reason,
      });
    }
    return given;
  });
  // A repeat answers as the first did (a double click shows the owner the
  // credit given, not a puzzle); `repeated` says nothing more was added.
  return {
    message: `${formatRupees(body.amount)} of store credit given: the shopper sees it in their account`,
    repeated,
    credit: await creditOf(work.db, userId),
  };
}
