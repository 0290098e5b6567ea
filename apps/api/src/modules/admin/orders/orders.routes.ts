import { ENDPOINTS, type OrderMoveKey } from '@shop/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../context';
import { route } from '../../../lib/endpoint-route';
import { adminWork, currentStaff } from '../auth/guard';
import { orderDetail } from './order-detail';
import { listOrders } from './orders.query';
import { addNote, bulkShip, moveOrder } from './orders.service';
import { renderSlips } from './slips';

/** Deliver and the two cancels: the same body, each its own permission (the matrix test checks them all). */
const MOVE_ENDPOINTS = {
  deliver: ENDPOINTS['admin.orders.deliver'],
  cancel_unpaid: ENDPOINTS['admin.orders.cancelUnpaid'],
  cancel_paid: ENDPOINTS['admin.orders.cancelPaid'],
} as const satisfies Partial<Record<OrderMoveKey, unknown>>;

export function adminOrderRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, ENDPOINTS['admin.orders.list'], {}, (req) => listOrders(ctx, ctx.db, req.query));

  route(app, ENDPOINTS['admin.orders.slips'], {}, async (req, reply) => {
    const pdf = await renderSlips(adminWork(req), req.query.ids, req.query.kind);
    const name = `${req.query.kind === 'label' ? 'labels' : 'packing-slips'}-${req.query.ids.slice(0, 5).join('-')}.pdf`;
    return reply
      .type('application/pdf')
      .header('content-disposition', `inline; filename="${name}"`)
      .header('cache-control', 'private, no-store')
      .send(pdf);
  });

  route(app, ENDPOINTS['admin.orders.bulkShip'], {}, (req) =>
    bulkShip(adminWork(req), req.body, currentStaff(req).role),
  );

  route(app, ENDPOINTS['admin.orders.get'], {}, (req) =>
    orderDetail(adminWork(req), req.params.id, currentStaff(req).role),
  );

  route(app, ENDPOINTS['admin.orders.note'], {}, async (req) => {
    await addNote(adminWork(req), req.params.id, req.body.note);
    return { message: 'Note kept in the order’s history' };
  });

  route(app, ENDPOINTS['admin.orders.ship'], {}, (req) =>
    moveOrder(adminWork(req), req.params.id, 'ship', req.body, currentStaff(req).role),
  );

  for (const key of ['deliver', 'cancel_unpaid', 'cancel_paid'] as const) {
    route(app, MOVE_ENDPOINTS[key], {}, (req) =>
      moveOrder(adminWork(req), req.params.id, key, req.body, currentStaff(req).role),
    );
  }
}
