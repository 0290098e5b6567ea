import { ORDER_STATUS_LABELS, imageUrl, toRupees, type Order } from '@shop/contract';
import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { UnitOfWork } from '../../context';
import { orderLines, orders, refunds } from './orders.schema';
import { invoiceLink } from '../invoices/invoice-link';
import { invoicedOrders } from '../invoices/invoices.service';
import { deliveryAddress } from './delivery-address';
import { shopperActions, type OrderRow } from './order-state';

type LineRow = typeof orderLines.$inferSelect;

type RefundRow = typeof refunds.$inferSelect;

function toOrder(
  order: OrderRow,
  lines: LineRow[],
  hasInvoice: boolean,
  secret: string,
  paidBack: RefundRow[] = [],
): Order {
  const details = lines.map((l) => ({
    id: l.id,
    quantity: l.quantity,
    color: l.color,
    size: l.size,
    price: toRupees(l.unitPricePaise),
    product_details: {
      products: { id: l.productId, name: l.name, slug: l.slug },
      product_variants: {
        id: l.variantId,
        slug: l.slug,
        sku: l.sku,
        image1: imageUrl(l.image),
        mrp: toRupees(l.mrpPaise),
        selling_price: toRupees(l.unitPricePaise),
        size: l.size,
      },
    },
  }));
  return {
    id: order.id,
    status: order.status,
    status_label: ORDER_STATUS_LABELS[order.status],
    subtotal: toRupees(order.subtotalPaise),
    shipping: toRupees(order.shippingPaise),
    total: toRupees(order.totalPaise),
    shipping_type: order.shippingType,
    payment_method: order.paymentMethod,
    payment_id: order.paymentId,
    payment_status: order.paymentId ? 'Paid' : 'Unpaid',
    invoice_url: hasInvoice ? invoiceLink(secret, order.id) : null,
    credit_note_url:
      hasInvoice && paidBack.some((r) => r.status === 'processed' && r.reason !== 'orphan')
        ? invoiceLink(secret, order.id, Date.now(), 'credit-note')
        : null,
    tracking_url: order.trackingUrl,
    created_at: order.createdAt.toISOString(),
    payment_due_at: order.paymentDueAt.toISOString(),
    name: order.name,
    phone: order.phone,
    ...deliveryAddress(order),
    item_count: lines.reduce((n, l) => n + l.quantity, 0),
    order_details: details,
    product_details: details[0]?.product_details ?? null,
    ...shopperActions(order.status),
    // A failed request is the shop's to retry (docs/back-office.md): the shopper sees what is on its way.
    refunds: paidBack
      .filter((r) => r.reason !== 'orphan' && r.status !== 'failed')
      .map((r) => ({
        amount: toRupees(r.amountPaise),
        status: r.status as 'pending' | 'processed',
        created_at: r.createdAt.toISOString(),
      })),
  };
}

/** Orders as the shopper sees them, lines and invoice links included, in the given order. */
export async function orderViews(work: UnitOfWork, rows: OrderRow[]): Promise<Order[]> {
  const { db } = work;
  if (rows.length === 0) return [];
  const ids = rows.map((o) => o.id);
  const [lines, withInvoice, paidBack] = await Promise.all([
    db.select().from(orderLines).where(inArray(orderLines.orderId, ids)).orderBy(asc(orderLines.id)),
    invoicedOrders(db, ids),
    db.select().from(refunds).where(inArray(refunds.orderId, ids)).orderBy(asc(refunds.id)),
  ]);
  return rows.map((o) =>
    toOrder(
      o,
      lines.filter((l) => l.orderId === o.id),
      withInvoice.has(o.id),
      work.app.secret,
      paidBack.filter((r) => r.orderId === o.id),
    ),
  );
}

/** The view of an order just placed, from the rows its insert returned (no invoice yet). */
export const newOrderView = (order: OrderRow, lines: LineRow[], secret: string): Order =>
  toOrder(order, lines, false, secret);

export async function orderView(work: UnitOfWork, orderId: number): Promise<Order> {
  const rows = await work.db.select().from(orders).where(eq(orders.id, orderId));
  const [view] = await orderViews(work, rows);
  return view!;
}

export const newestFirst = [desc(orders.createdAt), desc(orders.id)];
