import { AdminOrderDetail, AuditPage, MoveResponse, OrderResponse, type Order } from '@shop/contract';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createProduct } from '../src/db/factories';
import { orderShipmentLines, orderShipments } from '../src/modules/orders/orders.schema';
import { createTestShop, expectError, type TestShop } from './helpers';
import { orderWorld, type OrderWorld } from './order-world';
import { placeOrder, setCart, signUp, type Shopper } from './shoppers';
import { signUpStaff, type StaffMember } from './staff';

let shop: TestShop;
let world: OrderWorld;
let staff: StaffMember;
let admin: StaffMember;
let bonnet: { productId: number; variantId: number };

beforeAll(async () => {
  shop = await createTestShop();
  world = await orderWorld(shop);
  [staff, admin] = await Promise.all([signUpStaff(shop.app, 'staff'), signUpStaff(shop.app, 'admin')]);
  const category = await createCategory(world.db, { name: 'Bonnets' });
  const made = await createProduct(world.db, {
    name: 'Knitted bonnet',
    categoryId: category.id,
    variants: [{ size: '0-6M', color: { name: 'Cream', hex: '#f5f0e1' }, mrp: 499, sellingPrice: 449, stock: 500 }],
  });
  shop.app.ctx.cache.invalidate();
  bonnet = { productId: made.product.id, variantId: made.variants[0]!.id };
});
afterAll(() => shop.close());

const get = (url: string, who: StaffMember) =>
  shop.app.inject({ method: 'GET', url: `/api/v1/admin${url}`, headers: who.admin });
const post = (url: string, who: StaffMember, payload: object) =>
  shop.app.inject({ method: 'POST', url: `/api/v1/admin${url}`, headers: who.admin, payload });
const detail = async (id: number) => AdminOrderDetail.parse((await get(`/orders/${id}`, staff)).json());
const shopperView = async (shopper: Shopper, id: number): Promise<Order> => {
  const res = await shop.app.inject({ method: 'GET', url: `/api/v1/orders/${id}`, headers: shopper.auth });
  expect(res.statusCode, res.body).toBe(200);
  return OrderResponse.parse(res.json()).data;
};
const shipmentRows = (orderId: number) =>
  world.db.select().from(orderShipments).where(eq(orderShipments.orderId, orderId));

/** A paid order of three lines: 2 small jhablas, 1 large, 3 bonnets. */
async function threeLineOrder(label: string) {
  const shopper = await signUp(shop.app, label);
  await setCart(shop.app, shopper, world.productId, world.variants.small, 2);
  await setCart(shop.app, shopper, world.productId, world.variants.large, 1);
  await setCart(shop.app, shopper, bonnet.productId, bonnet.variantId, 3);
  const order = await placeOrder(shop.app, shopper, 'standard');
  await world.pay(shopper, order);
  await world.drain();
  const lines = (await detail(order.id)).lines;
  const [small, large, bonnets] = [
    lines.find((l) => l.quantity === 2)!,
    lines.find((l) => l.quantity === 1)!,
    lines.find((l) => l.quantity === 3)!,
  ];
  return { shopper, order, small, large, bonnets };
}

const parcel = (lines: { line_id: number; quantity: number }[], number = 'DL1000001', extra: object = {}) => ({
  carrier: 'delhivery',
  tracking_number: number,
  lines,
  ...extra,
});

describe('shipping an order in parts', () => {
  it('ships a three-line order in two parcels: partly shipped, then shipped, a mail each, both on the shopper’s page', async () => {
    const { shopper, order, small, large, bonnets } = await threeLineOrder('two-parcels');

    const first = await post(
      `/orders/${order.id}/shipments`,
      staff,
      parcel(
        [
          { line_id: small.id, quantity: 2 },
          { line_id: bonnets.id, quantity: 1 },
        ],
        'DL1000001',
        { note: 'bonnets still drying' },
      ),
    );
    expect(first.statusCode, first.body).toBe(200);
    const afterFirst = MoveResponse.parse(first.json());
    expect(afterFirst.repeated).toBe(false);
    expect(afterFirst.message).toMatch(/Shipment recorded/);
    expect(afterFirst.order.status).toBe('packaging');
    expect(afterFirst.order.fulfilment).toBe('partly_shipped');
    expect(afterFirst.order.fulfilment_label).toBe('Partly shipped');
    expect(afterFirst.order.shipments).toHaveLength(1);
    expect(afterFirst.order.shipments[0]!.tracking_url).toBe('https://www.delhivery.com/track/package/DL1000001');
    expect(afterFirst.order.lines.map((l) => l.shipped)).toEqual(
      afterFirst.order.lines.map((l) => (l.id === small.id ? 2 : l.id === bonnets.id ? 1 : 0)),
    );
    // Still open for the rest; a partly shipped order is no longer cancelled.
    expect(afterFirst.order.moves).toEqual(['ship']);
    expect((await get(`/orders/${order.id}`, admin)).json()).toMatchObject({ moves: ['ship'] });
    const refused = expectError(await post(`/orders/${order.id}/cancel-paid`, admin, {}), 409);
    expect(refused.errors[0]).toMatch(/already shipped: it can no longer be cancelled/);
    expect(afterFirst.order.history.at(-1)).toMatchObject({ from: 'packaging', to: 'packaging' });
    expect(afterFirst.order.history.at(-1)!.note).toMatch(/^shipped 3 pieces, 3 left to ship: https:.*; bonnets/);

    const partSubject = `Part of order #${order.id} is on its way`;
    expect(await world.mailsTo(shopper.email)).toContain(partSubject);
    const partMail = (await world.mailText(shopper.email, partSubject))!;
    expect(partMail).toContain('https://www.delhivery.com/track/package/DL1000001');
    expect(partMail).toMatch(/2 × .*jhabla/);
    expect(partMail).toContain('1 × Knitted bonnet');
    expect(partMail).toContain('The other 3 pieces will follow');

    const midway = await shopperView(shopper, order.id);
    expect(midway.status).toBe('packaging');
    expect(midway.fulfilment).toBe('partly_shipped');
    expect(midway.shipments).toHaveLength(1);

    const second = await post(
      `/orders/${order.id}/shipments`,
      staff,
      parcel(
        [
          { line_id: large.id, quantity: 1 },
          { line_id: bonnets.id, quantity: 2 },
        ],
        'DL1000002',
      ),
    );
    expect(second.statusCode, second.body).toBe(200);
    const afterSecond = MoveResponse.parse(second.json());
    expect(afterSecond.order.status).toBe('shipped');
    expect(afterSecond.order.fulfilment).toBe('shipped');
    expect(afterSecond.order.tracking_url).toBe('https://www.delhivery.com/track/package/DL1000002');
    expect(afterSecond.order.history.filter((h) => h.to === 'shipped')).toHaveLength(1);

    const restSubject = `The rest of order #${order.id} is on its way`;
    expect(await world.mailsTo(shopper.email)).toContain(restSubject);
    const restMail = (await world.mailText(shopper.email, restSubject))!;
    expect(restMail).toContain('https://www.delhivery.com/track/package/DL1000002');
    expect(restMail).toContain('2 × Knitted bonnet');
    expect(restMail).not.toMatch(/2 × .*jhabla/);

    const seen = await shopperView(shopper, order.id);
    expect(seen.status).toBe('shipped');
    expect(seen.shipments.map((s) => s.tracking_url)).toEqual([
      'https://www.delhivery.com/track/package/DL1000001',
      'https://www.delhivery.com/track/package/DL1000002',
    ]);
    expect(seen.shipments[1]!.pieces.map((p) => p.quantity).sort()).toEqual([1, 2]);

    // Each move in the audit log, with its pieces.
    const log = AuditPage.parse((await get(`/activity?entity_type=order&entity_id=${order.id}`, admin)).json());
    const ships = log.data.filter((e) => e.action === 'order.ship');
    expect(ships).toHaveLength(2);
    expect(ships.map((e) => (e.after as { status: string }).status).sort()).toEqual(['packaging', 'shipped']);

    // Each parcel's packing slip; another order's shipment is not this order's.
    const slip = await get(`/orders/${order.id}/shipments/${seen.shipments[0]!.id}/slip`, staff);
    expect(slip.statusCode).toBe(200);
    expect(slip.headers['content-type']).toMatch(/application\/pdf/);
    expect(slip.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expectError(await get(`/orders/${order.id + 1000}/shipments/${seen.shipments[0]!.id}/slip`, staff), 404);

    // Delivered as today, once all is shipped.
    const delivered = await post(`/orders/${order.id}/deliver`, staff, {});
    expect(MoveResponse.parse(delivered.json()).order.status).toBe('delivered');
  });

  it('ships what is left with the whole-order ship, as one more shipment', async () => {
    const { shopper, order, small } = await threeLineOrder('rest-whole');
    await post(`/orders/${order.id}/shipments`, staff, parcel([{ line_id: small.id, quantity: 1 }]));
    // The order's own slip, partly shipped, is of what is left.
    const slip = await get(`/orders/slips?ids=${order.id}`, staff);
    expect(slip.statusCode, slip.body).toBe(200);
    expect(slip.rawPayload.toString('latin1').match(/\/Type \/Page\b/g)).toHaveLength(1);
    const res = await post(`/orders/${order.id}/ship`, staff, { carrier: 'dtdc', tracking_number: 'D5550001' });
    const moved = MoveResponse.parse(res.json());
    expect(moved.order.status).toBe('shipped');
    expect(moved.order.shipments).toHaveLength(2);
    const pieces = (i: number) => moved.order.shipments[i]!.pieces.reduce((n, p) => n + p.quantity, 0);
    expect([pieces(0), pieces(1)]).toEqual([1, 5]);
    expect(await world.mailsTo(shopper.email)).toContain(`The rest of order #${order.id} is on its way`);
  });

  it('keeps the whole-order ship: one shipment of every piece, the mail as before', async () => {
    const { shopper, order } = await world.paidOrder('whole-ship', 2, 1);
    const moved = MoveResponse.parse(
      (await post(`/orders/${order.id}/ship`, staff, { carrier: 'delhivery', tracking_number: 'DL2000001' })).json(),
    );
    expect(moved.order.status).toBe('shipped');
    expect(moved.order.fulfilment).toBe('shipped');
    expect(moved.order.shipments).toHaveLength(1);
    expect(moved.order.shipments[0]!.pieces.map((p) => p.quantity).sort()).toEqual([1, 2]);
    expect(await world.mailsTo(shopper.email)).toContain(`Order #${order.id} is on its way`);
  });
});

describe('refusals in words', () => {
  it('refuses more pieces than are left, a line of another order, zero pieces and no pieces', async () => {
    const { order, small, bonnets } = await threeLineOrder('refusals');
    const other = await threeLineOrder('refusals-other');
    const path = `/orders/${order.id}/shipments`;

    const tooMany = expectError(await post(path, staff, parcel([{ line_id: small.id, quantity: 3 }])), 400);
    expect(tooMany.errors[0]).toMatch(/has 2 pieces left to ship: ship 1 to 2 of them/);

    await post(path, staff, parcel([{ line_id: bonnets.id, quantity: 2 }]));
    const rest = expectError(await post(path, staff, parcel([{ line_id: bonnets.id, quantity: 2 }])), 400);
    expect(rest.errors[0]).toMatch(/Knitted bonnet \(0-6M\) has 1 piece left to ship \(2 already shipped\)/);

    const foreign = expectError(await post(path, staff, parcel([{ line_id: other.small.id, quantity: 1 }])), 400);
    expect(foreign.errors[0]).toBe(`Line ${other.small.id} is not part of order #${order.id}`);

    const zero = expectError(await post(path, staff, parcel([{ line_id: small.id, quantity: 0 }])), 400);
    expect(zero.errors.join(' ')).toMatch(/Ship at least 1 piece/);
    const none = expectError(await post(path, staff, parcel([])), 400);
    expect(none.errors.join(' ')).toMatch(/Choose at least one piece to ship/);
    const twice = expectError(
      await post(
        path,
        staff,
        parcel([
          { line_id: small.id, quantity: 1 },
          { line_id: small.id, quantity: 1 },
        ]),
      ),
      400,
    );
    expect(twice.errors[0]).toMatch(/named twice/);
    const badTracking = expectError(
      await post(path, staff, {
        carrier: 'other',
        tracking_url: 'http://x.example/1',
        lines: [{ line_id: small.id, quantity: 1 }],
      }),
      400,
    );
    expect(badTracking.errors[0]).toMatch(/https/);

    // Nothing of the refused parcels was written.
    const rows = await shipmentRows(order.id);
    expect(rows).toHaveLength(1);
    const pieces = await world.db
      .select()
      .from(orderShipmentLines)
      .where(
        inArray(
          orderShipmentLines.shipmentId,
          rows.map((r) => r.id),
        ),
      );
    expect(pieces).toEqual([expect.objectContaining({ lineId: bonnets.id, quantity: 2 })]);
  });

  it('refuses an unpaid, a cancelled and a shipped order (409, in words), and a missing one (404)', async () => {
    const unpaid = await world.order('ship-unpaid', 2);
    const [line] = (await detail(unpaid.order.id)).lines;
    const one = [{ line_id: line!.id, quantity: 1 }];
    const notYet = expectError(await post(`/orders/${unpaid.order.id}/shipments`, staff, parcel(one)), 409);
    expect(notYet.errors[0]).toMatch(/cannot take 'ship'/);
    expect((await detail(unpaid.order.id)).moves).not.toContain('ship');

    await post(`/orders/${unpaid.order.id}/cancel-unpaid`, staff, {});
    const cancelled = expectError(await post(`/orders/${unpaid.order.id}/shipments`, staff, parcel(one)), 409);
    expect(cancelled.errors[0]).toMatch(/cancelled.*cannot take 'ship'/i);

    const { order, small } = await threeLineOrder('ship-shipped');
    await post(`/orders/${order.id}/ship`, staff, { carrier: 'ups', tracking_number: '1Z999AA1' });
    const shipped = await post(`/orders/${order.id}/shipments`, staff, parcel([{ line_id: small.id, quantity: 1 }]));
    // The whole order went already: nothing more is shipped (answered as the order stands).
    expect(MoveResponse.parse(shipped.json()).repeated).toBe(true);
    expect(await shipmentRows(order.id)).toHaveLength(1);

    expectError(await post(`/orders/999999/shipments`, staff, parcel(one)), 404);
  });

  it('records a form sent twice (its request key) once', async () => {
    const { order, small } = await threeLineOrder('twice');
    const body = parcel([{ line_id: small.id, quantity: 1 }], 'DL3000001', { request_key: 'form-key-0001' });
    const first = MoveResponse.parse((await post(`/orders/${order.id}/shipments`, staff, body)).json());
    const again = MoveResponse.parse((await post(`/orders/${order.id}/shipments`, staff, body)).json());
    expect([first.repeated, again.repeated]).toEqual([false, true]);
    expect(again.message).toMatch(/already recorded/);
    expect(await shipmentRows(order.id)).toHaveLength(1);
  });

  it('ships the same pieces once when two people send them at once', async () => {
    const { order, small, large } = await threeLineOrder('race');
    const lines = [
      { line_id: small.id, quantity: 2 },
      { line_id: large.id, quantity: 1 },
    ];
    const [a, b] = await Promise.all([
      post(`/orders/${order.id}/shipments`, staff, parcel(lines, 'DL4000001')),
      post(`/orders/${order.id}/shipments`, admin, parcel(lines, 'DL4000002')),
    ]);
    const codes = [a.statusCode, b.statusCode].sort();
    expect(codes).toEqual([200, 400]);
    const refused = [a, b].find((r) => r.statusCode === 400)!;
    expect(expectError(refused, 400).errors[0]).toMatch(/has already shipped/);
    expect(await shipmentRows(order.id)).toHaveLength(1);
    expect((await detail(order.id)).lines.reduce((n, l) => n + l.shipped, 0)).toBe(3);
  });
});
