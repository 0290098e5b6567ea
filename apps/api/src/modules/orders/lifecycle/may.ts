import { MESSAGES, ORDER_STATUS_LABELS, PAYMENT_METHOD_LABELS, type OrderStatus } from '@shop/contract';
import type { Actor, UnitOfWork } from '../../../context';
import { AppError, notFound } from '../../../lib/errors';
import type { OrderRow } from '../order-state';
import type { OrderEvent, OrderEventType } from './events';
import { ORDER_RULES, type NamedRule, type RuleName } from './rules';

/** What the shopper reads when a move is refused; other refusals name the statuses. */
const REFUSALS: Partial<Record<OrderEventType, string>> = {
  cancel: MESSAGES.cannotCancel,
  pay: MESSAGES.cannotPay,
};

/**
 * The rule by which `actor` may fire an event of `type` at the order in its
 * status, or the refusal: a shopper sees only their own orders (404); an
 * actor no rule of the event names, or not this status's rule, gets 403; a
 * status the event may not leave from gets 409. The rule's guard is not
 * asked here (it may read): `may` and `fireOrderEvent` ask it next.
 */
export function ruleFor(order: OrderRow, type: OrderEventType, actor: Actor): NamedRule | AppError {
  if (actor.kind === 'shopper' && order.userId !== actor.userId) return notFound(MESSAGES.orderNotFound);
  const ofEvent = ORDER_RULES.filter((r) => r.event === type);
  const forbidden = () => new AppError('forbidden', `You are not allowed to ${type.replaceAll('_', ' ')} this order`);
  if (!ofEvent.some((r) => r.by.includes(actor.kind))) return forbidden();
  const candidates = ofEvent.filter((r) => forMethod(r, order));
  const rule = candidates.find((r) => r.from.includes(order.status));
  if (!rule) {
    if (candidates.length === 0) {
      const method = PAYMENT_METHOD_LABELS[order.paymentMethod].toLowerCase();
      return new AppError('conflict', REFUSALS[type] ?? `An order paid by ${method} cannot take '${type}'`);
    }
    const label = ORDER_STATUS_LABELS[order.status].toLowerCase();
    return new AppError('conflict', REFUSALS[type] ?? `This order is ${label}: it cannot take '${type}'`);
  }
  return rule.by.includes(actor.kind) ? rule : forbidden();
}

/** Whether the rule is for the order's way of paying. */
const forMethod = (rule: NamedRule, order: OrderRow) => !rule.method || rule.method === order.paymentMethod;

/** Why the work's actor may not fire `event` at the order now, or null when it may (status, actor, guard). */
export async function refusalOf(work: UnitOfWork, order: OrderRow, event: OrderEvent): Promise<AppError | null> {
  const rule = ruleFor(order, event.type, work.actor);
  if (rule instanceof AppError) return rule;
  return rule.guard ? rule.guard(work, order, event) : null;
}

/**
 * May the work's actor fire `event` at the order now? The one question every
 * screen, adapter and job asks of an order, answered by the rules table.
 */
export async function may(work: UnitOfWork, order: OrderRow, event: OrderEvent): Promise<boolean> {
  return (await refusalOf(work, order, event)) === null;
}

/**
 * The rules the work's actor may fire at the order now, by name: what a
 * screen offers. Guards are asked without an event's details (an admin's
 * override of the return window is not assumed).
 */
export async function movesFor(work: UnitOfWork, order: OrderRow): Promise<RuleName[]> {
  const open = ORDER_RULES.filter(
    (r) => r.by.includes(work.actor.kind) && r.from.includes(order.status) && forMethod(r, order),
  );
  const allowed = await Promise.all(open.map((r) => may(work, order, { type: r.event } as OrderEvent)));
  return open.filter((_, i) => allowed[i]).map((r) => r.name);
}

/** The statuses an event may leave from, for a query's filter (the clock's unpaid orders). */
export const statusesFor = (type: OrderEventType): OrderStatus[] => [
  ...new Set(ORDER_RULES.filter((r) => r.event === type).flatMap((r) => r.from)),
];
