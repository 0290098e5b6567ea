// GST arithmetic for tax invoices: pure functions, integer paise, no I/O.
import { gstRateForPiece } from '@shop/contract';
import { splitInclusive, type TaxSplit } from '../pricing/tax';

export interface InvoiceLineInput {
  description: string;
  sku: string;
  hsn: string;
  quantity: number;
  /** Price per piece INCLUDING GST, in paise. */
  unitPricePaise: number;
  /** Taken off the line by a discount code: the line is taxed on what is paid (docs/product.md 'One price'). */
  discountPaise?: number;
  /** The rate the order's quote gave the line (or the line a credit note credits); else the slab of a piece as paid. */
  ratePercent?: number;
}

export interface InvoiceLine extends InvoiceLineInput, TaxSplit {
  ratePercent: number;
  discountPaise: number;
  /** What is paid for the line, GST included: quantity × unitPricePaise − discount. */
  grossPaise: number;
  taxablePaise: number;
  taxPaise: number;
}

export interface InvoiceTotals extends TaxSplit {
  taxablePaise: number;
  taxPaise: number;
  grossPaise: number;
}

export const SHIPPING_DESCRIPTION = 'Shipping and handling';
/** SAC for courier services. */
export const SHIPPING_HSN = '996812';
/**
 * The cash-on-delivery fee: the carrier's collecting of the cash, a charge of
 * the delivery like shipping (courier services' SAC), and like it part of one
 * composite supply with the goods.
 */
export const COD_FEE_DESCRIPTION = 'Cash on delivery fee';

function buildLine(input: InvoiceLineInput, ratePercent: number | undefined, intraState: boolean): InvoiceLine {
  const discountPaise = input.discountPaise ?? 0;
  const grossPaise = input.quantity * input.unitPricePaise - discountPaise;
  if (discountPaise < 0 || grossPaise < 0) throw new RangeError(`discount out of range (sku ${input.sku})`);
  const rate = ratePercent ?? gstRateForPiece(Math.ceil(grossPaise / input.quantity));
  return {
    ...input,
    ratePercent: rate,
    discountPaise,
    grossPaise,
    ...splitInclusive(grossPaise, rate, intraState),
  };
}

/**
 * Computes every line of a GST-inclusive invoice, each taxed on what is paid for it (after its
 * discount). The slab is decided per piece. Shipping is a composite supply with the goods, so it
 * takes the highest rate among the goods lines (18% if there are no goods lines, the rate of a
 * standalone courier service); a free-shipping code shows as the shipping line's discount. A
 * cash-on-delivery fee is its own line, taxed as shipping is (pricing/quote.ts says why).
 */
export function computeInvoice(
  lines: InvoiceLineInput[],
  shippingPaise: number,
  intraState: boolean,
  shippingDiscountPaise = 0,
  codFeePaise = 0,
): { lines: InvoiceLine[]; shipping: InvoiceLine | null; codFee: InvoiceLine | null; totals: InvoiceTotals } {
  assertPaise(shippingPaise, 'shippingPaise');
  assertPaise(codFeePaise, 'codFeePaise');
  const computed = lines.map((input) => {
    if (!Number.isSafeInteger(input.quantity) || input.quantity < 1) {
      throw new RangeError(`quantity must be a positive integer (sku ${input.sku})`);
    }
    return buildLine(input, input.ratePercent, intraState);
  });
  const principalRate = computed.length > 0 ? Math.max(...computed.map((l) => l.ratePercent)) : 18;
  const shipping =
    shippingPaise > 0
      ? buildLine(
          {
            description: SHIPPING_DESCRIPTION,
            sku: '',
            hsn: SHIPPING_HSN,
            quantity: 1,
            unitPricePaise: shippingPaise,
            discountPaise: shippingDiscountPaise,
          },
          principalRate,
          intraState,
        )
      : null;
  const codFee =
    codFeePaise > 0
      ? buildLine(
          {
            description: COD_FEE_DESCRIPTION,
            sku: '',
            hsn: SHIPPING_HSN,
            quantity: 1,
            unitPricePaise: codFeePaise,
            discountPaise: 0,
          },
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
  for (const l of chargedLines({ lines: computed, shipping, codFee })) {
    totals.taxablePaise += l.taxablePaise;
    totals.taxPaise += l.taxPaise;
    totals.grossPaise += l.grossPaise;
    totals.cgstPaise += l.cgstPaise;
    totals.sgstPaise += l.sgstPaise;
    totals.igstPaise += l.igstPaise;
  }
  return { lines: computed, shipping, codFee, totals };
}

/** Every line of an invoice as printed and summed: the goods, then shipping and the COD fee when charged. */
export const chargedLines = (calc: {
  lines: InvoiceLine[];
  shipping: InvoiceLine | null;
  codFee: InvoiceLine | null;
}) => [...calc.lines, ...(calc.shipping ? [calc.shipping] : []), ...(calc.codFee ? [calc.codFee] : [])];

const IST_OFFSET_MS = 330 * 60 * 1000; // Asia/Kolkata is UTC+05:30 all year (no DST).

/** The Indian financial year (1 April – 31 March, in India time) of a moment, e.g. '2026-27'. */
export function financialYear(date: Date): string {
  if (Number.isNaN(date.getTime())) throw new RangeError('Invalid date');
  const ist = new Date(date.getTime() + IST_OFFSET_MS);
  const start = ist.getUTCMonth() >= 3 ? ist.getUTCFullYear() : ist.getUTCFullYear() - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
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
