import { zodResolver } from '@hookform/resolvers/zod';
import { AddressBody, COUNTRIES, INDIAN_STATES, MESSAGES, type Address } from '@shop/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router';
import { PageHeading, PageLoading, PageMessage, buttonClass } from '~/components/account/page-heading';
import { safeRedirect } from '~/components/auth/redirect';
import { SelectField, TextField } from '~/components/forms/fields';
import { ApiError, api } from '~/lib/api';
import { useAddresses } from '~/lib/addresses';
import { toast } from '~/lib/toast';

export const meta = () => [{ title: 'Address | Little Loom' }, { name: 'robots', content: 'noindex' }];

type Fields = Omit<Address, 'id'>;
const EMPTY: Fields = { address: '', phone: '', locality: '', city: '', state: '', pincode: '', country: 'India' };

/** Where to go after saving: a safe same-site `redirectTo`, else the address list. */
const nextPath = (search: string) => safeRedirect(new URLSearchParams(search).get('redirectTo'), '/addresses');

export default function AddressFormPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const addresses = useAddresses();
  const editing = location.pathname.startsWith('/address/update');
  const id =
    Number(new URLSearchParams(location.search).get('id')) ||
    (location.state as { address?: Address } | null)?.address?.id;
  const existing = editing
    ? (addresses.data?.find((a) => a.id === id) ?? (location.state as { address?: Address } | null)?.address)
    : undefined;

  const form = useForm<Fields>({ resolver: zodResolver(AddressBody) as never, defaultValues: EMPTY });
  const { register, handleSubmit, watch, reset, formState } = form;
  useEffect(() => {
    if (existing) {
      const { id: _id, ...fields } = existing;
      reset(fields);
    }
  }, [existing, reset]);
  const india = watch('country') === 'India';

  const save = useMutation({
    mutationFn: (fields: Fields) =>
      editing
        ? api<{ message: string }>('/address', { method: 'PUT', body: { ...fields, id: existing?.id } })
        : api<{ message: string }>('/address', { method: 'POST', body: fields }),
    onSuccess: async () => {
      toast.success(editing ? MESSAGES.addressUpdated : MESSAGES.addressAdded);
      await queryClient.invalidateQueries({ queryKey: ['addresses'] });
      void navigate(nextPath(location.search));
    },
    // Spec §5/§8: a 400 shows the first of the server's errors.
    onError: (err) =>
      toast.error(err instanceof ApiError && err.status === 400 ? err.firstError : 'Error Adding Contact !'),
  });

  if (editing && addresses.isPending) {
    return <PageLoading />;
  }
  if (editing && !existing) {
    return <PageMessage text="We could not find that address." to="/addresses" label="Addresses" />;
  }

  const e = formState.errors;
  return (
    <div className="container-shop max-w-2xl py-10">
      <PageHeading
        title={editing ? 'Update address' : 'Add a new address'}
        back={{ to: nextPath(location.search), label: 'Back' }}
      />
      <form
        noValidate
        className="grid gap-5 rounded-3xl bg-white p-6 shadow-sm sm:grid-cols-2 sm:p-8"
        onSubmit={(e) => void handleSubmit((fields) => save.mutate(fields))(e)}
      >
        <SelectField
          label="Country"
          options={COUNTRIES}
          error={e.country?.message}
          className="sm:col-span-2"
          {...register('country')}
        />
        <TextField
          label="Address (house, street)"
          autoComplete="address-line1"
          error={e.address?.message}
          className="sm:col-span-2"
          {...register('address')}
        />
        <TextField
          label="Locality"
          autoComplete="address-line2"
          error={e.locality?.message}
          {...register('locality')}
        />
        <TextField label="City" autoComplete="address-level2" error={e.city?.message} {...register('city')} />
        {india ? (
          <SelectField
            label="State"
            options={INDIAN_STATES}
            placeholder="Choose a state"
            error={e.state?.message}
            {...register('state')}
          />
        ) : (
          <TextField
            label="State / province / region"
            autoComplete="address-level1"
            error={e.state?.message}
            {...register('state')}
          />
        )}
        <TextField
          label={india ? 'PIN code' : 'Postcode'}
          autoComplete="postal-code"
          inputMode={india ? 'numeric' : 'text'}
          error={e.pincode?.message}
          {...register('pincode')}
        />
        <TextField
          label="Phone"
          type="tel"
          autoComplete="tel-national"
          inputMode="numeric"
          hint="10 digits, for the courier"
          error={e.phone?.message}
          className="sm:col-span-2"
          {...register('phone')}
        />
        <button type="submit" className={`${buttonClass.primary} sm:col-span-2`} disabled={save.isPending}>
          {save.isPending ? (editing ? 'Updating...' : 'Adding...') : editing ? 'Update Address' : 'Add Address'}
        </button>
      </form>
    </div>
  );
}
