import { forgetOrderFigures } from '../order-figures';
import { stockMoved } from '../../catalog/inventory';
import type { OrderStatus } from '@shop/contract';
import { eq, sql } from 'drizzle-orm';
import type { UnitOfWork } from '../../../context';
import { actorLabel } from './actor-label';
import { orderStatusHistory, orders } from '../orders.schema';
import { AppError } from '../../../lib/errors';
import { lockOrder } from '../order-lock';
import type { OrderRow } from '../order-state';
import type { OrderEvent } from './events';
import { may, ruleFor } from './may';
import type { RuleName } from './rules';

export interface Fired {
  /** The order as the event left it. */
  order: OrderRow;
  /** Its status before the event. */
  from: OrderStatus;
  /** The rule that applied ('cancel_paid', 'shop_cancel_unpaid' ...). */
  rule: RuleName;
}

export { actorLabel };

/**
 * Fires an event on an order: locks its row, finds the rule for the event,
 * the order's status and who is acting (`ruleFor`: 404, 403 or 409 when
 * none), asks the rule's guard, runs its step, moves the order, writes the
 * history row and emits the rule's effects, all in the work's transaction
 * (one is opened when there is none). The only writer of `orders.status`.
 */
export function fireOrderEvent(work: UnitOfWork, orderId: number, event: OrderEvent): Promise<Fired> {
  return work.transaction(async (w) => {
    const order = await lockOrder(w.db, orderId);
    const { actor } = w;
    const rule = ruleFor(order, event.type, actor);
    if (rule instanceof AppError) throw rule;
    if (rule.askOnly) throw new Error(`'${event.type}' is asked of the lifecycle, never fired`);
    const refused = rule.guard ? await rule.guard(w, order, event) : null;
    if (refused) throw refused;

    const done = rule.step ? await rule.step(w, order, event) : {};
    const note =
      done.note ?? ('note' in event ? event.note : undefined) ?? ('paymentId' in event ? event.paymentId : '');
    const to = done.stay ? null : rule.to;
    const changes = { ...done.changes, ...(to ? { status: to } : {}) };
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
      toStatus: to ?? order.status,
      actor: actorLabel(actor),
      note,
    });
    // The back office's tab counts (orders/order-figures.ts): this process reads them afresh. (The dashboard's
    // money needs nothing here: triggers keep it in this transaction.)
    if (rule.to) w.afterCommit(() => forgetOrderFigures(w.app));
    if (rule.emits) await w.emit(rule.emits, { orderId: order.id, ...(note ? { note } : {}), ...done.fact });
    if (rule.catalog) await (done.catalog ? stockMoved(w, done.catalog) : w.catalogChanged('all'));
    return { order: after, from: order.status, rule: rule.name };
  });
}

/**
 * A move whose refund was paid into store credit (asked so, or the credit an order spent going
 * back) owes nothing to wait for: the order is refunded at once, by the same hand, when nothing
 * else is owed (docs/product.md 'Store credit'). Otherwise the order waits for the provider.
 */
export async function settleIfCredited(work: UnitOfWork, fired: Fired): Promise<Fired> {
  if (fired.order.status !== 'refund_progress' && fired.order.status !== 'cancelled_refund') return fired;
  const event = { type: 'settle_credit', refundId: 0, note: 'paid into store credit' } as const;
  if (!(await may(work, fired.order, event))) return fired;
  return { ...(await fireOrderEvent(work, fired.order.id, event)), from: fired.from, rule: fired.rule };
}
