import { eq } from 'drizzle-orm';
import type { UnitOfWork } from '../../../context';
import { countSales } from '../../catalog/inventory';
import { orderLines } from '../orders.schema';
import type { OrderRow } from '../order-state';
import { returnStock } from '../stock';
import type { EventOf } from './events';
import type { StepResult } from './rules';

/** Cash on delivery's steps, run inside the firing transaction with the order's row locked (docs/product.md). */

export function confirmCod(_work: UnitOfWork, _order: OrderRow, event: EventOf<'confirm_cod'>): Promise<StepResult> {
  return Promise.resolve({
    changes: { codConfirmedAt: new Date() },
    note: event.note ?? 'confirmed by the mailed code',
  });
}

/**
 * The carrier collected the cash: it is recorded as the order's payment
 * (payments' table, method 'cod', so the reports count it as any payment),
 * the invoice number taken as a paid online order takes it, the sale counted.
 */
export async function takeCash(work: UnitOfWork, order: OrderRow, event: EventOf<'deliver'>): Promise<StepResult> {
  const paymentId = await work.app.orderHooks.recordCashPayment(work, order);
  const invoiceNumber = await work.app.orderHooks.allocateInvoiceNumber(work, order.id);
  const lines = await work.db.select().from(orderLines).where(eq(orderLines.orderId, order.id));
  const reordered = await countSales(work.db, lines);
  return {
    changes: { paymentId, paidAt: new Date(), invoiceNumber },
    note: event.note ? `cash received: ${event.note}` : 'cash received',
    catalog: reordered ? undefined : [],
  };
}

/** A parcel refused at the door is back: its pieces go on sale again; no money was taken, none goes back. */
export async function restockRefusedParcel(
  work: UnitOfWork,
  order: OrderRow,
  event: EventOf<'return_to_origin'>,
): Promise<StepResult> {
  const catalog = await returnStock(work.db, order.id);
  return { note: event.note ? `refused at the door: ${event.note}` : 'refused at the door', catalog };
}

export function recordRemittance(
  _work: UnitOfWork,
  _order: OrderRow,
  event: EventOf<'record_remittance'>,
): Promise<StepResult> {
  const reference = event.reference.trim();
  return Promise.resolve({
    changes: { codRemittedAt: new Date(), codRemittance: reference },
    note: `cash remitted by the carrier: ${reference}${event.note ? ` (${event.note})` : ''}`,
  });
}
