import { ContactBody, MESSAGES, MessageBody } from '@shop/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requestWork, type AppContext } from '../../context';
import { optionalUser } from '../../lib/auth';
import { sendEnquiry } from './contact.service';

export function contactRoutes(app: FastifyInstance, ctx: AppContext) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/contacts',
    {
      schema: { tags: ['contact'], body: ContactBody, response: { 201: MessageBody } },
      onRequest: optionalUser(ctx.db),
    },
    async (req, reply) => {
      await sendEnquiry(requestWork(req), req.user, req.body);
      return reply.status(201).send({ message: MESSAGES.contactReceived });
    },
  );
}
