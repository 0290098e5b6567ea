import { MESSAGES } from '@shop/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AlertDialog } from 'radix-ui';
import { Link } from 'react-router';
import { PageHeading, PageLoading, buttonClass } from '~/components/account/page-heading';
import { ApiError, api } from '~/lib/api';
import { useAddresses } from '~/lib/addresses';
import { toast } from '~/lib/toast';

export const meta = () => [{ title: 'Addresses | Little Loom' }, { name: 'robots', content: 'noindex' }];

export default function AddressesPage() {
  const addresses = useAddresses();
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: (id: number) => api<{ message: string }>('/address', { method: 'DELETE', body: { id } }),
    onSuccess: async () => {
      toast.success(MESSAGES.addressDeleted);
      await queryClient.invalidateQueries({ queryKey: ['addresses'] });
    },
    // Spec §8: a 400 shows the error, anything else 'Error Deleting !'.
    onError: (err) => toast.error(err instanceof ApiError && err.status === 400 ? err.firstError : 'Error Deleting !'),
  });

  if (addresses.isPending) {
    return <PageLoading />;
  }
  const list = addresses.data ?? [];
  return (
    <div className="container-shop max-w-4xl py-10">
      <PageHeading title="Addresses">
        <Link to="/address/add" className={buttonClass.primary}>
          Add New Address
        </Link>
      </PageHeading>
      {list.length === 0 ? (
        <p className="rounded-3xl bg-sand px-6 py-12 text-center text-muted">You have not saved an address yet.</p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2">
          {list.map((a) => (
            <li key={a.id} className="flex flex-col rounded-3xl bg-white p-6 shadow-sm">
              <address className="flex-1 text-sm not-italic">
                <span className="block font-semibold">{a.address}</span>
                {a.locality}
                <br />
                {a.city}, {a.state} {a.pincode}
                <br />
                {a.country}
                <br />
                Phone {a.phone}
              </address>
              <div className="mt-4 flex gap-2">
                <Link to={`/address/update?id=${a.id}`} state={{ address: a }} className={buttonClass.secondary}>
                  Update
                </Link>
                <AlertDialog.Root>
                  <AlertDialog.Trigger asChild>
                    <button type="button" className={buttonClass.quiet}>
                      Delete
                    </button>
                  </AlertDialog.Trigger>
                  <AlertDialog.Portal>
                    <AlertDialog.Overlay className="fixed inset-0 z-40 bg-ink/40" />
                    <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[min(92vw,24rem)] -translate-x-1/2 -translate-y-1/2 rounded-3xl bg-white p-6 shadow-xl">
                      <AlertDialog.Title className="font-display text-2xl">Are you sure?</AlertDialog.Title>
                      <AlertDialog.Description className="mt-2 text-muted">
                        This action cannot be undone.
                      </AlertDialog.Description>
                      <div className="mt-6 flex justify-end gap-3">
                        <AlertDialog.Cancel asChild>
                          <button type="button" className={buttonClass.secondary}>
                            NO
                          </button>
                        </AlertDialog.Cancel>
                        <AlertDialog.Action asChild>
                          <button type="button" className={buttonClass.primary} onClick={() => remove.mutate(a.id)}>
                            YES
                          </button>
                        </AlertDialog.Action>
                      </div>
                    </AlertDialog.Content>
                  </AlertDialog.Portal>
                </AlertDialog.Root>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
