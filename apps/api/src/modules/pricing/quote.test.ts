import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LOW_SLAB_MAX_PIECE_PAISE } from '@shop/contract';
import { quote, spread, type DiscountTerms, type QuoteInput } from './quote';

const line = fc.record({
  variantId: fc.integer({ min: 1, max: 1_000_000 }),
  quantity: fc.integer({ min: 1, max: 20 }),
  // Up to ₹20,000 a piece, around the ₹2,500 slab edge too.
  unitPricePaise: fc.oneof(
    fc.integer({ min: 100, max: 2_000_000 }),
    fc.integer({ min: LOW_SLAB_MAX_PIECE_PAISE - 500, max: LOW_SLAB_MAX_PIECE_PAISE + 500 }),
  ),
  discountable: fc.boolean(),
});

const terms: fc.Arbitrary<DiscountTerms | null> = fc.oneof(
  fc.constant(null),
  fc.integer({ min: 1, max: 90 }).map((percent) => ({ kind: 'percent' as const, percent })),
  fc.integer({ min: 1, max: 5_000_000 }).map((paise) => ({ kind: 'amount' as const, paise })),
  fc.constant({ kind: 'free_shipping' as const }),
);

const input: fc.Arbitrary<QuoteInput> = fc.record({
  lines: fc.array(line, { minLength: 1, maxLength: 12 }),
  shippingPaise: fc.integer({ min: 0, max: 100_000 }),
  discount: terms,
  codFeePaise: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 20_000 })),
  creditPaise: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 10_000_000 })),
  intraState: fc.boolean(),
});

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

describe('the quote', () => {
  it('adds up: the lines, shipping and fee make the total exactly, credit and payable make it again', () => {
    fc.assert(
      fc.property(input, (i) => {
        const q = quote(i);
        const charges = q.shipping.paise + (q.codFee?.paise ?? 0);
        expect(sum(q.lines.map((l) => l.paidPaise)) + charges).toBe(q.totalPaise);
        expect(q.subtotalPaise - q.linesDiscountPaise + charges).toBe(q.totalPaise);
        expect(q.creditPaise + q.payablePaise).toBe(q.totalPaise);
        // Nothing left to pay, or at least the smallest payment (when the total allows one).
        if (q.totalPaise >= 100) expect(q.payablePaise === 0 || q.payablePaise >= 100).toBe(true);
        expect(q.discountPaise).toBe(q.linesDiscountPaise + q.shippingWaivedPaise);
        // Tax never changes what is paid: taxable + tax is each amount paid, and the whole.
        for (const t of [
          ...q.lines.map((l) => ({ ...l, paise: l.paidPaise })),
          q.shipping,
          ...(q.codFee ? [q.codFee] : []),
        ]) {
          expect(t.taxablePaise + t.taxPaise).toBe(t.paise);
          expect(t.cgstPaise + t.sgstPaise + t.igstPaise).toBe(t.taxPaise);
        }
        expect(q.tax.taxablePaise + q.tax.taxPaise).toBe(q.totalPaise);
      }),
      { numRuns: 800 },
    );
  });

  it('never takes a line, shipping or the payable below zero, nor a line below what it is worth', () => {
    fc.assert(
      fc.property(input, (i) => {
        const q = quote(i);
        for (const l of q.lines) {
          expect(l.discountPaise).toBeGreaterThanOrEqual(0);
          expect(l.paidPaise).toBeGreaterThanOrEqual(0);
          expect(l.paidPaise).toBeLessThanOrEqual(l.grossPaise);
          if (!l.discountable) expect(l.discountPaise).toBe(0);
        }
        expect(q.shipping.paise).toBeGreaterThanOrEqual(0);
        expect(q.payablePaise).toBeGreaterThanOrEqual(0);
        expect(q.creditPaise).toBeLessThanOrEqual(i.creditPaise);
      }),
      { numRuns: 800 },
    );
  });

  it('taxes each line at the slab of a piece as paid after its discount', () => {
    fc.assert(
      fc.property(input, (i) => {
        for (const l of quote(i).lines) {
          const dearestPiece = Math.ceil(l.paidPaise / l.quantity);
          expect(l.ratePercent).toBe(dearestPiece <= LOW_SLAB_MAX_PIECE_PAISE ? 5 : 18);
        }
      }),
      { numRuns: 800 },
    );
  });

  it('takes off what the code says: a percent of the eligible lines, an amount no more than they are worth, shipping only when free', () => {
    fc.assert(
      fc.property(input, (i) => {
        const q = quote(i);
        const eligible = sum(q.lines.filter((l) => l.discountable).map((l) => l.grossPaise));
        const d = i.discount;
        if (!d) expect(q.discountPaise).toBe(0);
        else if (d.kind === 'percent') {
          expect(Math.abs(q.linesDiscountPaise - (eligible * d.percent) / 100)).toBeLessThanOrEqual(0.5);
        } else if (d.kind === 'amount') expect(q.linesDiscountPaise).toBe(Math.min(d.paise, eligible));
        else {
          expect(q.linesDiscountPaise).toBe(0);
          expect(q.shipping.paise).toBe(0);
          expect(q.shippingWaivedPaise).toBe(i.shippingPaise);
        }
        if (d?.kind !== 'free_shipping') expect(q.shipping.paise).toBe(i.shippingPaise);
      }),
      { numRuns: 800 },
    );
  });

  it('leaves nothing or at least ₹1 to pay: credit just short of the total is spent less by the difference', () => {
    const terms = {
      lines: [{ variantId: 1, quantity: 1, unitPricePaise: 100_000, discountable: true }],
      shippingPaise: 0,
      discount: null,
      codFeePaise: 0,
      intraState: true,
    };
    const short = quote({ ...terms, creditPaise: 99_950 });
    expect([short.creditPaise, short.payablePaise]).toEqual([99_900, 100]);
    const exact = quote({ ...terms, creditPaise: 100_000 });
    expect([exact.creditPaise, exact.payablePaise]).toEqual([100_000, 0]);
    const enough = quote({ ...terms, creditPaise: 99_900 });
    expect([enough.creditPaise, enough.payablePaise]).toEqual([99_900, 100]);
  });

  it('spends credit last and never more than the total', () => {
    const q = quote({
      lines: [{ variantId: 1, quantity: 2, unitPricePaise: 100_000, discountable: true }],
      shippingPaise: 25_000,
      discount: { kind: 'percent', percent: 10 },
      codFeePaise: 0,
      creditPaise: 1_000_000,
      intraState: true,
    });
    expect(q.totalPaise).toBe(200_000 - 20_000 + 25_000);
    expect(q.creditPaise).toBe(q.totalPaise);
    expect(q.payablePaise).toBe(0);
    // Credit is a way to pay: the tax is that of the total.
    expect(q.tax.taxablePaise + q.tax.taxPaise).toBe(q.totalPaise);
  });

  it('moves a line into the lower slab when its discount takes a piece to ₹2,500 or less', () => {
    const q = quote({
      lines: [
        { variantId: 1, quantity: 1, unitPricePaise: 270_000, discountable: true },
        { variantId: 2, quantity: 1, unitPricePaise: 300_000, discountable: false },
      ],
      shippingPaise: 25_000,
      discount: { kind: 'percent', percent: 10 },
      codFeePaise: 4_900,
      creditPaise: 0,
      intraState: false,
    });
    expect(q.lines.map((l) => [l.paidPaise, l.ratePercent])).toEqual([
      [243_000, 5],
      [300_000, 18],
    ]);
    // Shipping and the fee at the highest rate of the goods.
    expect([q.shipping.ratePercent, q.codFee?.ratePercent]).toEqual([18, 18]);
    expect(q.totalPaise).toBe(243_000 + 300_000 + 25_000 + 4_900);
  });
});

describe('spreading a discount over lines', () => {
  it('gives each line its share in whole paise, the remainder to the largest, never more than a line is worth', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 5_000_000 }), { minLength: 1, maxLength: 12 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (values, f) => {
          const total = Math.floor(sum(values) * f);
          const shares = spread(total, values);
          expect(sum(shares)).toBe(total);
          shares.forEach((s, i) => {
            expect(Number.isInteger(s)).toBe(true);
            expect(s).toBeGreaterThanOrEqual(0);
            expect(s).toBeLessThanOrEqual(values[i]!);
            // Proportional to within the rounding (plus what the largest line took up).
            if (sum(values) > 0) expect(s).toBeGreaterThanOrEqual(Math.floor((total * values[i]!) / sum(values)));
          });
        },
      ),
      { numRuns: 800 },
    );
  });

  it('puts the paise left by rounding on the largest line', () => {
    expect(spread(100, [300, 300, 400])).toEqual([30, 30, 40]);
    expect(spread(2, [100, 100, 101])).toEqual([0, 0, 2]);
    // The largest has no room for the whole remainder: the next takes the rest.
    expect(spread(299, [100, 100, 100])).toEqual([100, 100, 99]);
  });

  it('refuses to spread more than the lines are worth', () => {
    expect(() => spread(301, [100, 100, 100])).toThrow(RangeError);
  });
});
