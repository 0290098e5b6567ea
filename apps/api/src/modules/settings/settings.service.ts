import {
  COD_DEFAULTS,
  CodSettings,
  GST_STATE_CODES,
  type SellerDetails,
  type SettingsBody,
  type ShopSettings,
} from '@shop/contract';
import { eq, inArray } from 'drizzle-orm';
import type { AppContext, UnitOfWork } from '../../context';
import type { DbOrTx } from '../../db/client';
import { settings } from './settings.schema';
import type { Env } from '../../env';
import { invalid } from '../../lib/errors';
import { audit } from '../audit/audit.service';
import { rateTable, saveRateTable } from '../shipping/shipping.service';

/**
 * The shop's settings (docs/back-office.md "Settings"): rows of `settings`
 * (key → text), the env values as defaults while no row exists. Everything
 * that uses one (orders, returns, invoices, the dashboard) reads it here.
 */

/** docs/product.md#back-office: the low-stock threshold, 3 until the owner changes it. */
export const LOW_STOCK_DEFAULT = 3;
/** docs/product.md 'Store credit': a credit may be spent for a year unless the owner says otherwise. */
export const STORE_CREDIT_EXPIRY_DEFAULT = 365;

/** The settings kept as `settings` rows (shipping rates have their own table). */
export type StoredSettings = Omit<ShopSettings, 'shipping_rates'>;

const SELLER_KEYS = ['legal_name', 'address', 'state', 'gstin', 'email', 'phone'] as const;
const KEYS = [
  'payment_window_minutes',
  'return_window_days',
  'low_stock_threshold',
  'unpaid_pieces_per_variant',
  'store_credit_expiry_days',
  ...SELLER_KEYS.map((k) => `seller_${k}`),
  'cod',
  'cart_reminders',
];

/** Cash on delivery's terms, one JSON row; the defaults (off) while none is stored or it no longer parses. */
function codOf(value: string | undefined): CodSettings {
  if (value === undefined) return COD_DEFAULTS;
  try {
    const parsed = CodSettings.safeParse(JSON.parse(value));
    return parsed.success ? parsed.data : COD_DEFAULTS;
  } catch {
    return COD_DEFAULTS;
  }
}

const wholeOr = (value: string | undefined, fallback: number) => {
  const n = Number(value);
  return value !== undefined && Number.isInteger(n) && n >= 0 ? n : fallback;
};

/** The settings as stored now (no cache): rows over env defaults. */
export async function readSettings(db: DbOrTx, env: Env): Promise<StoredSettings> {
  const rows = await db.select().from(settings).where(inArray(settings.key, KEYS));
  const row = new Map(rows.map((r) => [r.key, r.value]));
  return {
    payment_window_minutes: wholeOr(row.get('payment_window_minutes'), env.PAYMENT_WINDOW_MINUTES),
    return_window_days: wholeOr(row.get('return_window_days'), env.RETURN_WINDOW_DAYS),
    low_stock_threshold: wholeOr(row.get('low_stock_threshold'), LOW_STOCK_DEFAULT),
    unpaid_pieces_per_variant: wholeOr(row.get('unpaid_pieces_per_variant'), env.MAX_UNPAID_PIECES_PER_VARIANT),
    store_credit_expiry_days: wholeOr(row.get('store_credit_expiry_days'), STORE_CREDIT_EXPIRY_DEFAULT),
    seller: {
      legal_name: row.get('seller_legal_name') ?? env.SHOP_LEGAL_NAME,
      address: row.get('seller_address') ?? env.SHOP_ADDRESS,
      state: row.get('seller_state') ?? env.SHOP_STATE,
      gstin: row.get('seller_gstin') ?? env.SHOP_GSTIN,
      email: row.get('seller_email') ?? env.SHOP_EMAIL,
      phone: row.get('seller_phone') ?? env.SHOP_PHONE,
    },
    cod: codOf(row.get('cod')),
    // Off until the owner switches it on: a shop sends marketing only once it means to
    // (docs/product.md 'Messages to shoppers').
    cart_reminders: row.get('cart_reminders') === 'true',
  };
}

/** One stored row's text (the announcement, the app's secret), undefined while there is none. */
export async function storedSetting(db: DbOrTx, key: string): Promise<string | undefined> {
  const [row] = await db.select().from(settings).where(eq(settings.key, key));
  return row?.value;
}

/** Stores one row's text, replacing what was there. */
export async function storeSetting(db: DbOrTx, key: string, value: string): Promise<void> {
  await db.insert(settings).values({ key, value }).onConflictDoUpdate({ target: settings.key, set: { value } });
}

/** The stored text of `key`, storing `value` first when there is none: every process ends up with the same. */
export async function settingOrStore(db: DbOrTx, key: string, value: string): Promise<string> {
  await db.insert(settings).values({ key, value }).onConflictDoNothing();
  return (await storedSetting(db, key))!;
}

/**
 * How long a process keeps the settings without hearing of a write. A write
 * empties every process's copy at once: it notifies the catalogue channel
 * (the copy belongs to one catalogue generation); the TTL only bounds a
 * write missed while a process's listener was down.
 */
const TTL_MS = 10_000;
const kept = new WeakMap<
  AppContext,
  { generation: number; at: number; value: Promise<StoredSettings>; settled?: StoredSettings }
>();

const current = (app: AppContext) => {
  const entry = kept.get(app);
  return entry && entry.generation === app.cache.generation && Date.now() - entry.at < TTL_MS ? entry : undefined;
};

/** The settings, from this process's short-lived copy (one indexed read of 10 rows when it is gone). */
export function shopSettings(app: AppContext): Promise<StoredSettings> {
  const entry = current(app);
  if (entry) return entry.value;
  const value = readSettings(app.db, app.env);
  const made: NonNullable<ReturnType<typeof current>> = { generation: app.cache.generation, at: Date.now(), value };
  kept.set(app, made);
  value.then(
    (settled) => void (made.settled = settled),
    () => kept.delete(app),
  );
  return value;
}

/**
 * For what only needs the copy shoppers' pages were made with (the
 * low-stock threshold of the catalogue's caches): this process's copy when it
 * has one at hand, costing no statement, else as `settingsOf` reads it.
 */
export function keptSettingsOf(work: UnitOfWork): Promise<StoredSettings> {
  const settled = current(work.app)?.settled;
  return settled ? Promise.resolve(settled) : settingsOf(work);
}

/**
 * The settings for a unit of work: inside a transaction read through it (the
 * pool, or PGlite's one connection, may be held by that very transaction),
 * else from the process's copy.
 */
export function settingsOf(work: UnitOfWork): Promise<StoredSettings> {
  return work.inTransaction ? readSettings(work.db, work.app.env) : shopSettings(work.app);
}

/** This process forgets its copy (after a write's commit). */
export const forgetSettings = (app: AppContext) => void kept.delete(app);

/** The settings and the shipping rate table, read fresh (the back office's page). */
export async function allSettings(db: DbOrTx, env: Env): Promise<ShopSettings> {
  const [stored, rates] = await Promise.all([readSettings(db, env), rateTable(db)]);
  return { ...stored, shipping_rates: rates };
}

/** The seller of tax documents, as the invoice code takes it. */
export async function sellerOf(work: UnitOfWork | AppContext): Promise<SellerDetails> {
  const stored = 'inTransaction' in work ? await settingsOf(work) : await shopSettings(work);
  return stored.seller as SellerDetails;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function checkSeller(seller: SellerDetails): void {
  const code = GST_STATE_CODES[seller.state];
  if (seller.gstin.slice(0, 2) !== code) {
    throw invalid([`gstin must start with ${code}, the GST state code of ${seller.state}`]);
  }
}

/**
 * Saves the groups a body names, in one transaction: each changed group one
 * audit row (`setting.change`, entity the group, before → after). Every
 * process forgets its settings and the catalogue (shipping rates and the
 * seller show on cached answers and pages) after the commit.
 */
export async function saveSettings(work: UnitOfWork, body: SettingsBody): Promise<ShopSettings> {
  if (body.seller) checkSeller(body.seller);
  return work.transaction(async (w) => {
    const before = await allSettings(w.db, w.app.env);
    const rows: { key: string; value: string }[] = [];
    const changed: (keyof ShopSettings)[] = [];
    const numbers = [
      'payment_window_minutes',
      'return_window_days',
      'low_stock_threshold',
      'unpaid_pieces_per_variant',
      'store_credit_expiry_days',
    ] as const;
    for (const key of numbers) {
      const value = body[key];
      if (value === undefined || value === before[key]) continue;
      rows.push({ key, value: String(value) });
      changed.push(key);
    }
    if (body.seller && !same(body.seller, before.seller)) {
      for (const k of SELLER_KEYS) rows.push({ key: `seller_${k}`, value: body.seller[k] });
      changed.push('seller');
    }
    if (body.cod && !same(body.cod, before.cod)) {
      rows.push({ key: 'cod', value: JSON.stringify(body.cod) });
      changed.push('cod');
    }
    if (body.cart_reminders !== undefined && body.cart_reminders !== before.cart_reminders) {
      rows.push({ key: 'cart_reminders', value: String(body.cart_reminders) });
      changed.push('cart_reminders');
    }
    if (body.shipping_rates && !same(body.shipping_rates, before.shipping_rates)) {
      await saveRateTable(w.db, body.shipping_rates);
      changed.push('shipping_rates');
    }
    for (const row of rows) await storeSetting(w.db, row.key, row.value);
    const after: ShopSettings = { ...before, ...stripUndefined(body) };
    for (const key of changed) {
      await audit(w, {
        action: 'setting.change',
        entityType: 'setting',
        entityId: key,
        before: { value: before[key] },
        after: { value: after[key] },
      });
    }
    if (changed.length) {
      await w.catalogChanged();
      w.afterCommit(() => forgetSettings(w.app));
    }
    return after;
  });
}

function stripUndefined(body: SettingsBody): Partial<ShopSettings> {
  return Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
}
