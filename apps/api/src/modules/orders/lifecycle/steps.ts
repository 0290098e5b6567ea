import { formatRupees, toRupees } from '@shop/contract';
import { eq, sql } from 'drizzle-orm';
import type { UnitOfWork } from '../../../context';
import { orderLines } from '../orders.schema';
import { AppError, invalid } from '../../../lib/errors';
import { countSales } from '../../catalog/inventory';
import { giveUseBack } from '../../discounts/discounts.service';
import { paidForPieces } from '../../pricing/quote';
import { moneyNow } from '../money';
import type { OrderRow } from '../order-state';
import { returnStock } from '../stock';
import type { EventOf, ReturnedLine } from './events';
import type { StepResult } from './rules';
import { trackingUrlOf } from './tracking';
import { actorLabel } from './actor-label';
import { recordShipment } from '../shipments';

type LineRow = typeof orderLines.$inferSelect;

/** The steps the lifecycle's rules run inside the firing transaction, the order's row locked. */

export async function takePayment(work: UnitOfWork, order: OrderRow, event: EventOf<'pay'>): Promise<StepResult> {
  const invoiceNumber = await work.app.orderHooks.allocateInvoiceNumber(work, order.id);
  const lines = await work.db.select().from(orderLines).where(eq(orderLines.orderId, order.id));
  const reordered = await countSales(work.db, lines);
  return {
    changes: { paymentId: event.paymentId, paidAt: new Date(), invoiceNumber },
    note: event.paymentId,
    // No stock moved; the catalogue changes only when the sale reorders 'popular'.
    catalog: reordered ? undefined : [],
  };
}

/**
 * An unpaid order ends (a cash-on-delivery order, before its delivery, is
 * unpaid too): its stock goes back, its discount code's use (docs/product.md 'Discount codes'),
 * and any store credit it spent, into credit at once (docs/product.md 'Store credit').
 */
export async function restock(
  work: UnitOfWork,
  order: OrderRow,
  event: EventOf<'cancel' | 'expire' | 'shop_cancel'>,
): Promise<StepResult> {
  // The code's row before the variants', the order placing locks them in: a cancel and a placing
  // with the same code and piece would otherwise deadlock.
  if (order.discountCodeId !== null) await giveUseBack(work.db, order.discountCodeId);
  const catalog = await returnStock(work.db, order.id);
  if (order.creditPaise > 0) {
    const reason = event.type === 'shop_cancel' ? 'shop_cancel' : 'cancel';
    await work.app.orderHooks.recordRefund(work, order, {
      amountPaise: 'rest',
      reason,
      key: `credit-back:${order.id}`,
    });
  }
  const expired = order.paymentMethod === 'COD' ? 'not confirmed in time' : 'payment window passed';
  const note = event.type === 'expire' ? expired : event.type === 'shop_cancel' ? event.note : undefined;
  return { changes: { cancelledAt: new Date() }, note, catalog };
}

/** A paid order ends before it ships: the stock goes back and what is left of the payment is owed back. */
export const cancelAndRefund =
  (reason: 'cancel' | 'shop_cancel') =>
  async (work: UnitOfWork, order: OrderRow, event: EventOf<'cancel' | 'shop_cancel'>): Promise<StepResult> => {
    const catalog = await returnStock(work.db, order.id);
    await work.app.orderHooks.recordRefund(work, order, { amountPaise: 'rest', reason, key: `${reason}:${order.id}` });
    return {
      changes: { cancelledAt: new Date() },
      note: event.type === 'shop_cancel' ? event.note : undefined,
      catalog,
    };
  };

/**
 * A parcel handed to a carrier (docs/product.md 'Shipments'): its pieces recorded as a shipment, and
 * its tracking as the order's newest. Pieces still left to ship leave the order where it was, partly
 * shipped; the last of them take the move to shipped.
 */
export async function ship(work: UnitOfWork, order: OrderRow, event: EventOf<'ship'>): Promise<StepResult> {
  const trackingUrl = trackingUrlOf(event);
  const changes = {
    trackingUrl,
    carrier: event.carrier ?? null,
    trackingNumber: event.trackingNumber?.trim() || null,
  };
  const parcel = await recordShipment(work, order, event, changes, actorLabel(work.actor));
  const partly = parcel.left > 0 || parcel.before > 0;
  const summary = partly
    ? `shipped ${parcel.pieces} piece${parcel.pieces === 1 ? '' : 's'}${parcel.left > 0 ? `, ${parcel.left} left to ship` : ', the last'}: ${trackingUrl}`
    : trackingUrl;
  return {
    changes,
    note: event.note ? (partly ? `${summary}; ${event.note}` : event.note) : summary,
    fact: { shipmentId: parcel.shipmentId },
    ...(parcel.left > 0 ? { stay: true as const } : {}),
  };
}

/** The returned lines, checked against what is left of each (a piece is returned once): every piece left when none are named. */
function piecesBack(lines: LineRow[], event: EventOf<'accept_return'>, orderId: number): ReturnedLine[] {
  const leftOf = (l: LineRow) => l.quantity - l.returnedQuantity;
  if (!event.lines) {
    const all = lines.filter((l) => leftOf(l) > 0).map((l) => ({ lineId: l.id, quantity: leftOf(l) }));
    if (all.length === 0) throw new AppError('conflict', `Every piece of order #${orderId} has already been returned`);
    return all;
  }
  const problems = event.lines.flatMap(({ lineId, quantity }, i) => {
    const line = lines.find((l) => l.id === lineId);
    if (!line) return [`Line ${lineId} is not part of order #${orderId}`];
    if (event.lines!.findIndex((r) => r.lineId === lineId) !== i) return [`Line ${lineId} is named twice`];
    const left = leftOf(line);
    if (left === 0) return [`Every piece of ${line.name} (${line.size}) has already been returned`];
    if (!Number.isInteger(quantity) || quantity < 1 || quantity > left) {
      const already = line.returnedQuantity > 0 ? ` (${line.returnedQuantity} already returned)` : '';
      return [
        `${line.name} (${line.size}) has ${left} piece${left === 1 ? '' : 's'} left to return${already}; return 1 to ${left} of them`,
      ];
    }
    return [];
  });
  if (event.lines.length === 0) problems.push('Name at least one returned line');
  if (problems.length > 0) throw invalid(problems);
  return event.lines;
}

/**
 * Returned pieces (docs/product.md 'After the sale'): marked returned on their lines, back on
 * sale when asked, and refunded: the amount given, else what was paid for
 * them, or all that is left of the payment (shipping included) when they
 * are the last pieces. Less than all that is left leaves the order where it
 * was, partly refunded; the rest of it takes the move to 'refund progress'.
 */
export async function acceptReturn(
  work: UnitOfWork,
  order: OrderRow,
  event: EventOf<'accept_return'>,
): Promise<StepResult> {
  const lines = await work.db.select().from(orderLines).where(eq(orderLines.orderId, order.id));
  const returned = piecesBack(lines, event, order.id);
  const last = lines.every(
    (l) => l.quantity - l.returnedQuantity === (returned.find((r) => r.lineId === l.id)?.quantity ?? 0),
  );
  // What was paid for the pieces: their price less their share of a discount (pricing/quote.ts).
  const piecesValue = returned.reduce(
    (sum, r) =>
      sum +
      paidForPieces(
        lines.find((l) => l.id === r.lineId)!,
        r.quantity,
      ),
    0,
  );
  const { leftPaise } = await moneyNow(work, order);
  const amountPaise = event.amountPaise ?? (last ? leftPaise : Math.min(piecesValue, leftPaise));
  for (const r of returned) {
    await work.db
      .update(orderLines)
      .set({ returnedQuantity: sql`${orderLines.returnedQuantity} + ${r.quantity}` })
      .where(eq(orderLines.id, r.lineId));
  }
  const catalog = event.restock ? await returnStock(work.db, order.id, returned) : [];
  if (amountPaise > 0) {
    await work.app.orderHooks.recordRefund(work, order, {
      amountPaise,
      reason: 'return',
      // Without the caller's key, the pieces returned before this one tell a replay from the next return.
      key: event.idempotencyKey
        ? `return:${order.id}:${event.idempotencyKey}`
        : `return:${order.id}:after-${lines.reduce((n, l) => n + l.returnedQuantity, 0)}`,
      to: event.refundTo,
    });
  }
  const pieces = returned.reduce((n, r) => n + r.quantity, 0);
  const refund = `refund ${formatRupees(toRupees(amountPaise))}${event.refundTo === 'credit' ? ' as store credit' : ''}`;
  const summary = `return of ${pieces} piece${pieces === 1 ? '' : 's'}, ${refund}${event.restock ? ', restocked' : ''}`;
  return {
    note: event.note ? `${summary}: ${event.note}` : summary,
    ...(amountPaise < leftPaise || amountPaise === 0 ? { stay: true as const } : {}),
    catalog,
  };
}

/** A goodwill refund: the amount recorded (the guard checked it); all that is left takes the move. */
export async function giveGoodwill(
  work: UnitOfWork,
  order: OrderRow,
  event: EventOf<'goodwill_refund'>,
): Promise<StepResult> {
  if (event.amountPaise === undefined || !event.note) throw invalid(['amount and reason are required']);
  const { leftPaise } = await moneyNow(work, order);
  await work.app.orderHooks.recordRefund(work, order, {
    amountPaise: event.amountPaise,
    reason: 'goodwill',
    key: goodwillKey(order.id, event.idempotencyKey ?? String(Date.now())),
    to: event.refundTo,
  });
  const note = goodwillNote(event.amountPaise, event.note);
  return { note, ...(event.amountPaise < leftPaise ? { stay: true as const } : {}) };
}

/** One goodwill refund per request (the page's key): a second submit finds it recorded. */
export const goodwillKey = (orderId: number, requestKey: string) => `goodwill:${orderId}:${requestKey}`;

/** The history's line of a goodwill refund, and the reason back out of it (the shopper's mail). */
const GOODWILL = /^goodwill refund [^:]+: /;
export const goodwillNote = (paise: number, reason: string) =>
  `goodwill refund ${formatRupees(toRupees(paise))}: ${reason}`;
export const goodwillReason = (note: string | undefined) => note?.replace(GOODWILL, '');
