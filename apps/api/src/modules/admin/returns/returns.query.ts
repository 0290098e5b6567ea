import { paidForPieces } from '../../pricing/quote';
import {
  ORDER_STATUS_LABELS,
  RETURN_REASON_LABELS,
  RETURN_WISH_LABELS,
  toRupees,
  type ReturnDetail,
  type ReturnRequest,
  type ReturnsQuery,
} from '@shop/contract';
import { and, asc, desc, eq, isNotNull, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { UnitOfWork } from '../../../context';
import { rows, type DbOrTx } from '../../../db/client';
import { contactEnquiries } from '../../contact/contact.schema';
import { deliveredAt, returnWindow } from '../../orders/lifecycle/return-window';
import { may } from '../../orders/lifecycle/may';
import { orderLines, orders } from '../../orders/orders.schema';
import { variantsOnSale } from '../../catalog/variants-on-sale';
import { creditPaymentId } from '../../payments/credit-payment';
import { payments, refunds } from '../../payments/payments.schema';
import { notFound } from '../../../lib/errors';
import { kindOfUser } from '../../accounts/guests';
import { settingsOf } from '../../settings/settings.service';

type EnquiryRow = typeof contactEnquiries.$inferSelect;
type OrderRow = typeof orders.$inferSelect;

function toRequest(e: EnquiryRow, o: OrderRow, delivered: Date | undefined, days: number): ReturnRequest {
  const window = returnWindow(delivered, days);
  return {
    enquiry_id: e.id,
    order_id: o.id,
    shopper: { id: e.userId, name: e.name, email: e.email },
    message: e.message,
    created_at: e.createdAt.toISOString(),
    order_status: o.status,
    order_status_label: ORDER_STATUS_LABELS[o.status],
    order_total: toRupees(o.totalPaise),
    delivered_at: delivered?.toISOString() ?? null,
    window_ends_at: window.ends?.toISOString() ?? null,
    within_window: window.within,
    decision: e.returnDecision,
    received_at: e.returnReceivedAt?.toISOString() ?? null,
    reason: e.returnReason,
    reason_label: e.returnReason ? RETURN_REASON_LABELS[e.returnReason] : null,
    wish: e.returnWish,
    wish_label: e.returnWish ? RETURN_WISH_LABELS[e.returnWish] : null,
  };
}

/** The returns queue: return requests (enquiries with an order), undecided first by default, newest first. */
export async function listReturns(work: UnitOfWork, query: ReturnsQuery) {
  const where: SQL[] = [isNotNull(contactEnquiries.orderId)];
  if (query.state === 'open') where.push(isNull(contactEnquiries.returnDecision));
  if (query.state === 'decided') where.push(isNotNull(contactEnquiries.returnDecision));
  if (query.before_id) where.push(lt(contactEnquiries.id, query.before_id));
  if (query.order_id) where.push(eq(contactEnquiries.orderId, query.order_id));
  if (query.wish === 'none') where.push(isNull(contactEnquiries.returnWish));
  else if (query.wish) where.push(eq(contactEnquiries.returnWish, query.wish));
  const found = await work.db
    .select({ e: contactEnquiries, o: orders })
    .from(contactEnquiries)
    .innerJoin(orders, eq(orders.id, contactEnquiries.orderId))
    .where(and(...where))
    .orderBy(desc(contactEnquiries.id))
    .limit(query.limit + 1);
  const page = found.slice(0, query.limit);
  const delivered = await deliveredAt(
    work.db,
    page.map((r) => r.o.id),
  );
  const days = (await settingsOf(work)).return_window_days;
  return {
    data: page.map(({ e, o }) => toRequest(e, o, delivered.get(o.id), days)),
    next_before_id: found.length > query.limit ? (page.at(-1)?.e.id ?? null) : null,
  };
}

/**
 * What is left of the order's payments to refund, in paise (failed refunds do not count), as
 * `recordRefund` reckons it: its own payment and the store credit spent on it.
 */
export async function refundablePaise(
  db: DbOrTx,
  order: { id: number; paymentId: string | null; creditPaise: number },
): Promise<number> {
  if (!order.paymentId) return 0;
  const ids = [order.paymentId, ...(order.creditPaise > 0 ? [creditPaymentId(order.id)] : [])];
  const [row] = await rows<{ left: number }>(
    db,
    sql`select coalesce(sum(p.amount_paise - coalesce((select sum(r.amount_paise) from ${refunds} r
          where r.payment_id = p.id and r.status <> 'failed'), 0)), 0) as left
        from ${payments} p where p.provider_payment_id in (${sql.join(
          [...new Set(ids)].map((id) => sql`${id}`),
          sql`, `,
        )})`,
  );
  return Math.max(0, Number(row?.left ?? 0));
}

export const toRefundRecord = (r: typeof refunds.$inferSelect) => ({
  id: r.id,
  amount: toRupees(r.amountPaise),
  status: r.status,
  reason: r.reason,
  error: r.error,
  provider_refund_id: r.providerRefundId,
  created_at: r.createdAt.toISOString(),
});

/** One return request with its order's lines and refunds, as the decision page shows it. */
export async function returnDetail(work: UnitOfWork, enquiryId: number): Promise<ReturnDetail> {
  const { db } = work;
  const [row] = await db
    .select({ e: contactEnquiries, o: orders })
    .from(contactEnquiries)
    .innerJoin(orders, eq(orders.id, contactEnquiries.orderId))
    .where(eq(contactEnquiries.id, enquiryId));
  if (!row) throw notFound('Return request not found');
  const { e, o } = row;
  const [lines, refunded, delivered, refundable, buyer] = await Promise.all([
    db.select().from(orderLines).where(eq(orderLines.orderId, o.id)).orderBy(asc(orderLines.id)),
    db.select().from(refunds).where(eq(refunds.orderId, o.id)).orderBy(asc(refunds.id)),
    deliveredAt(db, [o.id]),
    refundablePaise(db, o),
    kindOfUser(db, o.userId),
  ]);
  const days = (await settingsOf(work)).return_window_days;
  const options = await variantsOnSale(
    db,
    lines.flatMap((l) => (l.productId === null ? [] : [l.productId])),
  );
  return {
    ...toRequest(e, o, delivered.get(o.id), days),
    lines: lines.map((l) => ({
      id: l.id,
      name: l.name,
      size: l.size,
      color: l.color,
      quantity: l.quantity,
      price: toRupees(l.unitPricePaise),
      paid: toRupees(paidForPieces(l, l.quantity)),
      returned: l.returnedQuantity,
      asked: e.returnLines?.find((a) => a.lineId === l.id)?.quantity ?? 0,
      asked_variant_id: e.returnLines?.find((a) => a.lineId === l.id)?.exchangeVariantId ?? null,
      exchange_options: (options.get(l.productId ?? 0) ?? [])
        .filter((v) => v.variantId !== l.variantId)
        .map((v) => ({
          variant_id: v.variantId,
          size: v.size,
          color: v.color,
          stock: v.stock,
          price: toRupees(v.pricePaise),
        })),
    })),
    shipping: toRupees(o.shippingPaise),
    refundable: toRupees(refundable),
    refunds: refunded.filter((r) => r.reason !== 'orphan').map(toRefundRecord),
    // Accepting after the window is the lifecycle's to refuse or let an admin override: rejecting says 'returnable'.
    can_decide: e.returnDecision === null && (await may(work, o, { type: 'reject_return', note: '' })),
    return_window_days: days,
    credit_possible: buyer === 'account',
  };
}
