import {
  AdminOrderDetail,
  AdminOrderList,
  COD_DEFAULTS,
  COD_UNAVAILABLE,
  CodRemittanceResponse,
  GstSummary,
  MoveResponse,
  PlaceOrderResponse,
  OrderResponse,
  QuoteResponse,
  RefundActionResponse,
  RefundIssues,
  ReturnDecisionResponse,
  ReturnsPage,
  SettingsSaved,
  ShopSettings,
  StoreCredit,
  type CodSettings,
  type Order,
} from '@shop/contract';
import { and, desc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { auditLog } from '../src/modules/audit/audit.schema';
import { invoices } from '../src/modules/invoices/invoices.schema';
import { mailOutbox } from '../src/modules/mail/mail.schema';
import { codConfirmations } from '../src/modules/orders/orders.schema';
import { payments } from '../src/modules/payments/payments.schema';
import { expireUnpaidOrders } from '../src/modules/payments/reconcile';
import { remindUnpaidOrders } from '../src/modules/orders/payment-reminders';
import { orders } from '../src/modules/orders/orders.schema';
import { createTestShop, expectError, type TestShop } from './helpers';
import { orderWorld, type OrderWorld } from './order-world';
import { INDIAN_ADDRESS, addAddress, setCart, signUp, type Shopper } from './shoppers';
import { signUpStaff, type StaffMember } from './staff';

let shop: TestShop;
let world: OrderWorld;
let admin: StaffMember;
let staff: StaffMember;
let domesticStandard: number;

beforeAll(async () => {
  shop = await createTestShop();
  world = await orderWorld(shop);
  [admin, staff] = await Promise.all([signUpStaff(shop.app, 'admin'), signUpStaff(shop.app, 'staff')]);
  domesticStandard = (await readSettings()).shipping_rates.domestic_standard;
});
afterAll(() => shop.close());

async function readSettings() {
  const res = await shop.app.inject({ method: 'GET', url: '/api/v1/admin/settings', headers: admin.admin });
  expect(res.statusCode, res.body).toBe(200);
  return ShopSettings.parse(res.json());
}
const putCod = (cod: object, who: StaffMember = admin) =>
  shop.app.inject({ method: 'PUT', url: '/api/v1/admin/settings', headers: who.admin, payload: { cod } });
async function setCod(change: Partial<CodSettings>) {
  const res = await putCod({ ...COD_DEFAULTS, enabled: true, ...change });
  expect(res.statusCode, res.body).toBe(200);
  return SettingsSaved.parse(res.json()).settings.cod;
}

let phones = 0;
/** A phone of its own for each test's orders (the per-phone limit counts across shoppers). */
const newPhone = () => `9${String(process.pid % 1000).padStart(3, '0')}${String(++phones).padStart(6, '0')}`;

/** A shopper with `small` pieces in the cart and an address (India unless told). */
async function buyer(label: string, small = 1, address: Record<string, string> = {}) {
  const shopper = await signUp(shop.app, label);
  await setCart(shop.app, shopper, world.productId, world.variants.small, small);
  const addressId = await addAddress(shop.app, shopper, { ...INDIAN_ADDRESS, phone: newPhone(), ...address });
  return { shopper, addressId };
}
const place = (b: { shopper: Shopper; addressId: number }, method: 'COD' | 'ONLINE' = 'COD') =>
  shop.app.inject({
    method: 'POST',
    url: '/api/v1/orders',
    headers: b.shopper.auth,
    payload: { address: b.addressId, shipping_type: 'standard', payment_method: method },
  });
async function placed(b: { shopper: Shopper; addressId: number }): Promise<Order> {
  const res = await place(b);
  expect(res.statusCode, res.body).toBe(201);
  return PlaceOrderResponse.parse(res.json()).data[0]!;
}

/** The code mailed for the order, read from the outbox before it is sent (sending blanks it). */
async function mailedCode(email: string, orderId: number): Promise<string> {
  const [mail] = await world.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, email), like(mailOutbox.subject, `%order #${orderId}%`)))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  expect(mail?.subject).toBe(`Confirm your cash-on-delivery order #${orderId}`);
  const code = /\b(\d{6})\b/.exec(mail!.text)?.[1];
  expect(code).toBeDefined();
  return code!;
}
const confirm = (shopper: Shopper, orderId: number, code: string) =>
  shop.app.inject({
    method: 'POST',
    url: `/api/v1/orders/${orderId}/cod-confirmation`,
    headers: shopper.auth,
    payload: { code },
  });
const adminPost = (path: string, payload: object, who: StaffMember = admin) =>
  shop.app.inject({ method: 'POST', url: `/api/v1/admin/orders/${path}`, headers: who.admin, payload });
const detail = async (orderId: number) => {
  const res = await shop.app.inject({ method: 'GET', url: `/api/v1/admin/orders/${orderId}`, headers: admin.admin });
  expect(res.statusCode, res.body).toBe(200);
  return AdminOrderDetail.parse(res.json());
};

/** A COD order confirmed by its mailed code (now packaging). */
async function confirmedOrder(label: string, small = 1, address: Record<string, string> = {}) {
  const b = await buyer(label, small, address);
  const order = await placed(b);
  const res = await confirm(b.shopper, order.id, await mailedCode(b.shopper.email, order.id));
  expect(res.statusCode, res.body).toBe(200);
  return { ...b, order };
}
async function shipped(orderId: number) {
  const res = await adminPost(`${orderId}/ship`, { carrier: 'delhivery', tracking_number: `DL${orderId}00` }, staff);
  expect(res.statusCode, res.body).toBe(200);
}

/** This month's GST summary's total (in India's time), in rupees. */
async function gstTotal(): Promise<number> {
  const month = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 7);
  const res = await shop.app.inject({
    method: 'GET',
    url: `/api/v1/admin/reports/gst?month=${month}`,
    headers: admin.admin,
  });
  expect(res.statusCode, res.body).toBe(200);
  return GstSummary.parse(res.json()).totals.total;
}

describe('cash on delivery settings', () => {
  it('are off by default, with the documented terms, and only the owner changes them', async () => {
    expect((await readSettings()).cod).toEqual({
      enabled: false,
      min_order: 299,
      max_order: 5000,
      fee: 49,
      refused_pincodes: [],
      max_open_per_phone: 1,
      confirm_by_code: true,
    });
    expect((await putCod({ ...COD_DEFAULTS, enabled: true }, staff)).statusCode).toBe(403);
    expect((await readSettings()).cod.enabled).toBe(false);
  });

  it('refuse bad terms in words, saving nothing', async () => {
    const bad: [object, RegExp][] = [
      [{ refused_pincodes: ['110001', 'ab12'] }, /refused_pincodes must be digits only/],
      [{ refused_pincodes: ['1234567'] }, /refused_pincodes must be digits only, 1 to 6/],
      [{ min_order: 6000 }, /min_order must not be above max_order/],
      [{ fee: -1 }, /fee must not be negative/],
      [{ max_open_per_phone: 0 }, /max_open_per_phone must be between 1 and 20/],
      [{ fee: 10.555 }, /fee must be in rupees with at most two decimals/],
    ];
    for (const [change, message] of bad) {
      const body = expectError(await putCod({ ...COD_DEFAULTS, enabled: true, ...change }), 400);
      expect(body.errors.join(' ')).toMatch(message);
    }
    expect((await readSettings()).cod.enabled).toBe(false);
  });

  it('are audited like every setting', async () => {
    const saved = await setCod({ fee: 59, refused_pincodes: ['110001', '8'] });
    expect(saved).toMatchObject({ enabled: true, fee: 59, refused_pincodes: ['110001', '8'] });
    const [row] = await world.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'setting.change'), eq(auditLog.entityId, 'cod')))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(row?.before).toMatchObject({ value: { enabled: false, fee: 49 } });
    expect(row?.after).toMatchObject({ value: { enabled: true, fee: 59, refused_pincodes: ['110001', '8'] } });
    await setCod({ enabled: false });
  });
});

describe('placing a cash-on-delivery order', () => {
  beforeEach(() => setCod({}));

  it('is refused with the seed’s words while COD is off, and nothing is written', async () => {
    await setCod({ enabled: false });
    const b = await buyer('cod-off');
    const before = await world.stock(world.variants.small);
    const body = expectError(await place(b), 400);
    expect(body.reason).toBe('cod_off');
    expect(body.message).toBe(COD_UNAVAILABLE);
    expect(await world.stock(world.variants.small)).toBe(before);
    // Paying online still works.
    expect((await place(b, 'ONLINE')).statusCode).toBe(201);
  });

  it('is priced by the quote with the fee as its own line, and the order keeps it', async () => {
    const b = await buyer('cod-quote');
    const quote = async (payment_method: string) => {
      const res = await shop.app.inject({
        method: 'POST',
        url: '/api/v1/checkout/quote',
        headers: b.shopper.auth,
        payload: { address: b.addressId, shipping_type: 'standard', payment_method },
      });
      expect(res.statusCode, res.body).toBe(200);
      return QuoteResponse.parse(res.json()).data;
    };
    const [online, cod] = [await quote('ONLINE'), await quote('COD')];
    expect(online.cod_fee).toBe(0);
    expect(cod.cod_fee).toBe(49);
    expect(cod.total).toBe(online.total + 49);
    const order = await placed(b);
    expect(order).toMatchObject({
      payment_method: 'COD',
      payment_method_label: 'Cash on delivery',
      cod_fee: 49,
      total: cod.total,
      status: 'created',
      cod_confirmation: 'awaiting_code',
      can_pay: false,
      can_confirm_cod: true,
    });
    expect((await world.row(order.id)).codFeePaise).toBe(4900);
  });

  it('is refused outside the value range, at both ends (the fee not counted)', async () => {
    const value = 899 + domesticStandard;
    await setCod({ min_order: value + 1 });
    let body = expectError(await place(await buyer('cod-low')), 400);
    expect(body.reason).toBe('cod_range');
    expect(body.errors[0]).toMatch(/please pay online, or add more to your bag/);
    await setCod({ max_order: value - 1, min_order: 1 });
    body = expectError(await place(await buyer('cod-high')), 400);
    expect(body.reason).toBe('cod_range');
    // Exactly at the ends is within.
    await setCod({ min_order: value, max_order: value });
    expect((await place(await buyer('cod-edge'))).statusCode).toBe(201);
  });

  it('is refused to a refused PIN code, exact or by its first digits', async () => {
    await setCod({ refused_pincodes: ['560038'] });
    let body = expectError(await place(await buyer('cod-pin', 1, { pincode: '560038' })), 400);
    expect(body.reason).toBe('cod_pincode');
    await setCod({ refused_pincodes: ['79'] });
    body = expectError(
      await place(await buyer('cod-prefix', 1, { pincode: '791001', state: 'Arunachal Pradesh' })),
      400,
    );
    expect(body.reason).toBe('cod_pincode');
    expect(body.errors[0]).toContain('791001');
    // A code the prefix does not begin is served.
    expect((await place(await buyer('cod-other-pin', 1, { pincode: '560039' }))).statusCode).toBe(201);
  });

  it('is refused for a second open COD order on one phone, whoever places it, until the first is delivered', async () => {
    const phone = newPhone();
    const first = await confirmedOrder('cod-phone-1', 1, { phone });
    const second = await buyer('cod-phone-2', 1, { phone });
    const body = expectError(await place(second), 400);
    expect(body.reason).toBe('cod_open_orders');
    // Online payment is not limited by it.
    expect((await place(second, 'ONLINE')).statusCode).toBe(201);
    // The owner may allow more.
    await setCod({ max_open_per_phone: 2 });
    await setCart(shop.app, second.shopper, world.productId, world.variants.small, 1);
    expect((await place(second)).statusCode).toBe(201);
    await setCod({});
    // Delivered, the first no longer counts: one open order on the phone again, the limit 1 reached by the second.
    await shipped(first.order.id);
    expect((await adminPost(`${first.order.id}/deliver`, { note: '' }, staff)).statusCode).toBe(200);
    const third = await buyer('cod-phone-3', 1, { phone });
    expect(expectError(await place(third), 400).reason).toBe('cod_open_orders');
  });

  it('is refused for an address abroad', async () => {
    const b = await buyer('cod-abroad', 1, { country: 'Canada', state: 'Ontario', pincode: 'K1A 0B1' });
    const body = expectError(await place(b), 400);
    expect(body.reason).toBe('cod_abroad');
  });

  it('goes straight to packing when the owner asks no code', async () => {
    await setCod({ confirm_by_code: false });
    const b = await buyer('cod-no-code');
    const order = await placed(b);
    expect(order).toMatchObject({ status: 'packaging', cod_confirmation: 'confirmed' });
    expect(await world.db.select().from(codConfirmations).where(eq(codConfirmations.orderId, order.id))).toEqual([]);
    expect(await world.mailsTo(b.shopper.email)).toContain(`Order #${order.id} confirmed: cash on delivery`);
  });
});

describe('confirming a cash-on-delivery order', () => {
  beforeEach(() => setCod({}));

  it('takes the mailed code, which is hashed at rest, and moves the order to packing', async () => {
    const b = await buyer('cod-confirm');
    const order = await placed(b);
    const code = await mailedCode(b.shopper.email, order.id);
    const [row] = await world.db.select().from(codConfirmations).where(eq(codConfirmations.orderId, order.id));
    expect(row!.codeHash).not.toContain(code);
    expect(row!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    const res = await confirm(b.shopper, order.id, code);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: Order }>().data).toMatchObject({ status: 'packaging', cod_confirmation: 'confirmed' });
    // Another shopper cannot confirm it; a second confirmation is refused.
    const other = await signUp(shop.app, 'cod-stranger');
    expectError(await confirm(other, order.id, code), 404);
    expectError(await confirm(b.shopper, order.id, code), 409);
  });

  it('spends the code after five wrong tries; a new code sent again works', async () => {
    const b = await buyer('cod-wrong');
    const order = await placed(b);
    const code = await mailedCode(b.shopper.email, order.id);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 1; i <= 4; i++)
      expect(expectError(await confirm(b.shopper, order.id, wrong), 400).reason).toBe('cod_code_wrong');
    expect(expectError(await confirm(b.shopper, order.id, wrong), 400).reason).toBe('cod_code_spent');
    // The right code is no use now.
    expect(expectError(await confirm(b.shopper, order.id, code), 400).reason).toBe('cod_code_spent');
    expect((await world.row(order.id)).status).toBe('created');
    const again = await shop.app.inject({
      method: 'POST',
      url: `/api/v1/orders/${order.id}/cod-code`,
      headers: b.shopper.auth,
    });
    expect(again.statusCode, again.body).toBe(200);
    const fresh = await mailedCode(b.shopper.email, order.id);
    expect((await confirm(b.shopper, order.id, fresh)).statusCode).toBe(200);
    expect((await world.row(order.id)).status).toBe('packaging');
  });

  it('limits how often a code is sent again', async () => {
    const b = await buyer('cod-resend');
    const order = await placed(b);
    const resend = () =>
      shop.app.inject({ method: 'POST', url: `/api/v1/orders/${order.id}/cod-code`, headers: b.shopper.auth });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await resend()).statusCode);
    expect(statuses.slice(0, 3)).toEqual([200, 200, 200]);
    expect(statuses.at(-1)).toBe(429);
  });

  it('expires unconfirmed past the window: store_cancelled, stock back, the provider never asked', async () => {
    const b = await buyer('cod-expire', 3);
    const before = await world.stock(world.variants.small);
    const order = await placed(b);
    expect(await world.stock(world.variants.small)).toBe(before - 3);
    await world.db
      .update(orders)
      .set({ paymentDueAt: new Date(Date.now() - 60_000) })
      .where(eq(orders.id, order.id));
    const asked = vi.spyOn(world.provider, 'orderPayments');
    expect(await expireUnpaidOrders(world.as({ kind: 'clock' }))).toBeGreaterThanOrEqual(1);
    expect(asked).not.toHaveBeenCalled();
    asked.mockRestore();
    const row = await world.row(order.id);
    expect(row.status).toBe('store_cancelled');
    expect(await world.stock(world.variants.small)).toBe(before);
    expect((await world.history(order.id)).at(-1)?.note).toBe('not confirmed in time');
    expect(await world.mailsTo(b.shopper.email)).toContain(`Order #${order.id} cancelled: not confirmed`);
    // The code is no use after.
    expectError(await confirm(b.shopper, order.id, '123456'), 409);
  });
});

describe('a cash-on-delivery order’s life', () => {
  beforeEach(() => setCod({}));

  it('is never reminded to pay, while an online order in the same window is', async () => {
    const cod = await placed(await buyer('cod-remind'));
    const online = await place(await buyer('online-remind'), 'ONLINE');
    expect(online.statusCode, online.body).toBe(201);
    const onlineId = PlaceOrderResponse.parse(online.json()).data[0]!.id;
    const soon = new Date(Date.now() + 5 * 60_000);
    for (const id of [cod.id, onlineId]) {
      await world.db.update(orders).set({ paymentDueAt: soon }).where(eq(orders.id, id));
      // Placed long enough before its deadline to be reminded at all.
      await world.db
        .update(orders)
        .set({ createdAt: new Date(Date.now() - 60 * 60_000) })
        .where(eq(orders.id, id));
    }
    await remindUnpaidOrders(world.as({ kind: 'clock' }));
    expect((await world.row(onlineId)).paymentRemindedAt).not.toBeNull();
    expect((await world.row(cod.id)).paymentRemindedAt).toBeNull();
  });

  it('is never paid online: the provider’s rules do not apply to it', async () => {
    const b = await buyer('cod-no-pay');
    const order = await placed(b);
    const start = await shop.app.inject({
      method: 'POST',
      url: `/api/v1/orders/${order.id}/payment`,
      headers: b.shopper.auth,
    });
    expect(start.statusCode).toBe(409);
    expect(order.can_pay).toBe(false);
  });

  it('delivered, records the cash as a payment of method cod, invoiced and counted in the reports', async () => {
    const { order } = await confirmedOrder('cod-deliver');
    await shipped(order.id);
    await world.drain();
    const gstBefore = await gstTotal();
    const res = await adminPost(`${order.id}/deliver`, { note: 'cash collected' }, staff);
    expect(res.statusCode, res.body).toBe(200);
    const after = MoveResponse.parse(res.json()).order;
    expect(after).toMatchObject({ status: 'delivered', paid: true, payment_method: 'COD' });
    const paid = await world.db.select().from(payments).where(eq(payments.orderId, order.id));
    expect(paid).toEqual([
      expect.objectContaining({ method: 'cod', status: 'captured', amountPaise: Math.round(order.total * 100) }),
    ]);
    expect(after.payments).toEqual([expect.objectContaining({ method: 'cod', amount: order.total })]);
    const row = await world.row(order.id);
    expect(row.paidAt).not.toBeNull();
    expect(row.invoiceNumber).toBeTruthy();
    await world.drain();
    expect(await world.db.select().from(invoices).where(eq(invoices.orderId, order.id))).toHaveLength(1);
    expect(after.cod).toMatchObject({ confirmation: 'confirmed', fee: 49 });
    // The month's GST summary counts it once delivered, its fee included.
    expect((await gstTotal()) - gstBefore).toBeCloseTo(order.total, 2);
    const today = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
    const csv = await shop.app.inject({
      method: 'GET',
      url: `/api/v1/admin/reports/orders.csv?from=${today}&to=${today}`,
      headers: admin.admin,
    });
    expect(csv.statusCode, csv.body).toBe(200);
    const line = csv.body.split('\n').find((l) => l.startsWith(`${order.id},`));
    expect(line).toMatch(/,COD,49\.00\s*$/);
  });

  it('returned to origin from shipped: stock back, no refund, and the phone’s count shows on its next COD order', async () => {
    const phone = newPhone();
    const before = await world.stock(world.variants.small);
    const first = await confirmedOrder('cod-rto', 2, { phone });
    expect(await world.stock(world.variants.small)).toBe(before - 2);
    // Not before it ships.
    expect((await adminPost(`${first.order.id}/return-to-origin`, { note: '' }, staff)).statusCode).toBe(409);
    await shipped(first.order.id);
    expect((await detail(first.order.id)).moves).toContain('return_to_origin');
    const res = await adminPost(`${first.order.id}/return-to-origin`, { note: 'refused at the door' }, staff);
    expect(res.statusCode, res.body).toBe(200);
    expect(MoveResponse.parse(res.json()).order.status).toBe('returned_to_origin');
    expect(await world.stock(world.variants.small)).toBe(before);
    expect(await world.refunds(first.order.id)).toEqual([]);
    expect(await world.db.select().from(payments).where(eq(payments.orderId, first.order.id))).toEqual([]);
    // A second click does nothing twice.
    const again = await adminPost(`${first.order.id}/return-to-origin`, { note: '' }, staff);
    expect(MoveResponse.parse(again.json()).repeated).toBe(true);
    expect(await world.stock(world.variants.small)).toBe(before);
    // The phone's next COD order shows the refused parcel to the shop.
    const next = await buyer('cod-rto-next', 1, { phone });
    const order = await placed(next);
    expect((await detail(order.id)).cod?.refused_parcels).toBe(1);
    expect((await detail(first.order.id)).cod?.refused_parcels).toBe(0);
  });

  it('cancelled while being packed (by its shopper or the shop): stock back, nothing to refund', async () => {
    const before = await world.stock(world.variants.small);
    const mine = await confirmedOrder('cod-cancel', 2);
    const res = await shop.app.inject({
      method: 'POST',
      url: '/api/v1/orders/cancel',
      headers: mine.shopper.auth,
      payload: { order_id: mine.order.id },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await world.row(mine.order.id)).status).toBe('user_cancelled');
    const shops = await confirmedOrder('cod-shop-cancel', 1);
    expect((await detail(shops.order.id)).moves).toEqual(['ship', 'cancel_unpaid']);
    const cancelled = await adminPost(`${shops.order.id}/cancel-unpaid`, { note: 'out of fabric' }, staff);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await world.row(shops.order.id)).status).toBe('store_cancelled');
    expect(await world.stock(world.variants.small)).toBe(before);
    expect([...(await world.refunds(mine.order.id)), ...(await world.refunds(shops.order.id))]).toEqual([]);
  });

  it('lists COD orders by their way of paying, and the owner marks a courier’s remittance for many at once', async () => {
    const a = await confirmedOrder('cod-remit-a');
    const b = await confirmedOrder('cod-remit-b');
    const open = await confirmedOrder('cod-remit-open');
    for (const o of [a, b]) {
      await shipped(o.order.id);
      expect((await adminPost(`${o.order.id}/deliver`, { note: '' }, staff)).statusCode).toBe(200);
    }
    const list = await shop.app.inject({
      method: 'GET',
      url: '/api/v1/admin/orders?method=COD&limit=100',
      headers: admin.admin,
    });
    const rows = AdminOrderList.parse(list.json()).data;
    expect(rows.every((r) => r.payment_method === 'COD')).toBe(true);
    expect(rows.map((r) => r.id)).toEqual(expect.arrayContaining([a.order.id, b.order.id, open.order.id]));
    // Staff may not; the owner may.
    expect((await adminPost('cod-remittance', { ids: [a.order.id], reference: 'UTR123' }, staff)).statusCode).toBe(403);
    const res = await adminPost('cod-remittance', {
      ids: [a.order.id, b.order.id, open.order.id],
      reference: 'DELHIVERY-REM-0042',
    });
    expect(res.statusCode, res.body).toBe(200);
    const { results } = CodRemittanceResponse.parse(res.json());
    expect(results.map((r) => r.ok)).toEqual([true, true, false]);
    expect((await detail(a.order.id)).cod).toMatchObject({
      remittance: 'DELHIVERY-REM-0042',
      can_record_remittance: false,
    });
    // Once only.
    const twice = CodRemittanceResponse.parse(
      (await adminPost('cod-remittance', { ids: [a.order.id], reference: 'X' })).json(),
    );
    expect(twice.results[0]?.ok).toBe(false);
    expect(twice.results[0]?.message).toMatch(/already marked/);
    const history = await world.history(a.order.id);
    expect(history.map((h) => h.note)).toContain('cash remitted by the carrier: DELHIVERY-REM-0042');
  });
});

describe('a cash-on-delivery order’s return', () => {
  beforeEach(async () => {
    await setCod({});
  });

  /** The shopper's return request for the order, accepted by staff with `body`. */
  async function acceptReturn(shopper: Shopper, orderId: number, body: object) {
    const asked = await shop.app.inject({
      method: 'POST',
      url: '/api/v1/contacts',
      headers: shopper.auth,
      payload: { name: 'Asha', email: shopper.email, message: 'Too big, UPI asha@okbank', order_id: orderId },
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
  const transferIssues = async () =>
    RefundIssues.parse(
      (await shop.app.inject({ method: 'GET', url: '/api/v1/admin/refunds', headers: admin.admin })).json(),
    ).data.filter((i) => i.kind === 'transfer');
  const transfer = (refundId: number, reference: string, who: StaffMember = admin) =>
    shop.app.inject({
      method: 'POST',
      url: `/api/v1/admin/refunds/${refundId}/transfer`,
      headers: who.admin,
      payload: { reference },
    });

  it('is offered once delivered, paid back by the shop’s transfer with its UTR, never asked of the provider', async () => {
    const { shopper, order } = await confirmedOrder('cod-return', 2);
    const ask = async () =>
      OrderResponse.parse(
        (await shop.app.inject({ method: 'GET', url: `/api/v1/orders/${order.id}`, headers: shopper.auth })).json(),
      ).data;
    await shipped(order.id);
    expect((await ask()).can_return).toBe(false); // the cash is not collected yet
    expect((await adminPost(`${order.id}/deliver`, { note: '' }, staff)).statusCode).toBe(200);
    expect((await ask()).can_return).toBe(true);

    // One piece of two: part of the money, owed by transfer; the order stays delivered.
    const line = order.order_details[0]!;
    const one = await acceptReturn(shopper, order.id, {
      lines: [{ line_id: line.id, quantity: 1 }],
      restock: true,
      request_key: 'cod-return-1',
    });
    expect(one.message).toMatch(/record its UTR in Refunds/);
    expect(one.return.order_status).toBe('delivered');
    await world.drain();
    expect(await world.mailText(shopper.email, `Return accepted for order #${order.id}`)).toContain(
      'by bank transfer or UPI',
    );
    const [owed] = await world.refunds(order.id);
    expect(owed).toMatchObject({ method: 'transfer', status: 'pending', amountPaise: Math.round(line.price * 100) });
    expect((await ask()).money).toMatchObject({ state: 'partly_refunded', refunding: line.price });
    const [issue] = (await transferIssues()).filter((i) => i.order_id === order.id);
    expect(issue).toMatchObject({ refund_id: owed!.id, amount: line.price });
    expect(issue!.reason).toMatch(/bank transfer or UPI, then record the UTR/);

    // The UTR: admins only, a real reference, recorded once.
    expectError(await transfer(owed!.id, 'UTR123456', staff), 403);
    expect(expectError(await transfer(owed!.id, 'x y'), 400).errors[0]).toMatch(/UTR: 6 to 40 letters/);
    const paid = await transfer(owed!.id, 'HDFCN52026112712');
    expect(paid.statusCode, paid.body).toBe(200);
    expect(RefundActionResponse.parse(paid.json())).toEqual({
      message: 'Refund recorded as paid by transfer HDFCN52026112712',
      repeated: false,
    });
    expect(RefundActionResponse.parse((await transfer(owed!.id, 'HDFCN52026112712')).json()).repeated).toBe(true);
    expect((await world.refunds(order.id))[0]).toMatchObject({ status: 'processed', reference: 'HDFCN52026112712' });
    expect((await transferIssues()).some((i) => i.order_id === order.id)).toBe(false);
    expect((await ask()).money).toMatchObject({ state: 'partly_refunded', refunded: line.price, refunding: 0 });

    // The last piece: all that is left, then refunded once its transfer is recorded.
    const two = await acceptReturn(shopper, order.id, { restock: true, request_key: 'cod-return-2' });
    expect(two.return.order_status).toBe('refund_progress');
    const rest = (await world.refunds(order.id))[1]!;
    expect(rest.amountPaise).toBe(Math.round(order.total * 100) - Math.round(line.price * 100));
    expect((await transfer(rest.id, 'HDFCN52026112799')).statusCode).toBe(200);
    expect((await world.row(order.id)).status).toBe('refunded');
    expect((await ask()).money).toMatchObject({ state: 'refunded', left: 0 });
    await world.drain();
    expect(await world.mailText(shopper.email, `Refund for order #${order.id} processed`)).toContain(
      'paid to you by bank transfer or UPI',
    );
    // Nothing was ever asked of the payment provider, and a transfer is never "retried" there.
    expect(await world.db.select().from(payments).where(eq(payments.orderId, order.id))).toEqual([
      expect.objectContaining({ provider: 'cod' }),
    ]);
    expectError(
      await shop.app.inject({
        method: 'POST',
        url: `/api/v1/admin/refunds/${rest.id}/retry`,
        headers: admin.admin,
        payload: {},
      }),
      409,
    );
    const audit = await world.db.select().from(auditLog).where(eq(auditLog.action, 'refund.transfer'));
    expect(audit.filter((a) => a.entityId === String(order.id))).toHaveLength(2);
  });

  it('may be paid back as store credit instead: at once, the order refunded, nothing left to transfer', async () => {
    const { shopper, order } = await confirmedOrder('cod-credit', 1);
    await shipped(order.id);
    expect((await adminPost(`${order.id}/deliver`, { note: '' }, staff)).statusCode).toBe(200);
    const done = await acceptReturn(shopper, order.id, {
      restock: true,
      refund_to: 'credit',
      request_key: 'cod-credit-1',
    });
    expect(done.message).toMatch(/store credit/);
    expect(done.return.order_status).toBe('refunded');
    const [refund] = await world.refunds(order.id);
    expect(refund).toMatchObject({ method: 'credit', status: 'processed', amountPaise: Math.round(order.total * 100) });
    expect((await transferIssues()).some((i) => i.order_id === order.id)).toBe(false);
    const credit = StoreCredit.parse(
      (await shop.app.inject({ method: 'GET', url: '/api/v1/user/credit', headers: shopper.auth })).json(),
    );
    expect(credit.balance).toBe(order.total);
    expect(credit.entries[0]).toMatchObject({
      source: 'refund',
      order_id: order.id,
      reason: `Refund for the return of order #${order.id}`,
    });
    await world.drain();
    expect(await world.mailText(shopper.email, `Return accepted for order #${order.id}`)).toContain(
      'added to your store credit',
    );
    expect(await world.mailText(shopper.email, `Return accepted for order #${order.id}`)).not.toContain('UPI');
  });
});
