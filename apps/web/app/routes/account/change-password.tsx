import { ROUTES } from '@shop/contract/lite';
import { ChangePasswordBody } from '@shop/contract';
import { AccountForm } from '~/components/account/account-form';
import { PasswordField } from '~/components/forms/fields';
import { accountAction } from '~/lib/account.server';
import type { Route } from './+types/change-password';

export const meta = () => [{ title: 'Change password | Little Loom' }, { name: 'robots', content: 'noindex' }];

/** The current password, then the new one; every other device is signed out (docs/product.md). */
export const action = (args: Route.ActionArgs) =>
  accountAction(args, ChangePasswordBody, {
    endpoint: ROUTES['accounts.changePassword'],
    to: '/my-profile',
    flash: (text) => ({ kind: 'success', text }),
  });

export default function ChangePasswordPage({ actionData }: Route.ComponentProps) {
  return (
    <AccountForm
      title="Change password"
      schema={ChangePasswordBody}
      answer={actionData}
      submit="Change password"
      pendingLabel="Updating..."
      fields={(errors) => (
        <>
          <PasswordField
            label="Current password"
            name="current_password"
            autoComplete="current-password"
            error={errors.current_password}
          />
          <PasswordField
            label="New password"
            name="new_password"
            autoComplete="new-password"
            hint="At least 8 characters. You stay signed in here; other devices are signed out."
            error={errors.new_password}
          />
        </>
      )}
    />
  );
}
