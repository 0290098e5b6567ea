import { describe, expect, it } from 'vitest';
import { checkCode, type CartLineFacts, type DiscountCodeRules } from './discount-terms';

const rules = (over: Partial<DiscountCodeRules> = {}): DiscountCodeRules => ({
  code: 'DIWALI20',
  kind: 'percent',
  value: 20,
  minSubtotalPaise: 0,
  startsAt: null,
  endsAt: null,
  maxUses: null,
  uses: 0,
  maxUsesPerBuyer: null,
  firstOrderOnly: false,
  categoryIds: [],
  collectionIds: [],
  excludeSaleItems: false,
  active: true,
  ...over,
});

const frock: CartLineFacts = {
  variantId: 1,
  quantity: 1,
  unitPricePaise: 149_900,
  mrpPaise: 149_900,
  categoryId: 10,
  collectionIds: [100],
};
const saleCap: CartLineFacts = {
  variantId: 2,
  quantity: 2,
  unitPricePaise: 40_000,
  mrpPaise: 50_000,
  categoryId: 20,
  collectionIds: [],
};
const fresh = { usesOfCode: 0, ordersBefore: 0 };
// 14:30 in India on 27 November 2026.
const now = new Date('2026-11-27T09:00:00Z');

describe('a discount code against a cart', () => {
  it('applies to every line when it names no categories, collections or sale rule', () => {
    const r = checkCode(rules(), [frock, saleCap], fresh, now);
    expect(r).toMatchObject({ ok: true, terms: { kind: 'percent', percent: 20 } });
    expect(r.ok && [...r.discountable]).toEqual([1, 2]);
  });

  it('says in words why it is refused, one reason at a time', () => {
    const cases: [Partial<DiscountCodeRules>, typeof fresh, string, RegExp][] = [
      [{ active: false }, fresh, 'inactive', /no longer available/],
      // Starts at midnight on 1 December in India: 18:30 UTC the day before.
      [{ startsAt: new Date('2026-11-30T18:30:00Z') }, fresh, 'not_started', /starts on 1 December 2026/],
      // Ended at midnight starting 27 November in India: it last worked on 26 November.
      [{ endsAt: new Date('2026-11-26T18:30:00Z') }, fresh, 'expired', /expired on 26 November 2026/],
      [{ maxUses: 3, uses: 3 }, fresh, 'used_up', /used up/],
      [{ maxUsesPerBuyer: 1 }, { usesOfCode: 1, ordersBefore: 1 }, 'used_by_you', /already used/],
      [{ firstOrderOnly: true }, { usesOfCode: 0, ordersBefore: 2 }, 'first_order', /first order only/],
      [{ minSubtotalPaise: 300_000 }, fresh, 'minimum', /Add ₹701 more/],
      [{ categoryIds: [99], collectionIds: [999] }, fresh, 'not_for_items', /not for the items/],
    ];
    for (const [over, buyer, reason, words] of cases) {
      const r = checkCode(rules(over), [frock, saleCap], buyer, now);
      expect(r, reason).toMatchObject({ ok: false, reason });
      expect(!r.ok && r.message, reason).toMatch(words);
    }
  });

  it('works from its first moment to just before its end', () => {
    const from = new Date('2026-11-27T09:00:00Z');
    expect(checkCode(rules({ startsAt: from }), [frock], fresh, from).ok).toBe(true);
    expect(checkCode(rules({ endsAt: new Date(now.getTime() + 1) }), [frock], fresh, now).ok).toBe(true);
    expect(checkCode(rules({ endsAt: now }), [frock], fresh, now).ok).toBe(false);
    expect(checkCode(rules({ maxUses: 3, uses: 2 }), [frock], fresh, now).ok).toBe(true);
  });

  it('reaches only the lines of its categories or collections, and leaves sale items out when asked', () => {
    const byCategory = checkCode(rules({ categoryIds: [20] }), [frock, saleCap], fresh, now);
    expect(byCategory.ok && [...byCategory.discountable]).toEqual([2]);
    const byCollection = checkCode(rules({ collectionIds: [100] }), [frock, saleCap], fresh, now);
    expect(byCollection.ok && [...byCollection.discountable]).toEqual([1]);
    const noSales = checkCode(rules({ excludeSaleItems: true }), [frock, saleCap], fresh, now);
    expect(noSales.ok && [...noSales.discountable]).toEqual([1]);
    expect(checkCode(rules({ excludeSaleItems: true }), [saleCap], fresh, now)).toMatchObject({
      ok: false,
      reason: 'not_for_items',
    });
  });

  it('gives free shipping to a bag holding a piece it is for, and not to one without', () => {
    const free = (extra: Partial<DiscountCodeRules>) => rules({ kind: 'free_shipping', value: 0, ...extra });
    expect(checkCode(free({}), [saleCap], fresh, now)).toMatchObject({ ok: true, terms: { kind: 'free_shipping' } });
    expect(checkCode(free({ excludeSaleItems: true }), [frock, saleCap], fresh, now).ok).toBe(true);
    expect(checkCode(free({ excludeSaleItems: true }), [saleCap], fresh, now)).toMatchObject({
      ok: false,
      reason: 'not_for_items',
    });
  });

  it('counts the minimum on the whole bag as priced now', () => {
    expect(checkCode(rules({ minSubtotalPaise: 229_900 }), [frock, saleCap], fresh, now).ok).toBe(true);
    expect(checkCode(rules({ minSubtotalPaise: 229_901 }), [frock, saleCap], fresh, now)).toMatchObject({
      reason: 'minimum',
      message: 'Add ₹0.01 more to your bag to use the code DIWALI20.',
    });
  });
});
