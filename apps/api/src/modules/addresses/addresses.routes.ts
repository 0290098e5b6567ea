import { ENDPOINTS, MESSAGES } from '@shop/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { currentUser, requireUser } from '../../lib/auth';
import { route } from '../../lib/endpoint-route';
import * as addresses from './addresses.service';

export function addressRoutes(app: FastifyInstance, { db }: AppContext) {
  const onRequest = requireUser(db);

  route(app, ENDPOINTS['addresses.list'], { onRequest }, async (req) => ({
    data: await addresses.listAddresses(db, currentUser(req).id),
  }));

  route(app, ENDPOINTS['addresses.add'], { onRequest }, async (req, reply) =>
    reply.status(201).send({
      message: MESSAGES.addressAdded,
      data: await addresses.addAddress(db, currentUser(req).id, req.body, currentUser(req).name),
    }),
  );

  route(app, ENDPOINTS['addresses.update'], { onRequest }, async (req) => ({
    message: MESSAGES.addressUpdated,
    data: await addresses.updateAddress(db, currentUser(req).id, req.body),
  }));

  route(app, ENDPOINTS['addresses.delete'], { onRequest }, async (req) => {
    await addresses.deleteAddress(db, currentUser(req).id, req.body.id);
    return { message: MESSAGES.addressDeleted };
  });
}
