// GST arithmetic for tax invoices: pure functions, integer paise, no I/O.

export interface InvoiceLineInput {
  description: string;
  sku: string;
  hsn: string;
  quantity: number;
  /** Price per piece INCLUDING GST, in paise. */
  unitPricePaise: number;
  /** The rate of the line this one credits (a credit note's share of a line); else the piece's slab. */
  ratePercent?: number;
}

export interface TaxSplit {
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
}

export interface InvoiceLine extends InvoiceLineInput, TaxSplit {
  ratePercent: number;
  /** quantity × unitPricePaise (GST included). */
  grossPaise: number;
  taxablePaise: number;
  taxPaise: number;
}

export interface InvoiceTotals extends TaxSplit {
  taxablePaise: number;
  taxPaise: number;
  grossPaise: number;
}

/** Highest GST-inclusive price of one piece taxed at 5%: ₹2,500. */
export const LOW_SLAB_MAX_PIECE_PAISE = 250_000;
export const SHIPPING_DESCRIPTION = 'Shipping and handling';
/** SAC for courier services. */
export const SHIPPING_HSN = '996812';

/**
 * GST rate on apparel since 22 Sep 2025: 5% for a piece up to ₹2,500 inclusive, 18% above.
 *
 * Simplification: the law puts the threshold on the transaction value (the price before GST);
 * the shop compares the GST-inclusive selling price of one piece instead (its documented
 * simplification). This can only move a piece into 18% earlier, never later: a piece priced
 * ₹2,501 incl. GST is 18% here, although its value before GST would be under ₹2,500.
 */
export function gstRateForPiece(unitPricePaise: number): 5 | 18 {
  assertPaise(unitPricePaise, 'unitPricePaise');
  return unitPricePaise <= LOW_SLAB_MAX_PIECE_PAISE ? 5 : 18;
}

/** Splits a GST-inclusive amount into taxable value and tax; taxable + tax === gross exactly. */
export function splitInclusive(
  grossPaise: number,
  ratePercent: number,
  intraState: boolean,
): TaxSplit & { taxablePaise: number; taxPaise: number } {
  // round(gross × 100 / (100 + rate)) in integers, rounding half up. (No exact halves occur for
  // 5% or 18%, but integer arithmetic keeps this exact for any amount below 2^53 / 200.)
  const divisor = 100 + ratePercent;
  const taxablePaise = Math.floor((grossPaise * 200 + divisor) / (2 * divisor));
  const taxPaise = grossPaise - taxablePaise;
  if (!intraState) return { taxablePaise, taxPaise, cgstPaise: 0, sgstPaise: 0, igstPaise: taxPaise };
  const cgstPaise = Math.floor(taxPaise / 2);
  return { taxablePaise, taxPaise, cgstPaise, sgstPaise: taxPaise - cgstPaise, igstPaise: 0 };
}

function buildLine(input: InvoiceLineInput, ratePercent: number, intraState: boolean): InvoiceLine {
  const grossPaise = input.quantity * input.unitPricePaise;
  return { ...input, ratePercent, grossPaise, ...splitInclusive(grossPaise, ratePercent, intraState) };
}

/**
 * Computes every line of a GST-inclusive invoice. The slab is decided per piece. Shipping is a
 * composite supply with the goods, so it takes the highest rate among the goods lines (18% if
 * there are no goods lines, the rate of a standalone courier service).
 */
export function computeInvoice(
  lines: InvoiceLineInput[],
  shippingPaise: number,
  intraState: boolean,
): { lines: InvoiceLine[]; shipping: InvoiceLine | null; totals: InvoiceTotals } {
  assertPaise(shippingPaise, 'shippingPaise');
  const computed = lines.map((input) => {
    if (!Number.isSafeInteger(input.quantity) || input.quantity < 1) {
      throw new RangeError(`quantity must be a positive integer (sku ${input.sku})`);
    }
    return buildLine(input, input.ratePercent ?? gstRateForPiece(input.unitPricePaise), intraState);
  });
  const principalRate = computed.length > 0 ? Math.max(...computed.map((l) => l.ratePercent)) : 18;
  const shipping =
    shippingPaise > 0
      ? buildLine(
          { description: SHIPPING_DESCRIPTION, sku: '', hsn: SHIPPING_HSN, quantity: 1, unitPricePaise: shippingPaise },
          principalRate,
          intraState,
        )
      : null;
  const totals: InvoiceTotals = {
    taxablePaise: 0,
    taxPaise: 0,
    grossPaise: 0,
    cgstPaise: 0,
    sgstPaise: 0,
    igstPaise: 0,
  };
  for (const l of shipping ? [...computed, shipping] : computed) {
    totals.taxablePaise += l.taxablePaise;
    totals.taxPaise += l.taxPaise;
    totals.grossPaise += l.grossPaise;
    totals.cgstPaise += l.cgstPaise;
    totals.sgstPaise += l.sgstPaise;
    totals.igstPaise += l.igstPaise;
  }
  return { lines: computed, shipping, totals };
}

/** Whether a delivery address is in the shop's own state: CGST + SGST then, else IGST (docs/product.md 'GST'). */
export const isIntraState = (to: { country: string; state: string }, shopState: string): boolean =>
  to.country === 'India' && to.state.toLowerCase() === shopState.toLowerCase();

const IST_OFFSET_MS = 330 * 60 * 1000; // Asia/Kolkata is UTC+05:30 all year (no DST).

/** The Indian financial year (1 April – 31 March, in India time) of a moment, e.g. '2026-27'. */
export function financialYear(date: Date): string {
  if (Number.isNaN(date.getTime())) throw new RangeError('Invalid date');
  const ist = new Date(date.getTime() + IST_OFFSET_MS);
  const start = ist.getUTCMonth() >= 3 ? ist.getUTCFullYear() : ist.getUTCFullYear() - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/** The calendar date of a moment in India time, as DD-MM-YYYY. */
export function formatIndianDate(date: Date): string {
  const ist = new Date(date.getTime() + IST_OFFSET_MS);
  const dd = String(ist.getUTCDate()).padStart(2, '0');
  const mm = String(ist.getUTCMonth() + 1).padStart(2, '0');
  return `${dd}-${mm}-${ist.getUTCFullYear()}`;
}

/**
 * e.g. formatInvoiceNumber('LL', '2026-27', 42) → 'LL/2627/000042'. Rule 46(b) of the CGST Rules
 * caps an invoice number at 16 characters: the year is written '2627' and the prefix (1 to 4
 * capital letters, checked by env.ts) keeps the whole within 16 up to serial 999999.
 */
export function formatInvoiceNumber(prefix: string, fy: string, n: number): string {
  if (!Number.isSafeInteger(n) || n < 1) throw new RangeError('Invoice serial must be a positive integer');
  const number = `${prefix}/${fy.replace(/^\d\d(\d\d)-(\d\d)$/, '$1$2')}/${String(n).padStart(6, '0')}`;
  if (number.length > 16) throw new RangeError(`Invoice number ${number} is longer than 16 characters`);
  return number;
}

const ONES = [
  '',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

function belowHundred(n: number): string {
  if (n < 20) return ONES[n]!;
  const unit = n % 10;
  return TENS[Math.floor(n / 10)]! + (unit ? `-${ONES[unit]!}` : '');
}

/** Words for a positive integer in the Indian system (crore, lakh, thousand, hundred). */
function indianWords(n: number): string {
  const parts: string[] = [];
  const crore = Math.floor(n / 10_000_000);
  if (crore) parts.push(`${indianWords(crore)} Crore`);
  let rest = n % 10_000_000;
  for (const [size, name] of [
    [100_000, 'Lakh'],
    [1_000, 'Thousand'],
    [100, 'Hundred'],
  ] as const) {
    const count = Math.floor(rest / size);
    if (count) parts.push(`${belowHundred(count)} ${name}`);
    rest %= size;
  }
  if (rest) parts.push(belowHundred(rest));
  return parts.join(' ');
}

/** e.g. 12345650 → 'Rupees One Lakh Twenty-Three Thousand Four Hundred Fifty-Six and Fifty Paise Only'. */
export function amountInWords(paise: number): string {
  assertPaise(paise, 'paise');
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  const rupeeWords = rupees ? indianWords(rupees) : 'Zero';
  const paiseWords = rest ? ` and ${belowHundred(rest)} ${rest === 1 ? 'Paisa' : 'Paise'}` : '';
  return `Rupees ${rupeeWords}${paiseWords} Only`;
}

function assertPaise(value: number, name: string): void {
  if (!Number.isSafeInteger(value) || value < 0)
    throw new RangeError(`${name} must be a non-negative integer of paise`);
}
