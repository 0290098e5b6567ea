import { randomBytes } from 'node:crypto';
import {
  AdminDiscountList,
  AdminDiscountResponse,
  AdminOrderDetail,
  AuditPage,
  PlaceOrderResponse,
  type AdminDiscount,
  type DiscountBody,
  type Order,
} from '@shop/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createCollection } from '../src/db/factories';
import { createTestShop, expectError, type TestShop } from './helpers';
import { orderWorld, type OrderWorld } from './order-world';
import { addAddress, setCart, signUp, type Shopper } from './shoppers';
import { signUpStaff, type StaffMember } from './staff';

/** Discount codes in the back office (docs/product.md 'Discount codes'): staff read, the owner writes, all audited. */
let shop: TestShop;
let world: OrderWorld;
let staff: StaffMember;
let owner: StaffMember;
let shopper: Shopper;

beforeAll(async () => {
  shop = await createTestShop({ TEST_PAYMENT_WEBHOOK_DELAY_MS: '60000' });
  world = await orderWorld(shop);
  [staff, owner, shopper] = await Promise.all([
    signUpStaff(shop.app, 'staff', 'discount-staff'),
    signUpStaff(shop.app, 'admin', 'discount-owner'),
    signUp(shop.app, 'discount-shopper'),
  ]);
});
afterAll(() => shop?.close());

const tag = () => randomBytes(3).toString('hex').toUpperCase();
const paise = (rupees: number) => Math.round(rupees * 100);

type Headers = Record<string, string>;
const call = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Headers, payload?: unknown) =>
  shop.app.inject({
    method,
    url: `/api/v1/admin${url}`,
    headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

/** A complete form, as the back office sends it. */
const form = (over: Partial<DiscountBody> = {}): DiscountBody => ({
  code: `ADM-${tag()}`,
  kind: 'percent',
  value: 10,
  min_subtotal: 0,
  starts_at: null,
  ends_at: null,
  max_uses: null,
  max_uses_per_buyer: null,
  first_order_only: false,
  category_ids: [],
  collection_ids: [],
  exclude_sale_items: false,
  active: true,
  note: '',
  ...over,
});

async function create(over: Partial<DiscountBody> = {}): Promise<AdminDiscount> {
  const res = await call('POST', '/discounts', owner.admin, form(over));
  expect(res.statusCode, res.body).toBe(201);
  return AdminDiscountResponse.parse(res.json()).data;
}
async function getCode(id: number, who: StaffMember = staff): Promise<AdminDiscount> {
  const res = await call('GET', `/discounts/${id}`, who.admin);
  expect(res.statusCode, res.body).toBe(200);
  return AdminDiscountResponse.parse(res.json()).data;
}
async function list(query = '', who: StaffMember = staff): Promise<AdminDiscount[]> {
  const res = await call('GET', `/discounts${query}`, who.admin);
  expect(res.statusCode, res.body).toBe(200);
  return AdminDiscountList.parse(res.json()).data;
}
/** The activity log's entries of a code, newest first. */
async function auditOf(id: number) {
  const res = await call('GET', `/activity?entity_type=discount&entity_id=${id}`, owner.admin);
  expect(res.statusCode, res.body).toBe(200);
  return AuditPage.parse(res.json()).data;
}

/** A shopper's order of `small` pieces with a code, placed through the storefront. */
async function orderWith(code: string, label: string, small = 1): Promise<{ buyer: Shopper; order: Order }> {
  const buyer = await signUp(shop.app, label);
  await setCart(shop.app, buyer, world.productId, world.variants.small, small);
  const address = await addAddress(shop.app, buyer);
  const res = await shop.app.inject({
    method: 'POST',
    url: '/api/v1/orders',
    headers: buyer.auth,
    payload: { address, discount_code: code },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { buyer, order: PlaceOrderResponse.parse(res.json()).data[0]! };
}

describe('creating a code', () => {
  it('stores it as the owner wrote it, in capitals, answers it to staff, and audits it', async () => {
    const code = `diwali-${tag()}`;
    const category = await createCategory(shop.database.db, { name: `Kurtas ${tag()}` });
    const collection = await createCollection(shop.database.db, { name: `Festive ${tag()}` });
    const created = await create({
      code,
      kind: 'amount',
      value: 150.5,
      min_subtotal: 999,
      starts_at: '2026-10-20T00:00:00+05:30',
      ends_at: '2099-11-05T00:00:00+05:30',
      max_uses: 100,
      max_uses_per_buyer: 1,
      first_order_only: true,
      category_ids: [category.id, category.id],
      collection_ids: [collection.id],
      exclude_sale_items: true,
      note: '  Diwali mailer  ',
    });
    expect(created).toMatchObject({
      code: code.toUpperCase(),
      kind: 'amount',
      value: 150.5,
      min_subtotal: 999,
      starts_at: '2026-10-19T18:30:00.000Z',
      ends_at: '2099-11-04T18:30:00.000Z',
      max_uses: 100,
      max_uses_per_buyer: 1,
      first_order_only: true,
      category_ids: [category.id],
      collection_ids: [collection.id],
      exclude_sale_items: true,
      active: true,
      note: 'Diwali mailer',
      uses: 0,
      orders: 0,
      sales: 0,
      discount_given: 0,
      state: 'live',
    });
    expect(await getCode(created.id)).toEqual(created);
    expect((await list()).map((d) => d.id)).toContain(created.id);

    const [entry] = await auditOf(created.id);
    expect(entry).toMatchObject({
      action: 'discount.create',
      entity_type: 'discount',
      entity_id: String(created.id),
      actor: { id: owner.user.id },
      after: { code: code.toUpperCase(), kind: 'amount', value: 15_050, minSubtotalPaise: 99_900 },
    });
  });

  it('refuses a code that exists, whatever its case, with 409 and the code named', async () => {
    const first = await create({ code: `SAME-${tag()}` });
    const again = expectError(
      await call('POST', '/discounts', owner.admin, form({ code: first.code.toLowerCase() })),
      409,
    );
    expect(again.message).toBe(`There is already a code ${first.code}`);
    expect((await list(`?q=${first.code}`)).map((d) => d.id)).toEqual([first.id]);
  });

  it('makes one code of two identical creates at once (a double click): the other is told it exists', async () => {
    const body = form({ code: `TWICE-${tag()}` });
    const answers = await Promise.all([
      call('POST', '/discounts', owner.admin, body),
      call('POST', '/discounts', owner.admin, body),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    const refused = answers.find((a) => a.statusCode === 409)!;
    expect(expectError(refused, 409).message).toBe(`There is already a code ${body.code}`);
    expect(await list(`?q=${body.code}`)).toHaveLength(1);
  });

  it('refuses a bad form with 400 and one readable sentence per problem, writing nothing', async () => {
    const before = (await list()).length;
    const cases: [Record<string, unknown>, string][] = [
      [{ code: 'ab' }, 'A discount code has at least 3 characters'],
      [{ code: 'DIWALI 20' }, 'A discount code has only letters, digits, - and _'],
      [{ code: 'X'.repeat(33) }, 'A discount code has at most 32 characters'],
      [{ kind: 'bogo' }, 'kind is percent, amount or free_shipping'],
      [{ kind: 'percent', value: 95 }, 'value: A percent off is a whole number from 1 to 90'],
      [{ kind: 'percent', value: 12.5 }, 'value: A percent off is a whole number from 1 to 90'],
      [{ kind: 'percent', value: 0 }, 'value: A percent off is a whole number from 1 to 90'],
      [{ kind: 'amount', value: 0.5 }, 'value: An amount off is at least ₹1'],
      [{ kind: 'amount', value: 10.555 }, 'value: An amount off is in rupees and paise: at most two decimals'],
      [{ value: -5 }, 'value cannot be negative'],
      [{ value: '10' }, 'value must be a number'],
      [{ min_subtotal: -1 }, 'min_subtotal: minimum cannot be negative'],
      [{ min_subtotal: '500' }, 'min_subtotal: minimum must be a number'],
      [{ starts_at: 'tomorrow' }, 'starts_at: must be a date and time'],
      [
        { starts_at: '2026-12-10T00:00:00+05:30', ends_at: '2026-12-01T00:00:00+05:30' },
        'ends_at: the end must come after the start',
      ],
      [{ max_uses: 0 }, 'max_uses: total uses is at least 1'],
      [{ max_uses_per_buyer: 1.5 }, 'max_uses_per_buyer: uses per shopper must be a whole number'],
      [{ note: 'n'.repeat(301) }, 'note is at most 300 characters'],
      [{ category_ids: [0] }, 'category_ids.0: id must be positive'],
      [{ surprise: true }, "Unknown field 'surprise'"],
      [{ active: undefined }, 'active is required'],
    ];
    for (const [over, expected] of cases) {
      const body = { ...form(), ...over };
      const error = expectError(await call('POST', '/discounts', owner.admin, body), 400);
      expect(error.errors, JSON.stringify(over)).toContain(expected);
    }
    const missing = expectError(
      await call(
        'POST',
        '/discounts',
        owner.admin,
        form({ category_ids: [2_000_000_000], collection_ids: [2_000_000_001] }),
      ),
      400,
    );
    expect(missing.errors).toEqual(['There is no category 2000000000', 'There is no collection 2000000001']);
    expect(await list()).toHaveLength(before);
  });
});

describe('editing a code', () => {
  it('saves the form, keeps its uses and audits before and after', async () => {
    const made = await create({ kind: 'percent', value: 10, max_uses: 5 });
    await orderWith(made.code, 'edit-buyer');
    const res = await call(
      'PUT',
      `/discounts/${made.id}`,
      owner.admin,
      form({ code: made.code, kind: 'percent', value: 15, max_uses: 10, note: 'extended' }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const edited = AdminDiscountResponse.parse(res.json()).data;
    expect(edited).toMatchObject({ value: 15, max_uses: 10, note: 'extended', uses: 1 });
    const [entry] = await auditOf(made.id);
    expect(entry).toMatchObject({
      action: 'discount.update',
      actor: { id: owner.user.id },
      before: { value: 10, max_uses: 5, note: '' },
      after: { value: 15, max_uses: 10, note: 'extended' },
    });
  });

  it('refuses to rename a code orders used, a name another code has, and a limit below its uses', async () => {
    const used = await create({ max_uses: 5 });
    await orderWith(used.code, 'rename-buyer');
    const other = await create();
    const rename = expectError(
      await call('PUT', `/discounts/${used.id}`, owner.admin, form({ code: `NEW-${tag()}` })),
      409,
    );
    expect(rename.message).toBe(`Orders used ${used.code}: it keeps its name. Make a new code instead.`);
    const unused = await create();
    const clash = expectError(
      await call('PUT', `/discounts/${unused.id}`, owner.admin, form({ code: other.code.toLowerCase() })),
      409,
    );
    expect(clash.message).toBe(`There is already a code ${other.code}`);
    const below = await orderWith(used.code, 'rename-buyer-2');
    expect(below.order.discount_code).toBe(used.code);
    const limit = expectError(
      await call('PUT', `/discounts/${used.id}`, owner.admin, form({ code: used.code, max_uses: 1 })),
      400,
    );
    expect(limit.message).toBe('It has been used 2 times already: total uses must be at least that.');
    expect(await getCode(used.id)).toMatchObject({ max_uses: 5, uses: 2 });
    expect((await auditOf(used.id)).map((e) => e.action)).toEqual(['discount.create']);

    // An unused code may be renamed.
    const renamed = `RENAMED-${tag()}`;
    const ok = await call('PUT', `/discounts/${unused.id}`, owner.admin, form({ code: renamed.toLowerCase() }));
    expect(ok.statusCode, ok.body).toBe(200);
    expect(AdminDiscountResponse.parse(ok.json()).data.code).toBe(renamed);
  });

  it('answers 404 for a code that does not exist and 400 for an id that is no id', async () => {
    expectError(await call('GET', '/discounts/999999', staff.admin), 404);
    expectError(await call('PUT', '/discounts/999999', owner.admin, form()), 404);
    expectError(await call('POST', '/discounts/999999/active', owner.admin, { active: false }), 404);
    expectError(await call('GET', '/discounts/abc', staff.admin), 400);
    expectError(await call('GET', '/discounts/0', staff.admin), 400);
    const bad = expectError(await call('POST', '/discounts/1/active', owner.admin, { active: 'no' }), 400);
    expect(bad.errors).toContain('active is true or false');
  });
});

describe('switching a code off and on', () => {
  it('refuses it to shoppers at once, audits each switch once, and a second click does nothing', async () => {
    const made = await create();
    const off = await call('POST', `/discounts/${made.id}/active`, owner.admin, { active: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(AdminDiscountResponse.parse(off.json()).data).toMatchObject({ active: false, state: 'off' });
    expect((await call('POST', `/discounts/${made.id}/active`, owner.admin, { active: false })).statusCode).toBe(200);

    const buyer = await signUp(shop.app, 'switched-off');
    await setCart(shop.app, buyer, world.productId, world.variants.small, 1);
    const address = await addAddress(shop.app, buyer);
    const refused = await shop.app.inject({
      method: 'POST',
      url: '/api/v1/orders',
      headers: buyer.auth,
      payload: { address, discount_code: made.code },
    });
    expect(expectError(refused, 400)).toMatchObject({
      reason: 'discount_refused',
      message: `The code ${made.code} is no longer available.`,
    });

    const on = await call('POST', `/discounts/${made.id}/active`, owner.admin, { active: true });
    expect(AdminDiscountResponse.parse(on.json()).data).toMatchObject({ active: true, state: 'live' });
    expect((await auditOf(made.id)).map((e) => [e.action, e.before, e.after])).toEqual([
      ['discount.switch_on', { active: false }, { active: true }],
      ['discount.switch_off', { active: true }, { active: false }],
      ['discount.create', null, expect.objectContaining({ code: made.code })],
    ]);
  });
});

describe('who may', () => {
  it('read: staff and the owner; write: the owner only; nobody without a back-office session', async () => {
    const made = await create();
    const reads: [string, string][] = [
      ['GET', '/discounts'],
      ['GET', `/discounts/${made.id}`],
      ['GET', '/discounts/export.csv'],
    ];
    const writes: [string, string, unknown][] = [
      ['POST', '/discounts', form()],
      ['PUT', `/discounts/${made.id}`, form({ code: made.code, value: 50 })],
      ['POST', `/discounts/${made.id}/active`, { active: false }],
    ];
    for (const [method, url] of reads) {
      for (const who of [staff, owner]) {
        const res = await call(method as 'GET', url, who.admin);
        expect(res.statusCode, `${who.role} ${method} ${url}`).toBe(200);
      }
    }
    const auditBefore = await auditOf(made.id);
    const countBefore = (await list()).length;
    for (const [method, url, body] of writes) {
      const res = await call(method as 'POST', url, staff.admin, body);
      expect(expectError(res, 403).message, `${method} ${url}`).toBe('Your role does not allow this.');
    }
    expect(await getCode(made.id)).toMatchObject({ value: 10, active: true });
    expect((await list()).length).toBe(countBefore);
    expect(await auditOf(made.id)).toEqual(auditBefore);

    for (const [method, url, body] of [...reads.map(([m, u]) => [m, u, undefined] as const), ...writes]) {
      expectError(await call(method as 'POST', url, {}, body), 401);
      // A staff member's storefront session is no back-office session.
      expectError(await call(method as 'POST', url, staff.auth, body), 401);
      // A shopper's is not either.
      expectError(await call(method as 'POST', url, shopper.auth, body), 403);
    }
  });
});

describe('uses and sales', () => {
  it('count uses held now, paid orders, what they were worth and what the code took off', async () => {
    const made = await create({ kind: 'percent', value: 10, max_uses: 3 });
    const first = await orderWith(made.code, 'stats-1', 2);
    const second = await orderWith(made.code, 'stats-2', 1);
    const third = await orderWith(made.code, 'stats-3', 1);
    await world.pay(first.buyer, first.order);
    await world.pay(second.buyer, second.order);
    await world.drain();

    const stats = await getCode(made.id);
    expect(stats).toMatchObject({ uses: 3, orders: 2, state: 'used_up' });
    // ₹899 × 2 less 10% + ₹250, and ₹899 less 10% + ₹250.
    expect(paise(stats.sales)).toBe(161_820 + 25_000 + 80_910 + 25_000);
    expect(paise(stats.discount_given)).toBe(17_980 + 8_990);
    expect(paise(stats.sales)).toBe(paise(first.order.total) + paise(second.order.total));
    expect((await list('?state=used_up')).map((d) => d.id)).toContain(made.id);

    // The unpaid one is cancelled: its use comes back, the code is live again.
    const cancel = await shop.app.inject({
      method: 'POST',
      url: '/api/v1/orders/cancel',
      headers: third.buyer.auth,
      payload: { order_id: third.order.id },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await getCode(made.id)).toMatchObject({ uses: 2, orders: 2, state: 'live' });

    // The back office's order page shows the code and each line's share.
    const detail = await call('GET', `/orders/${first.order.id}`, staff.admin);
    expect(detail.statusCode, detail.body).toBe(200);
    const order = AdminOrderDetail.parse(detail.json());
    expect(order).toMatchObject({ discount: 179.8, discount_code: made.code, shipping_waived: 0 });
    expect(order.lines.map((l) => [l.quantity, l.price, l.discount])).toEqual([[2, 899, 179.8]]);
  });

  it('say what a shopper meets now: scheduled, ended, off, used up or live', async () => {
    const scheduled = await create({ starts_at: '2099-01-01T00:00:00+05:30' });
    const ended = await create({ ends_at: '2021-01-01T00:00:00+05:30' });
    const off = await create({ active: false });
    const live = await create({ max_uses: 1 });
    const states = new Map((await list()).map((d) => [d.id, d.state]));
    expect([scheduled, ended, off, live].map((d) => states.get(d.id))).toEqual(['scheduled', 'ended', 'off', 'live']);
    expect((await list('?state=scheduled')).map((d) => d.id)).toContain(scheduled.id);
    expect((await list('?state=scheduled')).map((d) => d.id)).not.toContain(ended.id);
    expect((await list(`?q=${live.code.slice(4).toLowerCase()}`)).map((d) => d.id)).toEqual([live.id]);
    expect(await list('?q=%25')).toEqual([]); // a '%' typed is a '%', not a wildcard
    expectError(await call('GET', '/discounts?state=lost', staff.admin), 400);
  });
});

describe('the CSV of codes', () => {
  it('lists every code with its conditions, uses and sales, for a spreadsheet', async () => {
    const made = await create({
      kind: 'amount',
      value: 100,
      min_subtotal: 500,
      max_uses: 10,
      note: '=HYPERLINK("x"), by an influencer',
    });
    const { buyer, order } = await orderWith(made.code, 'csv-buyer');
    await world.pay(buyer, order);
    await world.drain();

    const res = await call('GET', '/discounts/export.csv', staff.admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="discount-codes.csv"');
    const lines = res.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(
      'Code,Kind,Value,Minimum (₹),Starts,Ends,Total uses,Uses per shopper,State,Uses now,Paid orders,Sales (₹),Discount given (₹),Note',
    );
    const row = lines.find((l) => l.startsWith(`${made.code},`));
    const total = (paise(order.total) / 100).toFixed(2);
    expect(row).toBe(
      `${made.code},Amount off,100.00,500.00,,,10,,live,1,1,${total},100.00,"'=HYPERLINK(""x""), by an influencer"`,
    );
  });
});
