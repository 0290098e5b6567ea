import { MESSAGES, endSessionCookie, sessionCookie, type User } from '@shop/contract';
import { ROUTES } from '@shop/contract/lite';
import { ApiFailure, send, sessionToken, shopContext, type AnswerOf, type Args } from './api.server';
import { hasFlash, redirectWithFlash } from './flash.server';

/**
 * Who the shopper is, on the server (docs/product.md#screens): their session cookie goes
 * to the API in process, and the answers decide what the page shows.
 */

const users = new WeakMap<object, Promise<User | null>>();

/**
 * The buyer this browser's session is for: an account or a guest (who has a
 * cart, and orders, but no account), or null (no session, or one that has
 * ended). Asked once per request: the root and the page's loaders share the answer.
 */
export function getBuyer(args: Args): Promise<User | null> {
  if (!sessionToken(args)) return Promise.resolve(null);
  // The shop server gives every request a context of its own; `react-router dev` may not.
  const key = args.context.api ? args.context : args.request;
  let user = users.get(key);
  if (!user) {
    const me = ROUTES['accounts.me'];
    user = send(args, me).then(async (res) => {
      if (res.status === 401) return null;
      if (!res.ok) throw new ApiFailure(me.path, res.status);
      return ((await res.json()) as AnswerOf<typeof me>).user;
    });
    users.set(key, user);
  }
  return user;
}

/** The signed-in account, or null: a guest is not signed in (the header says Sign in, account pages ask to log in). */
export async function getUser(args: Args): Promise<User | null> {
  const buyer = await getBuyer(args);
  return buyer && !buyer.guest ? buyer : null;
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
  const buyer = await getBuyer(args);
  if (buyer && !buyer.guest) return buyer;
  throw await toLogIn(args, buyer);
}

/**
 * A buyer's page (their orders, the payment, addresses): an account's or a
 * guest's. Without either, the visitor is asked to log in (a guest finds an
 * order again by the order-status page, which the login page links).
 */
export async function requireBuyer(args: Args): Promise<User> {
  const buyer = await getBuyer(args);
  if (buyer) return buyer;
  throw await toLogIn(args, buyer);
}

/** To /login and back here; an ended session's cookie is forgotten, a guest's cart kept for after the sign-in. */
const toLogIn = async (args: Args, buyer: User | null) =>
  redirectWithFlash(
    args,
    loginPath(here(args)),
    hasFlash(args) ? null : { kind: 'error', text: MESSAGES.loginToAccess },
    { cookies: sessionToken(args) && !buyer ? [signOutCookie(args)] : [], revalidate: true },
  );

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

/** The cookie that signs this browser in: until `expiresAt` ('Remember Me'), else until it closes. */
export const signInCookie = ({ context }: Pick<Args, 'context'>, token: string, expiresAt?: Date) =>
  sessionCookie(token, { secure: shopContext(context).secureCookies, expiresAt });

export const signOutCookie = ({ context }: Pick<Args, 'context'>) =>
  endSessionCookie(shopContext(context).secureCookies);
