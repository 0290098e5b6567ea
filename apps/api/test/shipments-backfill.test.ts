import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase, rows, type Database } from '../src/db/client';
import { migrate, migrationsFolder } from '../src/db/migrate';
import { withDatabase } from './global-setup';

// The migration that brings shipments gives each order shipped before them one shipment of every
// piece, with the order's tracking and its history's 'shipped' row (docs/product.md 'Shipments').

const url = process.env.DATABASE_URL;
const name = `shop_ship_backfill_${randomBytes(4).toString('hex')}`;
let database: Database;
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'shop-ship-backfill-'));
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

/** The migrations folder as it was before shipments: its journal up to the shipments' tables. */
async function folderBefore(): Promise<string> {
  const before = path.join(dir, 'drizzle');
  await cp(migrationsFolder(), before, { recursive: true });
  const file = path.join(before, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(file, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag.endsWith('_order_shipments'));
  expect(at).toBeGreaterThan(0);
  await writeFile(file, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
  return before;
}

// One order shipped (and delivered), one being packed: lines of 1 and 2 pieces each.
const ORDERS = `
insert into users (email, name, phone, password_hash) values ('ship-backfill@example.com', 'Asha', '9000000002', 'x');
insert into orders (user_id, status, subtotal_paise, shipping_paise, total_paise, shipping_type, name, email, phone,
                    address, locality, city, state, pincode, country, payment_id, payment_due_at, paid_at,
                    carrier, tracking_number, tracking_url)
  select u.id, v.status, 299700, 0, 299700, 'standard', 'Asha', 'ship-backfill@example.com', '9000000002',
         '12 MG Road', 'Centre', 'Pune', 'Maharashtra', '411001', 'India', 'pay_sb' || v.n, now(), now(),
         v.carrier, v.number, v.url
  from users u, (values (1, 'delivered', 'Delhivery', 'DL777', 'https://www.delhivery.com/track/package/DL777'),
                        (2, 'packaging', null, null, null)) v(n, status, carrier, number, url)
  where u.email = 'ship-backfill@example.com';
insert into order_lines (order_id, quantity, name, slug, sku, size, color, image, mrp_paise, unit_price_paise, gst_rate_bp)
  select o.id, k, 'Frock', 'frock', 'SKU-' || o.id || '-' || k, '2-3Y', 'Red', 'x', 99900, 99900, 500
  from orders o cross join generate_series(1, 2) k;
insert into order_status_history (order_id, from_status, to_status, actor, note, created_at)
  select id, 'packaging', 'shipped', 'staff:9', tracking_url, '2026-11-20 10:00:00+00' from orders where tracking_url is not null;
`;

it('gives each order shipped before shipments one shipment of every piece', async () => {
  await migrate(database, undefined, await folderBefore());
  for (const statement of ORDERS.split(';').filter((s) => s.trim())) await database.db.execute(sql.raw(statement));
  await migrate(database);

  const shipments = await rows<{
    status: string;
    carrier: string;
    url: string;
    actor: string;
    at: string;
    pieces: number;
  }>(
    database.db,
    sql`select o.status, s.carrier, s.tracking_url as url, s.actor, to_char(s.created_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI') as at,
               (select sum(quantity)::int from order_shipment_lines l where l.shipment_id = s.id) as pieces
        from order_shipments s join orders o on o.id = s.order_id`,
  );
  expect(shipments).toEqual([
    {
      status: 'delivered',
      carrier: 'Delhivery',
      url: 'https://www.delhivery.com/track/package/DL777',
      actor: 'staff:9',
      at: '2026-11-20 10:00',
      pieces: 3,
    },
  ]);
});
