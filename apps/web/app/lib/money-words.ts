import { formatRupees, type OrderMoney } from '@shop/contract';

/**
 * An order's money in a sentence when some of it has been given back
 * ('Partly refunded: ₹200 of ₹2,497 given back (₹200 on its way)'); null
 * while it is simply paid or unpaid, which the page says already.
 */
export function moneyWords(money: OrderMoney): string | null {
  if (money.state !== 'partly_refunded' && money.state !== 'refunded') return null;
  const given =
    money.state === 'refunded'
      ? `${formatRupees(money.refunded)} given back`
      : `${formatRupees(money.refunded)} of ${formatRupees(money.paid)} given back`;
  const onItsWay = money.refunding > 0 ? ` (${formatRupees(money.refunding)} on its way)` : '';
  return `${money.state_label}: ${given}${onItsWay}`;
}

/** A line's pieces taken back, in words ('1 returned'); null when none. */
export const returnedWords = (returned: number) => (returned > 0 ? `${returned} returned` : null);
