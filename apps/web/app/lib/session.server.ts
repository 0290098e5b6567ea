import { MESSAGES, endSessionCookie, sessionCookie, type User } from '@shop/contract';
import { ROUTES, type EndpointRoute } from '@shop/contract/lite';
import {
  endpointCall,
  readAnswer,
  send,
  sendTo,
  sessionToken,
  shopContext,
  type AnswerOf,
  type Args,
  type EndpointArgs,
} from './api.server';
import { hasFlash, redirectWithFlash } from './flash.server';

/**
 * Who the shopper is, on the server (docs/product.md#screens): their session cookie goes
 * to the API in process, and the answers decide what the page shows.
 */

const users = new WeakMap<object, Promise<User | null>>();

/**
 * The signed-in shopper, or null (no session, or one that has ended). Asked
 * once per request: the root and the page's loaders share the answer.
 */
export function getUser(args: Args): Promise<User | null> {
  if (!sessionToken(args)) return Promise.resolve(null);
  // The shop server gives every request a context of its own; `react-router dev` may not.
  const key = args.context.api ? args.context : args.request;
  let user = users.get(key);
  if (!user) {
    const me = ROUTES['accounts.me'];
    user = sendTo(args, me).then(async (res) => {
      if (res.status === 401) return null;
      return (await readAnswer<AnswerOf<typeof me>>(res, me.path)).user;
    });
    users.set(key, user);
  }
  return user;
}

/** The page the request is for, as a redirectTo value. */
export function here({ request }: Pick<Args, 'request'>): string {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
}

export const loginPath = (back: string) => `/login?redirectTo=${encodeURIComponent(back)}`;

/**
 * docs/product.md#screens: a signed-in page for an anonymous visitor sends them to log in,
 * with 'Please login to access this page' (unless they were just told
 * something else, such as 'Logged out. Please log in again').
 */
export async function requireUser(args: Args): Promise<User> {
  const user = await getUser(args);
  if (user) return user;
  throw await redirectWithFlash(
    args,
    loginPath(here(args)),
    hasFlash(args) ? null : { kind: 'error', text: MESSAGES.loginToAccess },
    { cookies: sessionToken(args) ? [signOutCookie(args)] : [], revalidate: true },
  );
}

/**
 * docs/product.md#sessions: an action's call answered 401 (the session expired or was revoked
 * elsewhere). The shopper is signed out, told once, and sent to log in, back
 * here afterwards.
 */
export async function sessionEnded(args: Args): Promise<Response> {
  return redirectWithFlash(
    args,
    loginPath(here(args)),
    { kind: 'error', text: MESSAGES.loggedOut },
    {
      cookies: [signOutCookie(args)],
      revalidate: true,
    },
  );
}

/** Calls for the shopper's own data for a loader; a session that ended on the way signs them out. */
export async function loadMine<R extends EndpointRoute>(
  args: Args,
  route: R,
  ...[input]: EndpointArgs<R>
): Promise<AnswerOf<R>> {
  const { path, init } = endpointCall(route, input);
  const res = await send(args, path, init);
  if (res.status === 401) throw await sessionEnded(args);
  return readAnswer<AnswerOf<R>>(res, path);
}

/** One of the shopper's own things (an order), or null when it is not theirs or does not exist. */
export async function findMine<R extends EndpointRoute>(
  args: Args,
  route: R,
  ...[input]: EndpointArgs<R>
): Promise<AnswerOf<R> | null> {
  const { path, init } = endpointCall(route, input);
  const res = await send(args, path, init);
  if (res.status === 401) throw await sessionEnded(args);
  if (res.status === 404 || res.status === 400) return null;
  return readAnswer<AnswerOf<R>>(res, path);
}

/** The cookie that signs this browser in: until `expiresAt` ('Remember Me'), else until it closes. */
export const signInCookie = ({ context }: Pick<Args, 'context'>, token: string, expiresAt?: Date) =>
  sessionCookie(token, { secure: shopContext(context).secureCookies, expiresAt });

export const signOutCookie = ({ context }: Pick<Args, 'context'>) =>
  endSessionCookie(shopContext(context).secureCookies);
