import {
  AdminOrderDetail,
  AdminOrderIdParams,
  AdminOrderList,
  AdminOrderQuery,
  MessageBody,
  MoveBody,
  MoveResponse,
  NoteBody,
  ShipBody,
  type OrderMoveKey,
} from '@shop/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../context';
import { adminWork, currentStaff } from '../auth/guard';
import { MOVES, orderDetail } from './order-detail';
import { listOrders } from './orders.query';
import { addNote, moveOrder } from './orders.service';

const tags = ['admin'];

export function adminOrderRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/orders',
    {
      config: { access: 'orders.read' },
      schema: { tags, querystring: AdminOrderQuery, response: { 200: AdminOrderList } },
    },
    (req) => listOrders(ctx, ctx.db, req.query),
  );

  r.get(
    '/orders/:id',
    {
      config: { access: 'orders.read' },
      schema: { tags, params: AdminOrderIdParams, response: { 200: AdminOrderDetail } },
    },
    (req) => orderDetail(adminWork(req), req.params.id, currentStaff(req).role),
  );

  r.post(
    '/orders/:id/notes',
    {
      config: { access: 'orders.note' },
      schema: { tags, params: AdminOrderIdParams, body: NoteBody, response: { 200: MessageBody } },
    },
    async (req) => {
      await addNote(adminWork(req), req.params.id, req.body.note);
      return { message: 'Note kept in the order’s history' };
    },
  );

  r.post(
    '/orders/:id/ship',
    {
      config: { access: 'orders.ship' },
      schema: { tags, params: AdminOrderIdParams, body: ShipBody, response: { 200: MoveResponse } },
    },
    (req) => moveOrder(adminWork(req), req.params.id, 'ship', req.body, currentStaff(req).role),
  );

  // Deliver and the two cancels: the same body, each its own permission (the matrix test checks them all).
  for (const key of ['deliver', 'cancel_unpaid', 'cancel_paid'] as const satisfies OrderMoveKey[]) {
    r.post(
      `/orders/:id/${key.replace('_', '-')}`,
      {
        config: { access: MOVES[key].permission },
        schema: { tags, params: AdminOrderIdParams, body: MoveBody, response: { 200: MoveResponse } },
      },
      (req) => moveOrder(adminWork(req), req.params.id, key, req.body, currentStaff(req).role),
    );
  }
}
