import { randomBytes } from 'node:crypto';
import { cp, lstat, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PaymentStart } from '@shop/contract';
import { asc, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BackupError, backupDatabase, pruneBackups, restoreDatabase } from '../src/db/backup';
import { openDatabase, type Database } from '../src/db/client';
import { createCategory, createProduct } from '../src/db/factories';
import { migrate, migrationsFolder, migrationState } from '../src/db/migrate';
import { invoices } from '../src/modules/invoices/invoices.schema';
import { orderLines, orders, orderStatusHistory } from '../src/modules/orders/orders.schema';
import { payments } from '../src/modules/payments/payments.schema';
import { productVariants } from '../src/modules/catalog/catalog.schema';
import { users } from '../src/modules/accounts/accounts.schema';
import type { TestPaymentProvider } from '../src/modules/payments/test.provider';
import { withDatabase } from './global-setup';
import { createTestShop, type TestShop } from './helpers';
import { placeOrder, setCart, signUp } from './shoppers';

const url = process.env.DATABASE_URL;
let dir: string;
const dropAfter: string[] = [];
beforeAll(async () => {
  // The usual umask, which leaves a new file readable by everyone unless its maker says otherwise.
  process.umask(0o022);
  dir = await mkdtemp(path.join(os.tmpdir(), 'shop-backup-'));
});

/** The permission bits of a file. */
const modeOf = async (file: string) => (await lstat(file)).mode & 0o777;

/** Files and folders under `root` that group or other may read, write or enter. */
async function openToOthers(root: string): Promise<string[]> {
  const stat = await lstat(root);
  const here = stat.mode & 0o077 ? [root] : [];
  if (!stat.isDirectory()) return here;
  const inside = await Promise.all((await readdir(root)).map((name) => openToOthers(path.join(root, name))));
  return [...here, ...inside.flat()];
}
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
  if (url) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    for (const name of dropAfter) await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
});

/** A new, empty database of the kind the tests run on; its DATA_DIR for PGlite. */
async function emptyTarget(): Promise<{ kind: Database['kind']; url?: string; dataDir?: string }> {
  if (!url) return { kind: 'pglite', dataDir: await mkdtemp(path.join(dir, 'data-')) };
  const name = `shop_r_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  dropAfter.push(name);
  return { kind: 'postgres', url: withDatabase(url, name) };
}

const openTarget = (t: { url?: string; dataDir?: string }) =>
  openDatabase(t.url ? { databaseUrl: t.url, poolSize: 2 } : { dataDir: t.dataDir! });

/** Everything about orders the shop must never lose, in a stable order. */
async function ledger(database: Database) {
  const db = database.db;
  return {
    users: await db.select().from(users).orderBy(asc(users.id)),
    orders: await db.select().from(orders).orderBy(asc(orders.id)),
    lines: await db.select().from(orderLines).orderBy(asc(orderLines.id)),
    history: await db.select().from(orderStatusHistory).orderBy(asc(orderStatusHistory.id)),
    payments: await db.select().from(payments).orderBy(asc(payments.id)),
    invoices: await db.select().from(invoices).orderBy(asc(invoices.orderId)),
    stock: await db
      .select({ id: productVariants.id, stock: productVariants.stock })
      .from(productVariants)
      .orderBy(asc(productVariants.id)),
  };
}

describe('backup and restore', () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop({ TEST_PAYMENT_WEBHOOK_DELAY_MS: '60000' });
  });
  afterAll(() => shop?.close());

  /** Two paid orders (with their invoices) and one waiting for payment. */
  async function someOrders() {
    const db = shop.database.db;
    const category = await createCategory(db, { name: `Backup ${randomBytes(3).toString('hex')}` });
    const { product, variants } = await createProduct(db, {
      name: `Mirror-work kurta ${randomBytes(3).toString('hex')}`,
      categoryId: category.id,
      variants: [{ size: '3-4Y', color: { name: 'Saffron', hex: '#f4a300' }, mrp: 1499, stock: 20 }],
    });
    const provider = shop.app.ctx.payments as TestPaymentProvider;
    for (const [i, pay] of [true, true, false].entries()) {
      const shopper = await signUp(shop.app, `backup${i}`);
      await setCart(shop.app, shopper, product.id, variants[0]!.id, i + 1);
      const order = await placeOrder(shop.app, shopper);
      if (!pay) continue;
      const start = await shop.app.inject({
        method: 'POST',
        url: `/api/v1/orders/${order.id}/payment`,
        headers: shopper.auth,
      });
      const { provider_order_id } = PaymentStart.parse(start.json());
      const answer = provider.pay(provider_order_id, 'upi', 'success');
      if (!('razorpay_signature' in answer)) throw new Error('the test payment failed');
      const report = await shop.app.inject({
        method: 'PUT',
        url: '/api/v1/orders/payment-status',
        headers: shopper.auth,
        payload: {
          order_id: order.id,
          payment_id: answer.razorpay_payment_id,
          provider_order_id: answer.razorpay_order_id,
          signature: answer.razorpay_signature,
        },
      });
      expect(report.statusCode, report.body).toBe(200);
    }
  }

  it('gives back every order and invoice in a fresh database', async () => {
    await someOrders();
    const before = await ledger(shop.database);
    expect(before.orders.length).toBeGreaterThanOrEqual(3);
    expect(before.invoices.length).toBeGreaterThanOrEqual(2);
    expect(before.invoices.every((i) => i.pdf && i.pdf.length > 1000)).toBe(true);

    const file = path.join(dir, url ? 'shop.dump' : 'shop.tar.gz');
    await backupDatabase(shop.database, file);
    expect(await readdir(dir)).not.toContain(`${path.basename(file)}.partial`);
    expect(await modeOf(file)).toBe(0o600); // password hashes, the app's secret, every order

    const target = await emptyTarget();
    expect(await restoreDatabase(target, file, { replace: false })).toBeUndefined();
    if (target.dataDir) expect(await openToOthers(target.dataDir)).toEqual([]);
    const restored = await openTarget(target);
    try {
      expect(await ledger(restored)).toEqual(before);
      expect((await migrationState(restored.db)).pending).toEqual([]);
    } finally {
      await restored.close();
    }

    // Once restored, the database is not empty: a second restore asks for --replace, then keeps what was there.
    await expect(restoreDatabase(target, file, { replace: false })).rejects.toThrow(/not empty.*--replace/);
    const aside = await restoreDatabase(target, file, { replace: true, asideFile: path.join(dir, 'aside.dump') });
    expect(aside).toBeDefined();
    expect((await readdir(path.dirname(aside!))).includes(path.basename(aside!))).toBe(true);
    expect(await openToOthers(aside!)).toEqual([]);
    const again = await openTarget(target);
    try {
      expect((await ledger(again)).orders).toEqual(before.orders);
    } finally {
      await again.close();
    }
  });

  it('refuses a backup of the other kind of database, and a file that is no backup', async () => {
    const other = path.join(dir, 'other');
    await writeFile(other, url ? Buffer.from([0x1f, 0x8b, 8, 0, 0]) : Buffer.from('PGDMP....'));
    const target = await emptyTarget();
    await expect(restoreDatabase(target, other, { replace: false })).rejects.toThrow(/restores into the same kind/);
    await writeFile(other, 'hello');
    await expect(restoreDatabase(target, other, { replace: false })).rejects.toThrow(BackupError);
  });
});

describe('the snapshot before migrations', () => {
  it('is taken when migrations are pending on a database that holds data, and restores the old state', async () => {
    // The migrations as an older release had them: the first two.
    const older = path.join(dir, 'older-drizzle');
    await cp(migrationsFolder(), older, { recursive: true });
    const journalFile = path.join(older, 'meta', '_journal.json');
    const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: { tag: string }[] };
    const newer = journal.entries.slice(2).map((e) => e.tag);
    expect(newer.length).toBeGreaterThan(0);
    await writeFile(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, 2) }));

    const snapshots = path.join(dir, 'snapshots');
    const logged: unknown[] = [];
    const snapshot = { dir: snapshots, keep: 2, log: { info: (o: unknown) => void logged.push(o) } };
    const target = await emptyTarget();
    const database = await openTarget(target);
    try {
      await migrate(database, snapshot, older); // an empty database: nothing to keep
      expect(await readdir(snapshots).catch(() => [])).toEqual([]);
      await database.db.execute(sql`insert into sizes (name) values ('Kept before the upgrade')`);

      await migrate(database, snapshot); // the upgrade
      const taken = await readdir(snapshots);
      expect(taken).toHaveLength(1);
      expect(taken[0]).toMatch(/^before-migration-\d{8}-\d{6}-\d{3}\.(tar\.gz|dump)$/);
      expect(logged).toEqual([expect.objectContaining({ pending: newer })]);

      await migrate(database, snapshot); // nothing pending: no new snapshot
      expect(await readdir(snapshots)).toEqual(taken);

      const back = await emptyTarget();
      await restoreDatabase(back, path.join(snapshots, taken[0]!), { replace: false });
      const old = await openTarget(back);
      try {
        expect((await migrationState(old.db)).pending).toEqual(newer);
        const kept = await old.db.execute(sql`select name from sizes`);
        expect((kept as { rows: unknown[] }).rows).toEqual([{ name: 'Kept before the upgrade' }]);
      } finally {
        await old.close();
      }
    } finally {
      await database.close();
    }
  });

  it('keeps only the newest snapshots', async () => {
    const folder = path.join(dir, 'prune');
    await cp(migrationsFolder(), path.join(folder, 'unrelated'), { recursive: true });
    const names = ['20250101-000000-000', '20250102-000000-000', '20250103-000000-000'].map(
      (t) => `before-migration-${t}.dump`,
    );
    for (const name of [...names, 'backup-20240101-000000-000.dump']) await writeFile(path.join(folder, name), 'x');
    expect(await pruneBackups(folder, 'before-migration', 2)).toEqual([names[0]]);
    expect((await readdir(folder)).sort()).toEqual(
      ['backup-20240101-000000-000.dump', names[1], names[2], 'unrelated'].sort(),
    );
  });
});
