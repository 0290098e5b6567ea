import { MESSAGES, type User } from '@shop/contract';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { userForToken } from '../modules/accounts/session.service';
import { AppError } from './errors';

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

/** onRequest hook: the call needs a live token (401 otherwise). */
export const requireUser = (db: Db) => async (req: FastifyRequest) => {
  const token = bearer(req);
  const user = token ? await userForToken(db, token) : null;
  if (!user) throw unauthorized();
  req.user = user;
  req.token = token!;
};

/** onRequest hook: anonymous is fine, but a token that is sent must be live. */
export const optionalUser = (db: Db) => async (req: FastifyRequest) => {
  const token = bearer(req);
  if (token === null) return;
  const user = token ? await userForToken(db, token) : null;
  if (!user) throw unauthorized();
  req.user = user;
  req.token = token!;
};

/** The signed-in user inside a handler that ran `requireUser`. */
export function currentUser(req: FastifyRequest): User {
  if (!req.user) throw unauthorized();
  return req.user;
}
