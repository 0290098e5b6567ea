import {
  ORDER_STATUS_LABELS,
  toRupees,
  type CustomerActionResponse,
  type CustomerDetail,
  type CustomerRow,
  type CustomersPage,
  type CustomersQuery,
} from '@shop/contract';
import { desc, eq, sql, type SQL } from 'drizzle-orm';
import type { UnitOfWork } from '../../../context';
import { rows, type DbOrTx } from '../../../db/client';
import { addresses } from '../../addresses/addresses.schema';
import { orders } from '../../orders/orders.schema';
import { users } from '../../accounts/accounts.schema';
import { notFound } from '../../../lib/errors';
import { revokeAllSessions } from '../../accounts/session.service';
import { audit, listAudit } from '../../audit/audit.service';
import { enquiriesOf } from '../enquiries/enquiries.query';
import { creditOf } from '../../credit/credit.service';

interface Raw {
  id: number;
  name: string;
  email: string;
  phone: string;
  disabled_at: string | Date | null;
  kind: string;
  created_at: string | Date;
  orders_count: number;
  spent_paise: number;
  last_order_at: string | Date | null;
}

/** Each shopper with their orders' count, what they spent (paid orders net of refunds) and their last order. */
const figures = sql`
  (select count(*)::int from ${orders} o where o.user_id = u.id) as orders_count,
  (select coalesce(sum(o.total_paise), 0)::int from ${orders} o where o.user_id = u.id and o.paid_at is not null)
  - (select coalesce(sum(r.amount_paise), 0)::int from refunds r join ${orders} o on o.id = r.order_id
     where o.user_id = u.id and r.status = 'processed' and r.reason <> 'orphan') as spent_paise,
  (select max(o.created_at) from ${orders} o where o.user_id = u.id) as last_order_at`;

const toRow = (r: Raw): CustomerRow => ({
  id: r.id,
  name: r.name,
  email: r.email,
  phone: r.phone,
  orders_count: Number(r.orders_count),
  total_spent: toRupees(Number(r.spent_paise)),
  last_order_at: r.last_order_at === null ? null : new Date(r.last_order_at).toISOString(),
  disabled: r.disabled_at !== null,
  guest: r.kind === 'guest',
  created_at: new Date(r.created_at).toISOString(),
});

async function customerRows(db: DbOrTx, where: SQL, limit: number): Promise<CustomerRow[]> {
  const found = await rows<Raw>(
    db,
    // A guest is listed once they have ordered (before that they are a cart that lapses).
    sql`select u.id, u.name, u.email, u.phone, u.disabled_at, u.kind, u.created_at, ${figures}
        from ${users} u
        where u.role = 'customer'
          and (u.kind = 'account' or exists (select 1 from ${orders} o where o.user_id = u.id))
          and ${where}
        order by u.id desc limit ${limit}`,
  );
  return found.map(toRow);
}

/** Shoppers, newest first, found by email, name or phone (part of any), a page at a time. */
export async function listCustomers(db: DbOrTx, query: CustomersQuery): Promise<CustomersPage> {
  const parts: SQL[] = [sql`true`];
  const q = query.q?.trim();
  if (q) {
    const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const digits = q.replace(/\D/g, '');
    parts.push(
      sql`(u.email ilike ${like} or u.name ilike ${like}${digits.length >= 4 ? sql` or u.phone like ${`%${digits}%`}` : sql``})`,
    );
  }
  if (query.before_id) parts.push(sql`u.id < ${query.before_id}`);
  const found = await customerRows(db, sql.join(parts, sql` and `), query.limit + 1);
  const data = found.slice(0, query.limit);
  return { data, next_before_id: found.length > query.limit ? (data.at(-1)?.id ?? null) : null };
}

async function customerRow(db: DbOrTx, id: number): Promise<CustomerRow> {
  const [row] = await customerRows(db, sql`u.id = ${id}`, 1);
  if (!row) throw notFound('Shopper not found');
  return row;
}

/** A shopper's page: figures, addresses, orders, enquiries and the back office's entries about them. */
export async function customerDetail(work: UnitOfWork, id: number): Promise<CustomerDetail> {
  const { db } = work;
  const customer = await customerRow(db, id);
  const [saved, placed, enquiries, log] = await Promise.all([
    db.select().from(addresses).where(eq(addresses.userId, id)).orderBy(desc(addresses.id)),
    db.select().from(orders).where(eq(orders.userId, id)).orderBy(desc(orders.id)).limit(50),
    enquiriesOf(db, id, customer.email),
    listAudit(db, { entity_type: 'user', entity_id: String(id), limit: 50 }),
  ]);
  return {
    customer,
    addresses: saved.map((a) => ({
      id: a.id,
      address: a.address,
      locality: a.locality,
      city: a.city,
      state: a.state,
      pincode: a.pincode,
      country: a.country,
      phone: a.phone,
    })),
    orders: placed.map((o) => ({
      id: o.id,
      status: o.status,
      status_label: ORDER_STATUS_LABELS[o.status],
      total: toRupees(o.totalPaise),
      created_at: o.createdAt.toISOString(),
    })),
    enquiries,
    audit: log.data,
    credit: customer.guest ? null : await creditOf(db, id),
  };
}

/**
 * Disables a shopper's account (every session revoked at once, sign-in
 * refused with a clear message) or enables it again: admins only, the row
 * locked, audited; asking for the state it is already in changes nothing.
 * Staff accounts are managed under Staff, not here.
 */
export async function setCustomerDisabled(
  work: UnitOfWork,
  id: number,
  disable: boolean,
  note: string,
): Promise<CustomerActionResponse> {
  const repeated = await work.transaction(async (w) => {
    const [user] = await w.db.select().from(users).where(eq(users.id, id)).for('update');
    if (!user || user.role !== 'customer') throw notFound('Shopper not found');
    if (!!user.disabledAt === disable) return true;
    await w.db
      .update(users)
      .set({ disabledAt: disable ? new Date() : null, updatedAt: sql`now()` })
      .where(eq(users.id, id));
    if (disable) await revokeAllSessions(w.db, id);
    await audit(w, {
      action: disable ? 'customer.disable' : 'customer.enable',
      entityType: 'user',
      entityId: id,
      before: { disabled: !disable },
      after: { disabled: disable },
      note: note || null,
    });
    return false;
  });
  const state = disable ? 'disabled' : 'enabled';
  return {
    message: repeated
      ? `This account was already ${state}`
      : `Account ${state}${disable ? ': every session ended' : ''}`,
    repeated,
    customer: await customerRow(work.db, id),
  };
}
