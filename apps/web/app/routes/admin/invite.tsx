import { ADMIN_ROUTES, AcceptInviteBody, MESSAGES } from '@shop/contract';
import { Form, redirect, useSearchParams } from 'react-router';
import { adminMeta } from '~/components/admin/meta';
import { AdminNotice } from '~/components/ui/notice';
import { PasswordField, SubmitButton } from '~/components/forms/fields';
import { checkForm } from '~/lib/form';
import { formAnswer } from '~/lib/form.server';
import { useSubmitting } from '~/lib/pending';
import type { Route } from './+types/invite';
import { call } from '~/lib/call.server';

export const meta = () => adminMeta('Choose your password');

/** The invitation's link (docs/back-office.md): choose a password, then sign in. Works without scripts. */
export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData();
  const checked = checkForm(AcceptInviteBody, form);
  if (!checked.ok)
    return formAnswer({
      fieldErrors: checked.errors,
      notice: checked.errors.code ? { kind: 'error', text: checked.errors.code } : undefined,
    });
  const res = await call(args, ADMIN_ROUTES['admin.auth.acceptInvite'], { body: checked.data }, { anonymous: true });
  if (!res.ok) {
    const text = res.status >= 500 ? MESSAGES.serverError : (res.errors[0] ?? res.message);
    return formAnswer({ notice: { kind: 'error', text } }, res.status);
  }
  throw redirect('/admin/login?invited=1');
}

export default function Invite({ actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const pending = useSubmitting();
  return (
    <main className="flex min-h-dvh items-center justify-center bg-cream px-4 py-10">
      <div className="w-full max-w-sm rounded-2xl border border-linen bg-white p-6 shadow-sm sm:p-8">
        <p className="text-xs font-bold tracking-[0.2em] text-brand-dark uppercase">Back office</p>
        <h1 className="mt-2 mb-2 text-2xl text-ink">Choose your password</h1>
        <p className="mb-6 text-sm break-all text-muted">For {params.get('email') ?? 'your account'}</p>
        <AdminNotice notice={actionData?.notice} />
        <Form method="post" className="space-y-5">
          <input type="hidden" name="email" value={params.get('email') ?? ''} />
          <input type="hidden" name="code" value={params.get('code') ?? ''} />
          <PasswordField
            label="New password"
            name="password"
            autoComplete="new-password"
            required
            minLength={8}
            hint="At least 8 characters."
            error={actionData?.fieldErrors?.password}
          />
          <SubmitButton pending={pending} pendingLabel="Saving..." className="w-full">
            Save and continue
          </SubmitButton>
        </Form>
      </div>
    </main>
  );
}
