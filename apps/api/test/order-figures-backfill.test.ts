import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase, rows as dbRows, type Database } from '../src/db/client';
import { migrate, migrationsFolder } from '../src/db/migrate';
import { withDatabase } from './global-setup';

// The migration that brings the dashboard's running totals per Indian day fills them from the
// orders already in the shop (orders/orders.schema.ts, orderDayTotals).

const url = process.env.DATABASE_URL;
const name = `shop_backfill_${randomBytes(4).toString('hex')}`;
let database: Database;
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'shop-backfill-'));
  if (url) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
  }
  database = url ? await openDatabase({ databaseUrl: withDatabase(url, name), poolSize: 2 }) : await openDatabase({});
});
afterAll(async () => {
  await database?.close();
  await rm(dir, { recursive: true, force: true });
  if (url) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
});

const rows = <T>(query: SQL) => dbRows<T>(database.db, query);

/**
 * The migrations folder as it was before the totals: the same files, its journal ending before that
 * one (the migrator applies only what is newer than the last applied, so later ones go too).
 */
async function foldersBefore(): Promise<string> {
  const before = path.join(dir, 'drizzle');
  await cp(migrationsFolder(), before, { recursive: true });
  const file = path.join(before, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(file, 'utf8')) as { entries: { tag: string }[] };
  const totals = journal.entries.findIndex((e) => e.tag.endsWith('_dashboard_day_totals'));
  expect(totals).toBeGreaterThan(0);
  const kept = journal.entries.slice(0, totals);
  await writeFile(file, JSON.stringify({ ...journal, entries: kept }));
  return before;
}

// Paid either side of Indian midnight (18:30 UTC), one unpaid, one paid long ago; refunds pending,
// processed and failed, and a second payment given back (an orphan, never the order's money).
const ORDERS = `
insert into users (email, name, phone, password_hash) values ('backfill@example.com', 'Asha', '9000000001', 'x');
insert into orders (user_id, status, subtotal_paise, shipping_paise, total_paise, shipping_type, name, email, phone,
                    address, locality, city, state, pincode, country, payment_id, payment_due_at, paid_at)
  select u.id, v.status, v.total - 25000, 25000, v.total, 'standard', 'Asha', 'backfill@example.com', '9000000001',
         '12 MG Road', 'Centre', 'Pune', 'Maharashtra', '411001', 'India', 'pay_' || v.n, now(), v.paid_at::timestamptz
  from users u, (values (1, 'delivered', 224800, '2026-11-20 18:29:59.999+00'),
                        (2, 'packaging', 124800, '2026-11-20 18:30:00+00'),
                        (3, 'refunded', 99900 + 25000, '2026-11-21 10:00:00+00'),
                        (4, 'created', 50000, null),
                        (5, 'delivered', 75000, '2025-01-01 00:00:00+00')) v(n, status, total, paid_at)
  where u.email = 'backfill@example.com';
insert into order_lines (order_id, quantity, name, slug, sku, size, color, image, mrp_paise, unit_price_paise,
                         discount_paise, gst_rate_bp)
  select o.id, k, 'Frock ' || (o.id % 2), 'frock', 'SKU-' || o.id || '-' || k, '2-3Y', 'Red', 'x', 99900, 99900,
         case when k = 2 then 1000 else 0 end, 500
  from orders o cross join generate_series(1, 2) k;
insert into payments (order_id, provider, provider_order_id, provider_payment_id, amount_paise, status)
  select id, 'test', 'order_' || id, payment_id, total_paise, 'captured' from orders where paid_at is not null;
insert into refunds (order_id, payment_id, idempotency_key, reason, amount_paise, status)
  select p.order_id, p.id, 'key-' || p.id || '-' || r.n, r.reason, r.amount, r.status
  from payments p join orders o on o.id = p.order_id
  cross join (values (1, 5000, 'processed', 'goodwill'), (2, 7000, 'failed', 'goodwill'), (3, 3000, 'pending', 'return'),
                    (4, 9000, 'processed', 'orphan')) r(n, amount, status, reason)
  where o.status <> 'created';
`;

it('fills the totals per Indian day from the orders, lines and refunds already there', async () => {
  await migrate(database, undefined, await foldersBefore());
  for (const statement of ORDERS.split(';').filter((s) => s.trim())) await database.db.execute(sql.raw(statement));
  await migrate(database);

  const totals = await rows<{ day: string; orders: number; paise: number }>(sql`
    select to_char(day, 'YYYY-MM-DD') as day, sum(orders)::int as orders, sum(paise)::int as paise
    from order_day_totals group by day order by day`);
  const products = await rows<{ day: string; name: string; quantity: number; paise: number }>(sql`
    select to_char(day, 'YYYY-MM-DD') as day, name, sum(quantity)::int as quantity, sum(paise)::int as paise
    from order_day_products group by day, name order by day, name`);
  // Each paid order: lines of 1 and 2 pieces at ₹999, ₹10 off the second; refunds of ₹50 and ₹30 (₹70 failed, ₹90 an orphan).
  expect(totals).toEqual([
    { day: '2025-01-01', orders: 1, paise: 75000 - 8000 },
    { day: '2026-11-20', orders: 1, paise: 224800 - 8000 },
    { day: '2026-11-21', orders: 2, paise: 124800 + 124900 - 2 * 8000 },
  ]);
  const lines = 3 * 99900 - 1000;
  expect(products).toEqual([
    { day: '2025-01-01', name: 'Frock 1', quantity: 3, paise: lines },
    { day: '2026-11-20', name: 'Frock 1', quantity: 3, paise: lines },
    { day: '2026-11-21', name: 'Frock 0', quantity: 3, paise: lines },
    { day: '2026-11-21', name: 'Frock 1', quantity: 3, paise: lines },
  ]);

  // From here on the triggers keep them: the failed refund is asked again and goes through.
  await database.db.execute(sql`update refunds set status = 'processed' where amount_paise = 7000`);
  const after = await rows<{ paise: number }>(sql`
    select sum(paise)::int as paise from order_day_totals where day = '2026-11-20'`);
  expect(after[0]!.paise).toBe(224800 - 15000);
});
