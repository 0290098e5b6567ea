import type { z } from 'zod';
import { Form } from 'react-router';
import { SubmitButton } from '~/components/forms/fields';
import { useFormCheck } from '~/components/forms/use-form-check';
import { Notice } from '~/components/ui/notice';
import type { FormAnswer } from '~/lib/flash';
import type { FieldErrors } from '~/lib/form';
import { useSubmitting } from '~/lib/pending';
import { PageHeading } from './page-heading';

interface AccountFormProps {
  /** Where the page's back link leads (My Profile unless said). */
  back?: { to: string; label: string };
  title: string;
  /** The form's contract schema, checked in the browser before the action checks it again. */
  schema: z.ZodObject<z.ZodRawShape>;
  answer: FormAnswer | undefined;
  submit: string;
  pendingLabel: string;
  /** Text before the form (what will happen). */
  intro?: React.ReactNode;
  /** The fields, given the reasons per field. */
  fields: (errors: FieldErrors) => React.ReactNode;
  footer?: React.ReactNode;
  danger?: boolean;
}

/** A page of My Profile's account section (lib/account.server.ts answers its form). */
export function AccountForm({
  title,
  schema,
  answer,
  submit,
  pendingLabel,
  intro,
  fields,
  footer,
  danger,
  back = { to: '/my-profile', label: 'My Profile' },
}: AccountFormProps) {
  const { errors, formProps } = useFormCheck(schema, answer?.fieldErrors);
  const pending = useSubmitting();
  return (
    <div className="container-shop max-w-xl py-10">
      <PageHeading title={title} back={back} />
      <div className="space-y-4 rounded-3xl bg-white p-6 text-sm shadow-sm sm:p-8">
        {intro}
        <Form method="post" className="space-y-5" {...formProps}>
          {fields(errors)}
          <Notice notice={answer?.notice} />
          <SubmitButton
            pending={pending}
            pendingLabel={pendingLabel}
            className={`w-full ${danger ? 'bg-red-700 hover:bg-red-800' : ''}`}
          >
            {submit}
          </SubmitButton>
        </Form>
        {footer}
      </div>
    </div>
  );
}
