import { zodResolver } from '@hookform/resolvers/zod';
import { ForgotPasswordBody, MESSAGES, OTP_LENGTH } from '@shop/contract';
import { useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { AuthCard, TextLink } from '~/components/auth/auth-card';
import { isStatus, serverText } from '~/components/forms/errors';
import { SubmitButton, TextField } from '~/components/forms/fields';
import { api } from '~/lib/api';
import { SHOP_NAME } from '~/lib/config';
import { canonical, seoMeta } from '~/lib/seo';
import { toast } from '~/lib/toast';
import type { Route } from './+types/forgot-password';

export function loader({ request }: Route.LoaderArgs) {
  return { url: canonical(request.url) };
}

export const meta: Route.MetaFunction = ({ data }) => [
  ...seoMeta({
    title: 'Forgot your password?',
    description: `Get a one-time code by email to choose a new password for your ${SHOP_NAME} account.`,
    url: data?.url ?? '/forgot-password',
  }),
  { name: 'robots', content: 'noindex' },
];

export default function ForgotPasswordPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(ForgotPasswordBody),
    defaultValues: { email: params.get('email') ?? '' },
  });

  const onSubmit = handleSubmit(async ({ email }) => {
    try {
      await api('/forgot-password-otp', { method: 'POST', body: { email }, auth: false });
      toast.success(MESSAGES.otpSent);
      // The email rides in the state (spec §2) and in the address, so a reload keeps it.
      await navigate(`/otp-page?email=${encodeURIComponent(email)}`, { state: { email } });
    } catch (err) {
      toast.error(isStatus(err, 404) ? MESSAGES.userNotFound : serverText(err));
      setFocus('email', { shouldSelect: true });
    }
  });

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
      <form onSubmit={(e) => void onSubmit(e)} noValidate className="space-y-5">
        <TextField
          label="Email address"
          type="email"
          autoComplete="email"
          inputMode="email"
          autoCapitalize="off"
          spellCheck={false}
          autoFocus
          error={errors.email?.message}
          {...register('email')}
        />
        <SubmitButton pending={isSubmitting} pendingLabel="Sending..." className="w-full">
          Next
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
