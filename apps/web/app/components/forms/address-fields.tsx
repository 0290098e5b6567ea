import { COUNTRIES, INDIAN_STATES } from '@shop/contract';
import { useState } from 'react';
import { SelectField, TextField } from './fields';

type Errors = Partial<Record<string, string>>;

/**
 * An address's fields (the address book, a guest's checkout), in a form whose
 * class is `address-form`: the country shows either India's state list and
 * PIN code or a free region and postcode (app.css, no script needed).
 * `start` gives each field's first value; `phone` its label and hint.
 */
export function AddressFields({
  start,
  errors: e,
  phone = { label: 'Phone', hint: '10 digits, for the courier' },
}: {
  start: (name: string) => string;
  errors: Errors;
  phone?: { label: string; hint: string };
}) {
  // The state's and the PIN's reasons go under the pair that shows.
  const [india, setIndia] = useState(start('country') === 'India');
  const ofIndia = (error?: string) => (india ? error : undefined);
  const ofAbroad = (error?: string) => (india ? undefined : error);
  return (
    <>
      <SelectField
        label="Country"
        name="country"
        options={COUNTRIES}
        defaultValue={start('country')}
        onChange={(event) => setIndia(event.target.value === 'India')}
        error={e.country}
        className="sm:col-span-2"
      />
      <TextField
        label="Recipient's name"
        name="name"
        autoComplete="name"
        hint="Printed on the parcel's label and the invoice"
        defaultValue={start('name')}
        error={e.name}
        className="sm:col-span-2"
      />
      <TextField
        label="Address (house, street)"
        name="address"
        autoComplete="address-line1"
        defaultValue={start('address')}
        error={e.address}
        className="sm:col-span-2"
      />
      <TextField
        label="Locality"
        name="locality"
        autoComplete="address-line2"
        defaultValue={start('locality')}
        error={e.locality}
      />
      <TextField label="City" name="city" autoComplete="address-level2" defaultValue={start('city')} error={e.city} />
      <SelectField
        label="State"
        name="state"
        options={INDIAN_STATES}
        placeholder="Choose a state"
        defaultValue={start('state')}
        error={ofIndia(e.state)}
        className="india-only"
      />
      <TextField
        label="State / province / region"
        name="region"
        autoComplete="address-level1"
        defaultValue={start('region')}
        error={ofAbroad(e.state)}
        className="abroad-only"
      />
      <TextField
        label="PIN code"
        name="pincode"
        autoComplete="postal-code"
        inputMode="numeric"
        defaultValue={start('pincode')}
        error={ofIndia(e.pincode)}
        className="india-only"
      />
      <TextField
        label="Postcode"
        name="postcode"
        autoComplete="postal-code"
        defaultValue={start('postcode')}
        error={ofAbroad(e.pincode)}
        className="abroad-only"
      />
      <TextField
        label={phone.label}
        name="phone"
        type="tel"
        autoComplete="tel-national"
        inputMode="numeric"
        hint={phone.hint}
        defaultValue={start('phone')}
        error={e.phone}
        className="sm:col-span-2"
      />
    </>
  );
}
