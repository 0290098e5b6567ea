import {
  CancelOrderBody,
  CancelOrderResponse,
  IdParam,
  MESSAGES,
  OrderResponse,
  OrdersResponse,
  PlaceOrderBody,
  PlaceOrderResponse,
} from '@shop/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestWork, type AppContext } from '../../context';
import { currentUser, requireUser } from '../../lib/auth';
import * as orders from './orders.service';

const tags = ['orders'];
const security = [{ bearer: [] }];
const IdempotencyHeaders = z.object({
  'idempotency-key': z
    .string()
    .trim()
    .min(8, 'Idempotency-Key must be 8 to 100 characters')
    .max(100, 'Idempotency-Key must be 8 to 100 characters')
    .optional(),
});

export function orderRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = requireUser(ctx.db);

  r.post(
    '/orders',
    {
      schema: {
        tags,
        security,
        headers: IdempotencyHeaders,
        body: PlaceOrderBody,
        response: { 200: PlaceOrderResponse, 201: PlaceOrderResponse },
      },
      onRequest,
    },
    async (req, reply) => {
      const { order, replayed } = await orders.placeOrder(
        requestWork(req),
        currentUser(req),
        req.body,
        req.headers['idempotency-key'],
      );
      return reply.status(replayed ? 200 : 201).send({ message: MESSAGES.orderPlaced, data: [order] });
    },
  );

  r.get('/orders', { schema: { tags, security, response: { 200: OrdersResponse } }, onRequest }, async (req) => ({
    data: await orders.listOrders(requestWork(req)),
  }));

  r.get(
    '/orders/:id',
    { schema: { tags, security, params: z.object({ id: IdParam }), response: { 200: OrderResponse } }, onRequest },
    async (req) => ({ data: await orders.getOrder(requestWork(req), req.params.id) }),
  );

  r.post(
    '/orders/cancel',
    { schema: { tags, security, body: CancelOrderBody, response: { 200: CancelOrderResponse } }, onRequest },
    (req) => orders.cancelOrder(requestWork(req), req.body.order_id),
  );
}
