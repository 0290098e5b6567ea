// GST inside a price: prices include it, so the tax is taken out of what is paid. Pure, integer paise.

export interface TaxSplit {
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
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

/** Whether a delivery address is in the shop's own state: CGST + SGST then, else IGST (docs/product.md 'GST'). */
export const isIntraState = (to: { country: string; state: string }, shopState: string): boolean =>
  to.country === 'India' && to.state.toLowerCase() === shopState.toLowerCase();
