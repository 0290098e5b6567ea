import { eq, sql } from 'drizzle-orm';
import { preparedQuery, type DbOrTx } from '../../db/client';
import { users } from './accounts.schema';

/**
 * Locks the shopper's row until the transaction ends, so a shopper's own
 * writes that check a limit (count, then insert) or a key (idempotency)
 * run one at a time. NO KEY UPDATE, not UPDATE: rows that refer to the
 * shopper (a new session, a cart line) can still be written meanwhile.
 */
export async function lockUser(tx: DbOrTx, userId: number): Promise<void> {
  await userLock(tx).execute({ userId });
}

const userLock = preparedQuery((tx) =>
  tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.id, sql.placeholder('userId')))
    .for('no key update')
    .prepare('lock_user'),
);
