import { Dashboard } from '@shop/contract';
import { eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productVariants } from '../src/modules/catalog/catalog.schema';
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

const board = async () => {
  const res = await shop.app.inject({ method: 'GET', url: '/api/v1/admin/dashboard', headers: staff.admin });
  expect(res.statusCode, res.body).toBe(200);
  return Dashboard.parse(res.json());
};

describe('the dashboard', () => {
  it('counts paid revenue net of refunds, the work waiting, top products and low stock', async () => {
    const empty = await board();
    expect(empty.today).toEqual({ revenue: 0, orders: 0, average_order_value: 0 });
    expect(empty.revenue_per_day).toHaveLength(30);

    const a = await world.paidOrder('dash-a', 2);
    const b = await world.paidOrder('dash-b', 1);
    await world.order('dash-unpaid');
    const totals = (await world.row(a.order.id)).totalPaise + (await world.row(b.order.id)).totalPaise;
    // The shop cancels b: its whole amount goes back, so it no longer counts as revenue.
    const admin = await signUpStaff(shop.app, 'admin');
    const cancel = await shop.app.inject({
      method: 'POST',
      url: `/api/v1/admin/orders/${b.order.id}/cancel-paid`,
      headers: admin.admin,
      payload: {},
    });
    expect(cancel.statusCode, cancel.body).toBe(200);

    const now = await board();
    const bTotal = (await world.row(b.order.id)).totalPaise;
    expect(now.today.orders).toBe(2);
    expect(now.today.revenue).toBe((totals - bTotal) / 100);
    expect(now.last_30_days.revenue).toBe(now.today.revenue);
    expect(now.revenue_per_day.at(-1)!.revenue).toBe(now.today.revenue);
    expect(now.waiting.to_pack).toBe(1);
    expect(now.top_products[0]!.quantity).toBe(3);
    expect(now.low_stock_threshold).toBe(3);

    // Only this world's variants may run low (the demo catalogue has its own low ones).
    await shop.app.ctx.db
      .update(productVariants)
      .set({ stock: 100 })
      .where(ne(productVariants.productId, world.productId));
    await shop.app.ctx.db.update(productVariants).set({ stock: 4 }).where(eq(productVariants.id, world.variants.large));
    await shop.app.ctx.db.update(productVariants).set({ stock: 2 }).where(eq(productVariants.id, world.variants.small));
    expect((await board()).low_stock).toEqual([
      expect.objectContaining({ variant_id: world.variants.small, stock: 2 }),
    ]);
    expect((await board()).low_stock.map((v) => v.variant_id)).not.toContain(world.variants.large);
    const refused = await shop.app.inject({
      method: 'PUT',
      url: '/api/v1/admin/settings/low-stock',
      headers: staff.admin,
      payload: { threshold: 5 },
    });
    expect(refused.statusCode).toBe(403);
    const saved = await shop.app.inject({
      method: 'PUT',
      url: '/api/v1/admin/settings/low-stock',
      headers: admin.admin,
      payload: { threshold: 5 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(
      (
        await shop.app.inject({
          method: 'PUT',
          url: '/api/v1/admin/settings/low-stock',
          headers: admin.admin,
          payload: { threshold: -1 },
        })
      ).statusCode,
    ).toBe(400);
    const raised = await board();
    expect(raised.low_stock_threshold).toBe(5);
    expect(raised.low_stock.map((v) => v.variant_id)).toContain(world.variants.large);
  });
});
