import { and, eq, ne } from 'drizzle-orm';
import type { UnitOfWork } from '../../context';
import { invoices } from './invoices.schema';
import { orderLines, orders } from '../orders/orders.schema';
import { refunds } from '../payments/payments.schema';
import { notFound } from '../../lib/errors';
import { sellerOf } from '../settings/settings.service';
import { splitInclusive } from '../pricing/tax';
import type { InvoiceLine, InvoiceLineInput } from './gst';
import { invoiceParties } from './invoice-parties';
import { renderInvoicePdf } from './invoice-pdf';
import { orderTax } from './order-tax';

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
 * invoice, its lines from `creditNoteLines` (the rule the GST summary
 * uses): a refund of the whole total credits every line and the shipping, a
 * partial one its amount spread over the lines, each at its own rate. Drawn
 * on each download: it grows with each refund.
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
  const lines = await work.db.select().from(orderLines).where(eq(orderLines.orderId, orderId));
  const seller = await sellerOf(work);
  const tax = orderTax(order, lines, seller.state);
  return renderInvoicePdf({
    title: 'CREDIT NOTE',
    against: invoice.number,
    number: creditNoteNumber(invoice.number),
    date: back.last ?? new Date(),
    orderId: order.id,
    paymentId: order.paymentId,
    ...invoiceParties(seller, order),
    lines: creditNoteLines(tax, back.paise, tax.intraState).map(asInput),
    shippingPaise: 0, // a refunded share of the shipping is one of the lines above
  });
}

/** A credited part as a line to print: whole pieces as they were sold (their discount too), a share of a line as one amount at its rate. */
const asInput = (part: InvoiceLine): InvoiceLineInput =>
  part.quantity > 0
    ? {
        description: part.description,
        sku: part.sku,
        hsn: part.hsn,
        quantity: part.quantity,
        unitPricePaise: part.unitPricePaise,
        discountPaise: part.discountPaise,
        ratePercent: part.ratePercent,
      }
    : {
        description: `${part.description} (part)`,
        sku: part.sku,
        hsn: part.hsn,
        quantity: 1,
        unitPricePaise: part.grossPaise,
        ratePercent: part.ratePercent,
      };

/**
 * The lines of a credit note for `refundPaise` given back on an invoice
 * (docs/back-office.md 'Reports'): the money goes to the goods first, in
 * proportion to each line's amount, and only what is left to shipping; each
 * part is split at its own line's rate. Parts are whole paise summing exactly
 * to the refund (largest remainder), so a full refund is the invoice negated
 * line by line. Amounts are positive; the caller writes them as negatives.
 * A credit note for an amount returns no pieces (quantity 0), a full one all.
 */
export function creditNoteLines(
  invoice: { lines: InvoiceLine[]; shipping: InvoiceLine | null },
  refundPaise: number,
  intraState: boolean,
): InvoiceLine[] {
  const goodsPaise = invoice.lines.reduce((sum, l) => sum + l.grossPaise, 0);
  const toGoods = Math.min(refundPaise, goodsPaise);
  const parts = spread(
    invoice.lines.map((l) => l.grossPaise),
    toGoods,
  ).map((gross, i) => ({ line: invoice.lines[i]!, gross }));
  if (invoice.shipping && refundPaise > toGoods) {
    parts.push({ line: invoice.shipping, gross: Math.min(refundPaise - toGoods, invoice.shipping.grossPaise) });
  }
  return parts
    .filter((p) => p.gross > 0)
    .map(({ line, gross }) => ({
      ...line,
      quantity: gross === line.grossPaise ? line.quantity : 0,
      grossPaise: gross,
      ...splitInclusive(gross, line.ratePercent, intraState),
    }));
}

/** `amount` spread over `weights` in proportion, in whole units summing exactly to it (largest remainder). */
export function spread(weights: number[], amount: number): number[] {
  const whole = weights.reduce((a, b) => a + b, 0);
  if (whole === 0) return weights.map(() => 0);
  const shares = weights.map((w, i) => {
    const exact = (w * amount) / whole;
    return { i, floor: Math.floor(exact), rest: exact - Math.floor(exact) };
  });
  let left = amount - shares.reduce((a, s) => a + s.floor, 0);
  for (const s of [...shares].sort((a, b) => b.rest - a.rest || a.i - b.i)) {
    if (left <= 0) break;
    s.floor += 1;
    left -= 1;
  }
  return shares.map((s) => s.floor);
}
