// The one price of a cart (docs/product.md 'One price'): pure functions, integer paise, no I/O.
// Everything that shows, charges, invoices or refunds an order's money reads a quote or the
// lines a quote wrote; nothing else adds up a total.
import { gstRateForPiece } from '@shop/contract';
import { splitInclusive, type TaxSplit } from './tax';

/** The smallest payment taken (online or at the door): credit leaves nothing or at least this to pay. */
export const MIN_PAYMENT_PAISE = 100;

export interface QuoteLineInput {
  variantId: number;
  quantity: number;
  /** The price of one piece now, GST included (a sale's price when on sale). */
  unitPricePaise: number;
  /** Whether the code's discount may reach this line (its conditions, decided by discount-terms.ts). */
  discountable: boolean;
}

export type DiscountTerms =
  { kind: 'percent'; percent: number } | { kind: 'amount'; paise: number } | { kind: 'free_shipping' };

export interface QuoteInput {
  lines: readonly QuoteLineInput[];
  /** The rate for the delivery country and shipping type. */
  shippingPaise: number;
  discount: DiscountTerms | null;
  /** The cash-on-delivery fee, 0 when paying online. */
  codFeePaise: number;
  /** Store credit the buyer chose to spend, at most; 0 when none. */
  creditPaise: number;
  /** CGST + SGST when the delivery is in the seller's state, else IGST. */
  intraState: boolean;
}

export interface Taxed extends TaxSplit {
  ratePercent: number;
  taxablePaise: number;
  taxPaise: number;
}

export interface QuotedLine extends QuoteLineInput, Taxed {
  /** quantity × unit price. */
  grossPaise: number;
  /** Its share of the code's discount. */
  discountPaise: number;
  /** What the buyer pays for the line: gross − discount. Its tax is counted on this. */
  paidPaise: number;
}

export interface QuotedCharge extends Taxed {
  /** What the buyer pays for it. */
  paise: number;
}

export interface Quote {
  lines: QuotedLine[];
  /** Σ gross of the lines. */
  subtotalPaise: number;
  /** Σ the lines' discounts. */
  linesDiscountPaise: number;
  /** The shipping rate the code waived (free shipping), else 0. */
  shippingWaivedPaise: number;
  /** All the code took off: the lines' discounts and the waived shipping. */
  discountPaise: number;
  shipping: QuotedCharge;
  /** null when paying online. */
  codFee: QuotedCharge | null;
  /** Σ paid of the lines + shipping + COD fee: the order's value, on its invoice. */
  totalPaise: number;
  /** Store credit spent on it (a way to pay, not a discount: no tax changes). */
  creditPaise: number;
  /** total − credit: what the buyer pays online, or in cash at the door. */
  payablePaise: number;
  tax: TaxSplit & { taxablePaise: number; taxPaise: number };
}

function assertPaise(value: number, name: string): void {
  if (!Number.isSafeInteger(value) || value < 0)
    throw new RangeError(`${name} must be a non-negative integer of paise`);
}

/** The slab of a line by what its dearest piece costs after the discount (pieces differ by a paisa at most). */
const rateOfLine = (paidPaise: number, quantity: number) => gstRateForPiece(Math.ceil(paidPaise / quantity));

/** What the code takes off the eligible subtotal: a percent rounded to the paisa, an amount never above it. */
export function discountOn(eligiblePaise: number, terms: DiscountTerms | null): number {
  if (!terms || terms.kind === 'free_shipping') return 0;
  if (terms.kind === 'amount') return Math.min(terms.paise, eligiblePaise);
  return Math.floor((eligiblePaise * terms.percent + 50) / 100);
}

/**
 * Spreads `total` paise over the lines in proportion to their value, in whole
 * paise: each takes its share rounded down, and what rounding left goes to the
 * largest line (then the next, should the largest have no room: a line never
 * takes more than its value).
 */
export function spread(total: number, values: readonly number[]): number[] {
  const sum = values.reduce((a, b) => a + b, 0);
  if (total > sum) throw new RangeError('cannot spread more than the lines are worth');
  if (total === 0 || sum === 0) return values.map(() => 0);
  // BigInt: paise × paise may pass 2^53 for a large order.
  const shares = values.map((v) => Number((BigInt(total) * BigInt(v)) / BigInt(sum)));
  let left = total - shares.reduce((a, b) => a + b, 0);
  const largestFirst = values.map((v, i) => [v, i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (const [value, i] of largestFirst) {
    if (left === 0) break;
    const more = Math.min(left, value - shares[i]!);
    shares[i]! += more;
    left -= more;
  }
  return shares;
}

/**
 * Prices a cart: each line at its price now and its share of the code's
 * discount, its GST slab decided per piece on the price paid; shipping (waived
 * by a free-shipping code) and the COD fee taxed as part of the supply, at the
 * highest rate of its goods; store credit spent last. The lines, shipping and
 * fee add up to the total exactly; total − credit is what is paid.
 */
export function quote(input: QuoteInput): Quote {
  assertPaise(input.shippingPaise, 'shippingPaise');
  assertPaise(input.codFeePaise, 'codFeePaise');
  assertPaise(input.creditPaise, 'creditPaise');
  for (const l of input.lines) {
    if (!Number.isSafeInteger(l.quantity) || l.quantity < 1)
      throw new RangeError('quantity must be a positive integer');
    assertPaise(l.unitPricePaise, 'unitPricePaise');
  }
  const gross = input.lines.map((l) => l.quantity * l.unitPricePaise);
  const eligible = input.lines.map((l, i) => (l.discountable ? gross[i]! : 0));
  const shares = spread(
    discountOn(
      eligible.reduce((a, b) => a + b, 0),
      input.discount,
    ),
    eligible,
  );
  const lines: QuotedLine[] = input.lines.map((l, i) => {
    const paidPaise = gross[i]! - shares[i]!;
    const ratePercent = rateOfLine(paidPaise, l.quantity);
    return {
      ...l,
      grossPaise: gross[i]!,
      discountPaise: shares[i]!,
      paidPaise,
      ratePercent,
      ...splitInclusive(paidPaise, ratePercent, input.intraState),
    };
  });
  // Shipping and the COD fee go with the goods (a composite supply): the highest rate among them.
  // The COD fee is treated as shipping is, not as a separate 18% service: the shop charges it, on
  // its own invoice, only as part of delivering these goods (the carrier's collecting of the cash
  // comes with the parcel and is never sold alone), so it is naturally bundled with the goods and
  // GST law (CGST Act s. 2(30), s. 8(a)) taxes the whole at the principal supply's rate, the goods'.
  // A careful shop keeps it on the invoice as its own line, at that rate.
  const principalRate = lines.length > 0 ? Math.max(...lines.map((l) => l.ratePercent)) : 18;
  const charge = (paise: number): QuotedCharge => ({
    paise,
    ratePercent: principalRate,
    ...splitInclusive(paise, principalRate, input.intraState),
  });
  const shippingWaivedPaise = input.discount?.kind === 'free_shipping' ? input.shippingPaise : 0;
  const shipping = charge(input.shippingPaise - shippingWaivedPaise);
  const codFee = input.codFeePaise > 0 ? charge(input.codFeePaise) : null;
  const subtotalPaise = gross.reduce((a, b) => a + b, 0);
  const linesDiscountPaise = shares.reduce((a, b) => a + b, 0);
  const totalPaise = subtotalPaise - linesDiscountPaise + shipping.paise + (codFee?.paise ?? 0);
  // Credit pays all of it, or leaves at least ₹1 to pay: no payment is smaller than that (docs/product.md 'Store credit').
  const fullCredit = Math.min(input.creditPaise, totalPaise);
  const creditPaise =
    fullCredit === totalPaise || totalPaise - fullCredit >= MIN_PAYMENT_PAISE
      ? fullCredit
      : Math.max(0, totalPaise - MIN_PAYMENT_PAISE);
  const tax = { taxablePaise: 0, taxPaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0 };
  for (const t of [...lines, shipping, ...(codFee ? [codFee] : [])]) {
    tax.taxablePaise += t.taxablePaise;
    tax.taxPaise += t.taxPaise;
    tax.cgstPaise += t.cgstPaise;
    tax.sgstPaise += t.sgstPaise;
    tax.igstPaise += t.igstPaise;
  }
  return {
    lines,
    subtotalPaise,
    linesDiscountPaise,
    shippingWaivedPaise,
    discountPaise: linesDiscountPaise + shippingWaivedPaise,
    shipping,
    codFee,
    totalPaise,
    creditPaise,
    payablePaise: totalPaise - creditPaise,
    tax,
  };
}

/** The shipping a code waived on an order whose quote was stored: all it took off but the lines' shares. */
export const shippingWaivedOf = (order: { discountPaise: number }, lines: readonly { discountPaise: number }[]) =>
  order.discountPaise - lines.reduce((sum, l) => sum + l.discountPaise, 0);

/**
 * What was paid for `pieces` of an order line (a return's refund): their price less their share
 * of the line's discount, rounded down to the paisa; all the pieces are exactly what the line cost.
 */
export function paidForPieces(
  line: { quantity: number; unitPricePaise: number; discountPaise: number },
  pieces: number,
) {
  if (!Number.isInteger(pieces) || pieces < 0 || pieces > line.quantity) throw new RangeError('pieces out of range');
  const discount = Math.ceil((line.discountPaise * pieces) / line.quantity);
  return pieces * line.unitPricePaise - discount;
}
