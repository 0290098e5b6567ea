import { ENDPOINTS, type MoveBody, type MoveResponse, type OrderMoveKey, type ShipBody } from '@shop/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../../context';
import { route } from '../../../lib/endpoint-route';
import { addNote, bulkShip, moveOrder, recordRemittances } from '../../orders/shop-moves';
import { adminWork, currentStaff } from '../auth/guard';
import { orderDetail } from './order-detail';
import { listOrders } from './orders.query';
import { renderShipmentSlip, renderSlips } from './slips';
import { goodwillRefund } from '../refunds/refunds.service';

const DONE: Record<OrderMoveKey, string> = {
  ship: 'Order shipped: the shopper has been mailed the tracking link',
  deliver: 'Order marked delivered',
  cancel_unpaid: 'Order cancelled',
  cancel_paid: 'Order cancelled: the stock is back and the refund has been asked of the provider',
  return_to_origin: 'Parcel marked returned to origin: its pieces are back in stock; nothing to refund',
};

/** A move of the order page, answered with what was done and the page as the order now stands. */
async function move(
  req: FastifyRequest,
  orderId: number,
  key: OrderMoveKey,
  body: MoveBody | ShipBody,
): Promise<MoveResponse> {
  const work = adminWork(req);
  const { repeated } = await moveOrder(work, orderId, key, body);
  return { message: DONE[key], order: await orderDetail(work, orderId, currentStaff(req).role), repeated };
}

/** Deliver and the two cancels: the same body, each its own permission (the matrix test checks them all). */
const MOVE_ENDPOINTS = {
  deliver: ENDPOINTS['admin.orders.deliver'],
  cancel_unpaid: ENDPOINTS['admin.orders.cancelUnpaid'],
  cancel_paid: ENDPOINTS['admin.orders.cancelPaid'],
  return_to_origin: ENDPOINTS['admin.orders.returnToOrigin'],
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

  route(app, ENDPOINTS['admin.orders.bulkShip'], {}, (req) => bulkShip(adminWork(req), req.body));

  route(app, ENDPOINTS['admin.orders.codRemittance'], {}, (req) => recordRemittances(adminWork(req), req.body));

  route(app, ENDPOINTS['admin.orders.get'], {}, (req) =>
    orderDetail(adminWork(req), req.params.id, currentStaff(req).role),
  );

  route(app, ENDPOINTS['admin.orders.note'], {}, async (req) => {
    await addNote(adminWork(req), req.params.id, req.body.note);
    return { message: 'Note kept in the order’s history' };
  });

  route(app, ENDPOINTS['admin.orders.ship'], {}, (req) => move(req, req.params.id, 'ship', req.body));

  // Some pieces of the order: a shipment of its own; the last pieces left ship the order.
  route(app, ENDPOINTS['admin.orders.shipPart'], {}, async (req) => {
    const work = adminWork(req);
    const { order, repeated } = await moveOrder(work, req.params.id, 'ship', req.body);
    const message = repeated
      ? 'This shipment was already recorded: nothing was shipped twice'
      : order.status === 'shipped'
        ? 'Shipped: the last pieces are on their way and the shopper has been mailed the tracking link'
        : 'Shipment recorded: the shopper has been mailed its pieces and tracking link';
    return { message, order: await orderDetail(work, req.params.id, currentStaff(req).role), repeated };
  });

  route(app, ENDPOINTS['admin.orders.shipmentSlip'], {}, async (req, reply) => {
    const pdf = await renderShipmentSlip(adminWork(req), req.params.id, req.params.shipment);
    return reply
      .type('application/pdf')
      .header('content-disposition', `inline; filename="packing-slip-${req.params.id}-${req.params.shipment}.pdf"`)
      .header('cache-control', 'private, no-store')
      .send(pdf);
  });

  route(app, ENDPOINTS['admin.orders.refund'], {}, async (req) => {
    const work = adminWork(req);
    const { repeated } = await goodwillRefund(work, req.params.id, req.body);
    return {
      message: repeated
        ? 'This refund was already recorded'
        : 'Refund recorded: it has been asked of the provider and the shopper mailed why',
      order: await orderDetail(work, req.params.id, currentStaff(req).role),
      repeated,
    };
  });

  for (const key of ['deliver', 'cancel_unpaid', 'cancel_paid', 'return_to_origin'] as const) {
    route(app, MOVE_ENDPOINTS[key], {}, (req) => move(req, req.params.id, key, req.body));
  }
}
