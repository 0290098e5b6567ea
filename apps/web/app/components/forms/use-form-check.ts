import { useState } from 'react';
import type { z } from 'zod';
import { checkForm, type FieldErrors } from '~/lib/form';

/**
 * The browser's half of a form's checks: on submit, the contract schema runs
 * first and, if anything is wrong, the form is not sent and the first wrong
 * field gets the focus; after that, each change checks again. Until the
 * browser has checked (or without scripts), the action's reasons show.
 */
export function useFormCheck(
  schema: z.ZodObject<z.ZodRawShape>,
  serverErrors?: FieldErrors,
  /** Turns the form's fields into the schema's (the address form's state or region). */
  prepare: (form: FormData) => FormData = (form) => form,
) {
  // What the browser found, and for which answer of the server: a newer answer wins.
  const [local, setLocal] = useState<{ answer: FieldErrors | undefined; errors: FieldErrors } | null>(null);
  const errors = local && local.answer === serverErrors ? local.errors : (serverErrors ?? {});

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    const result = checkForm(schema, prepare(new FormData(event.currentTarget)));
    setLocal({ answer: serverErrors, errors: result.ok ? {} : result.errors });
    if (result.ok) return;
    event.preventDefault();
    // The first wrong field that shows (a form may hide the fields of another case).
    const names = Object.keys(result.errors).map((name) => `[name="${CSS.escape(name)}"]`);
    const fields = [...event.currentTarget.querySelectorAll<HTMLElement>(names.join(','))];
    fields.find((field) => field.offsetParent !== null)?.focus();
  };

  const onChange = (event: React.FormEvent<HTMLFormElement>) => {
    if (!local || Object.keys(errors).length === 0) return;
    const result = checkForm(schema, prepare(new FormData(event.currentTarget)));
    setLocal({ answer: serverErrors, errors: result.ok ? {} : result.errors });
  };

  return { errors, formProps: { noValidate: true, onSubmit, onChange } };
}
