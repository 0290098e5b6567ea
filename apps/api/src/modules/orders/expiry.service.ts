import { and, eq, lt, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { rows } from '../../db/client';
import { catalogChanged } from '../../lib/catalog-changes';
import { orders } from '../../db/schema';
import { afterPayment, applyPayment } from '../payments/payments.service';
import { ProviderError } from '../payments/provider';
import { moveOrder, type OrderRow } from './order-state';
import { returnStock } from './stock';

/**
 * Cancels orders left unpaid past the payment window and returns their stock
 * (decisions §4). Driven from the database, so it survives restarts; rows are
 * claimed with SKIP LOCKED, so several processes can run it at once. Before
 * giving up on an order, the provider is asked whether it was paid after all.
 */
export async function expireUnpaidOrders(ctx: AppContext, batch = 50): Promise<number> {
  const due = await ctx.db
    .select({ id: orders.id, providerOrderId: orders.providerOrderId })
    .from(orders)
    .where(and(eq(orders.status, 'created'), lt(orders.paymentDueAt, new Date())))
    .limit(batch);
  let expired = 0;
  for (const order of due) {
    if (order.providerOrderId && (await paidAfterAll(ctx, order.providerOrderId))) continue;
    const done = await ctx.db.transaction(async (tx) => {
      const [claimed] = await rows<{ id: number }>(
        tx,
        sql`select id from orders where id = ${order.id} and status = 'created' and payment_due_at < now()
            for update skip locked`,
      );
      if (!claimed) return false;
      const [row] = await tx.select().from(orders).where(eq(orders.id, order.id));
      await moveOrder(tx, row as OrderRow, 'store_cancelled', {
        actor: 'system',
        note: 'payment window passed',
        changes: { cancelledAt: new Date() },
      });
      await returnStock(tx, order.id);
      await catalogChanged(tx);
      return true;
    });
    if (done) expired += 1;
  }
  if (expired > 0) ctx.cache.invalidate();
  return expired;
}

/** A captured payment the shop missed (a lost webhook): apply it instead of expiring. */
async function paidAfterAll(ctx: AppContext, providerOrderId: string): Promise<boolean> {
  let list;
  try {
    list = await ctx.payments.orderPayments(providerOrderId);
  } catch (err) {
    // The provider not knowing the order (e.g. made under other keys) is an answer: nothing was paid.
    if (err instanceof ProviderError && !err.retryable) return false;
    ctx.log.warn({ err, providerOrderId }, 'could not ask the provider about an expiring order; trying later');
    return true; // do not cancel what may have been paid
  }
  const captured = list.find((p) => p.status === 'captured' || p.status === 'authorized');
  if (!captured) return false;
  const [order] = await ctx.db
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.providerOrderId, providerOrderId));
  const outcome = await ctx.db.transaction((tx) =>
    applyPayment(ctx, tx, {
      providerOrderId,
      paymentId: captured.id,
      amountPaise: captured.amountPaise,
      method: captured.method,
      state: captured.status === 'captured' ? 'captured' : 'authorized',
      source: 'reconcile',
    }),
  );
  if (order) await afterPayment(ctx, order.id, outcome);
  return true;
}
