import { Email, MESSAGES, OTP_LENGTH, VerifyOtpBody } from '@shop/contract';
import { useId, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Link, useNavigate } from 'react-router';
import { AuthCard, TextLink } from '~/components/auth/auth-card';
import { OtpInput, type OtpInputHandle } from '~/components/auth/otp-input';
import { useRecoveryParam } from '~/components/auth/recovery';
import { isStatus, serverText } from '~/components/forms/errors';
import { FieldError, SubmitButton } from '~/components/forms/fields';
import { api } from '~/lib/api';
import { canonical, seoMeta } from '~/lib/seo';
import { toast } from '~/lib/toast';
import type { Route } from './+types/otp-page';

export function loader({ request }: Route.LoaderArgs) {
  return { url: canonical(request.url) };
}

export const meta: Route.MetaFunction = ({ data }) => [
  ...seoMeta({
    title: 'Enter your code',
    description: `Enter the ${OTP_LENGTH}-digit code we emailed you to choose a new password.`,
    url: data?.url ?? '/otp-page',
  }),
  { name: 'robots', content: 'noindex' },
];

export default function OtpPage() {
  const raw = useRecoveryParam('email');
  const email = Email.safeParse(raw.value);
  if (!raw.settled) {
    return (
      <AuthCard icon="lock" title="Check your email" description={<p>Loading...</p>}>
        {null}
      </AuthCard>
    );
  }
  if (!email.success) return <NoEmail />;
  return <OtpForm key={email.data} email={email.data} />;
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
      <Link
        to="/forgot-password"
        className="flex min-h-12 w-full items-center justify-center rounded-full bg-brand px-8 py-3 font-semibold text-white shadow-sm hover:bg-brand-dark"
      >
        Get a code
      </Link>
    </AuthCard>
  );
}

function OtpForm({ email }: { email: string }) {
  const navigate = useNavigate();
  const labelId = useId();
  const errorId = useId();
  const boxes = useRef<OtpInputHandle>(null);
  const busy = useRef(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function verify(otp: string) {
    if (busy.current) return;
    const body = VerifyOtpBody.safeParse({ email, otp });
    if (!body.success) {
      setError(body.error.issues[0]?.message ?? MESSAGES.invalidOtp);
      boxes.current?.focus();
      return;
    }
    busy.current = true;
    setPending(true);
    setError(null);
    try {
      await api('/verify-forgot-otp', { method: 'POST', body: body.data, auth: false });
      toast.success(MESSAGES.otpMatched);
      // The code stays out of the address (page-view logs, analytics, shared links): the
      // navigation state carries it, and it survives a reload in this tab.
      await navigate(`/reset-password?email=${encodeURIComponent(email)}`, {
        state: { email, otp: body.data.otp },
      });
    } catch (err) {
      if (isStatus(err, 404)) {
        toast.error(MESSAGES.userNotFoundWithEmail);
      } else if (isStatus(err, 400)) {
        // 'Invalid Otp !' or 'Otp Expired !', in the server's words.
        const text = err.firstError;
        toast.error(text);
        setError(text);
        // Enable the boxes again now, so the caret can go back to the first one.
        busy.current = false;
        flushSync(() => setPending(false));
        setCode('');
        boxes.current?.clear();
      } else {
        toast.error(serverText(err));
      }
    } finally {
      busy.current = false;
      setPending(false);
    }
  }

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
          Did not get it? Check your spam folder, or{' '}
          <TextLink to={`/forgot-password?email=${encodeURIComponent(email)}`}>Resend code</TextLink>
        </>
      }
    >
      <form
        noValidate
        className="space-y-6"
        onSubmit={(e) => {
          e.preventDefault();
          void verify(code);
        }}
      >
        <div>
          <p id={labelId} className="mb-3 text-center text-sm font-semibold text-ink">
            Enter the code
          </p>
          <OtpInput
            ref={boxes}
            labelledBy={labelId}
            describedBy={error ? errorId : undefined}
            invalid={!!error}
            disabled={pending}
            autoFocus
            onChange={(value) => {
              setCode(value);
              if (error) setError(null);
            }}
            onComplete={(value) => void verify(value)}
          />
          {error && (
            <div className="flex justify-center">
              <FieldError id={errorId}>{error}</FieldError>
            </div>
          )}
        </div>
        <SubmitButton pending={pending} pendingLabel="Checking..." className="w-full">
          Submit
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
