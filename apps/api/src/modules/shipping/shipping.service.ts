import { toRupees, zoneOfCountry, type ShippingRate, type ShippingType } from '@shop/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { shippingRates } from '../../db/schema';
import { notFound } from '../../lib/errors';

export async function listRates(db: DbOrTx): Promise<ShippingRate[]> {
  const list = await db.select().from(shippingRates).orderBy(asc(shippingRates.zone), asc(shippingRates.shippingType));
  return list.map((r) => ({ zone: r.zone, shipping_type: r.shippingType, amount: toRupees(r.amountPaise) }));
}

/** The one price of shipping to a country by a type, in paise; checkout and orders both use it. */
export async function shippingPaise(db: DbOrTx, country: string, type: ShippingType): Promise<number> {
  const [rate] = await db
    .select({ amount: shippingRates.amountPaise })
    .from(shippingRates)
    .where(and(eq(shippingRates.zone, zoneOfCountry(country)), eq(shippingRates.shippingType, type)))
    .prepare('shipping_rate')
    .execute();
  if (!rate) throw notFound(`No ${type} shipping rate is set for ${country}`);
  return rate.amount;
}
