import { ROUTES } from '@shop/contract/lite';
import { MESSAGES, RegisterBody } from '@shop/contract';
import { type Args } from '~/lib/api.server';
import { redirectWithFlash } from '~/lib/flash.server';
import { checkForm, textField } from '~/lib/form';
import { failed, formAnswer } from '~/lib/form.server';
import { takeGuestCart } from '~/lib/guest.server';
import { signInCookie } from '~/lib/session.server';
import { LoginFields } from './login-fields';
import { safeRedirect } from './redirect';
import { call } from '~/lib/call.server';

/**
 * Logs in (docs/product.md#messages messages): the session goes into the HttpOnly cookie, for
 * 30 days with 'Remember Me', else until the browser closes (the server ends
 * it after a day); then on to `redirectTo`.
 */
export async function logIn(args: Args, form: FormData) {
  const values = { email: textField(form, 'email') };
  const answer = { form: 'login', values };
  const checked = checkForm(LoginFields, form);
  if (!checked.ok) return formAnswer({ ...answer, fieldErrors: checked.errors });
  const remember = form.get('remember') === 'on';
  const res = await call(args, ROUTES['accounts.login'], { body: { ...checked.data, remember } });
  if (!res.ok) {
    if (res.status === 401)
      return formAnswer({ ...answer, notice: { kind: 'error', text: MESSAGES.invalidCredentials } }, 401);
    return failed(res, answer);
  }
  await takeGuestCart(args, res.data.token);
  const cookie = signInCookie(args, res.data.token, remember ? new Date(res.data.expires_at) : undefined);
  return redirectWithFlash(
    args,
    safeRedirect(textField(form, 'redirectTo')),
    { kind: 'success', text: MESSAGES.loginSuccess },
    { cookies: [cookie] },
  );
}

/**
 * Registers (docs/product.md#messages: a 400 in the server's words, anything else generic),
 * then shows the log-in form with the new email filled in.
 */
export async function register(args: Args, form: FormData, loginPath: string) {
  const answer = { form: 'register', values: { name: textField(form, 'name'), email: textField(form, 'email') } };
  const checked = checkForm(RegisterBody, form);
  if (!checked.ok) return formAnswer({ ...answer, fieldErrors: checked.errors });
  const { name, email, password } = checked.data;
  const res = await call(args, ROUTES['accounts.register'], {
    body: { email, password, ...(name ? { name } : {}) },
  });
  if (!res.ok) return failed(res, answer, MESSAGES.serverError);
  return redirectWithFlash(args, loginPath, { kind: 'success', text: MESSAGES.registered, email });
}
