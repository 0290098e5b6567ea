import { ADMIN_ROUTES, ADMIN_MESSAGES, AdminLoginBody, MESSAGES, adminSessionCookie } from '@shop/contract';
import { Form, redirect, useSearchParams } from 'react-router';
import { AdminNotice } from '~/components/ui/notice';
import { safeRedirect } from '~/components/auth/redirect';
import { PasswordField, SubmitButton, TextField } from '~/components/forms/fields';
import { getStaff } from '~/lib/admin.server';
import { shopContext } from '~/lib/api.server';
import { checkForm, textField } from '~/lib/form';
import { formAnswer } from '~/lib/form.server';
import { useSubmitting } from '~/lib/pending';
import type { Route } from './+types/login';
import { adminMeta } from '~/components/admin/meta';
import { call } from '~/lib/call.server';

export const meta = () => adminMeta('Sign in');

/** Only back-office pages after signing in: anything else goes to the dashboard. */
const backTo = (to: string | null) => {
  const safe = safeRedirect(to, '/admin');
  return safe === '/admin' || safe.startsWith('/admin/') || safe.startsWith('/admin?') ? safe : '/admin';
};

export async function loader(args: Route.LoaderArgs) {
  if (await getStaff(args)) throw redirect(backTo(new URL(args.request.url).searchParams.get('redirectTo')));
  return null;
}

/** The back office's own sign-in (a form that posts; no scripts needed): its own cookie, never the shopper's. */
export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData();
  const values = { email: textField(form, 'email') };
  const checked = checkForm(AdminLoginBody, form);
  if (!checked.ok) return formAnswer({ values, fieldErrors: checked.errors });
  const res = await call(args, ADMIN_ROUTES['admin.auth.login'], { body: checked.data }, { anonymous: true });
  if (!res.ok) {
    const text =
      res.status === 401
        ? MESSAGES.invalidCredentials
        : res.status >= 500
          ? MESSAGES.serverError
          : (res.errors[0] ?? res.message);
    return formAnswer({ values, notice: { kind: 'error', text } }, res.status);
  }
  const cookie = adminSessionCookie(res.data.token, shopContext(args.context).secureCookies);
  throw redirect(backTo(textField(form, 'redirectTo')), { headers: { 'set-cookie': cookie } });
}

export default function AdminLogin({ actionData }: Route.ComponentProps) {
  const answer = actionData;
  const [params] = useSearchParams();
  const pending = useSubmitting();
  return (
    <main className="flex min-h-dvh items-center justify-center bg-cream px-4 py-10">
      <div className="w-full max-w-sm rounded-2xl border border-linen bg-white p-6 shadow-sm sm:p-8">
        <p className="text-xs font-bold tracking-[0.2em] text-brand-dark uppercase">Back office</p>
        <h1 className="mt-2 mb-6 text-2xl text-ink">Sign in</h1>
        {params.get('signed_out') === '1' && (
          <AdminNotice notice={{ kind: 'success', text: ADMIN_MESSAGES.signedOut }} />
        )}
        {params.get('invited') === '1' && (
          <AdminNotice notice={{ kind: 'success', text: 'Password saved. Sign in with it now.' }} />
        )}
        <AdminNotice notice={answer?.notice} />
        <Form method="post" className="space-y-5" noValidate>
          <input type="hidden" name="redirectTo" value={params.get('redirectTo') ?? ''} />
          <TextField
            label="Email address"
            name="email"
            type="email"
            autoComplete="username"
            autoCapitalize="off"
            spellCheck={false}
            required
            defaultValue={answer?.values?.email ?? ''}
            error={answer?.fieldErrors?.email}
          />
          <PasswordField
            label="Password"
            name="password"
            autoComplete="current-password"
            required
            error={answer?.fieldErrors?.password}
          />
          <SubmitButton pending={pending} pendingLabel="Signing in..." className="w-full">
            Sign in
          </SubmitButton>
        </Form>
      </div>
    </main>
  );
}
