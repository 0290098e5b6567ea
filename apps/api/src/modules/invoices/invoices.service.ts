import { eq, inArray, sql } from 'drizzle-orm';
import type { UnitOfWork } from '../../context';
import type { DbOrTx } from '../../db/client';
import { invoiceCounters, invoices } from './invoices.schema';
import { orderLines, orders } from '../orders/orders.schema';
import { notFound } from '../../lib/errors';
import { sellerOf } from '../settings/settings.service';
import { financialYear, formatInvoiceNumber } from './gst';
import { invoiceParties } from './invoice-parties';
import { renderInvoicePdf } from './invoice-pdf';
import { invoiceLineInputs } from './order-tax';
import { shippingWaivedOf } from '../pricing/quote';

/**
 * The next invoice number of the current financial year, taken in the paying
 * transaction so numbers are unique and without gaps.
 */
export async function allocateInvoiceNumber(work: UnitOfWork, orderId: number, now = new Date()): Promise<string> {
  const fy = financialYear(now);
  const [counter] = await work.db
    .insert(invoiceCounters)
    .values({ financialYear: fy, lastNumber: 1 })
    .onConflictDoUpdate({
      target: invoiceCounters.financialYear,
      set: { lastNumber: sql`${invoiceCounters.lastNumber} + 1` },
    })
    .returning({ n: invoiceCounters.lastNumber });
  const number = formatInvoiceNumber(work.app.env.INVOICE_PREFIX, fy, counter!.n);
  await work.db.insert(invoices).values({ orderId, number });
  return number;
}

/** Which of the orders have a tax invoice (the shopper's order list links them). */
export async function invoicedOrders(db: DbOrTx, orderIds: number[]): Promise<Set<number>> {
  const rows = await db.select({ orderId: invoices.orderId }).from(invoices).where(inArray(invoices.orderId, orderIds));
  return new Set(rows.map((i) => i.orderId));
}

/** The order's tax invoice as PDF, rendered once and kept (the outbox renders it when the order is paid). */
export async function invoicePdf(work: UnitOfWork, orderId: number): Promise<Buffer> {
  const { db } = work;
  const [row] = await db
    .select({ invoice: invoices, order: orders })
    .from(invoices)
    .innerJoin(orders, eq(orders.id, invoices.orderId))
    .where(eq(invoices.orderId, orderId));
  if (!row) throw notFound('Invoice not found');
  if (row.invoice.pdf) return Buffer.from(row.invoice.pdf, 'base64');

  const { order, invoice } = row;
  const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, orderId));
  const pdf = await renderInvoicePdf({
    number: invoice.number,
    date: order.paidAt ?? invoice.createdAt,
    orderId: order.id,
    paymentId: order.paymentId,
    creditPaise: order.creditPaise,
    ...invoiceParties(await sellerOf(work), order),
    lines: invoiceLineInputs(lines),
    shippingPaise: order.shippingPaise,
    shippingDiscountPaise: shippingWaivedOf(order, lines),
    codFeePaise: order.codFeePaise,
    discountCode: order.discountCode,
  });
  await db
    .update(invoices)
    .set({ pdf: pdf.toString('base64') })
    .where(eq(invoices.orderId, orderId));
  return pdf;
}
