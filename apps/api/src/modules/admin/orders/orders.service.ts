import {
  CARRIERS,
  type BulkShipBody,
  type BulkShipResponse,
  type MoveBody,
  type MoveResponse,
  type OrderMoveKey,
  type ShipBody,
  type StaffRole,
} from '@shop/contract';
import { eq } from 'drizzle-orm';
import type { UnitOfWork } from '../../../context';
import { orders } from '../../orders/orders.schema';
import { AppError, notFound } from '../../../lib/errors';
import type { OrderEvent } from '../../orders/lifecycle/events';
import { fireOrderEvent } from '../../orders/lifecycle/fire';
import { ORDER_RULES } from '../../orders/lifecycle/rules';
import { audit } from '../audit/audit.service';
import { MOVES, orderDetail } from './order-detail';

const DONE: Record<OrderMoveKey, string> = {
  ship: 'Order shipped: the shopper has been mailed the tracking link',
  deliver: 'Order marked delivered',
  cancel_unpaid: 'Order cancelled',
  cancel_paid: 'Order cancelled: the stock is back and the refund has been asked of the provider',
};

/** The status each move leaves the order in (read off the lifecycle's table). */
const targetOf = (key: OrderMoveKey) =>
  ORDER_RULES.find((r) => r.event === MOVES[key].event && r.from.includes(MOVES[key].from[0]!))?.to ?? null;

function eventOf(key: OrderMoveKey, body: MoveBody | ShipBody): OrderEvent {
  const note = body.note || undefined;
  if (key === 'ship') {
    const ship = body as ShipBody;
    if (ship.carrier === 'other') return { type: 'ship', trackingUrl: ship.tracking_url, note };
    const label = CARRIERS.find((c) => c.key === ship.carrier)!.label;
    return { type: 'ship', carrier: label, trackingNumber: ship.tracking_number, note };
  }
  return { type: MOVES[key].event, note } as OrderEvent;
}

/**
 * One of the shop's moves on an order (docs/back-office.md), through the
 * lifecycle (fireOrderEvent: row lock, rules, history, mail) and recorded in
 * the audit log in the same transaction. A move already made (a second click
 * or a second tab) answers the order as it is, `repeated`, doing nothing twice.
 */
export async function moveOrder(
  work: UnitOfWork,
  orderId: number,
  key: OrderMoveKey,
  body: MoveBody | ShipBody,
  role: StaffRole,
): Promise<MoveResponse> {
  const move = MOVES[key];
  try {
    await work.transaction(async (w) => {
      const { order, from } = await fireOrderEvent(w, orderId, eventOf(key, body));
      // The route's permission named the move; the status must be the one this move leaves from.
      if (!move.from.includes(from)) throw new AppError('conflict', `This order cannot take '${key}' now`);
      await audit(w, {
        action: `order.${key}`,
        entityType: 'order',
        entityId: orderId,
        before: { status: from },
        after: { status: order.status, ...(key === 'ship' ? { tracking_url: order.trackingUrl } : {}) },
        note: body.note || null,
      });
    });
  } catch (err) {
    if (!(err instanceof AppError) || err.kind !== 'conflict') throw err;
    const [now] = await work.db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
    if (!now) throw notFound('Order not found');
    if (now.status !== targetOf(key)) throw err;
    return { message: DONE[key], order: await orderDetail(work, orderId, role), repeated: true };
  }
  return { message: DONE[key], order: await orderDetail(work, orderId, role), repeated: false };
}

/** An internal note: a line in the order's history (the lifecycle's `note`) and in the audit log. */
export async function addNote(work: UnitOfWork, orderId: number, note: string): Promise<void> {
  await work.transaction(async (w) => {
    const { order } = await fireOrderEvent(w, orderId, { type: 'note', note });
    await audit(w, {
      action: 'order.note',
      entityType: 'order',
      entityId: orderId,
      after: { status: order.status },
      note,
    });
  });
}

/**
 * Ships many orders from one sheet: each in its own transaction (one refused
 * order does not hold back the others), each reported. A repeated sheet ships
 * nothing twice.
 */
export async function bulkShip(work: UnitOfWork, body: BulkShipBody, role: StaffRole): Promise<BulkShipResponse> {
  const results: BulkShipResponse['results'] = [];
  for (const line of body.orders) {
    try {
      const done = await moveOrder(work, line.id, 'ship', { ...line, note: '' }, role);
      results.push({
        id: line.id,
        ok: true,
        repeated: done.repeated,
        message: done.repeated ? 'Already shipped' : 'Shipped',
        tracking_url: done.order.tracking_url,
      });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      results.push({
        id: line.id,
        ok: false,
        repeated: false,
        message: err.errors[0] ?? err.message,
        tracking_url: null,
      });
    }
  }
  return { results };
}
