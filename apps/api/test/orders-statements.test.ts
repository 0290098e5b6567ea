import { randomBytes } from 'node:crypto';
import { COD_DEFAULTS, PlaceOrderResponse } from '@shop/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { discountCodes } from '../src/modules/discounts/discounts.schema';
import { createTestShop, type TestShop } from './helpers';
import { orderWorld, type OrderWorld } from './order-world';
import { INDIAN_ADDRESS, addAddress, setCart, signUp, type Shopper } from './shoppers';
import { signUpStaff, type StaffMember } from './staff';
import { statementsOf } from './statements';

// The statements one placing sends the database (docs/benchmarks.md 'The catalogue and the purchase
// under load'): each is a round trip, and under load the orders per second follow their number.
// The bounds are what placing takes now; a statement more fails here, so it is added on purpose.

let shop: TestShop;
let world: OrderWorld;
let admin: StaffMember;
let code: string;

beforeAll(async () => {
  shop = await createTestShop();
  world = await orderWorld(shop);
  admin = await signUpStaff(shop.app, 'admin');
  const cod = { ...COD_DEFAULTS, enabled: true };
  const res = await shop.app.inject({
    method: 'PUT',
    url: '/api/v1/admin/settings',
    headers: admin.admin,
    payload: { cod },
  });
  expect(res.statusCode, res.body).toBe(200);
  code = `COUNT${randomBytes(3).toString('hex')}`.toUpperCase();
  await world.db.insert(discountCodes).values({ code, kind: 'percent', value: 10 });
});
afterAll(() => shop?.close());

let phones = 0;
async function buyer(label: string, creditRupees = 0): Promise<{ shopper: Shopper; address: number }> {
  const shopper = await signUp(shop.app, label);
  if (creditRupees > 0) {
    const res = await shop.app.inject({
      method: 'POST',
      url: `/api/v1/admin/customers/${shopper.user.id}/credit`,
      headers: admin.admin,
      payload: { amount: creditRupees, reason: 'Welcome back', request_key: `grant-${label}-${phones}` },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  await setCart(shop.app, shopper, world.productId, world.variants.small, 1);
  const phone = `98${String(process.pid % 1000).padStart(3, '0')}${String(++phones).padStart(5, '0')}`;
  return { shopper, address: await addAddress(shop.app, shopper, { ...INDIAN_ADDRESS, phone }) };
}

/** The statements of one placing by a new shopper (after one placing of the same kind has warmed the caches). */
async function statementsOfPlacing(label: string, body: object, creditRupees = 0): Promise<string[]> {
  const place = async (n: number) => {
    const b = await buyer(`${label}-${n}`, creditRupees);
    // The outbox's pass after the commit is not the placing's: it runs later, when drained.
    const nudge = vi.spyOn(shop.app.ctx.outbox, 'nudge').mockImplementation(() => {});
    try {
      let status = 0;
      const seen = await statementsOf(shop.database, async () => {
        const res = await shop.app.inject({
          method: 'POST',
          url: '/api/v1/orders',
          headers: { ...b.shopper.auth, 'idempotency-key': `count-${label}-${n}-${randomBytes(4).toString('hex')}` },
          payload: { address: b.address, shipping_type: 'standard', ...body },
        });
        status = res.statusCode;
        expect(res.statusCode, res.body).toBe(201);
        PlaceOrderResponse.parse(res.json());
      });
      expect(status).toBe(201);
      return seen;
    } finally {
      nudge.mockRestore();
      await world.drain();
    }
  };
  await place(1);
  return place(2);
}

describe('placing an order sends few statements', () => {
  it.each([
    // Were 17, 22, 19 and 22 before the placing's reads and writes were joined (docs/benchmarks.md).
    ['online', { payment_method: 'ONLINE' }, 0, 10],
    ['cash on delivery', { payment_method: 'COD' }, 0, 15],
    ['with a discount code', { payment_method: 'ONLINE', discount_code: '' }, 0, 11],
    ['spending store credit', { payment_method: 'ONLINE', use_credit: true }, 100, 13],
  ] as const)('%s', async (label, body, credit, most) => {
    const payload = 'discount_code' in body ? { ...body, discount_code: code } : body;
    const seen = await statementsOfPlacing(label.replace(/ /g, '-'), payload, credit);
    if (process.env.PRINT_STATEMENTS) console.log(`${label}: ${seen.length}\n${seen.join('\n')}`);
    // The count sees the placing itself (its order's insert, then its commit).
    expect(seen.some((text) => text.startsWith('insert into "orders"'))).toBe(true);
    expect(seen.at(-1)).toMatch(/^commit/i);
    expect(seen.length, seen.join('\n')).toBeLessThanOrEqual(most);
  });
});
