/** A message for the shopper from the server: after a redirect (the flash cookie) or with a form's answer. */
export interface Flash {
  id: string;
  kind: 'success' | 'error' | 'info';
  text: string;
  /** The email of an account just registered: the login form starts with it. */
  email?: string;
}

/** A form's outcome as an action answers it: a message, and a reason per field. */
export interface FormAnswer {
  /** Which form answered, where a page has several (login and register). */
  form?: string;
  notice?: { kind: Flash['kind']; text: string };
  /** An outcome the page shows more of ('expired': the code can no longer be used). */
  outcome?: string;
  fieldErrors?: Partial<Record<string, string>>;
  /** What was typed (never a password), to fill the form in again. */
  values?: Record<string, string>;
}
