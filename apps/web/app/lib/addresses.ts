import type { Address } from '@shop/contract';

/** One line for an address card or a summary. */
export const addressLine = (a: Address) =>
  `${a.name ? `${a.name}, ` : ''}${a.address}, ${a.locality}, ${a.city}, ${a.state} ${a.pincode}, ${a.country}`;

/**
 * A saved address as the form's fields start from it: an Indian address in
 * the state and PIN fields, one abroad in the region and postcode.
 */
export function addressFormValues(address: Address): Record<string, string> {
  const inIndia = address.country === 'India';
  return {
    name: address.name,
    address: address.address,
    locality: address.locality,
    city: address.city,
    phone: address.phone,
    country: address.country,
    [inIndia ? 'state' : 'region']: address.state,
    [inIndia ? 'pincode' : 'postcode']: address.pincode,
  };
}

/** The address form's fields as posted: an Indian state and PIN, or a region and postcode abroad. */
export const ADDRESS_FORM_FIELDS = [
  'name',
  'address',
  'locality',
  'city',
  'state',
  'region',
  'pincode',
  'postcode',
  'phone',
  'country',
] as const;

/**
 * The form has an Indian state list and PIN code, and a free-text region and
 * postcode for abroad; the country shows one pair (app.css, no script needed)
 * and the body takes the pair that goes with it. `also`: the form's other
 * fields, passed on as they are (a guest's email).
 */
export function addressForm(form: FormData, also: readonly string[] = []): FormData {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === 'string' ? value : '';
  };
  const body = new FormData();
  for (const name of ['name', 'address', 'locality', 'city', 'phone', 'country', ...also]) body.set(name, text(name));
  const india = text('country') === 'India';
  body.set('state', text(india ? 'state' : 'region'));
  body.set('pincode', text(india ? 'pincode' : 'postcode'));
  return body;
}

/** A guest's checkout form as posted (components/checkout/guest-details.tsx): their email, then an address's fields. */
export const guestDetailsForm = (form: FormData) => addressForm(form, ['email']);
