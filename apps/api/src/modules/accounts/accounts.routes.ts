import { endSessionCookie, ENDPOINTS, MESSAGES } from '@shop/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { currentUser, requireAccount, requireUser } from '../../lib/auth';
import { route } from '../../lib/endpoint-route';
import { ipKey } from '../../lib/rate-limit';
import * as accounts from './accounts.service';
import { startGuest } from './guests';

export function accountRoutes(app: FastifyInstance, ctx: AppContext) {
  const signedIn = requireUser(ctx.db);
  const account = requireAccount(ctx.db);

  route(app, ENDPOINTS['guests.start'], {}, async (req, reply) => {
    const { token, expiresAt } = await startGuest(ctx, { ip: ipKey(req.ip) });
    return reply.status(201).send({ token, expires_at: expiresAt.toISOString() });
  });

  route(app, ENDPOINTS['accounts.register'], {}, async (req, reply) => {
    const user = await accounts.register(ctx, req.body, { ip: ipKey(req.ip) });
    return reply.status(201).send({ message: MESSAGES.registered, user });
  });

  route(app, ENDPOINTS['accounts.login'], {}, async (req) => {
    const { token, expiresAt, user } = await accounts.login(ctx, req.body, { ip: ipKey(req.ip) });
    return { message: MESSAGES.loginSuccess, token, expires_at: expiresAt.toISOString(), user };
  });

  route(app, ENDPOINTS['accounts.logout'], { onRequest: signedIn }, async (req, reply) => {
    await accounts.logout(ctx, req.token!);
    // Signed in by the storefront's cookie (no bearer header): the browser forgets it too.
    if (req.headers.authorization === undefined) {
      reply.header('set-cookie', endSessionCookie(ctx.env.PUBLIC_URL.startsWith('https:')));
    }
    return { message: MESSAGES.logoutSuccess };
  });

  route(app, ENDPOINTS['accounts.me'], { onRequest: signedIn }, (req) => Promise.resolve({ user: currentUser(req) }));

  route(app, ENDPOINTS['accounts.update'], { onRequest: account }, async (req) => ({
    message: MESSAGES.profileUpdated,
    user: await accounts.updateProfile(ctx, currentUser(req), req.body),
  }));

  route(app, ENDPOINTS['accounts.forgotPassword'], {}, async (req) => {
    await accounts.requestPasswordReset(ctx, req.body.email, { ip: ipKey(req.ip) });
    return { message: MESSAGES.otpSent };
  });

  route(app, ENDPOINTS['accounts.verifyResetCode'], {}, async (req) => {
    await accounts.verifyResetCode(ctx, req.body.email, req.body.otp, { ip: ipKey(req.ip) });
    return { message: MESSAGES.otpMatched };
  });

  route(app, ENDPOINTS['accounts.resetPassword'], {}, async (req) => {
    await accounts.resetPassword(ctx, req.body, { ip: ipKey(req.ip) });
    return { message: MESSAGES.passwordChanged };
  });
}
