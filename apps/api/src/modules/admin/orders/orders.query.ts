import type { AppContext } from '../../../context';
import { statusCounts } from '../../orders/order-figures';
import {
  ORDER_STATUS_LABELS,
  toRupees,
  type AdminOrderList,
  type AdminOrderQuery,
  type AdminOrderRow,
} from '@shop/contract';
import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lt,
  not,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { users } from '../../accounts/accounts.schema';
import { orders } from '../../orders/orders.schema';
import { invalid } from '../../../lib/errors';

type OrderRow = typeof orders.$inferSelect;

/** The shop keeps Indian time: a date filter's day runs from midnight IST. */
export const istDay = (date: string, plusDays = 0) => {
  const d = new Date(`${date}T00:00:00+05:30`);
  d.setUTCDate(d.getUTCDate() + plusDays);
  return d;
};

/** What the search box holds decides where it looks, so each search uses an index (migration 0005). */
function searchCondition(q: string): SQL {
  if (/^\d{1,9}$/.test(q)) return eq(orders.id, Number(q));
  if (/^\d{10}$/.test(q)) return eq(orders.phone, q);
  if (q.includes('@')) return eq(orders.email, q.toLowerCase());
  if (/^[a-z]+_[A-Za-z0-9]{6,}$/.test(q)) return eq(orders.paymentId, q);
  return ilike(orders.name, `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
}

const REFUND_STATUSES = ['refund_progress', 'cancelled_refund', 'refunded'] as const;

/** Keyset paging: the last row's time and id, so page 4,000 costs what page 1 does. */
const cursorOf = (o: OrderRow) => `${o.createdAt.toISOString()}~${o.id}`;
function parseCursor(after: string): { at: Date; id: number } {
  const [at, id] = after.split('~');
  const date = new Date(at ?? '');
  if (Number.isNaN(date.getTime()) || !/^\d+$/.test(id ?? '')) throw invalid(['after is not a page of this list']);
  return { at: date, id: Number(id) };
}

/** Whether the order's buyer is a guest (docs/product.md 'Buying as a guest'). */
export const byGuest = sql<boolean>`exists (select 1 from ${users} u where u.id = ${orders.userId} and u.kind = 'guest')`;

export const toRow = (o: OrderRow & { guest?: boolean }): AdminOrderRow => ({
  id: o.id,
  status: o.status,
  status_label: ORDER_STATUS_LABELS[o.status],
  created_at: o.createdAt.toISOString(),
  name: o.name,
  email: o.email,
  phone: o.phone,
  city: o.city,
  country: o.country,
  total: toRupees(o.totalPaise),
  shipping_type: o.shippingType,
  payment_id: o.paymentId,
  paid: o.paidAt !== null,
  guest: o.guest ?? false,
  payment_method: o.paymentMethod,
});

/** The back office's orders list: filters, search, a sort, keyset pages, and the tabs' counts. */
export async function listOrders(app: AppContext, db: DbOrTx, query: AdminOrderQuery): Promise<AdminOrderList> {
  const where: SQL[] = [];
  if (query.status) where.push(eq(orders.status, query.status));
  if (query.q) where.push(searchCondition(query.q));
  if (query.from) where.push(gte(orders.createdAt, istDay(query.from)));
  if (query.to) where.push(lt(orders.createdAt, istDay(query.to, 1)));
  if (query.payment === 'paid') where.push(isNotNull(orders.paidAt));
  if (query.payment === 'unpaid') where.push(isNull(orders.paidAt));
  if (query.payment === 'refund') where.push(inArray(orders.status, [...REFUND_STATUSES]));
  if (query.method) where.push(eq(orders.paymentMethod, query.method));
  if (query.shipping_type) where.push(eq(orders.shippingType, query.shipping_type));
  if (query.country) where.push(eq(orders.country, query.country));
  if (query.buyer) where.push(query.buyer === 'guest' ? byGuest : not(byGuest));
  const newest = query.sort === 'newest';
  if (query.after) {
    const { at, id } = parseCursor(query.after);
    where.push(
      newest
        ? sql`(${orders.createdAt}, ${orders.id}) < (${at.toISOString()}::timestamptz, ${id})`
        : sql`(${orders.createdAt}, ${orders.id}) > (${at.toISOString()}::timestamptz, ${id})`,
    );
  }
  const order = newest ? [desc(orders.createdAt), desc(orders.id)] : [asc(orders.createdAt), asc(orders.id)];
  const [rows, counts] = await Promise.all([
    db
      .select({ ...getTableColumns(orders), guest: byGuest })
      .from(orders)
      .where(and(...where))
      .orderBy(...order)
      .limit(query.limit + 1),
    statusCounts(app, db),
  ]);
  const page = rows.slice(0, query.limit);
  return {
    data: page.map(toRow),
    counts,
    next_after: rows.length > query.limit && page.length > 0 ? cursorOf(page.at(-1)!) : null,
  };
}
