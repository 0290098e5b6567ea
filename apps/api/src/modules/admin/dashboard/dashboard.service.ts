import { toRupees, type Dashboard } from '@shop/contract';
import { and, asc, count, eq, gt, inArray, isNotNull, isNull, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { AppContext, UnitOfWork } from '../../../context';
import { rows, type DbOrTx } from '../../../db/client';
import { contactEnquiries } from '../../contact/contact.schema';
import { orders } from '../../orders/orders.schema';
import { productVariants, products, sizes } from '../../catalog/catalog.schema';
import type { Env } from '../../../env';
import { dashboardMoney, orderFigure } from '../../orders/order-figures';
import { readSettings, saveSettings } from '../../settings/settings.service';

const DAY = 24 * 60 * 60 * 1000;
/** Days after which a shipped order that is not delivered is work waiting. */
export const SHIPPED_DAYS = 7;
/** Days after payment when an order still packing is late. */
const LATE_TO_PACK_DAYS = 2;
/** Unpaid orders whose payment window ends this soon. */
const EXPIRING_MINUTES = 10;
/** Midnight in India (the shop's day), `daysAgo` days back. */
function istMidnight(now: Date, daysAgo = 0): Date {
  const ist = new Date(now.getTime() + 5.5 * 60 * 60 * 1000);
  const midnight = Date.UTC(ist.getUTCFullYear(), ist.getUTCMonth(), ist.getUTCDate()) - 5.5 * 60 * 60 * 1000;
  return new Date(midnight - daysAgo * DAY);
}

/** The low-stock threshold: a setting (modules/settings, kept in one place). */
export async function lowStockThreshold(db: DbOrTx, env: Env): Promise<number> {
  return (await readSettings(db, env)).low_stock_threshold;
}

/**
 * The orders to pack, and those of them paid more than LATE_TO_PACK_DAYS ago: one pass over
 * orders_packaging_paid_idx, whose entries are the orders waiting to be packed. The one count here
 * that grows with a busy shop (10,000 orders packing: 4.5 ms), so it is kept as the tabs' counts are
 * (orders/order-figures.ts: a few seconds, forgotten as soon as an order moves in this process).
 */
function packingCounts(app: AppContext, now: Date): Promise<{ toPack: number; late: number }> {
  return orderFigure(app, 'packing', async () => {
    const [p] = await app.db
      .select({
        toPack: sql<number>`count(*)::int`,
        late: sql<number>`(count(*) filter (where ${lt(orders.paidAt, new Date(now.getTime() - LATE_TO_PACK_DAYS * DAY))}))::int`,
      })
      .from(orders)
      .where(eq(orders.status, 'packaging'));
    return p!;
  });
}

/** The rest of the work waiting, four counts over small indexes, in one statement. */
async function waitingCounts(db: DbOrTx, now: Date) {
  const counted = (table: typeof orders | typeof contactEnquiries, where: SQL | undefined) =>
    sql`(${db.select({ n: count() }).from(table).where(where)})::int`;
  const [w] = await rows<Record<'shipped' | 'returns' | 'enquiries' | 'expiring', number>>(
    db,
    sql`select
      ${counted(
        orders,
        and(eq(orders.status, 'shipped'), lt(orders.updatedAt, new Date(now.getTime() - SHIPPED_DAYS * DAY))),
      )} as "shipped",
      ${counted(
        contactEnquiries,
        and(isNotNull(contactEnquiries.orderId), isNull(contactEnquiries.returnDecision)), // not yet decided
      )} as "returns",
      ${counted(
        contactEnquiries,
        and(isNull(contactEnquiries.orderId), eq(contactEnquiries.status, 'new')), // not yet answered
      )} as "enquiries",
      ${counted(
        orders,
        and(
          inArray(orders.status, ['created', 'payment_pending']),
          // Still open, and closing soon (one past its window is the expiry job's).
          gt(orders.paymentDueAt, now),
          lte(orders.paymentDueAt, new Date(now.getTime() + EXPIRING_MINUTES * 60 * 1000)),
        ),
      )} as "expiring"`,
  );
  return w!;
}

/** The variants with `threshold` pieces or fewer, fewest first. */
function lowStock(db: DbOrTx, threshold: number) {
  return db
    .select({
      id: productVariants.id,
      name: products.name,
      sku: productVariants.sku,
      size: sizes.name,
      stock: productVariants.stock,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .innerJoin(sizes, eq(sizes.id, productVariants.sizeId))
    .where(lte(productVariants.stock, threshold))
    .orderBy(asc(productVariants.stock), asc(productVariants.id))
    .limit(10);
}

/**
 * The owner's first page (docs/back-office.md): money, the work waiting, what
 * sells and what runs out. The money comes from the running totals per
 * Indian day (orders/order-figures.ts), the rest is counted at each request
 * over small indexes (the orders to pack kept a few seconds, as the tabs' counts
 * are): nothing here grows with the orders ever placed. Up to four statements at
 * once, then the low stock once the threshold is known.
 */
export async function dashboard(app: AppContext, now = new Date()): Promise<Dashboard> {
  const db = app.db;
  const dates = Array.from({ length: 30 }, (_, i) =>
    new Date(istMidnight(now, 29 - i).getTime() + 5.5 * 60 * 60 * 1000).toISOString().slice(0, 10),
  );
  const [{ days, top }, { toPack, late }, waiting, [threshold, low]] = await Promise.all([
    dashboardMoney(db, dates[0]!, 5),
    packingCounts(app, now),
    waitingCounts(db, now),
    lowStockThreshold(db, app.env).then(async (t) => [t, await lowStock(db, t)] as const),
  ]);
  const byDay = new Map(days.map((d) => [d.day, d]));
  const period = (n: number) => {
    const picked = dates.slice(-n).map((d) => byDay.get(d));
    const paise = picked.reduce((sum, d) => sum + Number(d?.paise ?? 0), 0);
    const count = picked.reduce((sum, d) => sum + Number(d?.orders ?? 0), 0);
    return {
      revenue: toRupees(paise),
      orders: count,
      average_order_value: count ? toRupees(Math.round(paise / count)) : 0,
    };
  };
  const { shipped, returns, enquiries, expiring } = waiting;
  return {
    today: period(1),
    last_7_days: period(7),
    last_30_days: period(30),
    revenue_per_day: dates.map((date) => ({ date, revenue: toRupees(Number(byDay.get(date)?.paise ?? 0)) })),
    waiting: {
      to_pack: toPack,
      to_pack_late: late,
      shipped_not_delivered: shipped,
      returns_requested: returns,
      enquiries: enquiries,
      unpaid_expiring: expiring,
    },
    shipped_days: SHIPPED_DAYS,
    low_stock_threshold: threshold,
    top_products: top.map((t) => ({ name: t.name, quantity: t.quantity, revenue: toRupees(t.paise) })),
    low_stock: low.map((v) => ({ variant_id: v.id, name: v.name, sku: v.sku, size: v.size, stock: v.stock })),
  };
}

/** The low-stock threshold is the owner's to change (settings, audited there). */
export async function setLowStockThreshold(work: UnitOfWork, threshold: number): Promise<void> {
  await saveSettings(work, { low_stock_threshold: threshold });
}
