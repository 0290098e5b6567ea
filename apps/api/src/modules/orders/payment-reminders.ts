import { sql } from 'drizzle-orm';
import type { UnitOfWork } from '../../context';
import { rows } from '../../db/client';
import { statusesFor } from './lifecycle/may';

/**
 * The clock's reminder (docs/product.md, payment deadline): an order still
 * waiting for its payment PAYMENT_REMINDER_MINUTES before it expires gets one
 * mail saying until when it is held. Each order is claimed by setting its
 * `payment_reminded_at` in the transaction that writes the mail's outbox row,
 * so several processes running this at once remind it once, and a crash after
 * the commit loses nothing. An order placed with less time than that left is
 * not reminded (the pay page already says the time). Only an order its
 * shopper may still start paying is reminded (the lifecycle's `start_payment`,
 * a rule of online payment: a cash-on-delivery order is never reminded to pay).
 */
export async function remindUnpaidOrders(work: UnitOfWork, batch = 50): Promise<number> {
  const minutes = work.app.env.PAYMENT_REMINDER_MINUTES;
  if (minutes === 0) return 0;
  const payable = sql.join(
    statusesFor('start_payment').map((s) => sql`${s}`),
    sql`, `,
  );
  return work.transaction(async (w) => {
    const claimed = await rows<{ id: number }>(
      w.db,
      sql`update orders set payment_reminded_at = now()
          where id in (
            select id from orders
            where status in (${payable}) and payment_method = 'ONLINE' and payment_reminded_at is null
              and payment_due_at > now()
              and payment_due_at <= now() + make_interval(mins => ${minutes})
              and created_at < payment_due_at - make_interval(mins => ${minutes})
            order by payment_due_at
            limit ${batch}
            for update skip locked
          )
          returning id`,
    );
    for (const { id } of claimed) await w.emit('order.payment_reminder', { orderId: id });
    return claimed.length;
  });
}
