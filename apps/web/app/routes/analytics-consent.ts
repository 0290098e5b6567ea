import { data, redirect } from 'react-router';
import { safeRedirect } from '~/components/auth/redirect';
import { consentCookie } from '~/lib/consent.server';
import { textField } from '~/lib/form';
import type { Route } from './+types/analytics-consent';

/**
 * The consent banner's form (components/layout/consent-banner.tsx): the
 * choice goes into a cookie. Without scripts the browser is sent back to the
 * page it was on; with them (a fetcher) the root reloads and the banner goes.
 */
export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData();
  const choice = textField(form, 'choice') === 'granted' ? 'granted' : 'denied';
  const headers = { 'set-cookie': consentCookie(args, choice) };
  if (textField(form, 'js') === '1') return data({ choice }, { headers });
  return redirect(safeRedirect(textField(form, 'redirectTo'), '/'), { headers });
}

/** Nothing to show here: a visit goes home. */
export const loader = () => redirect('/');
