import { describe, expect, it } from 'vitest';
import { moneyWords, returnedWords } from './money-words';

const money = { state_label: '', paid: 2497, refunded: 0, refunding: 0, left: 2497 };

describe('moneyWords', () => {
  it('says nothing of an order simply paid or unpaid', () => {
    expect(moneyWords({ ...money, state: 'paid', state_label: 'Paid' })).toBeNull();
    expect(moneyWords({ ...money, state: 'unpaid', state_label: 'Not paid', paid: 0 })).toBeNull();
  });

  it('says how much of the payment came back and what is on its way', () => {
    const part = { ...money, state: 'partly_refunded', state_label: 'Partly refunded', refunded: 200 } as const;
    expect(moneyWords({ ...part, refunding: 200, left: 2297 })).toBe(
      'Partly refunded: ₹200 of ₹2,497 given back (₹200 on its way)',
    );
    expect(moneyWords({ ...part, left: 2297 })).toBe('Partly refunded: ₹200 of ₹2,497 given back');
    expect(moneyWords({ ...money, state: 'refunded', state_label: 'Refunded', refunded: 2497, left: 0 })).toBe(
      'Refunded: ₹2,497 given back',
    );
  });

  it('counts returned pieces', () => {
    expect(returnedWords(0)).toBeNull();
    expect(returnedWords(1)).toBe('1 returned');
  });
});
