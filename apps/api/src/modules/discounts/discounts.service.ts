import { and, eq, getTableName, gt, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { DiscountCodeRules } from '../pricing/discount-terms';
import { discountCodes } from './discounts.schema';

export type DiscountCodeRow = typeof discountCodes.$inferSelect;

/** Codes are case-insensitive: kept and looked up in capitals, spaces around ignored. */
export const normalCode = (code: string) => code.trim().toUpperCase();

export async function findCode(db: DbOrTx, code: string): Promise<DiscountCodeRow | null> {
  const [row] = await db
    .select()
    .from(discountCodes)
    .where(eq(discountCodes.code, normalCode(code)));
  return row ?? null;
}

/**
 * The code as placing an order reads it, in the order's transaction: a code
 * on and without a limit on total uses has its row share-locked in the same
 * statement (the lock takeUse would take in one of its own; `shared` says it
 * was). The lock is taken on the row as it is once any write to it is
 * committed, so `shared` is false if meanwhile it was switched off or given a
 * limit: takeUse then looks again.
 */
const codesTable = sql.identifier(getTableName(discountCodes));
export async function findCodeToUse(tx: DbOrTx, code: string): Promise<(DiscountCodeRow & { shared: boolean }) | null> {
  const [row] = await tx
    .select({
      row: discountCodes,
      // The outer row named in full: Drizzle leaves a one-table select's columns unqualified.
      shared: sql<boolean>`exists (select 1 from ${discountCodes} as locked
        where locked.id = ${codesTable}.id and locked.max_uses is null and locked.active for share)`,
    })
    .from(discountCodes)
    .where(eq(discountCodes.code, normalCode(code)));
  return row ? { ...row.row, shared: row.shared } : null;
}

export const rulesOf = (row: DiscountCodeRow): DiscountCodeRules => ({
  code: row.code,
  kind: row.kind,
  value: row.value,
  minSubtotalPaise: row.minSubtotalPaise,
  startsAt: row.startsAt,
  endsAt: row.endsAt,
  maxUses: row.maxUses,
  uses: row.uses,
  maxUsesPerBuyer: row.maxUsesPerBuyer,
  firstOrderOnly: row.firstOrderOnly,
  categoryIds: row.categoryIds,
  collectionIds: row.collectionIds,
  excludeSaleItems: row.excludeSaleItems,
  active: row.active,
});

/**
 * Takes one use of the code for an order, inside the order's transaction.
 * A code limited in total uses is counted by one statement that counts a
 * use only while uses are left, so a code with 3 uses left gives exactly 3
 * orders however many race for it (the row stays locked until the commit).
 * A code without that limit keeps no count (docs/product.md 'Discount
 * codes'): its orders only share a lock on its row, which never waits for
 * another order, so a festival code used by everyone at once does not queue
 * them; the back office counts its orders instead, and recounts before it
 * gives such a code a limit (it locks the row, so it waits for the orders in
 * flight). The caller checked the code's other conditions.
 */
export async function takeUse(
  tx: DbOrTx,
  code: Pick<DiscountCodeRow, 'id' | 'code' | 'maxUses'> & { shared?: boolean },
): Promise<void> {
  // Share-locked as it was read, on and without a limit (findCodeToUse): nothing left to do.
  if (code.shared) return;
  if (code.maxUses === null) {
    const [still] = await tx
      .select({ maxUses: discountCodes.maxUses, active: discountCodes.active })
      .from(discountCodes)
      .where(eq(discountCodes.id, code.id))
      .for('share');
    if (still?.active && still.maxUses === null) return;
  }
  const [taken] = await tx
    .update(discountCodes)
    .set({ uses: sql`${discountCodes.uses} + 1` })
    .where(
      and(
        eq(discountCodes.id, code.id),
        eq(discountCodes.active, true),
        or(isNull(discountCodes.maxUses), sql`${discountCodes.uses} < ${discountCodes.maxUses}`),
      ),
    )
    .returning({ id: discountCodes.id });
  if (!taken) {
    const message = `The code ${code.code} has just been used up or switched off.`;
    throw new AppError('invalid', message, [message], 'discount_refused');
  }
}

/** Gives an order's use back (an unpaid order cancelled or expired) to a code that counts them; once per order. */
export async function giveUseBack(tx: DbOrTx, codeId: number): Promise<void> {
  await tx
    .update(discountCodes)
    .set({ uses: sql`${discountCodes.uses} - 1` })
    .where(and(eq(discountCodes.id, codeId), isNotNull(discountCodes.maxUses), gt(discountCodes.uses, 0)));
}
