import {
  ADMIN_MESSAGES,
  AdminLoginBody,
  AdminLoginResponse,
  AdminMe,
  MessageBody,
  PERMISSIONS,
  adminSessionCookie,
  can,
  endAdminSessionCookie,
} from '@shop/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../context';
import { ipKey } from '../../../lib/rate-limit';
import * as auth from './auth.service';
import { currentStaff } from './guard';

const tags = ['admin'];

export function adminAuthRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const secure = ctx.env.PUBLIC_URL.startsWith('https:');

  r.post(
    '/login',
    { config: { access: 'public' }, schema: { tags, body: AdminLoginBody, response: { 200: AdminLoginResponse } } },
    async (req, reply) => {
      const { token, expiresAt, user } = await auth.signIn(ctx, req.body, { ip: ipKey(req.ip) });
      reply.header('set-cookie', adminSessionCookie(token, secure));
      return { message: ADMIN_MESSAGES.signedIn, token, expires_at: expiresAt.toISOString(), user };
    },
  );

  r.post(
    '/logout',
    { config: { access: 'signed_in' }, schema: { tags, response: { 200: MessageBody } } },
    async (req, reply) => {
      await auth.signOut(ctx, currentStaff(req).token);
      reply.header('set-cookie', endAdminSessionCookie(secure));
      return { message: ADMIN_MESSAGES.signedOut };
    },
  );

  r.get('/me', { config: { access: 'signed_in' }, schema: { tags, response: { 200: AdminMe } } }, (req) => {
    const { token: _token, ...user } = currentStaff(req);
    return Promise.resolve({ user, permissions: PERMISSIONS.filter((p) => can(user.role, p)) });
  });
}
