import type { orderLines, orders } from '../orders/orders.schema';
import { computeInvoice, isIntraState, type InvoiceLineInput } from './gst';

type OrderRow = Pick<typeof orders.$inferSelect, 'country' | 'state' | 'shippingPaise'>;
type LineRow = Pick<
  typeof orderLines.$inferSelect,
  'name' | 'size' | 'color' | 'sku' | 'hsnCode' | 'quantity' | 'unitPricePaise'
>;

/** An order's lines as its tax invoice lists them. */
export const invoiceLineInputs = (lines: LineRow[]): InvoiceLineInput[] =>
  lines.map((l) => ({
    description: `${l.name} (${l.size}, ${l.color})`,
    sku: l.sku,
    hsn: l.hsnCode,
    quantity: l.quantity,
    unitPricePaise: l.unitPricePaise,
  }));

/** An order's tax, line by line, as its invoice prints it: the one rule the invoice and the GST summary share. */
export function orderTax(order: OrderRow, lines: LineRow[], shopState: string) {
  const intraState = isIntraState(order, shopState);
  return { intraState, ...computeInvoice(invoiceLineInputs(lines), order.shippingPaise, intraState) };
}
