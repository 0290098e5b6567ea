import {
  endSessionCookie,
  ForgotPasswordBody,
  LoginBody,
  LoginResponse,
  MESSAGES,
  MessageBody,
  RegisterBody,
  RegisterResponse,
  ResetPasswordBody,
  UpdateUserBody,
  UpdateUserResponse,
  UserResponse,
  VerifyOtpBody,
} from '@shop/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { currentUser, requireUser } from '../../lib/auth';
import { ipKey } from '../../lib/rate-limit';
import * as accounts from './accounts.service';

const tags = ['accounts'];
const security = [{ bearer: [] }];

export function accountRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = requireUser(ctx.db);

  r.post(
    '/register',
    { schema: { tags, body: RegisterBody, response: { 201: RegisterResponse } } },
    async (req, reply) => {
      const user = await accounts.register(ctx, req.body, { ip: ipKey(req.ip) });
      return reply.status(201).send({ message: MESSAGES.registered, user });
    },
  );

  r.post('/login', { schema: { tags, body: LoginBody, response: { 200: LoginResponse } } }, async (req) => {
    const { token, expiresAt, user } = await accounts.login(ctx, req.body, { ip: ipKey(req.ip) });
    return { message: MESSAGES.loginSuccess, token, expires_at: expiresAt.toISOString(), user };
  });

  r.post(
    '/logout',
    { schema: { tags, security, response: { 200: MessageBody } }, onRequest: signedIn },
    async (req, reply) => {
      await accounts.logout(ctx, req.token!);
      // Signed in by the storefront's cookie (no bearer header): the browser forgets it too.
      if (req.headers.authorization === undefined) {
        reply.header('set-cookie', endSessionCookie(ctx.env.PUBLIC_URL.startsWith('https:')));
      }
      return { message: MESSAGES.logoutSuccess };
    },
  );

  r.get('/user/me', { schema: { tags, security, response: { 200: UserResponse } }, onRequest: signedIn }, (req) =>
    Promise.resolve({ user: currentUser(req) }),
  );

  r.put(
    '/user/update',
    { schema: { tags, security, body: UpdateUserBody, response: { 200: UpdateUserResponse } }, onRequest: signedIn },
    async (req) => ({
      message: MESSAGES.profileUpdated,
      user: await accounts.updateProfile(ctx, currentUser(req), req.body),
    }),
  );

  r.post(
    '/forgot-password-otp',
    { schema: { tags, body: ForgotPasswordBody, response: { 200: MessageBody } } },
    async (req) => {
      await accounts.requestPasswordReset(ctx, req.body.email, { ip: ipKey(req.ip) });
      return { message: MESSAGES.otpSent };
    },
  );

  r.post(
    '/verify-forgot-otp',
    { schema: { tags, body: VerifyOtpBody, response: { 200: MessageBody } } },
    async (req) => {
      await accounts.verifyResetCode(ctx, req.body.email, req.body.otp, { ip: ipKey(req.ip) });
      return { message: MESSAGES.otpMatched };
    },
  );

  r.post(
    '/reset-password',
    { schema: { tags, body: ResetPasswordBody, response: { 200: MessageBody } } },
    async (req) => {
      await accounts.resetPassword(ctx, req.body, { ip: ipKey(req.ip) });
      return { message: MESSAGES.passwordChanged };
    },
  );
}
