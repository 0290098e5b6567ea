import { ROUTES } from '@shop/contract/lite';
import { AddressBody, COUNTRIES, INDIAN_STATES, MESSAGES } from '@shop/contract';
import { useState } from 'react';
import { Form } from 'react-router';
import { PageHeading, PageMessage } from '~/components/account/page-heading';
import { buttonClass } from '~/components/ui/button';
import { safeRedirect } from '~/components/auth/redirect';
import { SelectField, TextField } from '~/components/forms/fields';
import { useFormCheck } from '~/components/forms/use-form-check';
import { Notice } from '~/components/ui/notice';
import { callApi } from '~/lib/api.server';
import { redirectWithFlash } from '~/lib/flash.server';
import { checkForm, numberField, textField } from '~/lib/form';
import { failed, formAnswer } from '~/lib/form.server';
import { useSubmitting } from '~/lib/pending';
import { loadMine, requireUser, sessionEnded } from '~/lib/session.server';
import type { Route } from './+types/address-form';

export const meta = () => [{ title: 'Address | Little Loom' }, { name: 'robots', content: 'noindex' }];

/** Where to go after saving: a same-site `redirectTo` (the checkout), else the address list. */
const nextPath = (url: URL) => safeRedirect(url.searchParams.get('redirectTo'), '/addresses');
const isUpdate = (url: URL) => url.pathname.startsWith('/address/update');

/**
 * The form has an Indian state list and PIN code, and a free-text region and
 * postcode for abroad; the country shows one pair (app.css, no script needed)
 * and the body takes the pair that goes with it.
 */
function addressForm(form: FormData): FormData {
  const body = new FormData();
  for (const name of ['name', 'address', 'locality', 'city', 'phone', 'country']) body.set(name, textField(form, name));
  const india = textField(form, 'country') === 'India';
  body.set('state', textField(form, india ? 'state' : 'region'));
  body.set('pincode', textField(form, india ? 'pincode' : 'postcode'));
  return body;
}
const FIELDS = ['name', 'address', 'locality', 'city', 'state', 'region', 'pincode', 'postcode', 'phone', 'country'];

export async function loader(args: Route.LoaderArgs) {
  const user = await requireUser(args);
  const url = new URL(args.request.url);
  if (!isUpdate(url)) return { editing: false, address: null, back: nextPath(url), accountName: user.name };
  const id = Number(url.searchParams.get('id'));
  const list = await loadMine(args, ROUTES['addresses.list']);
  return {
    editing: true,
    address: list.data.find((a) => a.id === id) ?? null,
    back: nextPath(url),
    accountName: user.name,
  };
}

/** docs/product.md#messages: 'Address Added Successfully !' / 'Address Updated Successfully !'; a 400 shows its first error. */
export async function action(args: Route.ActionArgs) {
  await requireUser(args);
  const url = new URL(args.request.url);
  const form = await args.request.formData();
  const values = Object.fromEntries(FIELDS.map((n) => [n, textField(form, n)]));
  const checked = checkForm(AddressBody, addressForm(form));
  if (!checked.ok) return formAnswer({ fieldErrors: checked.errors, values });
  const editing = isUpdate(url);
  const res = editing
    ? await callApi(args, ROUTES['addresses.update'], { body: { ...checked.data, id: numberField(form, 'id') } })
    : await callApi(args, ROUTES['addresses.add'], { body: checked.data });
  if (res.status === 401) return sessionEnded(args);
  if (!res.ok) return failed(res, { values }, 'Error Adding Contact !');
  const text = editing ? MESSAGES.addressUpdated : MESSAGES.addressAdded;
  return redirectWithFlash(args, nextPath(url), { kind: 'success', text });
}

export default function AddressFormPage({ loaderData, actionData }: Route.ComponentProps) {
  const { editing, address, back, accountName } = loaderData;
  const answer = actionData;
  const { errors: e, formProps } = useFormCheck(AddressBody, answer?.fieldErrors, addressForm);
  const pending = useSubmitting();
  // The state's and the PIN's reasons go under the pair that shows.
  const [india, setIndia] = useState((answer?.values?.country ?? address?.country ?? 'India') === 'India');

  if (editing && !address) {
    return <PageMessage text="We could not find that address." to="/addresses" label="Addresses" />;
  }
  // What the fields start from: what was typed (the form came back), else the saved address.
  const savedInIndia = (address?.country ?? 'India') === 'India';
  const saved: Record<string, string> = address
    ? {
        name: address.name,
        address: address.address,
        locality: address.locality,
        city: address.city,
        phone: address.phone,
        country: address.country,
        [savedInIndia ? 'state' : 'region']: address.state,
        [savedInIndia ? 'pincode' : 'postcode']: address.pincode,
      }
    : { country: 'India', name: accountName };
  const start = (name: string) => answer?.values?.[name] ?? saved[name] ?? '';
  const ofIndia = (error?: string) => (india ? error : undefined);
  const ofAbroad = (error?: string) => (india ? undefined : error);

  return (
    <div className="container-shop max-w-2xl py-10">
      <PageHeading title={editing ? 'Update address' : 'Add a new address'} back={{ to: back, label: 'Back' }} />
      <Form
        method="post"
        className="address-form grid gap-5 rounded-3xl bg-white p-6 shadow-sm sm:grid-cols-2 sm:p-8"
        {...formProps}
      >
        {address && <input type="hidden" name="id" value={address.id} />}
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
          label="Phone"
          name="phone"
          type="tel"
          autoComplete="tel-national"
          inputMode="numeric"
          hint="10 digits, for the courier"
          defaultValue={start('phone')}
          error={e.phone}
          className="sm:col-span-2"
        />
        <Notice notice={answer?.notice} className="sm:col-span-2" />
        <button type="submit" className={`${buttonClass.primary} sm:col-span-2`} disabled={pending}>
          {pending ? (editing ? 'Updating...' : 'Adding...') : editing ? 'Update Address' : 'Add Address'}
        </button>
      </Form>
    </div>
  );
}
