import { zodResolver } from '@hookform/resolvers/zod';
import { LoginBody, MESSAGES, type User } from '@shop/contract';
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { isStatus, serverText } from '~/components/forms/errors';
import { CheckboxField, PasswordField, SubmitButton, TextField } from '~/components/forms/fields';
import { api } from '~/lib/api';
import { useAuth } from '~/lib/auth';
import { STORAGE_PREFIX } from '~/lib/config';
import { toast } from '~/lib/toast';

interface LoginAnswer {
  message: string;
  token: string;
  user: User;
}

/**
 * 'Remember Me': the session token is kept in local storage either way (spec
 * §3); a ticked box also remembers the email, so the next visit starts with
 * it filled in.
 */
const REMEMBER_KEY = `${STORAGE_PREFIX}remember_email`;

function readRemembered(): string | null {
  try {
    return window.localStorage.getItem(REMEMBER_KEY);
  } catch {
    return null;
  }
}

function writeRemembered(email: string | null) {
  try {
    if (email) window.localStorage.setItem(REMEMBER_KEY, email);
    else window.localStorage.removeItem(REMEMBER_KEY);
  } catch {
    // No storage (private mode): nothing to remember.
  }
}

interface LoginFormProps {
  /** Where to go once signed in (already checked with `safeRedirect`). */
  redirectTo: string;
  /** Fill the email in and move to the password (after registering). A new object each time. */
  prefill?: { email: string };
}

export function LoginForm({ redirectTo, prefill }: LoginFormProps) {
  const auth = useAuth();
  const navigate = useNavigate();
  const [remember, setRemember] = useState(false);
  const {
    register,
    handleSubmit,
    setValue,
    setFocus,
    getValues,
    control,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(LoginBody), defaultValues: { email: '', password: '' } });

  const typedEmail = useWatch({ control, name: 'email' });

  // Local storage exists only in the browser: read it after hydration.
  useEffect(() => {
    const saved = readRemembered();
    if (!saved) return;
    setRemember(true);
    if (!getValues('email')) setValue('email', saved);
  }, [getValues, setValue]);

  useEffect(() => {
    if (!prefill) return;
    setValue('email', prefill.email, { shouldValidate: true });
    setValue('password', '');
    setFocus('password');
  }, [prefill, setValue, setFocus]);

  const onSubmit = handleSubmit(async (body) => {
    try {
      // A stale token from an earlier session must not ride along.
      const answer = await api<LoginAnswer>('/login', { method: 'POST', body, auth: false });
      writeRemembered(remember ? body.email : null);
      auth.signIn(answer.token, answer.user);
      toast.success(MESSAGES.loginSuccess);
      await navigate(redirectTo, { replace: true });
    } catch (err) {
      toast.error(isStatus(err, 401) ? MESSAGES.invalidCredentials : serverText(err));
      if (isStatus(err, 401)) setFocus('password', { shouldSelect: true });
    }
  });

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="space-y-5">
      <TextField
        label="Email address"
        type="email"
        autoComplete="username"
        inputMode="email"
        autoCapitalize="off"
        spellCheck={false}
        error={errors.email?.message}
        {...register('email')}
      />
      <PasswordField
        label="Password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...register('password')}
      />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <CheckboxField
          label="Remember Me"
          name="remember"
          checked={remember}
          onChange={(e) => setRemember(e.target.checked)}
        />
        <Link
          to={
            typedEmail.includes('@')
              ? `/forgot-password?email=${encodeURIComponent(typedEmail.trim())}`
              : '/forgot-password'
          }
          className="text-sm font-semibold text-brand-dark underline-offset-4 hover:underline"
        >
          Lost Your Password?
        </Link>
      </div>
      <SubmitButton pending={isSubmitting} pendingLabel="Logging in..." className="w-full">
        Log In
      </SubmitButton>
    </form>
  );
}
