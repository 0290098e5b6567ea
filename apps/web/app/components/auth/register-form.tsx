import { PASSWORD_MIN_LENGTH, RegisterBody } from '@shop/contract';
import { Form, Link } from 'react-router';
import { EmailField, PasswordField, SubmitButton, TextField } from '~/components/forms/fields';
import { useFormCheck } from '~/components/forms/use-form-check';
import { Notice } from '~/components/ui/notice';
import type { FormAnswer } from '~/lib/flash';
import { useSubmitting } from '~/lib/pending';

/** The register form: posts to its page's action (/login or /signup), which then shows the log-in form. */
export function RegisterForm({ answer }: { answer?: FormAnswer }) {
  const { errors, formProps } = useFormCheck(RegisterBody, answer?.fieldErrors);
  const pending = useSubmitting('register');
  return (
    <Form method="post" className="space-y-5" {...formProps}>
      <input type="hidden" name="intent" value="register" />
      <TextField
        label="Your name"
        name="name"
        optional
        autoComplete="name"
        defaultValue={answer?.values?.name ?? ''}
        error={errors.name}
      />
      <EmailField name="email" defaultValue={answer?.values?.email ?? ''} error={errors.email} />
      <PasswordField
        label="Password"
        name="password"
        autoComplete="new-password"
        hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
        error={errors.password}
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
      <Notice notice={answer?.notice} />
      <SubmitButton pending={pending} pendingLabel="Creating Your account..." className="w-full">
        Register
      </SubmitButton>
    </Form>
  );
}
