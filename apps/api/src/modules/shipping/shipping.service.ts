import {
  toPaise,
  toRupees,
  zoneOfCountry,
  type ShippingRate,
  type ShippingRateTable,
  type ShippingType,
} from '@shop/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { AppContext, UnitOfWork } from '../../context';
import { preparedQuery, type DbOrTx } from '../../db/client';
import { shippingRates } from './shipping.schema';
import { notFound } from '../../lib/errors';

export async function listRates(db: DbOrTx): Promise<ShippingRate[]> {
  const list = await db.select().from(shippingRates).orderBy(asc(shippingRates.zone), asc(shippingRates.shippingType));
  return list.map((r) => ({ zone: r.zone, shipping_type: r.shippingType, amount: toRupees(r.amountPaise) }));
}

const shippingRate = preparedQuery((db) =>
  db
    .select({ amount: shippingRates.amountPaise })
    .from(shippingRates)
    .where(
      and(eq(shippingRates.zone, sql.placeholder('zone')), eq(shippingRates.shippingType, sql.placeholder('type'))),
    )
    .prepare('shipping_rate'),
);

/** The one price of shipping to a country by a type, in paise, read now. */
export async function shippingPaise(db: DbOrTx, country: string, type: ShippingType): Promise<number> {
  const [rate] = await shippingRate(db).execute({ zone: zoneOfCountry(country), type });
  if (!rate) throw notFound(`No ${type} shipping rate is set for ${country}`);
  return rate.amount;
}

/**
 * How long a process keeps the rates without hearing of a write: as the
 * settings' copy (settings.service.ts), whose save writes the rates and
 * notifies the catalogue, which empties every process's copy at once.
 */
const TTL_MS = 10_000;
const kept = new WeakMap<AppContext, { generation: number; at: number; rates: Promise<Map<string, number>> }>();
const rateKey = (zone: string, type: string) => `${zone}:${type}`;

function keptRates(app: AppContext): Promise<Map<string, number>> {
  const entry = kept.get(app);
  const now = Date.now();
  if (entry && entry.generation === app.cache.generation && now - entry.at < TTL_MS) return entry.rates;
  const rates = app.db
    .select()
    .from(shippingRates)
    .then((list) => new Map(list.map((r) => [rateKey(r.zone, r.shippingType), r.amountPaise])));
  kept.set(app, { generation: app.cache.generation, at: now, rates });
  rates.catch(() => kept.delete(app));
  return rates;
}

/**
 * The same price for checkout and orders: from this process's short-lived
 * copy of the four rates (one statement fewer per order), or read through
 * the unit of work's transaction when it has one.
 */
export async function shippingPaiseOf(work: UnitOfWork, country: string, type: ShippingType): Promise<number> {
  if (work.inTransaction) return shippingPaise(work.db, country, type);
  const rate = (await keptRates(work.app)).get(rateKey(zoneOfCountry(country), type));
  if (rate === undefined) throw notFound(`No ${type} shipping rate is set for ${country}`);
  return rate;
}

// The rate table as the owner edits it (docs/back-office.md 'Settings').
const TABLE_KEYS = [
  ['domestic', 'standard', 'domestic_standard'],
  ['domestic', 'express', 'domestic_express'],
  ['international', 'standard', 'international_standard'],
  ['international', 'express', 'international_express'],
] as const;

/** The four rates in rupees (0 where a rate is missing). */
export async function rateTable(db: DbOrTx): Promise<ShippingRateTable> {
  const list = await db.select().from(shippingRates);
  const amount = (zone: string, type: string) =>
    toRupees(list.find((r) => r.zone === zone && r.shippingType === type)?.amountPaise ?? 0);
  return Object.fromEntries(TABLE_KEYS.map(([zone, type, key]) => [key, amount(zone, type)])) as ShippingRateTable;
}

/** Writes the four rates (the caller's transaction notifies the catalogue: the rates are cached). */
export async function saveRateTable(db: DbOrTx, table: ShippingRateTable): Promise<void> {
  for (const [zone, shippingType, key] of TABLE_KEYS) {
    const amountPaise = toPaise(table[key]);
    await db
      .insert(shippingRates)
      .values({ zone, shippingType, amountPaise })
      .onConflictDoUpdate({
        target: [shippingRates.zone, shippingRates.shippingType],
        set: { amountPaise, updatedAt: new Date() },
      });
  }
}
