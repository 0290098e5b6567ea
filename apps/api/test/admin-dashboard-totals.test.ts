import { Dashboard, toRupees } from '@shop/contract';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { rows as dbRows } from '../src/db/client';
import { createTestShop, type TestShop } from './helpers';
import { orderWorld, type OrderWorld } from './order-world';
import { signUpStaff, type StaffMember } from './staff';

// The dashboard's money comes from running totals per Indian day kept by triggers
// (modules/orders/orders.schema.ts, orderDayTotals): after every kind of write it must say what a full scan
// of the orders, their lines and their refunds says, at once.

let shop: TestShop;
let frocks: OrderWorld;
let jhablas: OrderWorld;
let admin: StaffMember;

beforeAll(async () => {
  // The provider's webhooks come only when the test sends them.
  shop = await createTestShop({ TEST_PAYMENT_WEBHOOK_DELAY_MS: '60000' });
  [frocks, jhablas] = [await orderWorld(shop), await orderWorld(shop)];
  admin = await signUpStaff(shop.app, 'admin');
});
afterAll(() => shop?.close());
afterEach(() => {
  vi.useRealTimers();
});

const IST = 5.5 * 60 * 60 * 1000;
const DAY = 24 * 60 * 60 * 1000;
/** Midnight in India `daysAgo` days before today's. */
const indianMidnight = (daysAgo: number) => {
  const ist = new Date(Date.now() + IST);
  return new Date(Date.UTC(ist.getUTCFullYear(), ist.getUTCMonth(), ist.getUTCDate()) - IST - daysAgo * DAY);
};

const board = async () => {
  const res = await shop.app.inject({ method: 'GET', url: '/api/v1/admin/dashboard', headers: admin.admin });
  expect(res.statusCode, res.body).toBe(200);
  return Dashboard.parse(res.json());
};

const rows = <T>(query: SQL) => dbRows<T>(shop.database.db, query);

/** The dashboard's money as a scan of every order, line and refund computes it. */
async function scanned() {
  const dates = Array.from({ length: 30 }, (_, i) => new Date(indianMidnight(29 - i).getTime() + IST)).map((d) =>
    d.toISOString().slice(0, 10),
  );
  const days = await rows<{ day: string; orders: number; paise: string }>(sql`
    select to_char(o.paid_at at time zone 'Asia/Kolkata', 'YYYY-MM-DD') as day, count(*)::int as orders,
           sum(o.total_paise - coalesce(r.paise, 0))::text as paise
    from orders o
    left join (select order_id, sum(amount_paise) as paise from refunds where status <> 'failed' and reason <> 'orphan' group by order_id) r
      on r.order_id = o.id
    where o.paid_at is not null group by 1`);
  const byDay = new Map(days.map((d) => [d.day, { orders: d.orders, paise: Number(d.paise) }]));
  const period = (n: number) => {
    const picked = dates.slice(-n).map((d) => byDay.get(d) ?? { orders: 0, paise: 0 });
    const paise = picked.reduce((sum, d) => sum + d.paise, 0);
    const orders = picked.reduce((sum, d) => sum + d.orders, 0);
    return {
      revenue: toRupees(paise),
      orders,
      average_order_value: orders ? toRupees(Math.round(paise / orders)) : 0,
    };
  };
  const top = await rows<{ name: string; quantity: number; paise: string }>(sql`
    select l.name, sum(l.quantity)::int as quantity,
           sum(l.quantity * l.unit_price_paise - l.discount_paise)::text as paise
    from order_lines l join orders o on o.id = l.order_id
    where o.paid_at >= ${indianMidnight(29).toISOString()}::timestamptz
    group by l.name order by sum(l.quantity) desc, l.name limit 5`);
  return {
    today: period(1),
    last_7_days: period(7),
    last_30_days: period(30),
    revenue_per_day: dates.map((date) => ({ date, revenue: toRupees(byDay.get(date)?.paise ?? 0) })),
    top_products: top.map((t) => ({ name: t.name, quantity: t.quantity, revenue: toRupees(Number(t.paise)) })),
  };
}

/** The dashboard's money equals the scan's (and is not all zero, so the comparison says something). */
async function expectBoardAsScanned() {
  const [shown, scan] = [await board(), await scanned()];
  expect({
    today: shown.today,
    last_7_days: shown.last_7_days,
    last_30_days: shown.last_30_days,
    revenue_per_day: shown.revenue_per_day,
    top_products: shown.top_products,
  }).toEqual(scan);
  return shown;
}

/** Pays an order with the shop's clock at `at` (the paid moment is the lifecycle's `new Date()`). */
async function payAt(world: OrderWorld, label: string, at: Date, small = 1, large = 0) {
  const placed = await world.order(label, small, large);
  vi.useFakeTimers({ toFake: ['Date'], now: at });
  try {
    await world.pay(placed.shopper, placed.order);
  } finally {
    vi.useRealTimers();
  }
  return placed;
}

const post = (url: string, payload: object) =>
  shop.app.inject({ method: 'POST', url: `/api/v1/admin${url}`, headers: admin.admin, payload });

describe('the dashboard’s money kept per Indian day', () => {
  it('equals a full scan after orders paid, partly refunded, refunded and refunds failing, across Indian midnight', async () => {
    await expectBoardAsScanned();

    // Paid today, three and one pieces of two products.
    const kept = await frocks.paidOrder('totals-kept', 2, 1);
    await jhablas.paidOrder('totals-other', 1);
    const first = await expectBoardAsScanned();
    const [frock] = await rows<{ name: string }>(sql`select name from order_lines where order_id = ${kept.order.id}`);
    const sold = (shown: Dashboard, name: string) => shown.top_products.find((t) => t.name === name)?.quantity ?? 0;
    expect(first.today.orders).toBeGreaterThanOrEqual(2);
    expect(first.top_products[0]).toMatchObject({ name: frock!.name, quantity: 3 });

    // Part of one given back: the order stays where it was, its day's money falls at once.
    const part = await post(`/orders/${kept.order.id}/refund`, {
      amount: 150,
      reason: 'A button came loose.',
      request_key: 'totals-key-01',
    });
    expect(part.statusCode, part.body).toBe(200);
    await frocks.drain();
    const afterPart = await expectBoardAsScanned();
    expect(afterPart.today.revenue).toBe(first.today.revenue - 150);

    // A refund the provider fails counts no more: the money is the shop's again.
    const failing = await jhablas.paidOrder('totals-failing', 2);
    const asked = await post(`/orders/${failing.order.id}/refund`, {
      amount: 99,
      reason: 'Late parcel.',
      request_key: 'totals-key-02',
    });
    expect(asked.statusCode, asked.body).toBe(200);
    await jhablas.drain();
    const beforeFailing = await expectBoardAsScanned();
    const [refund] = await jhablas.provider.paymentRefunds(failing.paymentId);
    await jhablas.provider.emit('refund.failed', {
      refund: {
        id: refund!.id,
        entity: 'refund',
        amount: refund!.amountPaise,
        payment_id: failing.paymentId,
        receipt: refund!.receipt,
        status: 'failed',
      },
    });
    expect((await jhablas.refunds(failing.order.id)).map((r) => r.status)).toEqual(['failed']);
    const afterFailing = await expectBoardAsScanned();
    expect(afterFailing.today.revenue).toBe(beforeFailing.today.revenue + 99);

    // A paid order cancelled by the shop: all of it goes back.
    const cancelled = await frocks.paidOrder('totals-cancelled', 1, 1);
    const cancel = await post(`/orders/${cancelled.order.id}/cancel-paid`, {});
    expect(cancel.statusCode, cancel.body).toBe(200);
    await frocks.drain();
    const afterCancel = await expectBoardAsScanned();
    expect(afterCancel.today.revenue).toBe(afterFailing.today.revenue);
    expect(afterCancel.today.orders).toBe(afterFailing.today.orders + 1);

    // A second payment of a paid order goes back whole (an 'orphan'): it was never the order's money.
    const twice = await frocks.paidOrder('totals-paid-twice', 1);
    const beforeTwice = await expectBoardAsScanned();
    const { providerOrderId, totalPaise } = await frocks.row(twice.order.id);
    const again = frocks.provider.pay(providerOrderId!, 'upi', 'success');
    if (!('razorpay_payment_id' in again)) throw new Error('the test payment failed');
    await frocks.provider.emit('payment.captured', {
      payment: {
        id: again.razorpay_payment_id,
        entity: 'payment',
        amount: totalPaise,
        currency: 'INR',
        status: 'captured',
        order_id: providerOrderId,
        method: 'upi',
        captured: true,
      },
    });
    await frocks.drain();
    expect((await frocks.refunds(twice.order.id)).map((r) => r.reason)).toEqual(['orphan']);
    const afterTwice = await expectBoardAsScanned();
    expect(afterTwice.today.revenue).toBe(beforeTwice.today.revenue);

    // Either side of Indian midnight, and of the 30 days' first midnight.
    await payAt(frocks, 'totals-before-midnight', new Date(indianMidnight(0).getTime() - 1));
    await payAt(frocks, 'totals-at-midnight', indianMidnight(0), 2);
    await payAt(jhablas, 'totals-too-old', new Date(indianMidnight(29).getTime() - 1), 5);
    await payAt(jhablas, 'totals-oldest', indianMidnight(29));
    const late = await expectBoardAsScanned();
    expect(late.today.orders).toBe(afterTwice.today.orders + 1);
    expect(late.revenue_per_day.at(-2)!.revenue).toBeGreaterThan(afterTwice.revenue_per_day.at(-2)!.revenue);
    expect(late.revenue_per_day[0]!.revenue).toBeGreaterThan(afterTwice.revenue_per_day[0]!.revenue);
    // Of the jhablas, the five pieces paid a millisecond before the 30 days are not counted.
    expect(sold(late, frock!.name)).toBe(sold(afterTwice, frock!.name) + 3);
    const jhabla = late.top_products.find((t) => t.name !== frock!.name)!;
    expect(jhabla.quantity).toBe(sold(afterTwice, jhabla.name) + 1);

    // A refund of an order paid yesterday is yesterday's money, as the scan counts it.
    const yesterday = await payAt(
      jhablas,
      'totals-yesterday',
      new Date(indianMidnight(0).getTime() - 3 * 60 * 60 * 1000),
    );
    await expectBoardAsScanned();
    await jhablas.paidOrder('totals-today-again', 1);
    const shipped = await post(`/orders/${yesterday.order.id}/ship`, {
      carrier: 'delhivery',
      tracking_number: 'DL99887766',
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    const goodwill = await post(`/orders/${yesterday.order.id}/refund`, {
      amount: 100,
      reason: 'Late parcel.',
      request_key: 'totals-key-03',
    });
    expect(goodwill.statusCode, goodwill.body).toBe(200);
    await jhablas.drain();
    await expectBoardAsScanned();
  });

  it('are rebuilt from the orders as the migration backfilled them', async () => {
    const kept = await rows<{ totals: string; products: string }>(sql`
      select (select json_agg(t order by day) from (select day, sum(orders) as orders, sum(paise) as paise
                from order_day_totals group by day having sum(orders) <> 0 or sum(paise) <> 0) t)::text as totals,
             (select json_agg(p order by day, name) from (select day, name, sum(quantity) as quantity, sum(paise) as paise
                from order_day_products group by day, name having sum(quantity) <> 0) p)::text as products`);
    await shop.database.db.execute(sql`select order_figures_rebuild()`);
    const rebuilt = await rows<{ totals: string; products: string }>(sql`
      select (select json_agg(t order by day) from (select day, sum(orders) as orders, sum(paise) as paise
                from order_day_totals group by day having sum(orders) <> 0 or sum(paise) <> 0) t)::text as totals,
             (select json_agg(p order by day, name) from (select day, name, sum(quantity) as quantity, sum(paise) as paise
                from order_day_products group by day, name having sum(quantity) <> 0) p)::text as products`);
    expect(kept[0]!.totals).not.toBeNull();
    expect(rebuilt).toEqual(kept);
    await expectBoardAsScanned();
  });
});
