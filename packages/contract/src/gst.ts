// GST facts both the order (the rate a line is sold at) and its tax documents use.
import type { IndianState } from './places';

/** Highest GST-inclusive price of one piece taxed at 5%: ₹2,500. */
export const LOW_SLAB_MAX_PIECE_PAISE = 250_000;
/**
 * GST rate on apparel since 22 Sep 2025: 5% for a piece up to ₹2,500 inclusive, 18% above.
 *
 * Simplification: the law puts the threshold on the transaction value (the price before GST);
 * the shop compares the GST-inclusive selling price of one piece instead (its documented
 * simplification). This can only move a piece into 18% earlier, never later: a piece priced
 * ₹2,501 incl. GST is 18% here, although its value before GST would be under ₹2,500.
 */
export function gstRateForPiece(unitPricePaise: number): 5 | 18 {
  if (!Number.isSafeInteger(unitPricePaise) || unitPricePaise < 0)
    throw new RangeError('unitPricePaise must be a non-negative integer of paise');
  return unitPricePaise <= LOW_SLAB_MAX_PIECE_PAISE ? 5 : 18;
}

/** GST state codes (the first two digits of a GSTIN), shown with the place of supply. */
export const GST_STATE_CODES: Record<IndianState, string> = {
  'Jammu and Kashmir': '01',
  'Himachal Pradesh': '02',
  Punjab: '03',
  Chandigarh: '04',
  Uttarakhand: '05',
  Haryana: '06',
  Delhi: '07',
  Rajasthan: '08',
  'Uttar Pradesh': '09',
  Bihar: '10',
  Sikkim: '11',
  'Arunachal Pradesh': '12',
  Nagaland: '13',
  Manipur: '14',
  Mizoram: '15',
  Tripura: '16',
  Meghalaya: '17',
  Assam: '18',
  'West Bengal': '19',
  Jharkhand: '20',
  Odisha: '21',
  Chhattisgarh: '22',
  'Madhya Pradesh': '23',
  Gujarat: '24',
  'Dadra and Nagar Haveli and Daman and Diu': '26',
  Maharashtra: '27',
  Karnataka: '29',
  Goa: '30',
  Lakshadweep: '31',
  Kerala: '32',
  'Tamil Nadu': '33',
  Puducherry: '34',
  'Andaman and Nicobar Islands': '35',
  Telangana: '36',
  'Andhra Pradesh': '37',
  Ladakh: '38',
};

/** 'Karnataka' → 'Karnataka (29)'; a name not in the list is returned as it is. */
export function stateWithCode(state: string): string {
  const code = (GST_STATE_CODES as Record<string, string | undefined>)[state];
  return code ? `${state} (${code})` : state;
}
