import type { orderLines, orders } from '../orders/orders.schema';
import { shippingWaivedOf } from '../pricing/quote';
import { isIntraState } from '../pricing/tax';
import { computeInvoice, type InvoiceLineInput } from './gst';

type OrderRow = Pick<
  typeof orders.$inferSelect,
  'country' | 'state' | 'shippingPaise' | 'discountPaise' | 'codFeePaise'
>;
type LineRow = Pick<
  typeof orderLines.$inferSelect,
  'name' | 'size' | 'color' | 'sku' | 'hsnCode' | 'quantity' | 'unitPricePaise' | 'discountPaise' | 'gstRateBp'
>;

/** An order's lines as its tax invoice lists them: as the order's quote priced them (discount and rate). */
export const invoiceLineInputs = (lines: LineRow[]): InvoiceLineInput[] =>
  lines.map((l) => ({
    description: `${l.name} (${l.size}, ${l.color})`,
    sku: l.sku,
    hsn: l.hsnCode,
    quantity: l.quantity,
    unitPricePaise: l.unitPricePaise,
    discountPaise: l.discountPaise,
    ratePercent: l.gstRateBp / 100,
  }));

/** An order's tax, line by line, as its invoice prints it: the one rule the invoice and the GST summary share. */
export function orderTax(order: OrderRow, lines: LineRow[], shopState: string) {
  const intraState = isIntraState(order, shopState);
  const calc = computeInvoice(
    invoiceLineInputs(lines),
    order.shippingPaise,
    intraState,
    shippingWaivedOf(order, lines),
    order.codFeePaise,
  );
  return { intraState, ...calc };
}
