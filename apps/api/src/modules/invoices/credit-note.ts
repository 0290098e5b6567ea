import { splitInclusive, type InvoiceLine } from './gst';

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
