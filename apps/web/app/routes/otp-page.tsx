import { ROUTES } from '@shop/contract/lite';
import { MESSAGES, OTP_LENGTH, VerifyOtpBody } from '@shop/contract';
import { useEffect, useId, useRef } from 'react';
import { Form, Link, useSubmit } from 'react-router';
import { AuthCard, TextLink } from '~/components/auth/auth-card';
import { OtpInput, type OtpInputHandle } from '~/components/auth/otp-input';
import { FieldError, SubmitButton } from '~/components/forms/fields';
import { Notice } from '~/components/ui/notice';
import type { FormAnswer } from '~/lib/flash';
import { redirectWithFlash } from '~/lib/flash.server';
import { apiErrorText, formAnswer } from '~/lib/form.server';
import { useSubmitting } from '~/lib/pending';
import { readRecovery, recoveryHeader } from '~/lib/recovery.server';
import { canonical, seoMeta } from '~/lib/seo';
import type { Route } from './+types/otp-page';
import { buttonClass } from '~/components/ui/button';
import { call } from '~/lib/call.server';

/** The email the code went to comes from the recovery cookie (lib/recovery.server.ts). */
export async function loader(args: Route.LoaderArgs) {
  const recovery = await readRecovery(args);
  return { url: canonical(args.request.url), email: recovery?.email ?? null };
}

/**
 * Checks the code (docs/product.md#messages: 'Otp Matched Successfully !'; 404 'User not found
 * with this email !'; 400 'Invalid Otp !'), then on to choose a new password.
 * The six boxes are six fields named `otp`: their digits make the code.
 */
export async function action(args: Route.ActionArgs) {
  const recovery = await readRecovery(args);
  if (!recovery) return redirectWithFlash(args, '/otp-page', null);
  const form = await args.request.formData();
  const otp = form
    .getAll('otp')
    .map((v) => (typeof v === 'string' ? v.replace(/\D/g, '') : ''))
    .join('');
  const checked = VerifyOtpBody.safeParse({ email: recovery.email, otp });
  if (!checked.success) {
    return formAnswer({ fieldErrors: { otp: checked.error.issues[0]?.message ?? MESSAGES.invalidOtp } });
  }
  const res = await call(args, ROUTES['accounts.verifyResetCode'], { body: checked.data });
  if (!res.ok) {
    const text = res.status === 404 ? MESSAGES.userNotFoundWithEmail : apiErrorText(res);
    return formAnswer(
      { notice: { kind: 'error', text }, fieldErrors: res.status === 400 ? { otp: text } : undefined },
      res.status,
    );
  }
  return redirectWithFlash(
    args,
    '/reset-password',
    { kind: 'success', text: MESSAGES.otpMatched },
    { cookies: [await recoveryHeader(args, { email: recovery.email, otp: checked.data.otp })] },
  );
}

export const meta: Route.MetaFunction = ({ data }) => [
  ...seoMeta({
    title: 'Enter your code',
    description: `Enter the ${OTP_LENGTH}-digit code we emailed you to choose a new password.`,
    url: data?.url ?? '/otp-page',
  }),
  { name: 'robots', content: 'noindex' },
];

export default function OtpPage({ loaderData, actionData }: Route.ComponentProps) {
  if (!loaderData.email) return <NoEmail />;
  return <OtpForm email={loaderData.email} answer={actionData} />;
}

function NoEmail() {
  return (
    <AuthCard
      icon="mail"
      title="Which account is it for?"
      description={
        <p>
          To check a code we need the email address it was sent to. Start from the forgot-password page and we will send
          you a fresh {OTP_LENGTH}-digit code.
        </p>
      }
    >
      <Link to="/forgot-password" className={`${buttonClass.large} w-full`}>
        Get a code
      </Link>
    </AuthCard>
  );
}

function OtpForm({ email, answer }: { email: string; answer?: FormAnswer }) {
  const submit = useSubmit();
  const labelId = useId();
  const errorId = useId();
  const boxes = useRef<OtpInputHandle>(null);
  const pending = useSubmitting();
  const error = answer?.fieldErrors?.otp;

  // A refused code: the boxes empty again, the caret back in the first.
  useEffect(() => {
    if (answer?.fieldErrors?.otp) boxes.current?.clear();
  }, [answer]);

  return (
    <AuthCard
      icon="lock"
      title="Check your email"
      description={
        <p>
          We sent a {OTP_LENGTH}-digit code to <strong className="font-semibold break-all text-ink">{email}</strong>. It
          is valid for 10 minutes.
        </p>
      }
      footer={
        <>
          Did not get it? Check your spam folder, or <TextLink to="/forgot-password">Resend code</TextLink>
        </>
      }
    >
      <Form method="post" noValidate className="space-y-6">
        <div>
          <p id={labelId} className="mb-3 text-center text-sm font-semibold text-ink">
            Enter the code
          </p>
          <OtpInput
            ref={boxes}
            name="otp"
            labelledBy={labelId}
            describedBy={error ? errorId : undefined}
            invalid={!!error}
            disabled={pending}
            autoFocus
            // The last digit sends the code, as the Submit button does.
            onComplete={(otp) => {
              if (!pending) void submit({ otp }, { method: 'post' });
            }}
          />
          {error && (
            <div className="flex justify-center">
              <FieldError id={errorId}>{error}</FieldError>
            </div>
          )}
        </div>
        {/* A refused code is said under the boxes; the toast says it too once the scripts run. */}
        <Notice notice={answer?.notice} inline={!error} />
        <SubmitButton pending={pending} pendingLabel="Checking..." className="w-full">
          Submit
        </SubmitButton>
      </Form>
    </AuthCard>
  );
}
