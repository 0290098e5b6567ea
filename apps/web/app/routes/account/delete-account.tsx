import { ROUTES } from '@shop/contract/lite';
import { DeleteAccountBody } from '@shop/contract';
import { Link } from 'react-router';
import { AccountForm } from '~/components/account/account-form';
import { PasswordField } from '~/components/forms/fields';
import { accountAction } from '~/lib/account.server';
import type { Route } from './+types/delete-account';

export const meta = () => [{ title: 'Delete my account | Little Loom' }, { name: 'robots', content: 'noindex' }];

/** Confirmed with the password; this browser is signed out and goes home (docs/security.md). */
export const action = (args: Route.ActionArgs) =>
  accountAction(args, DeleteAccountBody, {
    endpoint: ROUTES['accounts.delete'],
    to: '/',
    flash: (text) => ({ kind: 'success', text }),
    signOut: true,
  });

export default function DeleteAccountPage({ actionData }: Route.ComponentProps) {
  return (
    <AccountForm
      title="Delete my account"
      schema={DeleteAccountBody}
      answer={actionData}
      submit="Delete my account"
      pendingLabel="Deleting..."
      danger
      intro={
        <>
          <p>
            <strong>What goes:</strong> your name, email address, phone, saved addresses, wishlist, cart and enquiries.
            You are signed out everywhere and can no longer sign in; the email address is free to use again.
          </p>
          <p>
            <strong>What stays:</strong> your orders and their tax invoices (with the delivery name and address they
            were sent to), because the law requires us to keep them for several years. See our{' '}
            <Link to="/privacy-policy" className="font-semibold text-brand-dark underline">
              privacy policy
            </Link>
            .
          </p>
          <p className="border-b border-linen pb-4">
            Want a copy first?{' '}
            <a href="/my-profile/data" download className="font-semibold text-brand-dark underline">
              Download my data
            </a>
          </p>
        </>
      }
      fields={(errors) => (
        <PasswordField label="Your password" name="password" autoComplete="current-password" error={errors.password} />
      )}
    />
  );
}
