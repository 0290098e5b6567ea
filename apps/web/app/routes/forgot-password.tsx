import { ROUTES } from '@shop/contract/lite';
import { ForgotPasswordBody, MESSAGES, OTP_LENGTH } from '@shop/contract';
import { useEffect, useRef } from 'react';
import { Form, useLocation } from 'react-router';
import { AuthCard, TextLink } from '~/components/auth/auth-card';
import { EmailField, SubmitButton } from '~/components/forms/fields';
import { useFormCheck } from '~/components/forms/use-form-check';
import { Notice } from '~/components/ui/notice';
import { SHOP_NAME } from '~/lib/config';
import { redirectWithFlash } from '~/lib/flash.server';
import { checkForm, textField } from '~/lib/form';
import { failed, formAnswer } from '~/lib/form.server';
import { useSubmitting } from '~/lib/pending';
import { readRecovery, recoveryHeader } from '~/lib/recovery.server';
import { canonical, seoMeta } from '~/lib/seo';
import type { Route } from './+types/forgot-password';
import { call } from '~/lib/call.server';

/** 'Resend code' from the OTP page comes back with the email already known (the recovery cookie). */
export async function loader(args: Route.LoaderArgs) {
  const recovery = await readRecovery(args);
  return { url: canonical(args.request.url), email: recovery?.email ?? '' };
}

/** Sends the code (docs/product.md#messages: 'Otp Sent Successfully !', 404 'User not found'), then on to the OTP page. */
export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData();
  const values = { email: textField(form, 'email') };
  const checked = checkForm(ForgotPasswordBody, form);
  if (!checked.ok) return formAnswer({ fieldErrors: checked.errors, values });
  const res = await call(args, ROUTES['accounts.forgotPassword'], { body: checked.data });
  if (!res.ok) {
    if (res.status === 404) return formAnswer({ notice: { kind: 'error', text: MESSAGES.userNotFound }, values }, 404);
    return failed(res, { values });
  }
  return redirectWithFlash(
    args,
    '/otp-page',
    { kind: 'success', text: MESSAGES.otpSent },
    { cookies: [await recoveryHeader(args, { email: checked.data.email })] },
  );
}

export const meta: Route.MetaFunction = ({ data }) => [
  ...seoMeta({
    title: 'Forgot your password?',
    description: `Get a one-time code by email to choose a new password for your ${SHOP_NAME} account.`,
    url: data?.url ?? '/forgot-password',
  }),
  { name: 'robots', content: 'noindex' },
];

export default function ForgotPasswordPage({ loaderData, actionData }: Route.ComponentProps) {
  const answer = actionData;
  const { errors, formProps } = useFormCheck(ForgotPasswordBody, answer?.fieldErrors);
  const pending = useSubmitting();
  const email = useRef<HTMLInputElement>(null);
  // The login form's 'Lost Your Password?' hands over the email typed there (navigation state).
  const handedOver = (useLocation().state as { email?: unknown } | null)?.email;
  useEffect(() => {
    if (typeof handedOver === 'string' && email.current && !email.current.value) email.current.value = handedOver;
  }, [handedOver]);

  return (
    <AuthCard
      icon="mail"
      title="Forgot your password?"
      description={
        <p>
          Enter the email address of your account and we will send you an OTP, a {OTP_LENGTH}-digit code, to choose a
          new password.
        </p>
      }
      footer={
        <>
          Remembered it? <TextLink to="/login">Back to log in</TextLink>
        </>
      }
    >
      <Form method="post" className="space-y-5" {...formProps}>
        <EmailField
          ref={email}
          name="email"
          autoFocus
          defaultValue={answer?.values?.email ?? loaderData.email}
          error={errors.email}
        />
        <Notice notice={answer?.notice} />
        <SubmitButton pending={pending} pendingLabel="Sending..." className="w-full">
          Next
        </SubmitButton>
      </Form>
    </AuthCard>
  );
}
