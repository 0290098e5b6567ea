import {
  ADMIN_ROUTES,
  can,
  imageUrl,
  toRupees,
  type AdminOrderDetail,
  type OrderMoveKey,
  type OrderStatus,
  type StaffRole,
} from '@shop/contract';
import { asc, eq, inArray } from 'drizzle-orm';
import type { UnitOfWork } from '../../../context';
import { invoices } from '../../invoices/invoices.schema';
import { orderLines, orderStatusHistory, orders, payments, refunds } from '../../orders/orders.schema';
import { users } from '../../accounts/accounts.schema';
import { notFound } from '../../../lib/errors';
import { invoiceLink } from '../../invoices/invoice-link';
import type { OrderEventType } from '../../orders/lifecycle/events';
import { ORDER_RULES } from '../../orders/lifecycle/rules';
import { deliveryAddress } from '../../orders/delivery-address';
import { toRow } from './orders.query';

/** Each move of the order page: the lifecycle's event, the status it leaves from, its call's permission. */
export const MOVES: Record<
  OrderMoveKey,
  { event: OrderEventType; from: readonly OrderStatus[]; permission: Parameters<typeof can>[1] }
> = {
  ship: { event: 'ship', from: ['packaging'], permission: ADMIN_ROUTES['admin.orders.ship'].access },
  deliver: { event: 'deliver', from: ['shipped'], permission: ADMIN_ROUTES['admin.orders.deliver'].access },
  cancel_unpaid: {
    event: 'shop_cancel',
    from: ['created', 'payment_pending'],
    permission: ADMIN_ROUTES['admin.orders.cancelUnpaid'].access,
  },
  cancel_paid: {
    event: 'shop_cancel',
    from: ['packaging'],
    permission: ADMIN_ROUTES['admin.orders.cancelPaid'].access,
  },
};

/** The moves offered for a status and a role: the permission table and the lifecycle's rules both agree. */
export function movesFor(status: OrderStatus, role: StaffRole): OrderMoveKey[] {
  return (Object.keys(MOVES) as OrderMoveKey[]).filter((key) => {
    const move = MOVES[key];
    if (!move.from.includes(status) || !can(role, move.permission)) return false;
    return ORDER_RULES.some((r) => r.event === move.event && r.from.includes(status) && r.by.includes(role));
  });
}

/** 'admin:3' → 'Asha (admin)'; the provider and the clock as they are. */
function actorNames(labels: string[], people: Map<number, string>): Map<string, string> {
  return new Map(
    labels.map((label) => {
      const [kind, id] = label.split(':');
      const name = kind === 'admin' || kind === 'staff' || kind === 'shopper' ? people.get(Number(id)) : undefined;
      return [label, name ? `${name} (${kind === 'shopper' ? 'shopper' : kind})` : label];
    }),
  );
}

/** An order as the back office shows it: lines, shopper, money as recorded, history, and the moves allowed. */
export async function orderDetail(work: UnitOfWork, orderId: number, role: StaffRole): Promise<AdminOrderDetail> {
  const { db } = work;
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw notFound('Order not found');
  const [lines, history, paid, refunded, invoice] = await Promise.all([
    db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.id)),
    db
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, orderId))
      .orderBy(asc(orderStatusHistory.id)),
    db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(asc(payments.id)),
    db.select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(asc(refunds.id)),
    db.select({ id: invoices.orderId }).from(invoices).where(eq(invoices.orderId, orderId)),
  ]);
  const ids = [
    order.userId,
    ...history.flatMap((h) => (/^(admin|staff|shopper):\d+$/.test(h.actor) ? [Number(h.actor.split(':')[1])] : [])),
  ];
  const people = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
  const byId = new Map(people.map((p) => [p.id, p.name || p.email]));
  const names = actorNames([...new Set(history.map((h) => h.actor))], byId);
  const shopper = people.find((p) => p.id === order.userId);
  return {
    ...toRow(order),
    subtotal: toRupees(order.subtotalPaise),
    shipping: toRupees(order.shippingPaise),
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
      image: imageUrl(l.image),
    })),
    history: history.map((h) => ({
      from: h.fromStatus,
      to: h.toStatus,
      actor: names.get(h.actor) ?? h.actor,
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
    invoice_url: invoice.length > 0 ? invoiceLink(work.app.secret, order.id) : null,
    tracking_url: order.trackingUrl,
    carrier: order.carrier,
    tracking_number: order.trackingNumber,
    moves: movesFor(order.status, role),
  };
}
