import { FULFILMENT_LABELS, type Fulfilment, type Shipment } from '@shop/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { UnitOfWork } from '../../context';
import type { DbOrTx } from '../../db/client';
import { AppError, invalid } from '../../lib/errors';
import { orderLines, orderShipmentLines, orderShipments } from './orders.schema';
import type { EventOf, ShippedLine } from './lifecycle/events';
import type { OrderRow } from './order-state';

/*
 * Shipments (docs/product.md 'Shipments'): an order leaves the workshop in one
 * or more parcels, each some pieces of its lines with its own tracking. The
 * lifecycle's 'ship' records one (lifecycle/steps.ts); the order moves to
 * shipped when every piece is in one.
 */

type LineRow = typeof orderLines.$inferSelect;
type ShipmentRow = typeof orderShipments.$inferSelect;

/** Pieces of each line already in a shipment, by line id. */
export async function shippedPieces(db: DbOrTx, orderIds: number[]): Promise<Map<number, number>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({ lineId: orderShipmentLines.lineId, pieces: sql<number>`sum(${orderShipmentLines.quantity})::int` })
    .from(orderShipmentLines)
    .innerJoin(orderShipments, eq(orderShipments.id, orderShipmentLines.shipmentId))
    .where(inArray(orderShipments.orderId, orderIds))
    .groupBy(orderShipmentLines.lineId);
  return new Map(rows.map((r) => [r.lineId, Number(r.pieces)]));
}

const piecesWord = (n: number) => `${n} piece${n === 1 ? '' : 's'}`;

/** The pieces asked to ship, checked against what is left of each line: every piece left when none are named. */
function piecesToShip(
  lines: LineRow[],
  shipped: Map<number, number>,
  asked: ShippedLine[] | undefined,
  orderId: number,
): ShippedLine[] {
  const leftOf = (l: LineRow) => l.quantity - (shipped.get(l.id) ?? 0);
  if (!asked) {
    const all = lines.filter((l) => leftOf(l) > 0).map((l) => ({ lineId: l.id, quantity: leftOf(l) }));
    if (all.length === 0) throw new AppError('conflict', `Every piece of order #${orderId} has already shipped`);
    return all;
  }
  if (asked.length === 0) throw invalid(['Choose at least one piece to ship']);
  const problems = asked.flatMap(({ lineId, quantity }, i) => {
    const line = lines.find((l) => l.id === lineId);
    if (!line) return [`Line ${lineId} is not part of order #${orderId}`];
    if (asked.findIndex((r) => r.lineId === lineId) !== i) return [`Line ${lineId} is named twice`];
    const what = `${line.name} (${line.size})`;
    const left = leftOf(line);
    if (left === 0) return [`Every piece of ${what} has already shipped`];
    if (!Number.isInteger(quantity) || quantity < 1) return [`Ship at least 1 piece of ${what}, or leave it out`];
    if (quantity > left) {
      const already = shipped.get(line.id) ? ` (${shipped.get(line.id)} already shipped)` : '';
      return [`${what} has ${piecesWord(left)} left to ship${already}: ship 1 to ${left} of them`];
    }
    return [];
  });
  if (problems.length > 0) throw invalid(problems);
  return asked;
}

/**
 * Records a shipment of the event's pieces (the order's row is locked by the
 * firing transaction, so two hands shipping the same pieces queue and the
 * second finds them shipped). Answers it, its pieces, those shipped before and those still left.
 */
export async function recordShipment(
  work: UnitOfWork,
  order: OrderRow,
  event: EventOf<'ship'>,
  tracking: { trackingUrl: string; carrier: string | null; trackingNumber: string | null },
  actor: string,
): Promise<{ shipmentId: number; pieces: number; before: number; left: number }> {
  const lines = await work.db.select().from(orderLines).where(eq(orderLines.orderId, order.id));
  const shipped = await shippedPieces(work.db, [order.id]);
  const parcel = piecesToShip(lines, shipped, event.lines, order.id);
  const [row] = await work.db
    .insert(orderShipments)
    .values({ orderId: order.id, ...tracking, requestKey: event.requestKey ?? null, actor })
    .returning({ id: orderShipments.id });
  await work.db
    .insert(orderShipmentLines)
    .values(parcel.map((p) => ({ shipmentId: row!.id, lineId: p.lineId, quantity: p.quantity })));
  const pieces = parcel.reduce((n, p) => n + p.quantity, 0);
  const total = lines.reduce((n, l) => n + l.quantity, 0);
  const before = [...shipped.values()].reduce((n, q) => n + q, 0);
  return { shipmentId: row!.id, pieces, before, left: total - before - pieces };
}

/** The shipment a form's request key already recorded for the order, if any (a second submit). */
export async function shipmentByRequest(db: DbOrTx, orderId: number, requestKey: string): Promise<number | null> {
  const [row] = await db
    .select({ id: orderShipments.id })
    .from(orderShipments)
    .where(and(eq(orderShipments.orderId, orderId), eq(orderShipments.requestKey, requestKey)));
  return row?.id ?? null;
}

/** The orders' shipments with their pieces, oldest first, by order id. */
export async function shipmentsOf(db: DbOrTx, orderIds: number[]): Promise<Map<number, Shipment[]>> {
  const byOrder = new Map<number, Shipment[]>();
  if (orderIds.length === 0) return byOrder;
  const rows: ShipmentRow[] = await db
    .select()
    .from(orderShipments)
    .where(inArray(orderShipments.orderId, orderIds))
    .orderBy(asc(orderShipments.id));
  if (rows.length === 0) return byOrder;
  const pieces = await db
    .select({
      shipmentId: orderShipmentLines.shipmentId,
      lineId: orderShipmentLines.lineId,
      quantity: orderShipmentLines.quantity,
      name: orderLines.name,
      size: orderLines.size,
      color: orderLines.color,
      sku: orderLines.sku,
    })
    .from(orderShipmentLines)
    .innerJoin(orderLines, eq(orderLines.id, orderShipmentLines.lineId))
    .where(
      inArray(
        orderShipmentLines.shipmentId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(orderShipmentLines.lineId));
  for (const r of rows) {
    const list = byOrder.get(r.orderId) ?? [];
    list.push({
      id: r.id,
      created_at: r.createdAt.toISOString(),
      carrier: r.carrier,
      tracking_number: r.trackingNumber,
      tracking_url: r.trackingUrl,
      pieces: pieces
        .filter((p) => p.shipmentId === r.id)
        .map((p) => ({
          line_id: p.lineId,
          name: p.name,
          size: p.size,
          color: p.color,
          sku: p.sku,
          quantity: p.quantity,
        })),
    });
    byOrder.set(r.orderId, list);
  }
  return byOrder;
}

/** How much of the order is in shipments: none, some or every piece. */
export function fulfilmentOf(lines: Pick<LineRow, 'quantity'>[], shipments: Shipment[]): Fulfilment {
  const total = lines.reduce((n, l) => n + l.quantity, 0);
  const shipped = shipments.reduce((n, s) => n + s.pieces.reduce((m, p) => m + p.quantity, 0), 0);
  return shipped === 0 ? 'unshipped' : shipped < total ? 'partly_shipped' : 'shipped';
}

export const fulfilmentView = (lines: Pick<LineRow, 'quantity'>[], shipments: Shipment[]) => {
  const fulfilment = fulfilmentOf(lines, shipments);
  return { fulfilment, fulfilment_label: FULFILMENT_LABELS[fulfilment] };
};

/** The order's newest shipment (the one its last 'ship' recorded). */
export async function newestShipment(db: DbOrTx, orderId: number): Promise<Shipment | null> {
  return (await shipmentsOf(db, [orderId])).get(orderId)?.at(-1) ?? null;
}
