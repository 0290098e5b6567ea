import { toRupees, zoneOfCountry, type ShippingRate, type ShippingType } from '@shop/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import { preparedQuery, type DbOrTx } from '../../db/client';
import { shippingRates } from '../../db/schema';
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

/** The one price of shipping to a country by a type, in paise; checkout and orders both use it. */
export async function shippingPaise(db: DbOrTx, country: string, type: ShippingType): Promise<number> {
  const [rate] = await shippingRate(db).execute({ zone: zoneOfCountry(country), type });
  if (!rate) throw notFound(`No ${type} shipping rate is set for ${country}`);
  return rate.amount;
}
