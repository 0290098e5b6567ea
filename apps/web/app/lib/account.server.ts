import { ChangePasswordResponse, type EndpointInput } from '@shop/contract';
import type { ROUTES } from '@shop/contract/lite';
import type { z } from 'zod';
import { type Args } from './api.server';
import type { Flash } from './flash';
import { redirectWithFlash } from './flash.server';
import { checkForm, textField } from './form';
import { failed, formAnswer } from './form.server';
import { requireUser, signInCookie, signOutCookie } from './session.server';
import { call } from './call.server';

type AccountEndpoint =
  | 'accounts.changePassword'
  | 'accounts.changeEmail'
  | 'accounts.confirmEmail'
  | 'accounts.delete'
  | 'orders.guestOrdersCode'
  | 'orders.claimGuestOrders';

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
export async function accountAction(args: Args, schema: z.ZodObject<z.ZodRawShape>, spec: AccountCall) {
  await requireUser(args);
  const form = await args.request.formData();
  const values = Object.fromEntries((spec.keep ?? []).map((name) => [name, textField(form, name)]));
  const checked = checkForm(schema, form);
  if (!checked.ok) return formAnswer({ fieldErrors: checked.errors, values });
  const res = await call(args, spec.endpoint, {
    body: checked.data as Exclude<EndpointInput<AccountEndpoint>['body'], undefined>,
  });
  if (!res.ok) return failed(res, { values });
  // A changed password ended this session too: the browser goes on with the new one, kept as
  // long as the old one was ('Remember Me', or until the browser closes).
  const renewed = ChangePasswordResponse.safeParse(res.data);
  const cookies = spec.signOut
    ? [signOutCookie(args)]
    : renewed.success
      ? [signInCookie(args, renewed.data.token, renewed.data.remember ? new Date(renewed.data.expires_at) : undefined)]
      : [];
  return redirectWithFlash(args, spec.to, spec.flash(res.data.message), { revalidate: true, cookies });
}
