import { ROUTES } from '@shop/contract/lite';
import { MESSAGES, formatRupees, type UpdateUserBody, UpdateUserBody as UpdateUserSchema } from '@shop/contract';
import { Form, Link } from 'react-router';
import { PageHeading } from '~/components/account/page-heading';
import { buttonClass } from '~/components/ui/button';
import { LogoutButton } from '~/components/auth/logout-button';
import { TextField } from '~/components/forms/fields';
import { useFormCheck } from '~/components/forms/use-form-check';
import { Notice } from '~/components/ui/notice';
import { redirectWithFlash } from '~/lib/flash.server';
import { checkForm, textField } from '~/lib/form';
import { failed, formAnswer } from '~/lib/form.server';
import { useSubmitting } from '~/lib/pending';
import { here, requireUser } from '~/lib/session.server';
import type { Route } from './+types/profile';
import { call, read } from '~/lib/call.server';

export const meta = () => [{ title: 'My Profile | Little Loom' }, { name: 'robots', content: 'noindex' }];

/** The form's fields, checked as the API checks them (the id is the signed-in shopper's). */
const ProfileFields = UpdateUserSchema.pick({ name: true, phone: true });

/** Self-service (docs/product.md, 'Your account'); the last two are the shopper's DPDP rights. */
const ACCOUNT_LINKS = [
  { to: '/my-profile/credit', label: 'Store credit' },
  { to: '/my-profile/messages', label: 'Messages and reminders' },
  { to: '/my-profile/password', label: 'Change password' },
  { to: '/my-profile/email', label: 'Change email' },
  { to: '/my-profile/data', label: 'Download my data (JSON)', download: true },
  { to: '/my-profile/delete', label: 'Delete my account' },
];

export async function loader(args: Route.LoaderArgs) {
  const user = await requireUser(args);
  return { user, credit: await read(args, ROUTES['accounts.credit']) };
}

/** docs/product.md#messages: 'Profile Updated Successfully !'; a 400 shows the first of the server's errors. */
export async function action(args: Route.ActionArgs) {
  const user = await requireUser(args);
  const form = await args.request.formData();
  const values = { name: textField(form, 'name'), phone: textField(form, 'phone') };
  const checked = checkForm(ProfileFields, form);
  if (!checked.ok) return formAnswer({ fieldErrors: checked.errors, values });
  const body: UpdateUserBody = { id: user.id, ...checked.data };
  const res = await call(args, ROUTES['accounts.update'], { body });
  if (!res.ok) return failed(res, { values }, 'Error Adding Contact !');
  return redirectWithFlash(args, here(args), { kind: 'success', text: MESSAGES.profileUpdated }, { replace: true });
}

export default function ProfilePage({ loaderData, actionData }: Route.ComponentProps) {
  const { user, credit } = loaderData;
  const answer = actionData;
  const { errors, formProps } = useFormCheck(ProfileFields, answer?.fieldErrors);
  const pending = useSubmitting();
  return (
    <div className="container-shop max-w-xl py-10">
      <PageHeading title="My Profile" />
      <Form
        method="post"
        // Saved: the fields start again from what the server now holds.
        key={`${user.name}|${user.phone}`}
        className="space-y-5 rounded-3xl bg-white p-6 shadow-sm sm:p-8"
        {...formProps}
      >
        <TextField
          label="Name"
          name="name"
          autoComplete="name"
          defaultValue={answer?.values?.name ?? user.name}
          error={errors.name}
        />
        <TextField
          label="Email"
          type="email"
          value={user.email}
          disabled
          readOnly
          hint="Your email is your sign-in: change it below."
        />
        <TextField
          label="Phone"
          name="phone"
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          defaultValue={answer?.values?.phone ?? user.phone}
          error={errors.phone}
        />
        <Notice notice={answer?.notice} />
        <button type="submit" className={`${buttonClass.primary} w-full`} disabled={pending}>
          {pending ? 'Updating...' : 'Update Profile'}
        </button>
      </Form>
      <nav aria-labelledby="account-heading" className="mt-6 rounded-3xl bg-white p-6 shadow-sm sm:p-8">
        <h2 id="account-heading" className="text-xl">
          Your account
        </h2>
        <ul className="mt-3 divide-y divide-linen">
          {ACCOUNT_LINKS.map(({ to, label, download }) => (
            <li key={to}>
              {download ? (
                // A file, not a page: the browser downloads it.
                <a href={to} download className="block py-3 font-semibold text-brand-dark hover:underline">
                  {label}
                </a>
              ) : (
                <Link to={to} className="flex justify-between gap-4 py-3 font-semibold text-brand-dark hover:underline">
                  {label}
                  {to === '/my-profile/credit' && <span className="text-ink">{formatRupees(credit.balance)}</span>}
                </Link>
              )}
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-6 text-center">
        <LogoutButton className={buttonClass.quiet}>Log out</LogoutButton>
      </div>
    </div>
  );
}
