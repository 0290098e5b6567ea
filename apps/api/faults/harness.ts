import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { expect } from 'vitest';
import { openDatabase, pgliteLockFile, type Database, type Db } from '../src/db/client';
import { createCategory, createProduct } from '../src/db/factories';
import { migrate } from '../src/db/migrate';
import { seedShippingRates } from '../src/db/seed';
import { withDatabase } from '../test/global-setup';
import { freePort, root, spawnShop, untilHealthy, type ShopProcess } from '../test/shop-process';
import { COD_DEFAULTS } from '@shop/contract';
import { storeSetting } from '../src/modules/settings/settings.service';
import { FAULT_OWNER, tag, type Variant } from './load';
import { Provider } from './provider';

export const ADMIN_URL = process.env.DATABASE_URL;
export const KIND = ADMIN_URL ? 'postgres' : 'pglite';

/** Shoppers all come from 127.0.0.1: per-address limits out of the way (names of other branches too). */
const LIMITS = Object.fromEntries(
  [
    'RATE_LIMIT_LOGINS_PER_IP',
    'RATE_LIMIT_REGISTRATIONS_PER_IP',
    'RATE_LIMIT_SEARCHES_PER_MINUTE',
    'RATE_LIMIT_ORDERS_PER_IP',
    'RATE_LIMIT_ORDERS_PER_USER',
    'RATE_LIMIT_PAYMENTS_PER_IP',
    'RATE_LIMIT_PAYMENTS_PER_USER',
    'MAX_UNPAID_ORDERS',
  ].map((name) => [name, '100000']),
);

export interface StockedVariant extends Variant {
  initialStock: number;
}

/**
 * One fault test's world: a database of its own with a small catalogue, the
 * fake payment provider, and the built shop (`apps/api/dist/main.js`) as a
 * child process on a fixed free port, so a restarted shop is found where the
 * last one was.
 */
export class Scenario {
  shop!: ShopProcess;
  readonly lines: string[] = [];
  private failed: string[] = [];
  private pool: Database | undefined;

  private constructor(
    readonly name: string,
    readonly env: Record<string, string>,
    readonly provider: Provider,
    readonly variants: StockedVariant[],
    readonly dataDir: string,
    private readonly dropDatabase: () => Promise<void>,
  ) {}

  static async open(name: string, settings: Record<string, string> = {}): Promise<Scenario> {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'shop-fault-'));
    const port = await freePort();
    let databaseUrl = '';
    let dropDatabase = () => Promise.resolve();
    if (ADMIN_URL) {
      const dbName = `shop_fault_${randomBytes(5).toString('hex')}`;
      const admin = new pg.Client({ connectionString: ADMIN_URL });
      await admin.connect();
      await admin.query(`create database ${dbName}`);
      await admin.end();
      databaseUrl = withDatabase(ADMIN_URL, dbName);
      dropDatabase = async () => {
        const a = new pg.Client({ connectionString: ADMIN_URL });
        await a.connect();
        await a.query(`drop database if exists ${dbName} with (force)`);
        await a.end();
      };
    }
    const database = await openDatabase(databaseUrl ? { databaseUrl, poolSize: 2 } : { dataDir });
    let variants: StockedVariant[];
    try {
      await migrate(database);
      await seedShippingRates(database.db);
      variants = await stockShelves(database.db);
      // Cash on delivery on, for any order the load places, confirmed as placed (no code to read
      // from a mail), so the courier can ship, deliver and return what the COD shoppers order.
      const cod = {
        ...COD_DEFAULTS,
        enabled: true,
        max_order: 100_000,
        max_open_per_phone: 20,
        confirm_by_code: false,
      };
      await storeSetting(database.db, 'cod', JSON.stringify(cod));
    } finally {
      await database.close();
    }
    const scenarioRef: { current?: Scenario } = {};
    const provider = await Provider.start(() => scenarioRef.current!.url);
    const env = {
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
      JOBS_INTERVAL_SECONDS: '2',
      CATALOG_CACHE_TTL_SECONDS: '300',
      ADMIN_EMAIL: FAULT_OWNER.email,
      ADMIN_PASSWORD: FAULT_OWNER.password,
      ...LIMITS,
      // Shoppers keep ordering while payments fail (its most: 1000).
      MAX_UNPAID_PIECES_PER_VARIANT: '1000',
      ...provider.env,
      ...settings,
    };
    const scenario = new Scenario(name, env, provider, variants, dataDir, dropDatabase);
    scenarioRef.current = scenario;
    return scenario;
  }

  get url(): string {
    return `http://127.0.0.1:${this.env.PORT}`;
  }

  /** Starts the built shop and waits until it answers; answers how long that took. */
  async start(extra: Record<string, string> = {}): Promise<number> {
    if (this.shop) await this.shop.stop('SIGTERM'); // one shop at a time on the port
    const started = Date.now();
    this.shop = await spawnShop({ ...this.env, ...extra }, { build: true });
    await untilHealthy(this.shop);
    return Date.now() - started;
  }

  /**
   * The database as it is now, read directly: PostgreSQL at any time; PGlite
   * is one process, so a running shop is stopped first (SIGTERM).
   */
  async read<T>(query: (db: Db) => Promise<T>): Promise<T> {
    if (this.env.DATABASE_URL) {
      this.pool ??= await openDatabase({ databaseUrl: this.env.DATABASE_URL, poolSize: 2 });
      return query(this.pool.db);
    }
    if (this.shop) await this.shop.stop('SIGTERM');
    const database = await openDatabase({ dataDir: this.dataDir });
    try {
      return await query(database.db);
    } finally {
      await database.close();
    }
  }

  get pgliteLocked(): boolean {
    return existsSync(pgliteLockFile(this.dataDir));
  }

  /** Records a check: printed with the scenario, failed at the end if false. */
  check(name: string, ok: boolean, detail = ''): void {
    this.lines.push(`  ${ok ? '✓' : '✗'} ${name}${detail ? `: ${detail}` : ''}`);
    if (!ok) this.failed.push(`${name}: ${detail}`);
  }

  note(text: string): void {
    this.lines.push(`    ${text}`);
  }

  /** Prints the checks and fails the test if any failed. */
  report(): void {
    console.log([`== ${this.name} (${KIND})`, ...this.lines].join('\n'));
    expect(this.failed).toEqual([]);
  }

  async close(): Promise<void> {
    if (this.shop) await this.shop.stop('SIGKILL');
    await this.pool?.close();
    await this.provider.close();
    await this.dropDatabase();
    await rm(this.dataDir, { recursive: true, force: true });
  }
}

/** Eight variants of four products, 400 of each: enough that the load never runs out. */
async function stockShelves(db: Db): Promise<StockedVariant[]> {
  const category = await createCategory(db, { name: `Faults ${tag()}` });
  const variants: StockedVariant[] = [];
  for (const [i, name] of ['Bandhani frock', 'Kantha quilt', 'Ajrakh shirt', 'Chikankari kurta'].entries()) {
    const made = await createProduct(db, {
      name: `${name} ${tag()}`,
      categoryId: category.id,
      variants: ['1-2Y', '2-3Y'].map((size) => ({
        size,
        color: { name: 'Indigo', hex: '#3b4a8c' },
        mrp: 500 + i * 250,
        stock: 400,
      })),
    });
    for (const v of made.variants) {
      variants.push({ productId: made.product.id, variantId: v.id, slug: v.slug, initialStock: 400 });
    }
  }
  return variants;
}

/** The built shop is needed: `npm run test:faults` builds the API first. */
export function assertBuilt(): void {
  if (!existsSync(path.join(root, 'apps/api/dist/main.js'))) {
    throw new Error('No build of the API: run `npm run test:faults` (it builds first) or `npm run build`.');
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls until `ready()` is true; answers the time it took, or throws after `timeoutMs`. */
export async function until(ready: () => boolean | Promise<boolean>, timeoutMs: number, what: string): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (await ready()) return Date.now() - started;
    if (Date.now() - started > timeoutMs) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await sleep(5);
  }
}
