import { ROUTES } from '@shop/contract/lite';
import { MESSAGES } from '@shop/contract';
import { AlertDialog } from 'radix-ui';
import { Form, Link, useFetcher } from 'react-router';
import { PageHeading } from '~/components/account/page-heading';
import { buttonClass } from '~/components/ui/button';
import { Notice } from '~/components/ui/notice';
import type { FormAnswer } from '~/lib/flash';
import { redirectWithFlash } from '~/lib/flash.server';
import { numberField } from '~/lib/form';
import { formAnswer } from '~/lib/form.server';
import { useHydrated } from '~/lib/use-hydrated';
import { requireBuyer } from '~/lib/session.server';
import type { Route } from './+types/addresses';
import { call, read } from '~/lib/call.server';

export const meta = () => [{ title: 'Addresses | Little Loom' }, { name: 'robots', content: 'noindex' }];

export async function loader(args: Route.LoaderArgs) {
  await requireBuyer(args);
  const { data } = await read(args, ROUTES['addresses.list']);
  // Without scripts, Delete asks 'Are you sure?' on the page itself (?delete=<id>).
  const confirming = Number(new URL(args.request.url).searchParams.get('delete')) || null;
  return { addresses: data, confirming };
}

/** docs/product.md#messages: 'DELETED Successfully !'; a 400 shows the error, anything else 'Error Deleting !'. */
export async function action(args: Route.ActionArgs) {
  await requireBuyer(args);
  const form = await args.request.formData();
  const res = await call(args, ROUTES['addresses.delete'], { body: { id: numberField(form, 'id') } });
  if (!res.ok) {
    const text = res.status === 400 ? (res.errors[0] ?? res.message) : 'Error Deleting !';
    return formAnswer({ notice: { kind: 'error', text } }, res.status);
  }
  return redirectWithFlash(args, '/addresses', { kind: 'success', text: MESSAGES.addressDeleted }, { replace: true });
}

export default function AddressesPage({ loaderData, actionData }: Route.ComponentProps) {
  const { addresses, confirming } = loaderData;
  return (
    <div className="container-shop max-w-4xl py-10">
      <PageHeading title="Addresses">
        <Link to="/address/add" className={buttonClass.primary}>
          Add New Address
        </Link>
      </PageHeading>
      <Notice notice={actionData?.notice} className="mb-6" />
      {addresses.length === 0 ? (
        <p className="rounded-3xl bg-sand px-6 py-12 text-center text-muted">You have not saved an address yet.</p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2">
          {addresses.map((a) => (
            <li key={a.id} className="flex flex-col rounded-3xl bg-white p-6 shadow-sm">
              <address className="flex-1 text-sm not-italic">
                {a.name && <span className="block font-semibold">{a.name}</span>}
                <span className="block font-semibold">{a.address}</span>
                {a.locality}
                <br />
                {a.city}, {a.state} {a.pincode}
                <br />
                {a.country}
                <br />
                Phone {a.phone}
              </address>
              {confirming === a.id ? (
                <ConfirmOnPage id={a.id} />
              ) : (
                <div className="mt-4 flex gap-2">
                  <Link to={`/address/update?id=${a.id}`} className={buttonClass.secondary}>
                    Update
                  </Link>
                  <DeleteAddress id={a.id} />
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

const DeleteForm = ({ id, children }: { id: number; children: React.ReactNode }) => (
  <Form method="post" replace preventScrollReset>
    <input type="hidden" name="id" value={id} />
    {children}
  </Form>
);

/** Before the scripts run: the question on the card, YES posts, NO goes back to the list. */
function ConfirmOnPage({ id }: { id: number }) {
  return (
    <div role="alertdialog" aria-labelledby={`confirm-${id}`} className="mt-4 rounded-2xl bg-sand p-4">
      <p id={`confirm-${id}`} className="font-display text-xl">
        Are you sure?
      </p>
      <p className="mt-1 text-sm text-muted">This action cannot be undone.</p>
      <div className="mt-4 flex gap-3">
        <DeleteForm id={id}>
          <button type="submit" className={buttonClass.primary}>
            YES
          </button>
        </DeleteForm>
        <Link to="/addresses" replace className={buttonClass.secondary}>
          NO
        </Link>
      </div>
    </div>
  );
}

/** Delete (docs/product.md#screens): a dialog asks 'Are you sure?' once the scripts run; before, a link to the question on the page. */
function DeleteAddress({ id }: { id: number }) {
  const hydrated = useHydrated();
  const fetcher = useFetcher();
  if (!hydrated) {
    return (
      <Link to={`/addresses?delete=${id}`} className={buttonClass.quiet}>
        Delete
      </Link>
    );
  }
  return (
    <AlertDialog.Root>
      <Notice notice={(fetcher.data as FormAnswer | undefined)?.notice} inline={false} />
      <AlertDialog.Trigger asChild>
        <button type="button" className={buttonClass.quiet} disabled={fetcher.state !== 'idle'}>
          {fetcher.state !== 'idle' ? 'Deleting...' : 'Delete'}
        </button>
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-ink/40" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[min(92vw,24rem)] -translate-x-1/2 -translate-y-1/2 rounded-3xl bg-white p-6 shadow-xl">
          <AlertDialog.Title className="font-display text-2xl">Are you sure?</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-muted">This action cannot be undone.</AlertDialog.Description>
          <div className="mt-6 flex justify-end gap-3">
            <AlertDialog.Cancel asChild>
              <button type="button" className={buttonClass.secondary}>
                NO
              </button>
            </AlertDialog.Cancel>
            <AlertDialog.Action asChild>
              <button
                type="button"
                className={buttonClass.primary}
                onClick={() => void fetcher.submit({ id }, { method: 'post', preventScrollReset: true })}
              >
                YES
              </button>
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
