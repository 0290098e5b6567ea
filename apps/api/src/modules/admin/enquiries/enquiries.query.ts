import {
  ORDER_STATUS_LABELS,
  toRupees,
  type EnquiriesPage,
  type EnquiriesQuery,
  type EnquiryDetail,
  type EnquiryRow,
} from '@shop/contract';
import { and, asc, desc, eq, inArray, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { contactEnquiries, enquiryReplies } from '../../contact/contact.schema';
import { orders } from '../../orders/orders.schema';
import { users } from '../../accounts/accounts.schema';
import { notFound } from '../../../lib/errors';

type Row = typeof contactEnquiries.$inferSelect;

const replyCount = sql<number>`(select count(*)::int from ${enquiryReplies} r where r.enquiry_id = ${contactEnquiries.id})`;

const toRow = (e: Row, replies: number): EnquiryRow => ({
  id: e.id,
  name: e.name,
  email: e.email,
  phone: e.phone,
  message: e.message,
  status: e.status,
  order_id: e.orderId,
  user_id: e.userId,
  is_return: e.orderId !== null,
  return_decision: e.returnDecision,
  replies: Number(replies),
  created_at: e.createdAt.toISOString(),
});

/** The inbox: by status and kind (messages, return requests), newest first, with the count per status. */
export async function listEnquiries(db: DbOrTx, query: EnquiriesQuery): Promise<EnquiriesPage> {
  const kind =
    query.kind === 'return'
      ? isNotNull(contactEnquiries.orderId)
      : query.kind === 'message'
        ? isNull(contactEnquiries.orderId)
        : undefined;
  const where: (SQL | undefined)[] = [kind];
  if (query.status) where.push(eq(contactEnquiries.status, query.status));
  if (query.before_id) where.push(lt(contactEnquiries.id, query.before_id));
  const [found, counted] = await Promise.all([
    db
      .select({ e: contactEnquiries, replies: replyCount })
      .from(contactEnquiries)
      .where(and(...where))
      .orderBy(desc(contactEnquiries.id))
      .limit(query.limit + 1),
    db
      .select({ status: contactEnquiries.status, n: sql<number>`count(*)::int` })
      .from(contactEnquiries)
      .where(kind)
      .groupBy(contactEnquiries.status),
  ]);
  const page = found.slice(0, query.limit);
  return {
    data: page.map((r) => toRow(r.e, r.replies)),
    counts: Object.fromEntries(counted.map((c) => [c.status, Number(c.n)])),
    next_before_id: found.length > query.limit ? (page.at(-1)?.e.id ?? null) : null,
  };
}

/** A shopper's enquiries: sent signed in, or from their email. */
export async function enquiriesOf(db: DbOrTx, userId: number, email: string): Promise<EnquiryRow[]> {
  const found = await db
    .select({ e: contactEnquiries, replies: replyCount })
    .from(contactEnquiries)
    .where(or(eq(contactEnquiries.userId, userId), eq(contactEnquiries.email, email)))
    .orderBy(desc(contactEnquiries.id))
    .limit(50);
  return found.map((r) => toRow(r.e, r.replies));
}

/** One enquiry with the shop's replies and its order. */
export async function enquiryDetail(db: DbOrTx, id: number): Promise<EnquiryDetail> {
  const [found] = await db
    .select({ e: contactEnquiries, replies: replyCount })
    .from(contactEnquiries)
    .where(eq(contactEnquiries.id, id));
  if (!found) throw notFound('Enquiry not found');
  const [replies, order] = await Promise.all([
    db
      .select({ reply: enquiryReplies, name: users.name, email: users.email })
      .from(enquiryReplies)
      .leftJoin(users, eq(users.id, enquiryReplies.authorUserId))
      .where(eq(enquiryReplies.enquiryId, id))
      .orderBy(asc(enquiryReplies.id)),
    found.e.orderId === null
      ? Promise.resolve([])
      : db
          .select()
          .from(orders)
          .where(inArray(orders.id, [found.e.orderId])),
  ]);
  const o = order[0];
  return {
    enquiry: toRow(found.e, found.replies),
    replies: replies.map((r) => ({
      id: r.reply.id,
      body: r.reply.body,
      author: r.name || r.email || null,
      created_at: r.reply.createdAt.toISOString(),
    })),
    order: o
      ? { id: o.id, status: o.status, status_label: ORDER_STATUS_LABELS[o.status], total: toRupees(o.totalPaise) }
      : null,
  };
}
