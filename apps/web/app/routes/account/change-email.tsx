import { ROUTES } from '@shop/contract/lite';
import { ChangeEmailBody, ConfirmEmailBody } from '@shop/contract';
import { Link } from 'react-router';
import { AccountForm } from '~/components/account/account-form';
import { EmailField, TextField } from '~/components/forms/fields';
import { accountAction } from '~/lib/account.server';
import { requireUser } from '~/lib/session.server';
import type { Route } from './+types/change-email';

export const meta = () => [{ title: 'Change email | Little Loom' }, { name: 'robots', content: 'noindex' }];

const codeStep = (url: string) => new URL(url).searchParams.get('step') === 'code';

export async function loader(args: Route.LoaderArgs) {
  const user = await requireUser(args);
  return { email: user.email, code: codeStep(args.request.url) };
}

/**
 * Two steps (docs/product.md): the new address gets a code; the code, typed
 * here, makes it the account's. The address typed is never put in the URL.
 */
export const action = (args: Route.ActionArgs) =>
  codeStep(args.request.url)
    ? accountAction(args, ConfirmEmailBody, {
        endpoint: ROUTES['accounts.confirmEmail'],
        to: '/my-profile',
        flash: (text) => ({ kind: 'success', text }),
      })
    : accountAction(args, ChangeEmailBody, {
        endpoint: ROUTES['accounts.changeEmail'],
        to: '/my-profile/email?step=code',
        flash: (text) => ({ kind: 'info', text }),
        keep: ['email'],
      });

export default function ChangeEmailPage({ loaderData, actionData }: Route.ComponentProps) {
  const { code, email } = loaderData;
  return (
    <AccountForm
      // A new step is a new form: nothing typed in the other carries over.
      key={String(code)}
      title="Change email"
      schema={code ? ConfirmEmailBody : ChangeEmailBody}
      answer={actionData}
      submit={code ? 'Confirm new email' : 'Send code'}
      pendingLabel={code ? 'Checking...' : 'Sending...'}
      intro={
        <p className="text-muted">
          {code
            ? `Enter the 6-digit code we sent to your new address. Until then you sign in with ${email}.`
            : `You sign in with ${email}. We will send a code to the new address to make sure it is yours.`}
        </p>
      }
      fields={(errors) =>
        code ? (
          <TextField
            label="Code from the email"
            name="otp"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            error={errors.otp}
          />
        ) : (
          <EmailField
            label="New email address"
            name="email"
            defaultValue={actionData?.values?.email}
            error={errors.email}
          />
        )
      }
      footer={
        code && (
          <p className="text-center">
            <Link to="/my-profile/email" className="font-semibold text-brand-dark hover:underline">
              Send a new code
            </Link>
          </p>
        )
      }
    />
  );
}
