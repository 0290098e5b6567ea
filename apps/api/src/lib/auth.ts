import { MESSAGES, sessionTokenOf, type User } from '@shop/contract';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { AppError } from './errors';
import { RENDER_HEADER, sessionOfRender } from './render-sessions';
import { crossSiteRefused, fromShopOrigin, isUnsafeMethod } from './same-origin';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in shopper, set by `requireUser` / `optionalUser`. */
    user: User | null;
    token: string | null;
  }
}

const unauthorized = () => new AppError('unauthorized', MESSAGES.loginRequired);

function bearer(req: FastifyRequest): string | null | undefined {
  const header = req.headers.authorization;
  if (header === undefined) return null;
  const match = /^Bearer +(\S{1,200})\s*$/i.exec(header);
  return match ? match[1] : undefined; // undefined: a header that is not a bearer token
}

const shops = new WeakMap<object, { origin: string; secure: boolean }>();
/** The shop's own origin and whether it is served over https (from PUBLIC_URL). */
function shopOf(req: FastifyRequest) {
  const { env } = req.server.ctx;
  let shop = shops.get(env);
  if (!shop) {
    const url = new URL(env.PUBLIC_URL);
    shop = { origin: url.origin, secure: url.protocol === 'https:' };
    shops.set(env, shop);
  }
  return shop;
}

/**
 * The session a request carries: `Authorization: Bearer` first (API clients),
 * else the storefront's HttpOnly cookie (docs/product.md#screens). A change made with
 * the cookie alone must come from the shop's own pages (403 otherwise), so
 * another site cannot use a shopper's cookie.
 * null: no session at all; undefined: a malformed Authorization header.
 */
function sessionToken(req: FastifyRequest): string | null | undefined {
  const fromHeader = bearer(req);
  if (fromHeader !== null) return fromHeader;
  const shop = shopOf(req);
  const token = sessionTokenOf(req.headers.cookie, shop.secure);
  if (token && isUnsafeMethod(req.method) && !fromShopOrigin(req.headers, shop.origin)) throw crossSiteRefused();
  return token;
}

/** The token of a request for reading only (a page view's shopper): no Origin rule, never an error. */
export function readOnlyToken(req: FastifyRequest): string | null {
  const fromHeader = bearer(req);
  if (fromHeader !== null) return fromHeader ?? null;
  return sessionTokenOf(req.headers.cookie, shopOf(req).secure);
}

/** The user of a token, looked up once per rendered page (render-sessions.ts). */
const userOf = (db: Db, req: FastifyRequest, token: string) =>
  sessionOfRender(req.headers[RENDER_HEADER], req.method, token, () => req.server.ctx.userForToken(db, token));

/** onRequest hook: the call needs a live session (401 otherwise). */
export const requireUser = (db: Db) => async (req: FastifyRequest) => {
  const token = sessionToken(req);
  const user = token ? await userOf(db, req, token) : null;
  if (!user) throw unauthorized();
  req.user = user;
  req.token = token!;
};

/**
 * onRequest hook: the call is an account's (a profile, a password, a
 * wishlist): a guest's session is not enough (401, as without a session,
 * so the storefront asks them to log in).
 */
export const requireAccount = (db: Db) => {
  const signedIn = requireUser(db);
  return async (req: FastifyRequest) => {
    await signedIn(req);
    if (req.user!.guest) throw unauthorized();
  };
};

/** onRequest hook: anonymous is fine, but a session that is sent must be live. */
export const optionalUser = (db: Db) => async (req: FastifyRequest) => {
  const token = sessionToken(req);
  if (token === null) return;
  const user = token ? await userOf(db, req, token) : null;
  if (!user) throw unauthorized();
  req.user = user;
  req.token = token!;
};

/** The signed-in user inside a handler that ran `requireUser`. */
export function currentUser(req: FastifyRequest): User {
  if (!req.user) throw unauthorized();
  return req.user;
}
