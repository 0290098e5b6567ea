import {
  ChangeEmailBody,
  ChangePasswordBody,
  ConfirmEmailBody,
  DeleteAccountBody,
  endSessionCookie,
  MESSAGES,
  MessageBody,
  UpdateUserResponse,
} from '@shop/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requestWork, type AppContext } from '../../context';
import { currentUser, requireUser } from '../../lib/auth';
import * as self from './self-service.service';

const tags = ['accounts'];
const security = [{ bearer: [] }];

/** The signed-in shopper's own account (docs/product.md, 'Your account'). */
export function selfServiceRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = requireUser(ctx.db);

  r.post(
    '/user/password',
    { schema: { tags, security, body: ChangePasswordBody, response: { 200: MessageBody } }, onRequest },
    async (req) => {
      await self.changePassword(requestWork(req), currentUser(req), req.token!, req.body);
      return { message: MESSAGES.passwordChanged };
    },
  );

  r.post(
    '/user/email',
    { schema: { tags, security, body: ChangeEmailBody, response: { 200: MessageBody } }, onRequest },
    async (req) => {
      await self.requestEmailChange(requestWork(req), currentUser(req), req.body.email);
      return { message: MESSAGES.emailCodeSent };
    },
  );

  r.post(
    '/user/email/confirm',
    { schema: { tags, security, body: ConfirmEmailBody, response: { 200: UpdateUserResponse } }, onRequest },
    async (req) => ({
      message: MESSAGES.emailChanged,
      user: await self.confirmEmailChange(requestWork(req), currentUser(req), req.body.otp),
    }),
  );

  r.post(
    '/user/delete',
    { schema: { tags, security, body: DeleteAccountBody, response: { 200: MessageBody } }, onRequest },
    async (req, reply) => {
      await self.deleteAccount(requestWork(req), currentUser(req), req.body.password);
      if (req.headers.authorization === undefined) {
        reply.header('set-cookie', endSessionCookie(ctx.env.PUBLIC_URL.startsWith('https:')));
      }
      return { message: MESSAGES.accountDeleted };
    },
  );

  /** A JSON attachment of everything the shop holds about the shopper. */
  r.get('/user/export', { schema: { tags, security }, onRequest }, async (req, reply) => {
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
