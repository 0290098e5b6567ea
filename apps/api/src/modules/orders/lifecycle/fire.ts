import { forgetOrderFigures } from '../order-figures';
import { MESSAGES, ORDER_STATUS_LABELS, type OrderStatus } from '@shop/contract';
import { eq, sql } from 'drizzle-orm';
import type { Actor, UnitOfWork } from '../../../context';
import { orderStatusHistory, orders } from '../orders.schema';
import { catalogChanged } from '../../../lib/catalog-changes';
import { AppError, notFound } from '../../../lib/errors';
import { lockOrder } from '../order-lock';
import type { OrderRow } from '../order-state';
import type { OrderEvent, OrderEventType } from './events';
import { ORDER_RULES } from './rules';

export interface Fired {
  /** The order as the event left it. */
  order: OrderRow;
  /** Its status before the event. */
  from: OrderStatus;
}

/** What the shopper reads when a move is refused; other refusals name the statuses. */
const REFUSALS: Partial<Record<OrderEventType, string>> = {
  cancel: MESSAGES.cannotCancel,
  pay: MESSAGES.cannotPay,
};

/** How the history names who acted: 'shopper:12', 'admin:3', 'provider:webhook', 'clock'. */
export function actorLabel(actor: Actor): string {
  if ('userId' in actor) return `${actor.kind}:${actor.userId}`;
  if (actor.kind === 'provider') return `provider:${actor.via}`;
  return actor.kind;
}

/**
 * Fires an event on an order: locks its row, finds the rule for the event
 * and the order's status, checks who is acting, runs the rule's step, moves
 * the order, writes the history row and emits the rule's effects, all in
 * the work's transaction (one is opened when there is none). A shopper sees
 * only their own orders (404); an actor the rule does not name gets 403; an
 * event the status does not allow gets 409. The only writer of
 * `orders.status`.
 */
export function fireOrderEvent(work: UnitOfWork, orderId: number, event: OrderEvent): Promise<Fired> {
  return work.transaction(async (w) => {
    const order = await lockOrder(w.db, orderId);
    const { actor } = w;
    if (actor.kind === 'shopper' && order.userId !== actor.userId) throw notFound(MESSAGES.orderNotFound);
    const candidates = ORDER_RULES.filter((r) => r.event === event.type);
    const forbidden = () =>
      new AppError('forbidden', `You are not allowed to ${event.type.replace('_', ' ')} this order`);
    if (!candidates.some((r) => r.by.includes(actor.kind))) throw forbidden();
    const rule = candidates.find((r) => r.from.includes(order.status));
    if (!rule) {
      const label = ORDER_STATUS_LABELS[order.status].toLowerCase();
      throw new AppError('conflict', REFUSALS[event.type] ?? `This order is ${label}: it cannot take '${event.type}'`);
    }
    if (!rule.by.includes(actor.kind)) throw forbidden();

    const done = rule.step ? await rule.step(w, order, event) : {};
    const note =
      done.note ?? ('note' in event ? event.note : undefined) ?? ('paymentId' in event ? event.paymentId : '');
    const changes = { ...done.changes, ...(rule.to ? { status: rule.to } : {}) };
    let after = order;
    if (Object.keys(changes).length > 0) {
      [after] = (await w.db
        .update(orders)
        .set({ ...changes, updatedAt: sql`now()` })
        .where(eq(orders.id, order.id))
        .returning()) as [OrderRow];
    }
    await w.db.insert(orderStatusHistory).values({
      orderId: order.id,
      fromStatus: order.status,
      toStatus: rule.to ?? order.status,
      actor: actorLabel(actor),
      note,
    });
    // The back office's tab counts and dashboard figures (orders/order-figures.ts): this process reads them afresh.
    if (rule.to) w.afterCommit(() => forgetOrderFigures(w.app));
    if (rule.emits) await w.emit(rule.emits, { orderId: order.id, ...(note ? { note } : {}) });
    if (rule.catalog) {
      const { scope, products } = done.catalog ?? { scope: 'all' as const, products: undefined };
      await catalogChanged(w.db, scope, products); // every process forgets the catalogue after the commit
      w.afterCommit(() => w.app.cache.invalidate(scope, products)); // this one at once
    }
    return { order: after, from: order.status };
  });
}
