import { ADMIN_MESSAGES, ENDPOINTS, PERMISSIONS, adminSessionCookie, can, endAdminSessionCookie } from '@shop/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../context';
import { route } from '../../../lib/endpoint-route';
import { ipKey } from '../../../lib/rate-limit';
import * as auth from './auth.service';
import { currentStaff } from './guard';

export function adminAuthRoutes(app: FastifyInstance, ctx: AppContext) {
  const secure = ctx.env.PUBLIC_URL.startsWith('https:');

  route(app, ENDPOINTS['admin.auth.login'], {}, async (req, reply) => {
    const { token, expiresAt, user } = await auth.signIn(ctx, req.body, { ip: ipKey(req.ip) });
    reply.header('set-cookie', adminSessionCookie(token, secure));
    return { message: ADMIN_MESSAGES.signedIn, token, expires_at: expiresAt.toISOString(), user };
  });

  route(app, ENDPOINTS['admin.auth.logout'], {}, async (req, reply) => {
    await auth.signOut(ctx, currentStaff(req));
    reply.header('set-cookie', endAdminSessionCookie(secure));
    return { message: ADMIN_MESSAGES.signedOut };
  });

  route(app, ENDPOINTS['admin.auth.me'], {}, (req) => {
    const { token: _token, ...user } = currentStaff(req);
    return Promise.resolve({ user, permissions: PERMISSIONS.filter((p) => can(user.role, p)) });
  });
}
