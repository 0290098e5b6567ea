import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preparedQuery, type Database } from '../src/db/client';
import { settings } from '../src/modules/settings/settings.schema';
import { openTestDatabase } from './helpers';

let database: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
});
afterAll(() => drop?.());

let built = 0;
const settingByKey = preparedQuery((db) => {
  built += 1;
  return db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, sql.placeholder('key')))
    .prepare('test_setting_by_key');
});

describe('preparedQuery', () => {
  it('builds a query once per connection, and inside a transaction runs on that transaction', async () => {
    const db = database.db;
    await db.insert(settings).values({ key: 'prepared.a', value: 'committed' });
    expect(await settingByKey(db).execute({ key: 'prepared.a' })).toEqual([{ value: 'committed' }]);
    expect(await settingByKey(db).execute({ key: 'prepared.a' })).toEqual([{ value: 'committed' }]);
    const afterDb = built;

    for (const round of [1, 2]) {
      await db
        .transaction(async (tx) => {
          await tx.insert(settings).values({ key: `prepared.tx${round}`, value: 'uncommitted' });
          // Sees the transaction's own row: the query ran on the transaction's connection.
          expect(await settingByKey(tx).execute({ key: `prepared.tx${round}` })).toEqual([{ value: 'uncommitted' }]);
          tx.rollback();
        })
        .catch((err: unknown) => {
          if (!(err instanceof Error) || !/rollback/i.test(err.message)) throw err;
        });
      expect(await settingByKey(db).execute({ key: `prepared.tx${round}` })).toEqual([]);
    }
    expect(afterDb).toBe(1);
    // A transaction's connection gets its own build (PGlite makes a new one per transaction).
    expect(built).toBeGreaterThanOrEqual(2);
    expect(built).toBeLessThanOrEqual(3);
  });
});
