import { and, eq, ne } from 'drizzle-orm';
import type { UnitOfWork } from '../../context';
import { invoices, orderLines, orders, refunds } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { renderInvoicePdf } from './invoice-pdf';
import { invoiceParties } from './invoice-parties';
import { HSN_APPAREL } from './invoices.service';

/** The credit note's number: the invoice's, under the 'CN' series ('LL/2627/000042' → 'CN/2627/000042'). */
export const creditNoteNumber = (invoiceNumber: string) => invoiceNumber.replace(/^[A-Z]+/, 'CN');

/** Money the provider has paid back on the order (refunds the shop asked for), in paise. */
async function paidBack(work: UnitOfWork, orderId: number) {
  const rows = await work.db
    .select({ amount: refunds.amountPaise, at: refunds.updatedAt })
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), eq(refunds.status, 'processed'), ne(refunds.reason, 'orphan')));
  return {
    paise: rows.reduce((sum, r) => sum + r.amount, 0),
    last: rows.reduce<Date | null>((d, r) => (d && d > r.at ? d : r.at), null),
  };
}

/**
 * The credit note of an order's refunds (docs/back-office.md): one per
 * order, for everything the provider has paid back so far, against its tax
 * invoice. A refund of the whole total credits every line and the shipping;
 * a partial one credits its amount as one line of returned goods (tax
 * included, as the invoice's prices). Drawn on each download: it grows with
 * each refund.
 */
export async function creditNotePdf(work: UnitOfWork, orderId: number): Promise<Buffer> {
  const [row] = await work.db
    .select({ invoice: invoices, order: orders })
    .from(invoices)
    .innerJoin(orders, eq(orders.id, invoices.orderId))
    .where(eq(invoices.orderId, orderId));
  const back = await paidBack(work, orderId);
  if (!row || back.paise === 0) throw notFound('This order has no credit note');
  const { order, invoice } = row;
  const whole = back.paise >= order.totalPaise;
  const lines = whole ? await work.db.select().from(orderLines).where(eq(orderLines.orderId, orderId)) : [];
  return renderInvoicePdf({
    title: 'CREDIT NOTE',
    against: invoice.number,
    number: creditNoteNumber(invoice.number),
    date: back.last ?? new Date(),
    orderId: order.id,
    paymentId: order.paymentId,
    ...invoiceParties(work.app.env, order),
    lines: whole
      ? lines.map((l) => ({
          description: `${l.name} (${l.size}, ${l.color})`,
          sku: l.sku,
          hsn: HSN_APPAREL,
          quantity: l.quantity,
          unitPricePaise: l.unitPricePaise,
        }))
      : [
          {
            description: `Returned goods: refund against invoice ${invoice.number}`,
            sku: `ORDER-${order.id}`,
            hsn: HSN_APPAREL,
            quantity: 1,
            unitPricePaise: back.paise,
          },
        ],
    shippingPaise: whole ? order.shippingPaise : 0,
  });
}
