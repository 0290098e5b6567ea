import { AdminOrderList, Dashboard } from '@shop/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestShop, type TestShop } from './helpers';
import { orderWorld, type OrderWorld } from './order-world';
import { signUpStaff, type StaffMember } from './staff';

let shop: TestShop;
let world: OrderWorld;
let staff: StaffMember;

beforeAll(async () => {
  shop = await createTestShop();
  world = await orderWorld(shop);
  staff = await signUpStaff(shop.app, 'staff');
});
afterAll(() => shop.close());

const counts = async () =>
  AdminOrderList.parse(
    (await shop.app.inject({ method: 'GET', url: '/api/v1/admin/orders?limit=1', headers: staff.admin })).json(),
  ).counts;

// The tabs' counts are kept for a few seconds (modules/orders/order-figures.ts): an order placed
// or moved in this process shows at the next request all the same.
it('counts an order placed, paid and shipped at once, though the counts are kept between requests', async () => {
  const before = await counts();
  const placed = await world.order('counted');
  const afterPlacing = await counts();
  expect(afterPlacing.created ?? 0).toBe((before.created ?? 0) + 1);

  await world.pay(placed.shopper, placed.order);
  const afterPaying = await counts();
  expect(afterPaying.created ?? 0).toBe(before.created ?? 0);
  expect(afterPaying.packaging ?? 0).toBe((before.packaging ?? 0) + 1);

  const shipped = await shop.app.inject({
    method: 'POST',
    url: `/api/v1/admin/orders/${placed.order.id}/ship`,
    headers: staff.admin,
    payload: { carrier: 'delhivery', tracking_number: 'DL99887766' },
  });
  expect(shipped.statusCode, shipped.body).toBe(200);
  const afterShipping = await counts();
  expect(afterShipping.packaging ?? 0).toBe(before.packaging ?? 0);
  expect(afterShipping.shipped ?? 0).toBe((before.shipped ?? 0) + 1);
});

const dashboard = async () =>
  Dashboard.parse(
    (await shop.app.inject({ method: 'GET', url: '/api/v1/admin/dashboard', headers: staff.admin })).json(),
  );

// The dashboard's money is kept by triggers as orders are paid (orders.schema.ts, orderDayTotals), its orders to pack counted.
it('shows an order paid on the dashboard at once', async () => {
  const placed = await world.order('dashboard-counted');
  const before = await dashboard();
  await world.pay(placed.shopper, placed.order);
  const after = await dashboard();
  expect(after.today.orders).toBe(before.today.orders + 1);
  expect(after.waiting.to_pack).toBe(before.waiting.to_pack + 1);
  expect(after.revenue_per_day.at(-1)!.revenue).toBeGreaterThan(before.revenue_per_day.at(-1)!.revenue);
});
