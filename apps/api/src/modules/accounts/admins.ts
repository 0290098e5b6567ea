import { and, asc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import { users } from './accounts.schema';

/** An admin who can sign in: not disabled, not deleted (a deleted account keeps its role on its row). */
export const enabledAdmin = and(eq(users.role, 'admin'), isNull(users.disabledAt), isNull(users.deletedAt));

export const LAST_ADMIN =
  'The shop must keep at least one admin who can sign in: make someone else admin first (Staff, Change role)';

/**
 * Refuses, inside the caller's transaction, a change that would take the
 * account `userId` away from the enabled admins (disable, demote, delete)
 * when it is the last of them. Every enabled admin's row is locked first, in
 * id order, before the caller locks its own target: two admins demoting
 * each other at once are then run one after the other, and the second sees
 * the first's change (each alone would leave one admin, both together none).
 */
export async function keepAnAdmin(tx: DbOrTx, userId: number): Promise<void> {
  const admins = await tx.select({ id: users.id }).from(users).where(enabledAdmin).orderBy(asc(users.id)).for('update');
  if (admins.length === 1 && admins[0]!.id === userId) throw new AppError('conflict', LAST_ADMIN);
}
