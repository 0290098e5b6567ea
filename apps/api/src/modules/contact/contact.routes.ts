import { ENDPOINTS, MESSAGES } from '@shop/contract';
import type { FastifyInstance } from 'fastify';
import { requestWork, type AppContext } from '../../context';
import { optionalUser } from '../../lib/auth';
import { route } from '../../lib/endpoint-route';
import { sendEnquiry } from './contact.service';

export function contactRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, ENDPOINTS['contact.send'], { onRequest: optionalUser(ctx.db) }, async (req, reply) => {
    await sendEnquiry(requestWork(req), req.user, req.body);
    return reply.status(201).send({ message: MESSAGES.contactReceived });
  });
}
