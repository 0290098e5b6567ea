import type { z } from 'zod';

/** One sentence per field that is wrong, by the field's name. */
export type FieldErrors = Partial<Record<string, string>>;

type ObjectSchema = z.ZodObject<z.ZodRawShape>;

/**
 * A form's fields, named as in the contract schema that checks them (the
 * Epic Stack's one schema per form, on both sides): the browser checks before
 * sending, the action checks again before calling the API. Fields the form
 * lacks are undefined, so the schema's 'is required' messages apply.
 */
export function formFields<S extends ObjectSchema>(schema: S, form: FormData): Record<string, string | undefined> {
  return Object.fromEntries(
    Object.keys(schema.shape).map((name) => {
      const value = form.get(name);
      return [name, typeof value === 'string' ? value : undefined];
    }),
  );
}

export type Checked<S extends ObjectSchema> = { ok: true; data: z.output<S> } | { ok: false; errors: FieldErrors };

/** Checks a form with its contract schema: the parsed body, or the first reason per field. */
export function checkForm<S extends ObjectSchema>(schema: S, form: FormData): Checked<S> {
  const result = schema.safeParse(formFields(schema, form));
  if (result.success) return { ok: true, data: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '');
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}

/** A whole number from a hidden field (an id, a quantity), or NaN, which the schema refuses. */
export function numberField(form: FormData, name: string): number {
  const value = form.get(name);
  return typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : Number.NaN;
}

/** A text field's value ('' when absent). */
export const textField = (form: FormData, name: string): string => {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
};
