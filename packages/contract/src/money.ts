/** Money is kept as integer paise; the API speaks rupees. */
export const toPaise = (rupees: number): number => Math.round(rupees * 100);
export const toRupees = (paise: number): number => paise / 100;

/** docs/product.md#catalogue: round((mrp - selling_price) / mrp x 100). */
export function percentOff(mrp: number, sellingPrice: number): number {
  if (!(mrp > 0) || sellingPrice >= mrp) return 0;
  return Math.round(((mrp - sellingPrice) / mrp) * 100);
}

const whole = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 });
const withPaise = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2 });

/** ₹1,23,456 (Indian digit grouping; paise shown only when present, as ₹1,299.50). */
export const formatRupees = (rupees: number): string => (Number.isInteger(rupees) ? whole : withPaise).format(rupees);
