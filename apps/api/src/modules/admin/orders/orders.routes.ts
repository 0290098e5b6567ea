import {
  AdminOrderDetail,
  BulkShipBody,
  BulkShipResponse,
  SlipQuery,
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
import { addNote, bulkShip, moveOrder } from './orders.service';
import { renderSlips } from './slips';

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
    '/orders/slips',
    { config: { access: 'orders.slips' }, schema: { tags, querystring: SlipQuery } },
    async (req, reply) => {
      const pdf = await renderSlips(adminWork(req), req.query.ids, req.query.kind);
      const name = `${req.query.kind === 'label' ? 'labels' : 'packing-slips'}-${req.query.ids.slice(0, 5).join('-')}.pdf`;
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${name}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );

  r.post(
    '/orders/bulk-ship',
    { config: { access: 'orders.ship' }, schema: { tags, body: BulkShipBody, response: { 200: BulkShipResponse } } },
    (req) => bulkShip(adminWork(req), req.body, currentStaff(req).role),
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
