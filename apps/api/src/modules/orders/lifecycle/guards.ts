import { MESSAGES, formatIndianDate, formatRupees, toRupees } from '@shop/contract';
import type { UnitOfWork } from '../../../context';
import { AppError, invalid } from '../../../lib/errors';
import { moneyNow } from '../money';
import type { OrderRow } from '../order-state';
import type { EventOf, OrderEventType } from './events';
import { returnWindowOf } from './return-window';

/**
 * What a rule asks beyond the order's status and who acts: the order's money
 * and dates. Null when the event may happen; else the refusal it answers.
 */
export type Guard<T extends OrderEventType = OrderEventType> = (
  work: UnitOfWork,
  order: OrderRow,
  event: EventOf<T>,
) => Promise<AppError | null>;

/** An order is paid once: another payment for it (a second tab, a late report) is money to give back. */
export const notPaidYet: Guard<'pay'> = (_work, order) =>
  Promise.resolve(order.paymentId ? new AppError('conflict', MESSAGES.orderAlreadyPaid) : null);

/**
 * A return is accepted within the return window after delivery; after it,
 * only by an admin who overrides the window and says why in a note.
 */
export const withinReturnWindow: Guard<'accept_return'> = async (work, order, event) => {
  const window = await returnWindowOf(work, order.id);
  if (window.within) return null;
  const ended = `The return window ended on ${formatIndianDate(window.ends!)}`;
  if (!event.overrideWindow) return new AppError('conflict', `${ended}: only an admin may accept it, with a note`);
  if (work.actor.kind !== 'admin') return new AppError('forbidden', `${ended}: only an admin may accept it`);
  if (!event.note) return invalid(['note is required to accept a return after its window']);
  return null;
};

/**
 * The order is refunded once every refund its move asked for is paid back
 * (refunds of a second payment, 'orphan', never hold it up).
 */
export const everyRefundPaidBack: Guard<'settle_refund' | 'settle_credit'> = async (work, order, event) => {
  const refunds = await work.app.orderHooks.refundsOf(work.db, [order.id]);
  const waiting = refunds.some((r) => r.status === 'pending' && r.reason !== 'orphan' && r.id !== event.refundId);
  return waiting ? new AppError('conflict', 'A refund of this order is still to be paid back') : null;
};

/** A courier's remittance is recorded once per order. */
export const notRemittedYet: Guard<'record_remittance'> = (_work, order) =>
  Promise.resolve(
    order.codRemittedAt ? new AppError('conflict', `Order #${order.id}'s cash is already marked as remitted`) : null,
  );

/**
 * A goodwill refund gives back at most what is left of the payment, and
 * something must be left; all of it before the parcel ships is a cancel
 * (which puts the stock back), not a goodwill refund.
 */
export const goodwillWithinPaid: Guard<'goodwill_refund'> = async (work, order, event) => {
  const { leftPaise } = await moneyNow(work, order);
  if (leftPaise === 0) return new AppError('conflict', `Nothing is left of order #${order.id}'s payment to give back`);
  const amount = event.amountPaise;
  if (amount === undefined) return null;
  const left = formatRupees(toRupees(leftPaise));
  if (amount > leftPaise) {
    return invalid([`A refund of ${formatRupees(toRupees(amount))} is more than is left of the payment (${left})`]);
  }
  if (amount === leftPaise && order.status === 'packaging') {
    return new AppError('conflict', `To give back all of ${left} before the parcel ships, cancel the order`);
  }
  return null;
};

/**
 * A partly shipped order is no longer cancelled whole: its parcels are on their way (docs/product.md
 * 'Shipments'). Every parcel writes its tracking on the order (steps.ts `ship`), so an order that
 * has one has a parcel out.
 */
export const nothingShippedYet: Guard<'cancel' | 'shop_cancel'> = (_work, order) =>
  Promise.resolve(
    order.trackingUrl
      ? new AppError('conflict', `Part of order #${order.id} has already shipped: it can no longer be cancelled`)
      : null,
  );
