import { describe, expect, it } from 'vitest';
import { amountInWords, computeInvoice, financialYear, formatInvoiceNumber, type InvoiceLineInput } from './gst';

const item = (unitPricePaise: number, quantity = 1, sku = 'SKU-1'): InvoiceLineInput => ({
  description: 'Smocked frock',
  sku,
  hsn: '6209',
  quantity,
  unitPricePaise,
});

describe('computeInvoice', () => {
  it('gives exact figures for the 5% slab', () => {
    const [line] = computeInvoice([item(105_000)], 0, true).lines;
    expect(line).toMatchObject({ ratePercent: 5, grossPaise: 105_000, taxablePaise: 100_000, taxPaise: 5_000 });
    expect(line).toMatchObject({ cgstPaise: 2_500, sgstPaise: 2_500, igstPaise: 0 });
  });

  it('gives exact figures for the 18% slab', () => {
    const [line] = computeInvoice([item(295_000)], 0, true).lines;
    expect(line).toMatchObject({ ratePercent: 18, taxablePaise: 250_000, taxPaise: 45_000, cgstPaise: 22_500 });
  });

  it('puts ₹2,500.00 in the 5% slab and ₹2,501.00 in the 18% slab', () => {
    const { lines } = computeInvoice([item(250_000), item(250_100)], 0, true);
    // 250000 × 100 / 105 = 238095.24; 250100 × 100 / 118 = 211949.15
    expect(lines[0]).toMatchObject({ ratePercent: 5, taxablePaise: 238_095, taxPaise: 11_905 });
    expect(lines[0]).toMatchObject({ cgstPaise: 5_952, sgstPaise: 5_953 });
    expect(lines[1]).toMatchObject({ ratePercent: 18, taxablePaise: 211_949, taxPaise: 38_151 });
    expect(lines[1]).toMatchObject({ cgstPaise: 19_075, sgstPaise: 19_076 });
  });

  it('decides the slab per piece, not per line total', () => {
    const [line] = computeInvoice([item(200_000, 3)], 0, false).lines;
    expect(line).toMatchObject({ ratePercent: 5, grossPaise: 600_000, taxablePaise: 571_429, taxPaise: 28_571 });
  });

  it('rounds to the paisa with taxable + tax === gross for many prices', () => {
    let checked = 0;
    for (let price = 1; price <= 300_000; price += 997) {
      for (const quantity of [1, 3]) {
        for (const intraState of [true, false]) {
          const [line] = computeInvoice([item(price, quantity)], 0, intraState).lines;
          const gross = price * quantity;
          const rate = price <= 250_000 ? 5 : 18;
          expect(line!.ratePercent).toBe(rate);
          expect(line!.taxablePaise).toBe(Math.round((gross * 100) / (100 + rate)));
          expect(line!.taxablePaise + line!.taxPaise).toBe(gross);
          expect(line!.taxPaise).toBeGreaterThanOrEqual(0);
          expect(line!.cgstPaise + line!.sgstPaise + line!.igstPaise).toBe(line!.taxPaise);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(1_000);
  });

  it('splits an odd tax amount with the extra paisa in SGST', () => {
    // ₹1.00 at 5%: taxable 95 paise, tax 5 paise
    const [small] = computeInvoice([item(100)], 0, true).lines;
    expect(small).toMatchObject({ taxablePaise: 95, taxPaise: 5, cgstPaise: 2, sgstPaise: 3, igstPaise: 0 });
    // ₹1,899.00 at 5%: tax 9043 paise
    const [odd] = computeInvoice([item(189_900)], 0, true).lines;
    expect(odd).toMatchObject({ taxPaise: 9_043, cgstPaise: 4_521, sgstPaise: 4_522 });
  });

  it('charges IGST alone for an inter-state supply', () => {
    const { lines, totals } = computeInvoice([item(189_900), item(449_900)], 0, false);
    expect(lines[0]).toMatchObject({ taxPaise: 9_043, igstPaise: 9_043, cgstPaise: 0, sgstPaise: 0 });
    expect(lines[1]).toMatchObject({ taxablePaise: 381_271, taxPaise: 68_629, igstPaise: 68_629 });
    expect(totals).toMatchObject({ igstPaise: 77_672, cgstPaise: 0, sgstPaise: 0, taxPaise: 77_672 });
  });

  it('taxes shipping at the highest rate among the goods', () => {
    const low = computeInvoice([item(189_900), item(99_900)], 9_900, true);
    expect(low.shipping).toMatchObject({
      description: 'Shipping and handling',
      hsn: '996812',
      quantity: 1,
      ratePercent: 5,
      grossPaise: 9_900,
      taxablePaise: 9_429,
      taxPaise: 471,
      cgstPaise: 235,
      sgstPaise: 236,
    });
    const high = computeInvoice([item(99_900), item(449_900)], 9_900, false);
    expect(high.shipping).toMatchObject({ ratePercent: 18, taxablePaise: 8_390, taxPaise: 1_510, igstPaise: 1_510 });
  });

  it('leaves shipping out when it is free, and taxes it at 18% with no goods', () => {
    expect(computeInvoice([item(99_900)], 0, true).shipping).toBeNull();
    expect(computeInvoice([], 5_900, true).shipping).toMatchObject({ ratePercent: 18, taxablePaise: 5_000 });
  });

  it('sums the lines and shipping into the totals', () => {
    const { lines, shipping, totals } = computeInvoice([item(189_900, 2), item(449_900), item(250_000)], 9_900, true);
    expect(totals).toEqual({
      grossPaise: 1_089_600,
      taxablePaise: 989_470,
      taxPaise: 100_130,
      cgstPaise: 50_064,
      sgstPaise: 50_066,
      igstPaise: 0,
    });
    const all = [...lines, shipping!];
    expect(totals.grossPaise).toBe(all.reduce((sum, l) => sum + l.grossPaise, 0));
    expect(totals.taxablePaise + totals.taxPaise).toBe(totals.grossPaise);
    expect(totals.cgstPaise + totals.sgstPaise).toBe(totals.taxPaise);
  });

  it('rejects bad quantities and prices', () => {
    expect(() => computeInvoice([item(100, 0)], 0, true)).toThrow(RangeError);
    expect(() => computeInvoice([item(100, 1.5)], 0, true)).toThrow(RangeError);
    expect(() => computeInvoice([item(-100)], 0, true)).toThrow(RangeError);
    expect(() => computeInvoice([item(100)], -1, true)).toThrow(RangeError);
  });
});

describe('financialYear', () => {
  it('runs from 1 April to 31 March in India time', () => {
    expect(financialYear(new Date('2026-04-01T00:00:00+05:30'))).toBe('2026-27');
    expect(financialYear(new Date('2026-03-31T23:59:59.999+05:30'))).toBe('2025-26');
    expect(financialYear(new Date('2026-03-31T18:29:59.999Z'))).toBe('2025-26');
    expect(financialYear(new Date('2026-03-31T18:30:00Z'))).toBe('2026-27');
    expect(financialYear(new Date('2026-12-31T12:00:00Z'))).toBe('2026-27');
    expect(financialYear(new Date('2027-01-15T12:00:00Z'))).toBe('2026-27');
    expect(financialYear(new Date('2027-03-31T10:00:00Z'))).toBe('2026-27');
  });

  it('uses India time when UTC is still on 31 March', () => {
    expect(financialYear(new Date('2027-03-31T20:00:00Z'))).toBe('2027-28');
  });

  it('writes the second year with two digits across a century', () => {
    expect(financialYear(new Date('2099-06-01T00:00:00Z'))).toBe('2099-00');
    expect(financialYear(new Date('2009-06-01T00:00:00Z'))).toBe('2009-10');
  });

  it('rejects an invalid date', () => {
    expect(() => financialYear(new Date('nope'))).toThrow(RangeError);
  });
});

describe('formatInvoiceNumber', () => {
  it('pads the serial to six digits', () => {
    expect(formatInvoiceNumber('LL', '2026-27', 42)).toBe('LL/2627/000042');
    expect(formatInvoiceNumber('L', '2026-27', 1)).toBe('L/2627/000001');
    expect(formatInvoiceNumber('SHOP', '2026-27', 999_999)).toBe('SHOP/2627/999999');
    expect(() => formatInvoiceNumber('SHOP', '2026-27', 1_234_567)).toThrow(/16 characters/);
  });

  it('rejects a serial that is not a positive integer', () => {
    expect(() => formatInvoiceNumber('LL', '2026-27', 0)).toThrow(RangeError);
    expect(() => formatInvoiceNumber('LL', '2026-27', 1.5)).toThrow(RangeError);
  });
});

describe('amountInWords', () => {
  it.each([
    [0, 'Rupees Zero Only'],
    [1, 'Rupees Zero and One Paisa Only'],
    [99, 'Rupees Zero and Ninety-Nine Paise Only'],
    [100, 'Rupees One Only'],
    [10_000, 'Rupees One Hundred Only'],
    [1_105, 'Rupees Eleven and Five Paise Only'],
    [10_000_000, 'Rupees One Lakh Only'],
    [12_345_650, 'Rupees One Lakh Twenty-Three Thousand Four Hundred Fifty-Six and Fifty Paise Only'],
    [
      1_234_567_890,
      'Rupees One Crore Twenty-Three Lakh Forty-Five Thousand Six Hundred Seventy-Eight and Ninety Paise Only',
    ],
    [1_089_600, 'Rupees Ten Thousand Eight Hundred Ninety-Six Only'],
    [1_111_111_100, 'Rupees One Crore Eleven Lakh Eleven Thousand One Hundred Eleven Only'],
    [100_000_000_000, 'Rupees One Hundred Crore Only'],
    [10_000_000_000_000, 'Rupees Ten Thousand Crore Only'],
    [100_000_000_000_000, 'Rupees One Lakh Crore Only'],
  ])('%i paise → %s', (paise, words) => {
    expect(amountInWords(paise)).toBe(words);
  });

  it('rejects negative and fractional paise', () => {
    expect(() => amountInWords(-1)).toThrow(RangeError);
    expect(() => amountInWords(0.5)).toThrow(RangeError);
  });
});
