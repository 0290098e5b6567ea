import { ORDERS_CSV_COLUMNS, stateWithCode, type GstSummary, type OrdersCsvQuery } from '@shop/contract';
import { and, asc, eq, gte, inArray, lt, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { invoices } from '../../invoices/invoices.schema';
import { orderLines, orders } from '../../orders/orders.schema';
import { refunds } from '../../payments/payments.schema';
import { creditNoteLines } from '../../invoices/credit-note';
import { orderTax } from '../../invoices/order-tax';
import { chargedLines } from '../../invoices/gst';
import { istDay } from '../orders/orders.query';
import { CSV_BOM, csvRow, istStamp, money } from '../../../lib/csv';
import { summariseGst, type TaxDocument } from './gst-summary';

type OrderRow = typeof orders.$inferSelect;
type LineRow = typeof orderLines.$inferSelect;

/** GSTR-1 names a supply outside India 'Other Countries', code 96. */
const placeOfSupply = (o: OrderRow) => (o.country === 'India' ? stateWithCode(o.state) : 'Other Countries (96)');

/** Money given back that a credit note covers: not a payment the order did not need, not a refund that failed. */
const creditedRefund = and(ne(refunds.reason, 'orphan'), ne(refunds.status, 'failed'));

async function linesOf(db: DbOrTx, orderIds: number[]): Promise<Map<number, LineRow[]>> {
  const byOrder = new Map<number, LineRow[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select()
    .from(orderLines)
    .where(inArray(orderLines.orderId, orderIds))
    .orderBy(asc(orderLines.id));
  for (const l of rows) byOrder.set(l.orderId, [...(byOrder.get(l.orderId) ?? []), l]);
  return byOrder;
}

/**
 * The month's GST summary (docs/back-office.md 'Reports'): each invoice
 * dated in the month (India time; the date its PDF prints: the payment's),
 * and a credit note for each refund asked in the month on an invoiced order,
 * each taxed by the invoice's own rule (modules/invoices/order-tax.ts).
 */
export async function gstSummary(db: DbOrTx, month: string, shopState: string): Promise<GstSummary> {
  const from = istDay(`${month}-01`);
  const [y, m] = month.split('-').map(Number) as [number, number];
  const to = istDay(`${m === 12 ? y + 1 : y}-${String((m % 12) + 1).padStart(2, '0')}-01`);
  const invoiceDate = sql`coalesce(${orders.paidAt}, ${invoices.createdAt})`;
  const [invoiced, refunded] = await Promise.all([
    db
      .select({ order: orders })
      .from(invoices)
      .innerJoin(orders, eq(orders.id, invoices.orderId))
      .where(and(gte(invoiceDate, from), lt(invoiceDate, to)))
      .orderBy(asc(orders.id)),
    db
      .select({ order: orders, amountPaise: refunds.amountPaise })
      .from(refunds)
      .innerJoin(orders, eq(orders.id, refunds.orderId))
      .innerJoin(invoices, eq(invoices.orderId, refunds.orderId))
      .where(and(creditedRefund, gte(refunds.createdAt, from), lt(refunds.createdAt, to)))
      .orderBy(asc(refunds.id)),
  ]);
  const lines = await linesOf(db, [...new Set([...invoiced, ...refunded].map((r) => r.order.id))]);
  const taxOf = (o: OrderRow) => orderTax(o, lines.get(o.id) ?? [], shopState);
  const documents: TaxDocument[] = [
    ...invoiced.map(({ order }): TaxDocument => {
      const tax = taxOf(order);
      return {
        kind: 'invoice',
        placeOfSupply: placeOfSupply(order),
        lines: chargedLines(tax),
      };
    }),
    ...refunded.map(({ order, amountPaise }): TaxDocument => {
      const tax = taxOf(order);
      return {
        kind: 'credit_note',
        placeOfSupply: placeOfSupply(order),
        lines: creditNoteLines(tax, amountPaise, tax.intraState),
      };
    }),
  ];
  return summariseGst(month, shopState, documents);
}

const PAGE = 500;

/**
 * The orders placed from `from` to `to` (whole days, India time) as CSV, one
 * row per order in ORDERS_CSV_COLUMNS' order, read a page at a time by
 * keyset so a year of orders streams without being held in memory.
 */
export async function* ordersCsv(db: DbOrTx, query: OrdersCsvQuery): AsyncGenerator<string> {
  yield CSV_BOM + csvRow(ORDERS_CSV_COLUMNS);
  const end = istDay(query.to, 1);
  let after: { at: Date; id: number } | null = null;
  for (;;) {
    const page: OrderRow[] = await db
      .select()
      .from(orders)
      .where(
        and(
          gte(orders.createdAt, istDay(query.from)),
          lt(orders.createdAt, end),
          after
            ? sql`(${orders.createdAt}, ${orders.id}) > (${after.at.toISOString()}::timestamptz, ${after.id})`
            : undefined,
        ),
      )
      .orderBy(asc(orders.createdAt), asc(orders.id))
      .limit(PAGE);
    if (page.length === 0) return;
    const ids = page.map((o) => o.id);
    const [pieces, back] = await Promise.all([
      db
        .select({ id: orderLines.orderId, n: sql<number>`sum(${orderLines.quantity})::int` })
        .from(orderLines)
        .where(inArray(orderLines.orderId, ids))
        .groupBy(orderLines.orderId),
      db
        .select({ id: refunds.orderId, paise: sql<number>`sum(${refunds.amountPaise})::int` })
        .from(refunds)
        .where(and(inArray(refunds.orderId, ids), creditedRefund))
        .groupBy(refunds.orderId),
    ]);
    const piecesOf = new Map(pieces.map((p) => [p.id, Number(p.n)]));
    const refundedOf = new Map(back.map((r) => [r.id, Number(r.paise)]));
    yield page
      .map((o) =>
        csvRow([
          o.id,
          istStamp(o.createdAt),
          o.status,
          istStamp(o.paidAt),
          o.invoiceNumber,
          o.name,
          o.email,
          o.phone,
          o.city,
          o.state,
          o.pincode,
          o.country,
          o.shippingType,
          piecesOf.get(o.id) ?? 0,
          money(o.subtotalPaise),
          money(o.shippingPaise),
          money(o.totalPaise),
          money(refundedOf.get(o.id) ?? 0),
          o.paymentId,
          o.carrier,
          o.trackingNumber,
          o.paymentMethod,
          money(o.codFeePaise),
        ]),
      )
      .join('');
    if (page.length < PAGE) return;
    const last = page.at(-1)!;
    after = { at: last.createdAt, id: last.id };
  }
}
