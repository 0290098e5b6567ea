import { zodResolver } from '@hookform/resolvers/zod';
import { MESSAGES, PASSWORD_MIN_LENGTH, RegisterBody } from '@shop/contract';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { isStatus } from '~/components/forms/errors';
import { PasswordField, SubmitButton, TextField } from '~/components/forms/fields';
import { api } from '~/lib/api';
import { toast } from '~/lib/toast';

interface RegisterFormProps {
  /** Called with the new account's email once it exists (the page then shows the login form). */
  onRegistered: (email: string) => void;
}

export function RegisterForm({ onRegistered }: RegisterFormProps) {
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(RegisterBody), defaultValues: { name: '', email: '', password: '' } });

  const onSubmit = handleSubmit(async ({ name, email, password }) => {
    try {
      await api('/register', {
        method: 'POST',
        body: { email, password, ...(name ? { name } : {}) },
        auth: false,
      });
      toast.success(MESSAGES.registered);
      reset();
      onRegistered(email);
    } catch (err) {
      // Spec §8: a 400 (the email is taken, a rule broken) in the server's words, anything else generic.
      toast.error(isStatus(err, 400, 429) ? err.firstError : MESSAGES.serverError);
    }
  });

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="space-y-5">
      <TextField label="Your name" optional autoComplete="name" error={errors.name?.message} {...register('name')} />
      <TextField
        label="Email address"
        type="email"
        autoComplete="email"
        inputMode="email"
        autoCapitalize="off"
        spellCheck={false}
        error={errors.email?.message}
        {...register('email')}
      />
      <PasswordField
        label="Password"
        autoComplete="new-password"
        hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
        error={errors.password?.message}
        {...register('password')}
      />
      <p className="text-sm leading-relaxed text-muted">
        Your personal data will be used to support your experience throughout this website, to manage access to your
        account, and for other purposes described in our{' '}
        <Link
          to="/terms-and-conditions#privacy"
          className="font-semibold text-brand-dark underline decoration-brand/30 underline-offset-4 hover:decoration-brand-dark"
        >
          privacy policy
        </Link>
        .
      </p>
      <SubmitButton pending={isSubmitting} pendingLabel="Creating Your account..." className="w-full">
        Register
      </SubmitButton>
    </form>
  );
}
