import { ENDPOINTS, MESSAGES } from '@shop/contract';
import type { FastifyInstance } from 'fastify';
import { requestWork, type AppContext } from '../../context';
import { currentUser, requireUser } from '../../lib/auth';
import { route } from '../../lib/endpoint-route';
import * as orders from './orders.service';

export function orderRoutes(app: FastifyInstance, ctx: AppContext) {
  const onRequest = requireUser(ctx.db);

  route(app, ENDPOINTS['orders.place'], { onRequest }, async (req, reply) => {
    const { order, replayed } = await orders.placeOrder(
      requestWork(req),
      currentUser(req),
      req.body,
      req.headers['idempotency-key'],
    );
    return reply.status(replayed ? 200 : 201).send({ message: MESSAGES.orderPlaced, data: [order] });
  });

  route(app, ENDPOINTS['orders.list'], { onRequest }, async (req) => ({
    data: await orders.listOrders(requestWork(req)),
  }));

  route(app, ENDPOINTS['orders.get'], { onRequest }, async (req) => ({
    data: await orders.getOrder(requestWork(req), req.params.id),
  }));

  route(app, ENDPOINTS['orders.cancel'], { onRequest }, (req) =>
    orders.cancelOrder(requestWork(req), req.body.order_id),
  );
}
