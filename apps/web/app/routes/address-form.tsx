import { ROUTES } from '@shop/contract/lite';
import { AddressBody, MESSAGES } from '@shop/contract';
import { Form } from 'react-router';
import { PageHeading, PageMessage } from '~/components/account/page-heading';
import { buttonClass } from '~/components/ui/button';
import { safeRedirect } from '~/components/auth/redirect';
import { AddressFields } from '~/components/forms/address-fields';
import { ADDRESS_FORM_FIELDS, addressForm, addressFormValues } from '~/lib/addresses';
import { useFormCheck } from '~/components/forms/use-form-check';
import { Notice } from '~/components/ui/notice';
import { redirectWithFlash } from '~/lib/flash.server';
import { checkForm, numberField, textField } from '~/lib/form';
import { failed, formAnswer } from '~/lib/form.server';
import { useSubmitting } from '~/lib/pending';
import { requireBuyer } from '~/lib/session.server';
import type { Route } from './+types/address-form';
import { call, read } from '~/lib/call.server';

export const meta = () => [{ title: 'Address | Little Loom' }, { name: 'robots', content: 'noindex' }];

/** Where to go after saving: a same-site `redirectTo` (the checkout), else the address list. */
const nextPath = (url: URL) => safeRedirect(url.searchParams.get('redirectTo'), '/addresses');
const isUpdate = (url: URL) => url.pathname.startsWith('/address/update');

export async function loader(args: Route.LoaderArgs) {
  const user = await requireBuyer(args);
  const url = new URL(args.request.url);
  if (!isUpdate(url)) return { editing: false, address: null, back: nextPath(url), accountName: user.name };
  const id = Number(url.searchParams.get('id'));
  const list = await read(args, ROUTES['addresses.list']);
  return {
    editing: true,
    address: list.data.find((a) => a.id === id) ?? null,
    back: nextPath(url),
    accountName: user.name,
  };
}

/** docs/product.md#messages: 'Address Added Successfully !' / 'Address Updated Successfully !'; a 400 shows its first error. */
export async function action(args: Route.ActionArgs) {
  await requireBuyer(args);
  const url = new URL(args.request.url);
  const form = await args.request.formData();
  const values = Object.fromEntries(ADDRESS_FORM_FIELDS.map((n) => [n, textField(form, n)]));
  const checked = checkForm(AddressBody, addressForm(form));
  if (!checked.ok) return formAnswer({ fieldErrors: checked.errors, values });
  const editing = isUpdate(url);
  const res = editing
    ? await call(args, ROUTES['addresses.update'], { body: { ...checked.data, id: numberField(form, 'id') } })
    : await call(args, ROUTES['addresses.add'], { body: checked.data });
  if (!res.ok) return failed(res, { values }, 'Error Adding Contact !');
  const text = editing ? MESSAGES.addressUpdated : MESSAGES.addressAdded;
  return redirectWithFlash(args, nextPath(url), { kind: 'success', text });
}

export default function AddressFormPage({ loaderData, actionData }: Route.ComponentProps) {
  const { editing, address, back, accountName } = loaderData;
  const answer = actionData;
  const { errors: e, formProps } = useFormCheck(AddressBody, answer?.fieldErrors, addressForm);
  const pending = useSubmitting();

  if (editing && !address) {
    return <PageMessage text="We could not find that address." to="/addresses" label="Addresses" />;
  }
  // What the fields start from: what was typed (the form came back), else the saved address.
  const saved: Record<string, string> = address ? addressFormValues(address) : { country: 'India', name: accountName };
  const start = (name: string) => answer?.values?.[name] ?? saved[name] ?? '';

  return (
    <div className="container-shop max-w-2xl py-10">
      <PageHeading title={editing ? 'Update address' : 'Add a new address'} back={{ to: back, label: 'Back' }} />
      <Form
        method="post"
        className="address-form grid gap-5 rounded-3xl bg-white p-6 shadow-sm sm:grid-cols-2 sm:p-8"
        {...formProps}
      >
        {address && <input type="hidden" name="id" value={address.id} />}
        <AddressFields start={start} errors={e} />
        <Notice notice={answer?.notice} className="sm:col-span-2" />
        <button type="submit" className={`${buttonClass.primary} sm:col-span-2`} disabled={pending}>
          {pending ? (editing ? 'Updating...' : 'Adding...') : editing ? 'Update Address' : 'Add Address'}
        </button>
      </Form>
    </div>
  );
}
