import { ORDER_STATUS_LABELS, PAYMENT_METHOD_LABELS, imageUrl, toRupees, type Order } from '@shop/contract';
import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { UnitOfWork } from '../../context';
import { orderLines, orders } from './orders.schema';
import { invoiceLink } from './invoice-link';
import { deliveryAddress } from './delivery-address';
import type { OrderRefund } from './hooks';
import { shopperActions, type OrderRow } from './order-state';
import { paidForPieces, shippingWaivedOf } from '../pricing/quote';
import { codConfirmationOf } from './cod';
import { moneyOf, moneyView, payableOf } from './money';
import { fulfilmentView, shipmentsOf } from './shipments';
import type { Shipment } from '@shop/contract';

type LineRow = typeof orderLines.$inferSelect;

function toOrder(
  order: OrderRow,
  lines: LineRow[],
  actions: Awaited<ReturnType<typeof shopperActions>>,
  hasInvoice: boolean,
  secret: string,
  paidBack: OrderRefund[] = [],
  exchanges: number[] = [],
  shipments: Shipment[] = [],
): Order {
  const details = lines.map((l) => ({
    id: l.id,
    quantity: l.quantity,
    color: l.color,
    size: l.size,
    price: toRupees(l.unitPricePaise),
    discount: toRupees(l.discountPaise),
    amount: toRupees(paidForPieces(l, l.quantity)),
    returned: l.returnedQuantity,
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
    discount: toRupees(order.discountPaise),
    discount_code: order.discountCode,
    shipping_waived: toRupees(shippingWaivedOf(order, lines)),
    cod_fee: toRupees(order.codFeePaise),
    total: toRupees(order.totalPaise),
    credit: toRupees(order.creditPaise),
    payable: toRupees(payableOf(order)),
    shipping_type: order.shippingType,
    payment_method: order.paymentMethod,
    payment_method_label: PAYMENT_METHOD_LABELS[order.paymentMethod],
    cod_confirmation: codConfirmationOf(order),
    payment_id: order.paymentId,
    payment_status: order.paymentId ? 'Paid' : 'Unpaid',
    money: moneyView(moneyOf(order, paidBack)),
    invoice_url: hasInvoice ? invoiceLink(secret, order.id) : null,
    credit_note_url:
      hasInvoice && paidBack.some((r) => r.status === 'processed' && r.reason !== 'orphan')
        ? invoiceLink(secret, order.id, Date.now(), 'credit-note')
        : null,
    tracking_url: order.trackingUrl,
    exchange_of: order.exchangeOf,
    exchanges,
    shipments,
    ...fulfilmentView(lines, shipments),
    created_at: order.createdAt.toISOString(),
    payment_due_at: order.paymentDueAt.toISOString(),
    name: order.name,
    phone: order.phone,
    ...deliveryAddress(order),
    item_count: lines.reduce((n, l) => n + l.quantity, 0),
    order_details: details,
    product_details: details[0]?.product_details ?? null,
    ...actions,
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
  const { invoicedOrders, refundsOf } = work.app.orderHooks;
  if (rows.length === 0) return [];
  const ids = rows.map((o) => o.id);
  const [lines, withInvoice, paidBack, actions, replacements, parcels] = await Promise.all([
    db.select().from(orderLines).where(inArray(orderLines.orderId, ids)).orderBy(asc(orderLines.id)),
    invoicedOrders(db, ids),
    refundsOf(db, ids),
    Promise.all(rows.map((o) => shopperActions(work, o))),
    db
      .select({ id: orders.id, of: orders.exchangeOf })
      .from(orders)
      .where(inArray(orders.exchangeOf, ids))
      .orderBy(asc(orders.id)),
    shipmentsOf(db, ids),
  ]);
  return rows.map((o, i) =>
    toOrder(
      o,
      lines.filter((l) => l.orderId === o.id),
      actions[i]!,
      withInvoice.has(o.id),
      work.app.secret,
      paidBack.filter((r) => r.orderId === o.id),
      replacements.filter((r) => r.of === o.id).map((r) => r.id),
      parcels.get(o.id),
    ),
  );
}

/** The view of an order just placed, from the rows its insert returned (no invoice yet). */
export const newOrderView = async (work: UnitOfWork, order: OrderRow, lines: LineRow[]): Promise<Order> =>
  toOrder(order, lines, await shopperActions(work, order), false, work.app.secret);

export async function orderView(work: UnitOfWork, orderId: number): Promise<Order> {
  const rows = await work.db.select().from(orders).where(eq(orders.id, orderId));
  const [view] = await orderViews(work, rows);
  return view!;
}

export const newestFirst = [desc(orders.createdAt), desc(orders.id)];
