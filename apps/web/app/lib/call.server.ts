import type { EndpointRoute } from '@shop/contract/lite';
import { data } from 'react-router';
import { toSignIn } from './admin.server';
import {
  ApiFailure,
  apiResult,
  send,
  sessionToken,
  type AnswerOf,
  type ApiResult,
  type Args,
  type EndpointArgs,
} from './api.server';
import { sessionEnded } from './session.server';

/**
 * How loaders and actions call the API (docs/architecture.md 'Add an
 * endpoint'): an entry of the endpoint table and its input, sent by `send`
 * (api.server.ts) with the caller's credential, and the same failures meaning
 * the same thing everywhere. A session that ended sends the caller to sign in
 * again: the shopper to /login, staff to the back office's sign-in.
 *
 * - `read`: a loader's data. A public entry is read anonymously (everyone's
 *   answer, which the shop keeps); 404 or 400 is the page's own 404 (400 on
 *   the storefront), 403 the back office's 403, anything else a failure.
 * - `find`: the same, with null for what is not there (or not the caller's).
 * - `mine`: the signed-in shopper's own data on a page anyone may see, or null.
 * - `call`: an action's call. Its refusals are results the form shows.
 */

const signIn = (args: Args, route: EndpointRoute) => (route.auth === 'staff' ? toSignIn(args) : sessionEnded(args));

async function answer<T>(args: Args, route: EndpointRoute, res: Response, missing: 'page' | 'null'): Promise<T | null> {
  if (res.status === 401 && route.auth !== 'public') throw await signIn(args, route);
  if (res.status === 403 && route.auth === 'staff') throw data('Forbidden', { status: 403 });
  if (res.status === 404 || res.status === 400) {
    if (missing === 'null') return null;
    if (route.auth === 'staff' || res.status === 404) throw data('Not found', { status: 404 });
    throw data('Bad request', { status: 400 });
  }
  if (!res.ok) throw new ApiFailure(route.path, res.status);
  return (await res.json()) as T;
}

/** Public entries are read as everyone reads them unless the caller asks otherwise. */
const readInit = <R extends EndpointRoute>(route: R, init: EndpointArgs<R>[1]) =>
  route.auth === 'public' ? { anonymous: true, ...init } : init;

/** A loader's data from an entry of the table; what is missing is the page's 404. */
export async function read<R extends EndpointRoute>(
  args: Args,
  route: R,
  ...[input, init]: EndpointArgs<R>
): Promise<AnswerOf<R>> {
  const res = await send(args, route, ...([input, readInit(route, init)] as EndpointArgs<R>));
  return (await answer<AnswerOf<R>>(args, route, res, 'page'))!;
}

/** One of the caller's own things (an order), or null when it is not theirs or does not exist. */
export async function find<R extends EndpointRoute>(
  args: Args,
  route: R,
  ...[input, init]: EndpointArgs<R>
): Promise<AnswerOf<R> | null> {
  const res = await send(args, route, ...([input, readInit(route, init)] as EndpointArgs<R>));
  return answer<AnswerOf<R>>(args, route, res, 'null');
}

/**
 * The signed-in shopper's own data on a page anyone may see (the cart's
 * count, a heart): null without a session or once it has ended, which the
 * root's loader answers by signing the browser out, not by sending anyone to log in.
 */
export async function mine<R extends EndpointRoute>(
  args: Args,
  route: R,
  ...rest: EndpointArgs<R>
): Promise<AnswerOf<R> | null> {
  if (!sessionToken(args)) return null;
  const res = await send(args, route, ...rest);
  return res.ok ? ((await res.json()) as AnswerOf<R>) : null;
}

/** An action's call as the signed-in shopper or staff member: its data, or its refusal as a result. */
export async function call<R extends EndpointRoute>(
  args: Args,
  route: R,
  ...rest: EndpointArgs<R>
): Promise<ApiResult<AnswerOf<R>>> {
  const res = await send(args, route, ...rest);
  if (res.status === 401 && route.auth !== 'public' && !rest[1]?.anonymous) throw await signIn(args, route);
  return apiResult<AnswerOf<R>>(res);
}
