import { formatRupees, toRupees } from '@shop/contract';
import { eq } from 'drizzle-orm';
import type { UnitOfWork } from '../../../context';
import { orderLines } from '../orders.schema';
import { invalid } from '../../../lib/errors';
import { countSales } from '../../catalog/inventory';
import { giveUseBack } from '../../discounts/discounts.service';
import { paidForPieces } from '../../pricing/quote';
import type { OrderRow } from '../order-state';
import { returnStock } from '../stock';
import type { EventOf, ReturnedLine } from './events';
import type { StepResult } from './rules';
import { trackingUrlOf } from './tracking';

/** The steps the lifecycle's rules run inside the firing transaction, the order's row locked. */

export async function takePayment(work: UnitOfWork, order: OrderRow, event: EventOf<'pay'>): Promise<StepResult> {
  const invoiceNumber = await work.app.orderHooks.allocateInvoiceNumber(work, order.id);
  const lines = await work.db.select().from(orderLines).where(eq(orderLines.orderId, order.id));
  await countSales(work.db, lines);
  return { changes: { paymentId: event.paymentId, paidAt: new Date(), invoiceNumber }, note: event.paymentId };
}

/**
 * An unpaid order ends (a cash-on-delivery order, before its delivery, is
 * unpaid too): its stock goes back, and its discount code's use (docs/product.md 'Discount codes').
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
  const expired = order.paymentMethod === 'COD' ? 'not confirmed in time' : 'payment window passed';
  const note = event.type === 'expire' ? expired : event.type === 'shop_cancel' ? event.note : undefined;
  return { changes: { cancelledAt: new Date() }, note, catalog };
}

/** A paid order ends before it ships: the stock goes back and what is left of the payment is owed back. */
export const cancelAndRefund =
  (reason: 'cancel' | 'shop_cancel') =>
  async (work: UnitOfWork, order: OrderRow, event: EventOf<'cancel' | 'shop_cancel'>): Promise<StepResult> => {
    await returnStock(work.db, order.id);
    await work.app.orderHooks.recordRefund(work, order, { amountPaise: 'rest', reason, key: `${reason}:${order.id}` });
    return { changes: { cancelledAt: new Date() }, note: event.type === 'shop_cancel' ? event.note : undefined };
  };

export function ship(_work: UnitOfWork, _order: OrderRow, event: EventOf<'ship'>): Promise<StepResult> {
  const trackingUrl = trackingUrlOf(event);
  const changes = {
    trackingUrl,
    carrier: event.carrier ?? null,
    trackingNumber: event.trackingNumber?.trim() || null,
  };
  return Promise.resolve({ changes, note: event.note || trackingUrl });
}

/**
 * Returned pieces: the refund (the amount given, or the pieces' price, or the
 * whole total when every piece comes back) and, when asked, the stock.
 */
export async function acceptReturn(
  work: UnitOfWork,
  order: OrderRow,
  event: EventOf<'accept_return'>,
): Promise<StepResult> {
  const lines = await work.db.select().from(orderLines).where(eq(orderLines.orderId, order.id));
  const returned: ReturnedLine[] = event.lines ?? lines.map((l) => ({ lineId: l.id, quantity: l.quantity }));
  const problems = returned.flatMap(({ lineId, quantity }, i) => {
    const line = lines.find((l) => l.id === lineId);
    if (!line) return [`Line ${lineId} is not part of order #${order.id}`];
    if (returned.findIndex((r) => r.lineId === lineId) !== i) return [`Line ${lineId} is named twice`];
    if (!Number.isInteger(quantity) || quantity < 1 || quantity > line.quantity) {
      return [`Line ${lineId} has ${line.quantity} pieces; return 1 to ${line.quantity} of them`];
    }
    return [];
  });
  if (returned.length === 0) problems.push('Name at least one returned line');
  if (problems.length > 0) throw invalid(problems);

  const everything = lines.every((l) => returned.some((r) => r.lineId === l.id && r.quantity === l.quantity));
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
  const amountPaise = event.amountPaise ?? (everything ? order.totalPaise : piecesValue);
  if (event.restock) await returnStock(work.db, order.id, returned);
  await work.app.orderHooks.recordRefund(work, order, {
    amountPaise,
    reason: 'return',
    key: event.idempotencyKey ? `return:${order.id}:${event.idempotencyKey}` : `return:${order.id}`,
  });
  const pieces = returned.reduce((n, r) => n + r.quantity, 0);
  const summary = `return of ${pieces} piece${pieces === 1 ? '' : 's'}, refund ${formatRupees(toRupees(amountPaise))}${event.restock ? ', restocked' : ''}`;
  return { note: event.note ? `${summary}: ${event.note}` : summary };
}
