import type { EndpointInput } from '@shop/contract';
import type { ROUTES } from '@shop/contract/lite';
import type { z } from 'zod';
import { callApi, type Args } from './api.server';
import type { Flash } from './flash';
import { redirectWithFlash } from './flash.server';
import { checkForm, textField } from './form';
import { failed, formAnswer } from './form.server';
import { requireUser, sessionEnded, signOutCookie } from './session.server';

type AccountEndpoint = 'accounts.changePassword' | 'accounts.changeEmail' | 'accounts.confirmEmail' | 'accounts.delete';

interface AccountCall {
  /** The API's call, which the checked fields are sent to (`schema` is its body's). */
  endpoint: (typeof ROUTES)[AccountEndpoint];
  /** Where to go once done, with which message. */
  to: string;
  flash: (message: string) => Omit<Flash, 'id'>;
  /** Fields typed that may be shown again (never a password). */
  keep?: string[];
  /** The account is gone: this browser signs out too. */
  signOut?: boolean;
}

/**
 * The action of an account page (profile/password, email, delete): the form
 * checked with its contract schema, the API called as the shopper, then
 * post-redirect-get with the API's message, or the form again with its reason.
 */
export async function accountAction(args: Args, schema: z.ZodObject<z.ZodRawShape>, call: AccountCall) {
  await requireUser(args);
  const form = await args.request.formData();
  const values = Object.fromEntries((call.keep ?? []).map((name) => [name, textField(form, name)]));
  const checked = checkForm(schema, form);
  if (!checked.ok) return formAnswer({ fieldErrors: checked.errors, values });
  const res = await callApi(args, call.endpoint, { body: checked.data as EndpointInput<AccountEndpoint>['body'] });
  if (res.status === 401) return sessionEnded(args);
  if (!res.ok) return failed(res, { values });
  return redirectWithFlash(args, call.to, call.flash(res.data.message), {
    revalidate: true,
    ...(call.signOut ? { cookies: [signOutCookie(args)] } : {}),
  });
}
