import { z } from 'zod';

export const SHIPPING_TYPES = ['standard', 'express'] as const;
export const ShippingType = z.enum(SHIPPING_TYPES);
export type ShippingType = z.infer<typeof ShippingType>;

/** India ships at domestic rates; every other country at international ones. */
export const SHIPPING_ZONES = ['domestic', 'international'] as const;
export const ShippingZone = z.enum(SHIPPING_ZONES);
export type ShippingZone = z.infer<typeof ShippingZone>;

export const zoneOfCountry = (country: string): ShippingZone =>
  country.trim().toLowerCase() === 'india' ? 'domestic' : 'international';

export const ShippingRate = z.object({
  zone: ShippingZone,
  shipping_type: ShippingType,
  amount: z.number(),
});
export type ShippingRate = z.infer<typeof ShippingRate>;

export const ShippingRatesResponse = z.object({ data: z.array(ShippingRate) });
