import type { AdminDiscount } from '@shop/contract';
import { describe, expect, it } from 'vitest';
import { conditionsOf, discountValues, fieldOfRefusal, offerText, readDiscountForm } from './admin-discounts';

const form = (fields: Record<string, string | string[]>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) for (const one of [v].flat()) data.append(k, one);
  return data;
};

const code: AdminDiscount = {
  id: 7,
  code: 'DIWALI20',
  kind: 'percent',
  value: 20,
  min_subtotal: 1500,
  starts_at: '2026-10-31T18:30:00.000Z',
  ends_at: null,
  max_uses: 100,
  max_uses_per_buyer: 1,
  first_order_only: false,
  category_ids: [2, 3],
  collection_ids: [],
  exclude_sale_items: true,
  active: true,
  note: 'Festive mailer',
  uses: 4,
  orders: 3,
  sales: 7497,
  discount_given: 1499.4,
  state: 'live',
  updated_at: '2026-10-01T00:00:00.000Z',
};

describe('readDiscountForm', () => {
  it('reads the value from the field its kind names, dates as India time, empty limits as none', () => {
    const read = readDiscountForm(
      form({
        code: ' diwali20 ',
        kind: 'amount',
        percent: '95',
        amount: '250.5',
        min_subtotal: '',
        starts_at: '2026-11-01T00:00',
        ends_at: '',
        max_uses: '',
        max_uses_per_buyer: '2',
        category_ids: ['3', '5'],
        active: 'on',
        note: '',
      }),
    );
    expect(read).toMatchObject({
      ok: true,
      body: {
        code: 'DIWALI20',
        kind: 'amount',
        value: 250.5,
        min_subtotal: 0,
        starts_at: '2026-10-31T18:30:00.000Z',
        ends_at: null,
        max_uses: null,
        max_uses_per_buyer: 2,
        category_ids: [3, 5],
        collection_ids: [],
        first_order_only: false,
        exclude_sale_items: false,
        active: true,
      },
    });
  });

  it('takes no value for free shipping, whatever the hidden fields hold', () => {
    const read = readDiscountForm(form({ code: 'SHIPFREE', kind: 'free_shipping', percent: 'x', amount: '' }));
    expect(read.ok && read.body.value).toBe(0);
  });

  it("gives the contract's reason per field and keeps what was typed", () => {
    const read = readDiscountForm(
      form({ code: 'no spaces', kind: 'percent', percent: '95', max_uses: '2.5', starts_at: 'soon' }),
    );
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.fieldErrors).toMatchObject({
      code: 'A discount code has only letters, digits, - and _',
      max_uses: 'total uses must be a whole number',
      starts_at: 'Write a day and a time',
    });
    expect(read.values).toMatchObject({ code: 'no spaces', percent: '95', max_uses: '2.5' });
  });

  it('asks for the percent when it is empty, and refuses one above 90', () => {
    const empty = readDiscountForm(form({ code: 'TEN', kind: 'percent', percent: '' }));
    expect(empty.ok ? null : empty.fieldErrors.value).toBe('Write the percent off, 1 to 90');
    const high = readDiscountForm(form({ code: 'TEN', kind: 'percent', percent: '95' }));
    expect(high.ok ? null : high.fieldErrors.value).toBe('A percent off is a whole number from 1 to 90');
  });

  it('refuses an end before the start beside the end', () => {
    const read = readDiscountForm(
      form({
        code: 'LATE',
        kind: 'percent',
        percent: '10',
        starts_at: '2026-12-02T10:00',
        ends_at: '2026-12-01T10:00',
      }),
    );
    expect(read.ok ? null : read.fieldErrors).toEqual({ ends_at: 'the end must come after the start' });
  });

  it('round-trips a saved code through its form values', () => {
    const read = readDiscountForm(form({ ...discountValues(code), category_ids: ['2', '3'] }));
    expect(read.ok && read.body).toMatchObject({
      code: 'DIWALI20',
      kind: 'percent',
      value: 20,
      min_subtotal: 1500,
      starts_at: code.starts_at,
      max_uses: 100,
      category_ids: [2, 3],
      exclude_sale_items: true,
      note: 'Festive mailer',
    });
  });
});

describe('words', () => {
  it('says the offer and the conditions', () => {
    expect(offerText(code)).toBe('20% off');
    expect(offerText({ kind: 'amount', value: 200 })).toBe('₹200 off');
    expect(offerText({ kind: 'free_shipping', value: 0 })).toBe('Free shipping');
    expect(conditionsOf(code)).toEqual([
      'Min. order ₹1,500',
      'From 1 Nov 2026, 12:00 am',
      'Uses 4 / 100',
      '1 per shopper',
      'Only 2 categories or collections',
      'Not on sale items',
    ]);
  });
});

describe('fieldOfRefusal', () => {
  it("places the API's reasons beside their fields", () => {
    expect(fieldOfRefusal('There is already a code DIWALI20')).toBe('code');
    expect(fieldOfRefusal('Orders used DIWALI20: it keeps its name. Make a new code instead.')).toBe('code');
    expect(fieldOfRefusal('It has been used 4 times already: total uses must be at least that.')).toBe('max_uses');
    expect(fieldOfRefusal('There is no category 99')).toBe('category_ids');
    expect(fieldOfRefusal('value: Too small')).toBe('value');
    expect(fieldOfRefusal('Something else went wrong')).toBeNull();
  });
});
