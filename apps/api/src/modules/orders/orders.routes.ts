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
import type { AppContext } from '../../context';
import { currentUser, requireUser } from '../../lib/auth';
import { requestRefund } from '../payments/refunds.service';
import { afterOrderEvent } from './notifications';
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
        ctx,
        currentUser(req),
        req.body,
        req.headers['idempotency-key'],
      );
      return reply.status(replayed ? 200 : 201).send({ message: MESSAGES.orderPlaced, data: [order] });
    },
  );

  r.get('/orders', { schema: { tags, security, response: { 200: OrdersResponse } }, onRequest }, async (req) => ({
    data: await orders.listOrders(ctx, currentUser(req).id),
  }));

  r.get(
    '/orders/:id',
    { schema: { tags, security, params: z.object({ id: IdParam }), response: { 200: OrderResponse } }, onRequest },
    async (req) => ({ data: await orders.getOrder(ctx, currentUser(req).id, req.params.id) }),
  );

  r.post(
    '/orders/cancel',
    { schema: { tags, security, body: CancelOrderBody, response: { 200: CancelOrderResponse } }, onRequest },
    async (req) => {
      const { order, refundAsked } = await orders.cancelOrder(ctx, currentUser(req).id, req.body.order_id);
      if (refundAsked) {
        // The refund is recorded; if the provider is down now, the job asks again.
        await requestRefund(ctx, order.id).catch((err: unknown) =>
          req.log.error({ err, orderId: order.id }, 'refund request failed; the job will retry'),
        );
      }
      await afterOrderEvent(ctx, order.id, 'cancelled');
      const data = refundAsked ? await orders.getOrder(ctx, currentUser(req).id, order.id) : order;
      return { message: refundAsked ? MESSAGES.orderCancelledRefund : MESSAGES.orderCancelled, data };
    },
  );
}
