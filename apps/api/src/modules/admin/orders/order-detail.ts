import { shippingWaivedOf } from '../../pricing/quote';
import {
  ADMIN_ROUTES,
  can,
  imageUrl,
  toRupees,
  type AdminOrderDetail,
  type OrderMoveKey,
  type StaffRole,
} from '@shop/contract';
import { asc, eq, inArray } from 'drizzle-orm';
import type { UnitOfWork } from '../../../context';
import { invoices } from '../../invoices/invoices.schema';
import { orderLines, orderStatusHistory, orders } from '../../orders/orders.schema';
import { payments, refunds } from '../../payments/payments.schema';
import { users } from '../../accounts/accounts.schema';
import { notFound } from '../../../lib/errors';
import { invoiceLink } from '../../orders/invoice-link';
import { may, movesFor } from '../../orders/lifecycle/may';
import { codConfirmationOf, refusedParcels } from '../../orders/cod';
import type { OrderRow } from '../../orders/order-state';
import { SHOP_MOVES } from '../../orders/shop-moves';
import { deliveryAddress } from '../../orders/delivery-address';
import { moneyOf, moneyView } from '../../orders/money';
import { actorInWords, actorUserId, providerDisplayName } from './history-actors';
import { toRow } from './orders.query';
import { fulfilmentView, shipmentsOf } from '../../orders/shipments';

/** Each move of the order page and its call's permission (the lifecycle rule it applies: orders' SHOP_MOVES). */
const MOVE_PERMISSIONS: Record<OrderMoveKey, Parameters<typeof can>[1]> = {
  ship: ADMIN_ROUTES['admin.orders.ship'].access,
  deliver: ADMIN_ROUTES['admin.orders.deliver'].access,
  cancel_unpaid: ADMIN_ROUTES['admin.orders.cancelUnpaid'].access,
  cancel_paid: ADMIN_ROUTES['admin.orders.cancelPaid'].access,
  return_to_origin: ADMIN_ROUTES['admin.orders.returnToOrigin'].access,
};

/** The moves the page offers: those the lifecycle allows the staff member now and their role's permissions grant. */
export async function offeredMoves(work: UnitOfWork, order: OrderRow, role: StaffRole): Promise<OrderMoveKey[]> {
  const allowed = await movesFor(work, order);
  return (Object.keys(MOVE_PERMISSIONS) as OrderMoveKey[]).filter(
    (key) => SHOP_MOVES[key].some((rule) => allowed.includes(rule)) && can(role, MOVE_PERMISSIONS[key]),
  );
}

/** A COD order's own facts: confirmation, fee, remittance, and how often its phone refused a parcel before. */
async function codDetail(work: UnitOfWork, order: OrderRow, role: StaffRole): Promise<AdminOrderDetail['cod']> {
  const confirmation = codConfirmationOf(order);
  if (!confirmation) return null;
  const refused = await refusedParcels(work.db, order.phone);
  return {
    confirmation,
    fee: toRupees(order.codFeePaise),
    // This order's own refusal is not a warning about it.
    refused_parcels: refused - (order.status === 'returned_to_origin' ? 1 : 0),
    remitted_at: order.codRemittedAt?.toISOString() ?? null,
    remittance: order.codRemittance,
    can_record_remittance:
      can(role, ADMIN_ROUTES['admin.orders.codRemittance'].access) &&
      (await may(work, order, { type: 'record_remittance', reference: '' })),
  };
}

/** An order as the back office shows it: lines, shopper, money as recorded, history, and the moves allowed. */
export async function orderDetail(work: UnitOfWork, orderId: number, role: StaffRole): Promise<AdminOrderDetail> {
  const { db } = work;
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw notFound('Order not found');
  const [lines, history, paid, refunded, invoice, replacements, parcels] = await Promise.all([
    db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.id)),
    db
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, orderId))
      .orderBy(asc(orderStatusHistory.id)),
    db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(asc(payments.id)),
    db.select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(asc(refunds.id)),
    db.select({ id: invoices.orderId }).from(invoices).where(eq(invoices.orderId, orderId)),
    db.select({ id: orders.id }).from(orders).where(eq(orders.exchangeOf, orderId)).orderBy(asc(orders.id)),
    shipmentsOf(db, [orderId]),
  ]);
  const shipments = parcels.get(orderId) ?? [];
  const shippedOf = (lineId: number) =>
    shipments.reduce((n, s) => n + (s.pieces.find((p) => p.line_id === lineId)?.quantity ?? 0), 0);
  const moves = await offeredMoves(work, order, role);
  // The shopper and everyone the history names by id, in one query.
  const ids = [order.userId, ...history.flatMap((h) => actorUserId(h.actor) ?? [])];
  const people = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      kind: users.kind,
      deletedAt: users.deletedAt,
    })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
  const facts = {
    people: new Map(people.map((p) => [p.id, { ...p, deleted: p.deletedAt !== null }])),
    shopper: { id: order.userId, name: order.name },
    provider: providerDisplayName(order.provider ?? work.app.payments.name),
  };
  const shopper = facts.people.get(order.userId);
  return {
    ...toRow({ ...order, guest: shopper?.kind === 'guest' }),
    credit: toRupees(order.creditPaise),
    payable: toRupees(order.totalPaise - order.creditPaise),
    exchange_of: order.exchangeOf,
    exchanges: replacements.map((r) => r.id),
    subtotal: toRupees(order.subtotalPaise),
    shipping: toRupees(order.shippingPaise),
    discount: toRupees(order.discountPaise),
    discount_code: order.discountCode,
    shipping_waived: toRupees(shippingWaivedOf(order, lines)),
    address: deliveryAddress(order),
    shopper: { id: order.userId, email: shopper?.email ?? order.email, name: shopper?.name ?? order.name },
    lines: lines.map((l) => ({
      id: l.id,
      name: l.name,
      sku: l.sku,
      size: l.size,
      color: l.color,
      quantity: l.quantity,
      price: toRupees(l.unitPricePaise),
      discount: toRupees(l.discountPaise),
      returned: l.returnedQuantity,
      shipped: shippedOf(l.id),
      image: imageUrl(l.image),
    })),
    history: history.map((h) => ({
      from: h.fromStatus,
      to: h.toStatus,
      actor: h.actor,
      actor_label: actorInWords(h.actor, facts),
      note: h.note,
      created_at: h.createdAt.toISOString(),
    })),
    payments: paid.map((p) => ({
      id: p.providerPaymentId,
      amount: toRupees(p.amountPaise),
      status: p.status,
      method: p.method,
      error: p.error,
      created_at: p.createdAt.toISOString(),
    })),
    refunds: refunded.map((r) => ({
      id: r.providerRefundId,
      amount: toRupees(r.amountPaise),
      status: r.status,
      reason: r.reason,
      error: r.error,
      created_at: r.createdAt.toISOString(),
    })),
    money: moneyView(moneyOf(order, refunded)),
    can_refund:
      can(role, ADMIN_ROUTES['admin.orders.refund'].access) && (await may(work, order, { type: 'goodwill_refund' })),
    invoice_url: invoice.length > 0 ? invoiceLink(work.app.secret, order.id) : null,
    tracking_url: order.trackingUrl,
    carrier: order.carrier,
    tracking_number: order.trackingNumber,
    shipments,
    ...fulfilmentView(lines, shipments),
    moves,
    cod: await codDetail(work, order, role),
  };
}
