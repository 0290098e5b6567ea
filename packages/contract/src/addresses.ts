import { z } from 'zod';
import { Phone } from './accounts';
import { Id } from './common';
import { COUNTRIES, INDIAN_STATES } from './places';

const Text = (field: string, max: number) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, `${field} is required`)
    .max(max, `${field} must be at most ${max} characters`);

/** Indian PIN codes: 6 digits, the first not zero. Elsewhere: 3 to 10 letters, digits, spaces or dashes. */
export const INDIAN_PIN = /^[1-9]\d{5}$/;
export const FOREIGN_POSTCODE = /^(?=.*[A-Za-z0-9])[A-Za-z0-9 -]{3,10}$/;

export const AddressFields = z.object({
  /** Who receives the parcel (labels, invoices); the account's name when not given. */
  name: Text('name', 80).optional(),
  address: Text('address', 200),
  phone: Phone,
  locality: Text('locality', 120),
  city: Text('city', 80),
  state: Text('state', 80),
  pincode: Text('pincode', 10),
  country: z.enum(COUNTRIES, { error: 'Please choose a country from the list' }),
});

/** A state and a PIN of India, or a postcode of elsewhere. */
export const checkPlace = (a: { country: string; state: string; pincode: string }, ctx: z.RefinementCtx) => {
  if (a.country === 'India') {
    if (!(INDIAN_STATES as readonly string[]).includes(a.state)) {
      ctx.addIssue({ code: 'custom', path: ['state'], message: 'Please choose an Indian state or union territory' });
    }
    if (!INDIAN_PIN.test(a.pincode)) {
      ctx.addIssue({ code: 'custom', path: ['pincode'], message: 'pincode must be 6 digits and not start with 0' });
    }
  } else if (!FOREIGN_POSTCODE.test(a.pincode)) {
    ctx.addIssue({
      code: 'custom',
      path: ['pincode'],
      message: 'pincode must be 3 to 10 letters, digits, spaces or dashes',
    });
  }
};

export const AddressBody = AddressFields.strict().superRefine(checkPlace);
export type AddressBody = z.infer<typeof AddressBody>;
export const UpdateAddressBody = AddressFields.extend({ id: Id }).strict().superRefine(checkPlace);
export type UpdateAddressBody = z.infer<typeof UpdateAddressBody>;
export const DeleteAddressBody = z.object({ id: Id }).strict();

export const Address = AddressFields.extend({ id: z.number().int(), name: z.string(), country: z.string() });
export type Address = z.infer<typeof Address>;
export const AddressesResponse = z.object({ data: z.array(Address) });
export const AddressResponse = z.object({ message: z.string(), data: Address });
