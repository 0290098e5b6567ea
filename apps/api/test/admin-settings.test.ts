import {
  ErrorBody,
  PublicConfig,
  SettingsSaved,
  ShippingRatesResponse,
  ShopSettings,
  type SettingsBody,
} from '@shop/contract';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/modules/audit/audit.schema';
import { settings } from '../src/modules/settings/settings.schema';
import { notifyCatalogChange } from '../src/lib/catalog-changes';
import { createTestShop, expectError, type TestShop } from './helpers';
import { orderWorld, type OrderWorld } from './order-world';
import { addAddress, placeOrder, setCart, signUp } from './shoppers';
import { signUpStaff, type StaffMember } from './staff';

let shop: TestShop;
let world: OrderWorld;
let admin: StaffMember;
let staff: StaffMember;

beforeAll(async () => {
  shop = await createTestShop();
  world = await orderWorld(shop);
  [admin, staff] = await Promise.all([signUpStaff(shop.app, 'admin'), signUpStaff(shop.app, 'staff')]);
});
afterAll(() => shop.close());

const read = async () => {
  const res = await shop.app.inject({ method: 'GET', url: '/api/v1/admin/settings', headers: admin.admin });
  expect(res.statusCode, res.body).toBe(200);
  return ShopSettings.parse(res.json());
};
const put = (payload: object, who: StaffMember = admin) =>
  shop.app.inject({ method: 'PUT', url: '/api/v1/admin/settings', headers: who.admin, payload });
const saved = async (payload: SettingsBody) => {
  const res = await put(payload);
  expect(res.statusCode, res.body).toBe(200);
  return SettingsSaved.parse(res.json()).settings;
};
const seller = {
  legal_name: 'Little Loom Crafts LLP',
  address: '2 Weavers Row, Bani Park, Jaipur 302016, Rajasthan, India',
  state: 'Rajasthan',
  gstin: '08AABCL9999F1Z5',
  email: 'accounts@littleloom.example',
  phone: '+91 98290 54321',
} as const;

describe('the shop settings', () => {
  it('answer the env defaults while nothing is saved, and only to the owner', async () => {
    const now = await read();
    expect(now.payment_window_minutes).toBe(shop.env.PAYMENT_WINDOW_MINUTES);
    expect(now.return_window_days).toBe(shop.env.RETURN_WINDOW_DAYS);
    expect(now.low_stock_threshold).toBe(3);
    expect(now.unpaid_pieces_per_variant).toBe(shop.env.MAX_UNPAID_PIECES_PER_VARIANT);
    expect(shop.env.MAX_UNPAID_PIECES_PER_VARIANT).toBe(5);
    expect(now.seller.legal_name).toBe(shop.env.SHOP_LEGAL_NAME);
    expect(now.seller.gstin).toBe(shop.env.SHOP_GSTIN);
    expect(now.shipping_rates.domestic_standard).toBeGreaterThanOrEqual(0);
    const denied = await shop.app.inject({ method: 'GET', url: '/api/v1/admin/settings', headers: staff.admin });
    expect(denied.statusCode).toBe(403);
    expect((await put({ low_stock_threshold: 9 }, staff)).statusCode).toBe(403);
    expect((await read()).low_stock_threshold).toBe(3);
  });

  it('validate each setting with a clear 400, and save nothing of a body with one bad part', async () => {
    const rates = (await read()).shipping_rates;
    const bad: [object, RegExp][] = [
      [{ payment_window_minutes: 0 }, /payment_window_minutes must be between 5 and 1440/],
      [{ payment_window_minutes: 2000 }, /between 5 and 1440/],
      [{ payment_window_minutes: 12.5 }, /payment_window_minutes must be a whole number/],
      [{ return_window_days: -1 }, /return_window_days must be between 0 and 90/],
      [{ return_window_days: '7' }, /return_window_days must be a number/],
      [{ low_stock_threshold: -1 }, /low_stock_threshold must be between 0 and 1000/],
      [{ unpaid_pieces_per_variant: 0 }, /unpaid_pieces_per_variant must be between 1 and 1000/],
      [{ unpaid_pieces_per_variant: 2.5 }, /unpaid_pieces_per_variant must be a whole number/],
      [{ seller: { ...seller, gstin: 'GSTIN' } }, /gstin must be a 15-character GSTIN/],
      [
        { seller: { ...seller, gstin: '27AABCL9999F1Z5' } },
        /gstin must start with 08, the GST state code of Rajasthan/,
      ],
      [{ seller: { ...seller, state: 'Atlantis' } }, /state must be an Indian state/],
      [{ seller: { ...seller, email: 'nope' } }, /email must be an email address/],
      [{ seller: { ...seller, legal_name: ' ' } }, /legal_name is required/],
      [{ seller: { legal_name: 'Only a name' } }, /address is required/],
      [{ shipping_rates: { ...rates, domestic_express: -5 } }, /domestic_express must not be negative/],
      [{ shipping_rates: { ...rates, international_standard: 99.999 } }, /at most two decimals/],
      [{ shipping_rates: { domestic_express: 100 } }, /domestic_standard is required/],
      [{ announcement: 'hello' }, /Unknown field 'announcement'/],
      [{}, /nothing to save/],
    ];
    for (const [body, message] of bad) {
      const error = expectError(await put(body), 400);
      expect(error.errors.join(' | '), JSON.stringify(body)).toMatch(message);
    }
    // A good part with a bad one: nothing saved.
    expectError(await put({ payment_window_minutes: 50, seller: { ...seller, gstin: '27AABCL9999F1Z5' } }), 400);
    expect((await read()).payment_window_minutes).toBe(shop.env.PAYMENT_WINDOW_MINUTES);
    const rows = await shop.database.db.select().from(settings).where(eq(settings.key, 'payment_window_minutes'));
    expect(rows).toEqual([]);
  });

  it('apply at once: a new order gets the new payment window and the new express rate', async () => {
    const after = await saved({
      payment_window_minutes: 45,
      shipping_rates: { ...(await read()).shipping_rates, domestic_express: 149.5 },
    });
    expect(after.payment_window_minutes).toBe(45);
    expect(after.shipping_rates.domestic_express).toBe(149.5);

    const rates = ShippingRatesResponse.parse((await shop.app.inject({ url: '/api/v1/shipping/rates' })).json());
    expect(rates.data.find((r) => r.zone === 'domestic' && r.shipping_type === 'express')?.amount).toBe(149.5);
    const config = PublicConfig.parse((await shop.app.inject({ url: '/api/v1/config' })).json());
    expect(config.payment_window_minutes).toBe(45);

    const shopper = await signUp(shop.app, 'settings-buyer');
    await setCart(shop.app, shopper, world.productId, world.variants.small, 1);
    const order = await placeOrder(shop.app, shopper, 'express');
    const row = await world.row(order.id);
    expect(row.shippingPaise).toBe(14950);
    const minutes = (row.paymentDueAt.getTime() - row.createdAt.getTime()) / 60_000;
    expect(minutes).toBeGreaterThan(44.9);
    expect(minutes).toBeLessThan(45.1);

    const audits = await shop.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'setting.change'),
          inArray(auditLog.entityId, ['payment_window_minutes', 'shipping_rates']),
        ),
      )
      .orderBy(desc(auditLog.id));
    expect(audits.map((a) => a.entityId).sort()).toEqual(['payment_window_minutes', 'shipping_rates']);
    const window = audits.find((a) => a.entityId === 'payment_window_minutes')!;
    expect(window).toMatchObject({ before: { value: shop.env.PAYMENT_WINDOW_MINUTES }, after: { value: 45 } });
    expect(window.actorUserId).toBe(admin.user.id);
    const rate = audits.find((a) => a.entityId === 'shipping_rates')!;
    expect((rate.after as { value: { domestic_express: number } }).value.domestic_express).toBe(149.5);
  });

  it('save the seller printed on invoices, the return window and the threshold, each audited once', async () => {
    const before = await shop.database.db.select().from(auditLog).where(eq(auditLog.action, 'setting.change'));
    const after = await saved({
      seller: { ...seller, gstin: '08aabcl9999f1z5' },
      return_window_days: 10,
      low_stock_threshold: 4,
    });
    expect(after.seller).toEqual(seller); // the GSTIN upper-cased
    expect(await read()).toMatchObject({ seller, return_window_days: 10, low_stock_threshold: 4 });
    const config = PublicConfig.parse((await shop.app.inject({ url: '/api/v1/config' })).json());
    expect(config.seller).toMatchObject({ legal_name: seller.legal_name, gstin: seller.gstin, phone: seller.phone });
    // The same values again change nothing and log nothing more.
    await saved({ seller, return_window_days: 10, low_stock_threshold: 4 });
    const now = await shop.database.db.select().from(auditLog).where(eq(auditLog.action, 'setting.change'));
    expect(now.length - before.length).toBe(3);
    // The delivered mail tells the shopper the new return window.
    const { shopper, order } = await world.paidOrder('settings-delivered');
    for (const [move, body] of [
      ['ship', { carrier: 'delhivery', tracking_number: 'DL12345678' }],
      ['deliver', {}],
    ] as const) {
      const res = await shop.app.inject({
        method: 'POST',
        url: `/api/v1/admin/orders/${order.id}/${move}`,
        headers: admin.admin,
        payload: body,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    await world.drain();
    expect(await world.mailText(shopper.email, `Order #${order.id} delivered`)).toContain(
      'ask for a return from My Orders within 10 days',
    );
    // The dashboard's threshold is the same setting.
    const board = await shop.app.inject({ method: 'GET', url: '/api/v1/admin/dashboard', headers: admin.admin });
    expect(board.json()).toMatchObject({ low_stock_threshold: 4 });
  });

  it('set how many pieces of one variant a shopper may hold unpaid, from the next order on', async () => {
    expect((await saved({ unpaid_pieces_per_variant: 2 })).unpaid_pieces_per_variant).toBe(2);
    try {
      const shopper = await signUp(shop.app, 'settings-hoarder');
      const address = await addAddress(shop.app, shopper);
      const order = (quantity: number) =>
        setCart(shop.app, shopper, world.productId, world.variants.large, quantity).then(() =>
          shop.app.inject({
            method: 'POST',
            url: '/api/v1/orders',
            headers: shopper.auth,
            payload: { address, shipping_type: 'standard', payment_method: 'ONLINE' },
          }),
        );
      const refused = await order(3);
      expect(refused.statusCode).toBe(409);
      expect(ErrorBody.parse(refused.json())).toMatchObject({
        reason: 'unpaid_pieces_limit',
        errors: [expect.stringMatching(/^You may hold at most 2 of .*; order at most 2\.$/)],
      });
      expect((await order(2)).statusCode).toBe(201);
      const [audit] = await shop.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'setting.change'), eq(auditLog.entityId, 'unpaid_pieces_per_variant')));
      expect(audit).toMatchObject({ before: { value: 5 }, after: { value: 2 }, actorUserId: admin.user.id });
    } finally {
      await saved({ unpaid_pieces_per_variant: 5 });
    }
  });

  it("reach every process: another process's save is read here once its catalogue notice arrives", async () => {
    const config = async () =>
      PublicConfig.parse((await shop.app.inject({ url: '/api/v1/config' })).json()).seller.legal_name;
    await config(); // this process keeps its copy
    // Another process saves: its row, and its notice (PostgreSQL delivers it to this process's listener;
    // on PGlite, one process, the listener's own call stands in for it).
    await shop.database.db
      .insert(settings)
      .values({ key: 'seller_legal_name', value: 'Little Loom Elsewhere LLP' })
      .onConflictDoUpdate({ target: settings.key, set: { value: 'Little Loom Elsewhere LLP' } });
    if (shop.database.url) await notifyCatalogChange(shop.database.db);
    else shop.app.ctx.cache.invalidate();
    const deadline = Date.now() + 1000;
    let seen = await config();
    while (seen !== 'Little Loom Elsewhere LLP' && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
      seen = await config();
    }
    expect(seen).toBe('Little Loom Elsewhere LLP');
  });
});
