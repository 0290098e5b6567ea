import {
  CARRIERS,
  type BulkShipBody,
  type BulkShipResponse,
  type CodRemittanceBody,
  type CodRemittanceResponse,
  type MoveBody,
  type OrderMoveKey,
  type ShipBody,
  type ShipmentBody,
} from '@shop/contract';
import { eq } from 'drizzle-orm';
import type { UnitOfWork } from '../../context';
import { orders } from './orders.schema';
import { AppError, notFound } from '../../lib/errors';
import type { OrderEvent } from './lifecycle/events';
import { fireOrderEvent, settleIfCredited } from './lifecycle/fire';
import { RULES, type RuleName } from './lifecycle/rules';
import type { OrderRow } from './order-state';
import { audit } from '../audit/audit.service';
import { lockOrder } from './order-lock';
import { newestShipment, shipmentByRequest } from './shipments';

/**
 * The shop's moves on an order (the back office's order page), each the
 * lifecycle rules it may apply: an online order's, or a cash-on-delivery
 * order's (delivering one records its cash; cancelling one being packed
 * refunds nothing, so it is an unpaid order's cancel).
 */
export const SHOP_MOVES: Record<OrderMoveKey, readonly RuleName[]> = {
  ship: ['ship'],
  deliver: ['deliver', 'deliver_cod'],
  cancel_unpaid: ['shop_cancel_unpaid', 'shop_cancel_cod'],
  cancel_paid: ['shop_cancel_paid'],
  return_to_origin: ['return_to_origin'],
};

type AnyMoveBody = MoveBody | ShipBody | ShipmentBody;

function eventOf(key: OrderMoveKey, body: AnyMoveBody): OrderEvent {
  const note = body.note || undefined;
  if (key === 'ship') {
    const ship = body as ShipBody | ShipmentBody;
    // Some pieces (a shipment's form), or none named: every piece left.
    const part =
      'lines' in ship
        ? {
            lines: ship.lines.map((l) => ({ lineId: l.line_id, quantity: l.quantity })),
            requestKey: ship.request_key,
          }
        : {};
    if (ship.carrier === 'other') return { type: 'ship', trackingUrl: ship.tracking_url, note, ...part };
    const label = CARRIERS.find((c) => c.key === ship.carrier)!.label;
    return { type: 'ship', carrier: label, trackingNumber: ship.tracking_number, note, ...part };
  }
  return { type: RULES[SHOP_MOVES[key][0]!].event, note } as OrderEvent;
}

/**
 * One of the shop's moves on an order (docs/back-office.md), through the
 * lifecycle (fireOrderEvent: row lock, rules, history, mail) and recorded in
 * the audit log in the same transaction. A move already made (a second click
 * or a second tab) answers the order as it is, `repeated`, doing nothing twice; so does a shipment
 * whose form's request key already shipped (docs/back-office.md 'Shipments').
 */
export async function moveOrder(
  work: UnitOfWork,
  orderId: number,
  key: OrderMoveKey,
  body: AnyMoveBody,
): Promise<{ order: OrderRow; repeated: boolean }> {
  const rules = SHOP_MOVES[key];
  const requestKey = 'request_key' in body ? body.request_key : undefined;
  try {
    const order = await work.transaction(async (w) => {
      if (requestKey) {
        // Asked under the order's lock, so two submits of one form queue and the second finds the first.
        const now = await lockOrder(w.db, orderId);
        if (await shipmentByRequest(w.db, orderId, requestKey)) return { ...now, repeated: true as const };
      }
      // A cancel whose money all went back into store credit is refunded at once.
      const fired = await settleIfCredited(w, await fireOrderEvent(w, orderId, eventOf(key, body)));
      // The route's permission named the move; the lifecycle must have applied that move's rule.
      if (!rules.includes(fired.rule)) throw new AppError('conflict', `This order cannot take '${key}' now`);
      await audit(w, {
        action: `order.${key}`,
        entityType: 'order',
        entityId: orderId,
        before: { status: fired.from },
        after: { status: fired.order.status, ...(key === 'ship' ? await shipped(w, fired.order) : {}) },
        note: body.note || null,
      });
      return fired.order;
    });
    if ('repeated' in order) {
      const { repeated, ...row } = order;
      return { order: row, repeated };
    }
    return { order, repeated: false };
  } catch (err) {
    if (!(err instanceof AppError) || err.kind !== 'conflict') throw err;
    const [now] = await work.db.select().from(orders).where(eq(orders.id, orderId));
    if (!now) throw notFound('Order not found');
    if (!rules.some((rule) => now.status === RULES[rule].to)) throw err;
    return { order: now, repeated: true };
  }
}

/** What the audit log keeps of a shipment: its tracking and pieces. */
async function shipped(work: UnitOfWork, order: OrderRow) {
  const parcel = await newestShipment(work.db, order.id);
  return {
    tracking_url: order.trackingUrl,
    ...(parcel
      ? { shipment: parcel.id, pieces: parcel.pieces.map((p) => ({ line: p.line_id, quantity: p.quantity })) }
      : {}),
  };
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
export async function bulkShip(work: UnitOfWork, body: BulkShipBody): Promise<BulkShipResponse> {
  const results: BulkShipResponse['results'] = [];
  for (const line of body.orders) {
    try {
      const done = await moveOrder(work, line.id, 'ship', { ...line, note: '' });
      results.push({
        id: line.id,
        ok: true,
        repeated: done.repeated,
        message: done.repeated ? 'Already shipped' : 'Shipped',
        tracking_url: done.order.trackingUrl,
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

/**
 * A courier's remittance of the cash it collected, marked on many delivered
 * COD orders at once: each in its own transaction, each reported (one
 * refused order does not hold back the others), each in the audit log.
 */
export async function recordRemittances(work: UnitOfWork, body: CodRemittanceBody): Promise<CodRemittanceResponse> {
  const results: CodRemittanceResponse['results'] = [];
  for (const id of [...new Set(body.ids)]) {
    try {
      await work.transaction(async (w) => {
        const fired = await fireOrderEvent(w, id, { type: 'record_remittance', reference: body.reference });
        await audit(w, {
          action: 'order.cod_remittance',
          entityType: 'order',
          entityId: id,
          after: { status: fired.order.status, remittance: body.reference },
          note: null,
        });
      });
      results.push({ id, ok: true, message: `Cash remitted: ${body.reference}` });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      results.push({ id, ok: false, message: err.errors[0] ?? err.message });
    }
  }
  return { results };
}
