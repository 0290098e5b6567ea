import { endSessionCookie, ENDPOINTS, MESSAGES, sessionCookie } from '@shop/contract';
import type { FastifyInstance } from 'fastify';
import { requestWork, type AppContext } from '../../context';
import { currentUser, requireAccount } from '../../lib/auth';
import { route } from '../../lib/endpoint-route';
import * as self from './self-service.service';

/** The signed-in shopper's own account (docs/product.md, 'Your account'). */
export function selfServiceRoutes(app: FastifyInstance, ctx: AppContext) {
  const onRequest = requireAccount(ctx.db);
  const secure = ctx.env.PUBLIC_URL.startsWith('https:');

  route(app, ENDPOINTS['accounts.changePassword'], { onRequest }, async (req, reply) => {
    const session = await self.changePassword(requestWork(req), currentUser(req), req.token!, req.body);
    // Signed in by the storefront's cookie (no bearer header): the browser is given the new one.
    if (req.headers.authorization === undefined) {
      const expiresAt = session.remember ? session.expiresAt : undefined;
      reply.header('set-cookie', sessionCookie(session.token, { secure, expiresAt }));
    }
    return {
      message: MESSAGES.passwordChanged,
      token: session.token,
      expires_at: session.expiresAt.toISOString(),
      remember: session.remember,
    };
  });

  route(app, ENDPOINTS['accounts.changeEmail'], { onRequest }, async (req) => {
    await self.requestEmailChange(requestWork(req), currentUser(req), req.body.email);
    return { message: MESSAGES.emailCodeSent };
  });

  route(app, ENDPOINTS['accounts.confirmEmail'], { onRequest }, async (req) => ({
    message: MESSAGES.emailChanged,
    user: await self.confirmEmailChange(requestWork(req), currentUser(req), req.body.otp),
  }));

  route(app, ENDPOINTS['accounts.delete'], { onRequest }, async (req, reply) => {
    await self.deleteAccount(requestWork(req), currentUser(req), req.body.password);
    if (req.headers.authorization === undefined) {
      reply.header('set-cookie', endSessionCookie(secure));
    }
    return { message: MESSAGES.accountDeleted };
  });

  /** A JSON attachment of everything the shop holds about the shopper. */
  route(app, ENDPOINTS['accounts.export'], { onRequest }, async (req, reply) => {
    const data = await self.exportMyData(requestWork(req), currentUser(req));
    return reply
      .header(
        'content-disposition',
        `attachment; filename="${ctx.env.SHOP_NAME.replace(/\W+/g, '-').toLowerCase()}-my-data.json"`,
      )
      .header('cache-control', 'no-store')
      .send(data);
  });
}
