import { zodResolver } from '@hookform/resolvers/zod';
import { Email, MESSAGES, Otp, PASSWORD_MIN_LENGTH, ResetPasswordBody } from '@shop/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { AuthCard, TextLink } from '~/components/auth/auth-card';
import { useRecoveryParam } from '~/components/auth/recovery';
import { isStatus, serverText } from '~/components/forms/errors';
import { PasswordField, SubmitButton } from '~/components/forms/fields';
import { api } from '~/lib/api';
import { useAuth } from '~/lib/auth';
import { canonical, seoMeta } from '~/lib/seo';
import { toast } from '~/lib/toast';
import type { Route } from './+types/reset-password';

export function loader({ request }: Route.LoaderArgs) {
  return { url: canonical(request.url) };
}

export const meta: Route.MetaFunction = ({ data }) => [
  ...seoMeta({
    title: 'Choose a new password',
    description: 'Choose a new password for your account.',
    url: data?.url ?? '/reset-password',
  }),
  { name: 'robots', content: 'noindex' },
];

export default function ResetPasswordPage() {
  const rawEmail = useRecoveryParam('email');
  const rawOtp = useRecoveryParam('otp');
  const email = Email.safeParse(rawEmail.value);
  const otp = Otp.safeParse(rawOtp.value);
  if (!rawEmail.settled || !rawOtp.settled) {
    return (
      <AuthCard icon="lock" title="Choose a new password" description={<p>Loading...</p>}>
        {null}
      </AuthCard>
    );
  }
  if (!email.success || !otp.success) {
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
        <Link
          to="/forgot-password"
          className="flex min-h-12 w-full items-center justify-center rounded-full bg-brand px-8 py-3 font-semibold text-white shadow-sm hover:bg-brand-dark"
        >
          Get a code
        </Link>
      </AuthCard>
    );
  }
  return <ResetForm email={email.data} otp={otp.data} />;
}

function ResetForm({ email, otp }: { email: string; otp: string }) {
  const navigate = useNavigate();
  const auth = useAuth();
  const [expired, setExpired] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(ResetPasswordBody), defaultValues: { email, otp, new_password: '' } });

  const onSubmit = handleSubmit(async (body) => {
    try {
      await api('/reset-password', { method: 'POST', body, auth: false });
      toast.success(MESSAGES.passwordChanged);
      // A new password ends every session of the account, this browser's included.
      if (auth.status === 'signed-in') await auth.signOut({ quiet: true });
      await navigate('/', { replace: true });
    } catch (err) {
      if (isStatus(err, 404)) toast.error(MESSAGES.userNotFound);
      else if (isStatus(err, 400)) {
        toast.error(err.firstError); // 'Otp Expired !'
        setExpired(true);
      } else toast.error(serverText(err));
    }
  });

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
      <form onSubmit={(e) => void onSubmit(e)} noValidate className="space-y-5">
        {/* Lets a password manager save the new password under the right account. */}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden aria-hidden="true" />
        <PasswordField
          label="New password"
          autoComplete="new-password"
          autoFocus
          hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
          error={errors.new_password?.message}
          {...register('new_password')}
        />
        {expired && (
          <p className="rounded-xl bg-brand-soft px-4 py-3 text-sm text-ink">
            This code can no longer be used.{' '}
            <TextLink to={`/forgot-password?email=${encodeURIComponent(email)}`}>Get a new code</TextLink>
          </p>
        )}
        <SubmitButton pending={isSubmitting} pendingLabel="Saving..." className="w-full">
          Save new password
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
