import { CustomerDetail, GrantCreditResponse, ReturnDecisionResponse, ReturnsPage, StoreCredit } from '@shop/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/modules/accounts/accounts.schema';
import { storeCredit } from '../src/modules/credit/credit.schema';
import { fireOrderEvent } from '../src/modules/orders/lifecycle/fire';
import { createTestShop, expectError, type TestShop } from './helpers';
import { orderWorld, type OrderWorld } from './order-world';
import { signUp, uniqueEmail, type Shopper } from './shoppers';
import { signUpStaff, type StaffMember } from './staff';

// Store credit (docs/product.md 'Store credit'): an account's ledger, given by an admin or paid into
// from a refund, with an expiry; shown to the shopper and in the back office.

let shop: TestShop;
let world: OrderWorld;
let staff: StaffMember;
let admin: StaffMember;

beforeAll(async () => {
  shop = await createTestShop({ TEST_PAYMENT_WEBHOOK_DELAY_MS: '60000' });
  world = await orderWorld(shop);
  [staff, admin] = await Promise.all([signUpStaff(shop.app, 'staff'), signUpStaff(shop.app, 'admin')]);
});
afterAll(() => shop?.close());

const DAY = 24 * 60 * 60 * 1000;
const grant = (userId: number, payload: object, who = admin) =>
  shop.app.inject({ method: 'POST', url: `/api/v1/admin/customers/${userId}/credit`, headers: who.admin, payload });
const creditOf = async (shopper: Shopper) => {
  const res = await shop.app.inject({ method: 'GET', url: '/api/v1/user/credit', headers: shopper.auth });
  expect(res.statusCode, res.body).toBe(200);
  return StoreCredit.parse(res.json());
};

describe('credit given by an admin', () => {
  it('shows in the account and the back office, audited once however often the page is sent', async () => {
    const shopper = await signUp(shop.app, 'credit-grant');
    const body = { amount: 250, reason: 'Sorry the parcel was late', request_key: 'grant-late-0001' };
    const res = await grant(shopper.user.id, body);
    expect(res.statusCode, res.body).toBe(200);
    const given = GrantCreditResponse.parse(res.json());
    expect(given).toMatchObject({ repeated: false, credit: { balance: 250 } });
    expect(given.message).toMatch(/₹250.*store credit given/);
    // The same page sent again gives nothing more.
    const again = GrantCreditResponse.parse((await grant(shopper.user.id, body)).json());
    expect(again).toMatchObject({ repeated: true, credit: { balance: 250 } });

    const mine = await creditOf(shopper);
    expect(mine.balance).toBe(250);
    expect(mine.entries).toHaveLength(1);
    expect(mine.entries[0]).toMatchObject({
      source: 'grant',
      source_label: 'From the shop',
      amount: 250,
      remaining: 250,
      reason: 'Sorry the parcel was late',
      expired: false,
    });
    // A year by default.
    const expires = new Date(mine.entries[0]!.expires_at).getTime();
    expect(Math.round((expires - Date.now()) / DAY)).toBe(365);
    expect(mine.next_expiry).toEqual({ amount: 250, on: mine.entries[0]!.expires_at });

    const detail = await shop.app.inject({
      method: 'GET',
      url: `/api/v1/admin/customers/${shopper.user.id}`,
      headers: admin.admin,
    });
    expect(detail.statusCode, detail.body).toBe(200);
    const { credit, audit: log } = CustomerDetail.parse(detail.json());
    expect(credit).toMatchObject({ balance: 250 });
    const audit = log.filter((e) => e.action === 'credit.grant');
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ note: 'Sorry the parcel was late', after: { amount: 250 } });
  });

  it('is refused to staff, to a guest, and for a bad amount or no reason, in words', async () => {
    const shopper = await signUp(shop.app, 'credit-refused');
    const ok = { amount: 100, reason: 'A gift', request_key: 'grant-refused-01' };
    expectError(await grant(shopper.user.id, ok, staff), 403);
    expect(expectError(await grant(shopper.user.id, { ...ok, amount: 0 }), 400).errors.join(' ')).toMatch(
      /amount must be more than 0/,
    );
    expect(expectError(await grant(shopper.user.id, { ...ok, amount: 10.005 }), 400).errors.join(' ')).toMatch(
      /at most two decimals/,
    );
    expect(expectError(await grant(shopper.user.id, { ...ok, reason: ' ' }), 400).errors.join(' ')).toMatch(
      /reason is required/,
    );
    expect(expectError(await grant(999_999, ok), 404).message).toMatch(/Shopper not found/);
    const [guest] = await shop.database.db
      .insert(users)
      .values({ kind: 'guest', email: uniqueEmail('credit-guest'), passwordHash: '' })
      .returning();
    expect(expectError(await grant(guest!.id, ok), 409).message).toMatch(/A guest has no account to keep store credit/);
    expect((await creditOf(shopper)).balance).toBe(0);
  });

  it('stops counting once expired, and lasts as long as the setting says when given', async () => {
    const shopper = await signUp(shop.app, 'credit-expiry');
    await grant(shopper.user.id, { amount: 300, reason: 'Old credit', request_key: 'grant-expiry-old' });
    await shop.database.db
      .update(storeCredit)
      .set({ expiresAt: new Date(Date.now() - DAY) })
      .where(eq(storeCredit.userId, shopper.user.id));
    const saved = await shop.app.inject({
      method: 'PUT',
      url: '/api/v1/admin/settings',
      headers: admin.admin,
      payload: { store_credit_expiry_days: 30 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    try {
      await grant(shopper.user.id, { amount: 120.5, reason: 'New credit', request_key: 'grant-expiry-new' });
      const mine = await creditOf(shopper);
      expect(mine.balance).toBe(120.5);
      expect(mine.entries.map((e) => [e.reason, e.expired])).toEqual([
        ['New credit', false],
        ['Old credit', true],
      ]);
      expect(Math.round((new Date(mine.entries[0]!.expires_at).getTime() - Date.now()) / DAY)).toBe(30);
      expect(mine.next_expiry?.amount).toBe(120.5);
    } finally {
      await shop.app.inject({
        method: 'PUT',
        url: '/api/v1/admin/settings',
        headers: admin.admin,
        payload: { store_credit_expiry_days: 365 },
      });
    }
    expect(
      expectError(
        await shop.app.inject({
          method: 'PUT',
          url: '/api/v1/admin/settings',
          headers: admin.admin,
          payload: { store_credit_expiry_days: 5 },
        }),
        400,
      ).errors.join(' '),
    ).toMatch(/store_credit_expiry_days must be between 30 and 3650/);
  });

  it('is an account’s own: a guest is refused the page', async () => {
    const anonymous = await shop.app.inject({ method: 'GET', url: '/api/v1/user/credit' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('a refund paid into store credit', () => {
  /** A paid order of 2 small and 1 large piece, shipped and delivered, with the shopper's return request. */
  async function returnAsked(label: string) {
    const paid = await world.paidOrder(label, 2, 1);
    await fireOrderEvent(world.staff(), paid.order.id, {
      type: 'ship',
      carrier: 'bluedart',
      trackingNumber: '80012345',
    });
    await fireOrderEvent(world.staff(), paid.order.id, { type: 'deliver' });
    return paid;
  }
  async function accept(shopper: Shopper, orderId: number, body: object) {
    const asked = await shop.app.inject({
      method: 'POST',
      url: '/api/v1/contacts',
      headers: shopper.auth,
      payload: { name: 'Asha', email: shopper.email, message: 'Too small, credit please', order_id: orderId },
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const queue = ReturnsPage.parse(
      (
        await shop.app.inject({
          method: 'GET',
          url: `/api/v1/admin/returns?state=open&order_id=${orderId}`,
          headers: staff.admin,
        })
      ).json(),
    );
    const res = await shop.app.inject({
      method: 'POST',
      url: `/api/v1/admin/returns/${queue.data[0]!.enquiry_id}/accept`,
      headers: staff.admin,
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(200);
    return ReturnDecisionResponse.parse(res.json());
  }

  it('credits a returned line at once, leaves the order delivered, and asks nothing of the provider', async () => {
    const { shopper, order, paymentId } = await returnAsked('credit-line');
    const small = order.order_details[0]!;
    const one = await accept(shopper, order.id, {
      lines: [{ line_id: small.id, quantity: 2 }],
      restock: true,
      refund_to: 'credit',
      request_key: 'credit-line-0001',
    });
    expect(one.message).toMatch(/store credit/);
    expect(one.return.order_status).toBe('delivered');
    const [refund] = await world.refunds(order.id);
    expect(refund).toMatchObject({
      method: 'credit',
      status: 'processed',
      amountPaise: Math.round(small.amount * 100),
    });
    await world.drain();
    expect(await world.provider.paymentRefunds(paymentId)).toEqual([]);
    expect((await creditOf(shopper)).balance).toBe(small.amount);
    expect(await world.mailText(shopper.email, `Return accepted for order #${order.id}`)).toContain(
      'has been added to your store credit',
    );

    // The last piece, as credit too: the order is refunded at once, its credit paid in once.
    const two = await accept(shopper, order.id, {
      restock: true,
      refund_to: 'credit',
      request_key: 'credit-line-0002',
    });
    expect(two.return.order_status).toBe('refunded');
    const credit = await creditOf(shopper);
    expect(credit.balance).toBe(order.total);
    expect(credit.entries).toHaveLength(2);
    const history = await world.history(order.id);
    expect(history.at(-1)).toMatchObject({ fromStatus: 'refund_progress', toStatus: 'refunded' });
    expect(history.at(-2)?.note).toMatch(/as store credit/);
    await world.drain();
    expect(await world.mailText(shopper.email, `Refund for order #${order.id} processed`)).toContain(
      'is in your store credit',
    );
    expect(await world.provider.paymentRefunds(paymentId)).toEqual([]);
  });

  it('may pay a goodwill refund into store credit, and one to the payment still goes to the provider', async () => {
    const { shopper, order, paymentId } = await returnAsked('credit-goodwill');
    const res = await shop.app.inject({
      method: 'POST',
      url: `/api/v1/admin/orders/${order.id}/refund`,
      headers: admin.admin,
      payload: { amount: 100, reason: 'Late parcel', refund_to: 'credit', request_key: 'credit-goodwill-1' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await creditOf(shopper)).balance).toBe(100);
    const card = await shop.app.inject({
      method: 'POST',
      url: `/api/v1/admin/orders/${order.id}/refund`,
      headers: admin.admin,
      payload: { amount: 50, reason: 'A button came off', request_key: 'credit-goodwill-2' },
    });
    expect(card.statusCode, card.body).toBe(200);
    await world.drain();
    expect((await world.provider.paymentRefunds(paymentId)).map((r) => r.amountPaise)).toEqual([5000]);
    expect((await world.refunds(order.id)).map((r) => [r.method, r.amountPaise])).toEqual([
      ['credit', 10000],
      ['provider', 5000],
    ]);
    expect((await creditOf(shopper)).balance).toBe(100);
  });
});
