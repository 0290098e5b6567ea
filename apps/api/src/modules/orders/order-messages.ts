import { formatRupees, toRupees } from '@shop/contract';
import { eq } from 'drizzle-orm';
import type { UnitOfWork } from '../../context';
import type { EffectEvent, OrderFact } from '../../outbox/events';
import { queueShopperMessage } from '../messages/messages.service';
import type { TemplateMessage } from '../messages/templates';
import type { OrderRow } from './order-state';
import { orders } from './orders.schema';

type OrderEvent = Extract<EffectEvent, `order.${string}`>;

/** Rupees as the WhatsApp and SMS templates print them after 'Rs' (1,234 or 1,234.50). */
const rupees = (paise: number) => formatRupees(toRupees(paise)).replace(/^[^\d]+/, '');

/** What the order's moves owe back (of one reason when given: the newest), as notifications.ts counts it for the mail. */
async function refunded(work: UnitOfWork, orderId: number, newest?: 'return' | 'goodwill') {
  const owed = (await work.app.orderHooks.refundsOf(work.db, [orderId])).filter(
    (r) => r.reason !== 'orphan' && r.status !== 'failed' && (!newest || r.reason === newest),
  );
  const these = newest ? owed.slice(-1) : owed;
  const sum = (list: typeof owed) => list.reduce((n, r) => n + r.amountPaise, 0);
  return { refundPaise: sum(these), creditPaise: sum(these.filter((r) => r.method === 'credit')) };
}

/**
 * Each order event's WhatsApp/SMS message (messages/templates.ts), from the
 * order as it is now; null: the event has none. The mail of each event stays
 * notifications.ts's.
 */
async function orderMessage(work: UnitOfWork, event: OrderEvent, order: OrderRow): Promise<TemplateMessage | null> {
  const ids = { name: order.name.split(/\s+/)[0] || order.name, order: String(order.id) };
  switch (event) {
    case 'order.cod_confirmed':
      return { template: 'order_placed', values: { ...ids, amount: rupees(order.totalPaise) } };
    case 'order.paid':
      return { template: 'order_paid', values: { ...ids, amount: rupees(order.totalPaise) } };
    case 'order.shipped':
      return order.trackingUrl ? { template: 'order_shipped', values: { ...ids, link: order.trackingUrl } } : null;
    case 'order.delivered':
    case 'order.cod_delivered':
      return { template: 'order_delivered', values: ids };
    case 'order.return_accepted':
    case 'order.goodwill_refund':
    case 'order.refunded': {
      const reason = { 'order.return_accepted': 'return', 'order.goodwill_refund': 'goodwill' } as const;
      const { refundPaise, creditPaise } = await refunded(work, order.id, reason[event as keyof typeof reason]);
      if (refundPaise <= 0) return null;
      const how =
        creditPaise === refundPaise
          ? 'as store credit'
          : order.paymentMethod === 'COD'
            ? 'by bank transfer'
            : 'to the way you paid';
      return { template: 'refund', values: { ...ids, amount: rupees(refundPaise), how } };
    }
    default:
      return null;
  }
}

/**
 * The outbox's step for an order event: the shopper's WhatsApp and SMS
 * message, on the channels they agreed to, to the phone given at checkout for
 * this order (docs/product.md 'Messages to shoppers'); consent is asked again when it is sent.
 */
export async function messageShopper(work: UnitOfWork, event: string, fact: OrderFact, jobId: number): Promise<void> {
  const [order] = await work.db.select().from(orders).where(eq(orders.id, fact.orderId));
  if (!order) return;
  const message = await orderMessage(work, event as OrderEvent, order);
  if (!message) return;
  await queueShopperMessage(work, {
    ...message,
    userId: order.userId,
    orderId: order.id,
    phone: order.phone,
    key: `outbox:${jobId}`,
  });
}
