import { formatRupees, toRupees } from '@shop/contract';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { orderLines, orders } from '../../db/schema';
import { invoicePdf } from '../invoices/invoices.service';
import { composeMail } from '../mail/mail.service';

export type OrderEvent = 'paid' | 'cancelled' | 'refunded';

/**
 * What follows an order's change once it is committed: the invoice for a paid
 * order and a mail to the shopper. Failures are logged, never undo the change.
 */
export async function afterOrderEvent(ctx: AppContext, orderId: number, event: OrderEvent): Promise<void> {
  try {
    if (event === 'paid') await invoicePdf(ctx, orderId);
    const [order] = await ctx.db.select().from(orders).where(eq(orders.id, orderId));
    if (!order?.email) return;
    const lines = await ctx.db.select().from(orderLines).where(eq(orderLines.orderId, orderId));
    const total = formatRupees(toRupees(order.totalPaise));
    const items = lines.map((l) => `${l.quantity} × ${l.name} (${l.size}, ${l.color})`);
    const hello = `Hello${order.name ? ` ${order.name}` : ''},`;
    const texts: Record<OrderEvent, { subject: string; body: string[] }> = {
      paid: {
        subject: `Order #${order.id} confirmed`,
        body: [
          hello,
          `Thank you! We have received your payment of ${total} for order #${order.id}.`,
          ...items,
          `Each piece is handmade to order: we dispatch within 14-21 days, and you will get the tracking link by mail. Your tax invoice is in My Orders.`,
        ],
      },
      cancelled: {
        subject: `Order #${order.id} cancelled`,
        body: [
          hello,
          `Your order #${order.id} has been cancelled.`,
          ...(order.paymentId
            ? [
                `A refund of ${total} has been initiated to your original payment method; it takes 10-15 business days to reach you.`,
              ]
            : ['No payment was taken.']),
        ],
      },
      refunded: {
        subject: `Refund for order #${order.id} processed`,
        body: [
          hello,
          `The refund of ${total} for order #${order.id} has been processed to your original payment method.`,
        ],
      },
    };
    const { subject, body } = texts[event];
    await ctx.mailer.send(composeMail(ctx.env.SHOP_NAME, order.email, subject, body));
  } catch (err) {
    ctx.log.error({ err, orderId, event }, 'after-order work failed');
  }
}
