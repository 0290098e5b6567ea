import { toPaise, type GstSummary } from '@shop/contract';
import { CSV_BOM, csvRow, money } from '../../../lib/csv';

const amounts = (a: { taxable: number; cgst: number; sgst: number; igst: number; total: number }) =>
  [a.taxable, a.cgst, a.sgst, a.igst, a.total].map((r) => money(toPaise(r)));
const AMOUNT_HEADERS = ['taxable_inr', 'cgst_inr', 'sgst_inr', 'igst_inr', 'total_inr'];

/** The GST summary as one CSV with its two tables one after the other, as the page shows them. */
export function gstCsv(s: GstSummary): string {
  return [
    CSV_BOM +
      csvRow([
        'GST summary',
        s.month,
        'shop state',
        s.shop_state,
        'invoices',
        s.invoices,
        'credit notes',
        s.credit_notes,
      ]),
    csvRow([]),
    csvRow(['B2C by place of supply and rate']),
    csvRow(['document', 'place_of_supply', 'rate_percent', 'documents', ...AMOUNT_HEADERS]),
    ...s.b2c.map((r) =>
      csvRow([r.kind === 'invoice' ? 'Invoice' : 'Credit note', r.place_of_supply, r.rate, r.documents, ...amounts(r)]),
    ),
    csvRow(['Total', '', '', s.invoices + s.credit_notes, ...amounts(s.totals)]),
    csvRow([]),
    csvRow(['HSN summary (invoices less credit notes)']),
    csvRow(['hsn', 'description', 'rate_percent', 'quantity', ...AMOUNT_HEADERS]),
    ...s.hsn.map((r) => csvRow([r.hsn, r.description, r.rate, r.quantity, ...amounts(r)])),
    csvRow(['Total', '', '', s.hsn.reduce((n, r) => n + r.quantity, 0), ...amounts(s.totals)]),
  ].join('');
}
