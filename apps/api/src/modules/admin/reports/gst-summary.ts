import { toRupees, type GstB2cRow, type GstHsnRow, type GstSummary } from '@shop/contract';
import type { InvoiceLine } from '../../invoices/gst';

/** One tax document of the month: an invoice, or a credit note for a refund (its lines positive). */
export interface TaxDocument {
  kind: 'invoice' | 'credit_note';
  placeOfSupply: string;
  lines: InvoiceLine[];
}

/** Short words for the HSN summary (docs/product.md 'HSN codes'). */
export const HSN_DESCRIPTIONS: Record<string, string> = {
  '4202': 'Bags of textile',
  '6110': 'Jerseys, pullovers, cardigans, knitted',
  '6111': "Babies' garments and accessories, knitted",
  '6203': "Boys' ensembles, trousers and shorts, woven",
  '6204': "Girls' dresses and ensembles, woven",
  '6207': "Boys' nightwear, woven",
  '6208': "Girls' nightwear, woven",
  '6209': "Babies' garments and accessories, woven",
  '6217': 'Clothing accessories of textile',
  '6301': 'Blankets and travelling rugs',
  '996812': 'Courier services (shipping)',
};

interface Sums {
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
}
const zero = (): Sums => ({ taxable: 0, cgst: 0, sgst: 0, igst: 0 });

function add(sums: Sums, line: InvoiceLine, sign: 1 | -1) {
  sums.taxable += sign * line.taxablePaise;
  sums.cgst += sign * line.cgstPaise;
  sums.sgst += sign * line.sgstPaise;
  sums.igst += sign * line.igstPaise;
}

/** Paise sums as the contract's rupees, with their total. */
const inRupees = (s: Sums) => ({
  taxable: toRupees(s.taxable),
  cgst: toRupees(s.cgst),
  sgst: toRupees(s.sgst),
  igst: toRupees(s.igst),
  total: toRupees(s.taxable + s.cgst + s.sgst + s.igst),
});

/**
 * The month's GST summary for filing (GSTR-1, B2C; docs/back-office.md
 * 'Reports'): by place of supply and rate, invoices and credit notes in rows
 * of their own (credit notes negative); by HSN and rate, invoices less credit
 * notes. Sums are kept in paise and turned into rupees once, at the end.
 */
export function summariseGst(month: string, shopState: string, documents: TaxDocument[]): GstSummary {
  const b2c = new Map<string, { row: Omit<GstB2cRow, keyof Sums | 'total' | 'documents'>; sums: Sums; docs: number }>();
  const hsn = new Map<string, { hsn: string; rate: number; quantity: number; sums: Sums }>();
  const totals = zero();
  for (const doc of documents) {
    const sign = doc.kind === 'invoice' ? 1 : -1;
    const touched = new Set<string>();
    for (const line of doc.lines) {
      const key = `${doc.kind}|${doc.placeOfSupply}|${line.ratePercent}`;
      let group = b2c.get(key);
      if (!group) {
        group = {
          row: { kind: doc.kind, place_of_supply: doc.placeOfSupply, rate: line.ratePercent },
          sums: zero(),
          docs: 0,
        };
        b2c.set(key, group);
      }
      add(group.sums, line, sign);
      if (!touched.has(key)) group.docs += 1;
      touched.add(key);

      const hsnKey = `${line.hsn}|${line.ratePercent}`;
      let code = hsn.get(hsnKey);
      if (!code) {
        code = { hsn: line.hsn, rate: line.ratePercent, quantity: 0, sums: zero() };
        hsn.set(hsnKey, code);
      }
      code.quantity += sign * line.quantity;
      add(code.sums, line, sign);
      add(totals, line, sign);
    }
  }
  const kindOrder = (k: string) => (k === 'invoice' ? 0 : 1);
  return {
    month,
    shop_state: shopState,
    b2c: [...b2c.values()]
      .map((g) => ({ ...g.row, documents: g.docs, ...inRupees(g.sums) }))
      .sort(
        (a, b) =>
          kindOrder(a.kind) - kindOrder(b.kind) ||
          a.place_of_supply.localeCompare(b.place_of_supply) ||
          a.rate - b.rate,
      ),
    hsn: [...hsn.values()]
      .map((c): GstHsnRow => ({
        hsn: c.hsn,
        description: HSN_DESCRIPTIONS[c.hsn] ?? '',
        rate: c.rate,
        quantity: c.quantity,
        ...inRupees(c.sums),
      }))
      .sort((a, b) => a.hsn.localeCompare(b.hsn) || a.rate - b.rate),
    invoices: documents.filter((d) => d.kind === 'invoice').length,
    credit_notes: documents.filter((d) => d.kind === 'credit_note').length,
    totals: inRupees(totals),
  };
}
