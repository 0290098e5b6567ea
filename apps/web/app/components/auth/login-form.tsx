import { useEffect, useRef } from 'react';
import { Form, Link, useNavigate } from 'react-router';
import { CheckboxField, EmailField, PasswordField, SubmitButton } from '~/components/forms/fields';
import { useFormCheck } from '~/components/forms/use-form-check';
import { Notice } from '~/components/ui/notice';
import type { FormAnswer } from '~/lib/flash';
import { useSubmitting } from '~/lib/pending';
import { LoginFields } from './login-fields';

interface LoginFormProps {
  /** Where to go once signed in (already checked with `safeRedirect`). */
  redirectTo: string;
  /** The action's answer to this form: what was wrong, what was typed. */
  answer?: FormAnswer;
  /** An account just registered: its email is filled in and the password has the focus. */
  registeredEmail?: string;
}

/**
 * The log-in form: a real form that posts to /login's action, so it works
 * before the page's scripts run (and never puts the password in the address).
 * 'Remember Me' keeps the session for 30 days; unticked, it ends with the browser.
 */
export function LoginForm({ redirectTo, answer, registeredEmail }: LoginFormProps) {
  const { errors, formProps } = useFormCheck(LoginFields, answer?.fieldErrors);
  const pending = useSubmitting('login');
  const navigate = useNavigate();
  const password = useRef<HTMLInputElement>(null);
  const wrongPassword = answer?.notice?.kind === 'error' && !answer.fieldErrors;

  // After 'Invalid Credentials !' the password is the thing to retype.
  useEffect(() => {
    if (wrongPassword) password.current?.select();
  }, [answer, wrongPassword]);

  return (
    <Form method="post" className="space-y-5" {...formProps}>
      <input type="hidden" name="intent" value="login" />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <EmailField
        name="email"
        autoComplete="username"
        defaultValue={answer?.values?.email ?? registeredEmail ?? ''}
        error={errors.email}
      />
      <PasswordField
        ref={password}
        label="Password"
        name="password"
        autoComplete="current-password"
        autoFocus={!!registeredEmail || wrongPassword}
        error={errors.password}
      />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <CheckboxField label="Remember Me" name="remember" />
        <Link
          to="/forgot-password"
          onClick={(e) => {
            // The email typed so far rides in the navigation state, never in the address.
            const email = (
              e.currentTarget.closest('form')?.elements.namedItem('email') as HTMLInputElement | null
            )?.value.trim();
            if (!email?.includes('@')) return;
            e.preventDefault();
            void navigate('/forgot-password', { state: { email } });
          }}
          className="text-sm font-semibold text-brand-dark underline-offset-4 hover:underline"
        >
          Lost Your Password?
        </Link>
      </div>
      <Notice notice={answer?.notice} />
      <SubmitButton pending={pending} pendingLabel="Logging in..." className="w-full">
        Log In
      </SubmitButton>
    </Form>
  );
}
