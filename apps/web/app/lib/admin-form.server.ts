import { randomBytes } from 'node:crypto';
import type { EndpointAnswer, EndpointName, EndpointRoutes } from '@shop/contract';
import { data } from 'react-router';
import type { Args, CallInit, EndpointArgs } from './api.server';
import { apiErrorText } from './form.server';
import { call } from './call.server';

/** An entry of the table whose answer is `{ message, … }`: what postAdmin shows as the notice. */
type MessageRoute = {
  [N in EndpointName]: EndpointAnswer<N> extends { message: string } ? EndpointRoutes[N] : never;
}[EndpointName];

/** A fresh key for a form drawn now: the same form posted twice (a double click) is recognised by the API. */
export const newRequestKey = () => randomBytes(12).toString('base64url');

export interface AdminAnswer {
  notice: { kind: 'success' | 'error'; text: string };
}

/**
 * Posts an admin action's body and answers the page with a notice: the API's
 * message, or its first reason with its status (the page is drawn again
 * around it, so the action works the same without scripts).
 */
export async function postAdmin<R extends MessageRoute>(args: Args, route: R, ...input: EndpointArgs<R, CallInit>) {
  const res = await call(args, route, ...input);
  // MessageRoute: the entry's answer carries a message.
  if (res.ok)
    return data<AdminAnswer>({ notice: { kind: 'success', text: (res.data as { message: string }).message } });
  return data<AdminAnswer>({ notice: { kind: 'error', text: apiErrorText(res) } }, { status: res.status });
}

/** The answer to a form the page could not even send (a field out of shape). */
export const refuse = (text: string) => data<AdminAnswer>({ notice: { kind: 'error', text } }, { status: 400 });

/** The text of a form field ('' when absent). */
export const field = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
};
