import { and, eq, inArray, sql } from 'drizzle-orm';
import type { UnitOfWork } from '../../../context';
import type { DbOrTx } from '../../../db/client';
import { settingsOf } from '../../settings/settings.service';
import { orderStatusHistory } from '../orders.schema';

const DAY_MS = 24 * 60 * 60 * 1000;

/** When each order was marked delivered (its last move to 'delivered'). */
export async function deliveredAt(db: DbOrTx, orderIds: number[]): Promise<Map<number, Date>> {
  if (orderIds.length === 0) return new Map();
  const found = await db
    .select({ orderId: orderStatusHistory.orderId, at: sql<Date>`max(${orderStatusHistory.createdAt})` })
    .from(orderStatusHistory)
    .where(and(inArray(orderStatusHistory.orderId, orderIds), eq(orderStatusHistory.toStatus, 'delivered')))
    .groupBy(orderStatusHistory.orderId);
  return new Map(found.map((r) => [r.orderId, new Date(r.at)]));
}

/** The return window (RETURN_WINDOW_DAYS after delivery, docs/back-office.md): open until delivered, and then for N days. */
export function returnWindow(delivered: Date | undefined, days: number, now = Date.now()) {
  const ends = delivered ? new Date(delivered.getTime() + days * DAY_MS) : null;
  return { ends, within: ends === null || now <= ends.getTime() };
}

/** One order's return window as it stands now (the shop's setting, its delivery in the history). */
export async function returnWindowOf(work: UnitOfWork, orderId: number) {
  const delivered = (await deliveredAt(work.db, [orderId])).get(orderId);
  return returnWindow(delivered, (await settingsOf(work)).return_window_days);
}
