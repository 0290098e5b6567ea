import { ROUTES } from '@shop/contract/lite';
import { MESSAGES, PASSWORD_MIN_LENGTH, ResetPasswordBody } from '@shop/contract';
import { Form, Link } from 'react-router';
import { AuthCard, TextLink } from '~/components/auth/auth-card';
import { PasswordField, SubmitButton } from '~/components/forms/fields';
import { useFormCheck } from '~/components/forms/use-form-check';
import { Notice } from '~/components/ui/notice';
import { sessionToken } from '~/lib/api.server';
import type { FormAnswer } from '~/lib/flash';
import { redirectWithFlash } from '~/lib/flash.server';
import { checkForm } from '~/lib/form';
import { apiErrorText, formAnswer } from '~/lib/form.server';
import { useSubmitting } from '~/lib/pending';
import { endRecoveryHeader, readRecovery } from '~/lib/recovery.server';
import { signOutCookie } from '~/lib/session.server';
import { canonical, seoMeta } from '~/lib/seo';
import type { Route } from './+types/reset-password';
import { buttonClass } from '~/components/ui/button';
import { call } from '~/lib/call.server';

const NewPassword = ResetPasswordBody.pick({ new_password: true });

/** The email and the checked code come from the recovery cookie (lib/recovery.server.ts). */
export async function loader(args: Route.LoaderArgs) {
  const recovery = await readRecovery(args);
  return { url: canonical(args.request.url), email: recovery?.otp ? recovery.email : null };
}

/**
 * Sets the new password (docs/product.md#messages: 'Password changed successfully'; 404 'User
 * not found'; 400 'Otp Expired !'), which ends every session of the account,
 * this browser's included, and goes home.
 */
export async function action(args: Route.ActionArgs) {
  const recovery = await readRecovery(args);
  if (!recovery?.otp) return redirectWithFlash(args, '/reset-password', null);
  const checked = checkForm(NewPassword, await args.request.formData());
  if (!checked.ok) return formAnswer({ fieldErrors: checked.errors });
  const body = { email: recovery.email, otp: recovery.otp, new_password: checked.data.new_password };
  const res = await call(args, ROUTES['accounts.resetPassword'], { body });
  if (!res.ok) {
    const text = res.status === 404 ? MESSAGES.userNotFound : apiErrorText(res);
    return formAnswer(
      { notice: { kind: 'error', text }, outcome: res.status === 400 ? 'expired' : undefined },
      res.status,
    );
  }
  const cookies = [await endRecoveryHeader(args), ...(sessionToken(args) ? [signOutCookie(args)] : [])];
  return redirectWithFlash(
    args,
    '/',
    { kind: 'success', text: MESSAGES.passwordChanged },
    { cookies, revalidate: true },
  );
}

export const meta: Route.MetaFunction = ({ data }) => [
  ...seoMeta({
    title: 'Choose a new password',
    description: 'Choose a new password for your account.',
    url: data?.url ?? '/reset-password',
  }),
  { name: 'robots', content: 'noindex' },
];

export default function ResetPasswordPage({ loaderData, actionData }: Route.ComponentProps) {
  if (!loaderData.email) {
    return (
      <AuthCard
        icon="lock"
        title="This link is incomplete"
        description={
          <p>
            A new password needs the email address and the code we sent to it. Ask for a code and we will take you
            through it step by step.
          </p>
        }
      >
        <Link to="/forgot-password" className={`${buttonClass.large} w-full`}>
          Get a code
        </Link>
      </AuthCard>
    );
  }
  return <ResetForm email={loaderData.email} answer={actionData} />;
}

function ResetForm({ email, answer }: { email: string; answer?: FormAnswer }) {
  const { errors, formProps } = useFormCheck(NewPassword, answer?.fieldErrors);
  const pending = useSubmitting();
  return (
    <AuthCard
      icon="lock"
      title="Choose a new password"
      description={
        <p>
          For <strong className="font-semibold break-all text-ink">{email}</strong>. You will use it the next time you
          log in.
        </p>
      }
      footer={
        <>
          Changed your mind? <TextLink to="/login">Back to log in</TextLink>
        </>
      }
    >
      <Form method="post" className="space-y-5" {...formProps}>
        {/* Lets a password manager save the new password under the right account. */}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden aria-hidden="true" />
        <PasswordField
          label="New password"
          name="new_password"
          autoComplete="new-password"
          autoFocus
          hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
          error={errors.new_password}
        />
        <Notice notice={answer?.notice} />
        {answer?.outcome === 'expired' && (
          <p className="rounded-xl bg-brand-soft px-4 py-3 text-sm text-ink">
            This code can no longer be used. <TextLink to="/forgot-password">Get a new code</TextLink>
          </p>
        )}
        <SubmitButton pending={pending} pendingLabel="Saving..." className="w-full">
          Save new password
        </SubmitButton>
      </Form>
    </AuthCard>
  );
}
