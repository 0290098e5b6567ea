import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { pageViews } from './analytics.schema';

/** An account being deleted: its page views stay counted, no longer linked to anyone. */
export async function forgetPageViews(db: DbOrTx, userId: number): Promise<void> {
  await db.update(pageViews).set({ userId: null }).where(eq(pageViews.userId, userId));
}
