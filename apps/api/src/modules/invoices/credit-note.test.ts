import { describe, expect, it } from 'vitest';
import { creditNoteLines, spread } from './credit-note';
import { computeInvoice } from './gst';

const invoice = computeInvoice(
  [
    { description: 'Frock', sku: 'A', hsn: '6204', quantity: 2, unitPricePaise: 295_000 },
    { description: 'Bib', sku: 'B', hsn: '6209', quantity: 1, unitPricePaise: 52_500 },
  ],
  25_000,
  false,
);

describe('credit notes', () => {
  it('negate the invoice line by line for a full refund', () => {
    const lines = creditNoteLines(invoice, invoice.totals.grossPaise, false);
    expect(lines).toEqual([...invoice.lines, invoice.shipping]);
  });

  it('give a partial refund to the goods first, to the paisa, each part at its own rate', () => {
    const lines = creditNoteLines(invoice, 100_001, false);
    expect(lines.map((l) => l.hsn)).toEqual(['6204', '6209']);
    expect(lines.reduce((s, l) => s + l.grossPaise, 0)).toBe(100_001);
    expect(lines.map((l) => [l.ratePercent, l.quantity])).toEqual([
      [18, 0],
      [5, 0],
    ]);
    for (const l of lines) expect(l.taxablePaise + l.igstPaise).toBe(l.grossPaise);
    // Goods are ₹6,425 in all; beyond them the refund reaches shipping.
    const withShipping = creditNoteLines(invoice, 652_500, false);
    expect(withShipping.at(-1)).toMatchObject({ hsn: '996812', grossPaise: 10_000 });
  });

  it('spread amounts in proportion, summing exactly', () => {
    expect(spread([1, 1, 1], 100)).toEqual([34, 33, 33]);
    expect(spread([0, 0], 5)).toEqual([0, 0]);
    expect(spread([590_000, 52_500], 295_000)).toEqual([270_895, 24_105]);
  });
});
