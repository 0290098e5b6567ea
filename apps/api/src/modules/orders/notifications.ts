import { formatRupees, shopDeadline, toRupees } from '@shop/contract';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { UnitOfWork } from '../../context';
import { orderLines, orders, refunds } from '../../db/schema';
import type { EffectEvent, OrderFact } from '../../outbox/events';
import { composeMail, queueMail } from '../mail/mail.service';
import type { OrderRow } from './order-state';

type OrderMail = Extract<EffectEvent, `order.${string}`>;

const rupees = (paise: number) => formatRupees(toRupees(paise));

async function refundedPaise(work: UnitOfWork, orderId: number, reason?: 'return'): Promise<number> {
  const [row] = await work.db
    .select({ sum: sql<number>`coalesce(sum(${refunds.amountPaise}), 0)::int` })
    .from(refunds)
    .where(
      and(
        eq(refunds.orderId, orderId),
        ne(refunds.reason, 'orphan'),
        ne(refunds.status, 'failed'),
        reason ? eq(refunds.reason, reason) : undefined,
      ),
    );
  return Number(row?.sum ?? 0);
}

/** Each order event's mail: subject and paragraphs. */
async function texts(work: UnitOfWork, event: OrderMail, order: OrderRow, note: string | undefined) {
  const lines = await work.db.select().from(orderLines).where(eq(orderLines.orderId, order.id));
  const items = lines.map((l) => `${l.quantity} × ${l.name} (${l.size}, ${l.color})`);
  const hello = `Hello${order.name ? ` ${order.name}` : ''},`;
  const n = `#${order.id}`;
  const refundLine = (paise: number) =>
    `A refund of ${rupees(paise)} has been initiated to your original payment method; it takes 10-15 business days to reach you.`;
  switch (event) {
    case 'order.paid':
      return {
        subject: `Order ${n} confirmed`,
        body: [
          hello,
          `Thank you! We have received your payment of ${rupees(order.totalPaise)} for order ${n}.`,
          ...items,
          `Each piece is handmade to order: we dispatch within 14-21 days, and you will get the tracking link by mail. Your tax invoice is in My Orders.`,
        ],
      };
    case 'order.cancelled':
    case 'order.shop_cancelled':
      return {
        subject: `Order ${n} cancelled`,
        body: [
          hello,
          event === 'order.cancelled'
            ? `Your order ${n} has been cancelled.`
            : `We are sorry: we have had to cancel your order ${n}.`,
          order.paymentId ? refundLine(await refundedPaise(work, order.id)) : 'No payment was taken.',
        ],
      };
    case 'order.payment_reminder':
      return {
        subject: `Order ${n} is waiting for your payment`,
        body: [
          hello,
          `We are holding the pieces of order ${n} for you until ${shopDeadline(order.paymentDueAt.toISOString())} (India time).`,
          ...items,
          `Pay by then to keep them: ${new URL(`/pay?order=${order.id}`, work.app.env.PUBLIC_URL).href}`,
          'After that the order is cancelled and the pieces go back on sale.',
        ],
      };
    case 'order.expired':
      return {
        subject: `Order ${n} cancelled: no payment received`,
        body: [
          hello,
          `We did not receive the payment for order ${n} in time, so it has been cancelled and its pieces are back on sale.`,
          'No payment was taken. You are welcome to order them again while they are in stock.',
        ],
      };
    case 'order.shipped':
      return {
        subject: `Order ${n} is on its way`,
        body: [
          hello,
          `Good news: your order ${n} has left our workshop.`,
          ...items,
          ...(order.trackingUrl ? [`Follow it here: ${order.trackingUrl}`] : []),
        ],
      };
    case 'order.delivered':
      return {
        subject: `Order ${n} delivered`,
        body: [
          hello,
          `Your order ${n} has been delivered. We hope it is loved!`,
          'If something is not right, you can ask for a return from My Orders within 7 days.',
        ],
      };
    case 'order.return_accepted':
      return {
        subject: `Return accepted for order ${n}`,
        body: [
          hello,
          `We have accepted your return for order ${n}.`,
          refundLine(await refundedPaise(work, order.id, 'return')),
        ],
      };
    case 'order.return_rejected':
      return {
        subject: `About your return for order ${n}`,
        body: [hello, `We are sorry: we cannot accept the return of order ${n}.`, ...(note ? [note] : [])],
      };
    case 'order.refunded':
      return {
        subject: `Refund for order ${n} processed`,
        body: [
          hello,
          `The refund of ${rupees(await refundedPaise(work, order.id))} for order ${n} has been processed to your original payment method.`,
        ],
      };
  }
}

/**
 * The outbox's step for a paid order: a mail to the shop's own address
 * (SHOP_EMAIL) with what to make and where it goes, queued once per outbox row.
 */
export async function mailShopAboutOrder(work: UnitOfWork, orderId: number, jobId: number): Promise<void> {
  const [order] = await work.db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return;
  const lines = await work.db.select().from(orderLines).where(eq(orderLines.orderId, order.id));
  const { env } = work.app;
  const body = [
    `Order #${order.id} is paid: ${rupees(order.totalPaise)} (${order.shippingType} shipping).`,
    ...lines.map((l) => `${l.quantity} × ${l.name} (${l.size}, ${l.color}) — SKU ${l.sku}`),
    `Deliver to: ${[order.name, order.address, order.locality, order.city, order.state, order.pincode, order.country].filter(Boolean).join(', ')}; phone ${order.phone}; ${order.email}.`,
    'Each piece is made to order: the shopper has been promised dispatch within 14-21 days.',
  ];
  const mail = composeMail(
    env.SHOP_NAME,
    env.SHOP_EMAIL,
    `New paid order #${order.id} (${rupees(order.totalPaise)})`,
    body,
  );
  await queueMail(work, mail, { key: `outbox:${jobId}` });
}

/**
 * The outbox's step for an order event: the shopper's mail, composed from
 * the order as it is now and queued once (keyed by the outbox row, so a
 * retry of this step does not write it twice).
 */
export async function mailShopper(work: UnitOfWork, event: string, fact: OrderFact, jobId: number): Promise<void> {
  const [order] = await work.db.select().from(orders).where(eq(orders.id, fact.orderId));
  if (!order?.email) return;
  const { subject, body } = await texts(work, event as OrderMail, order, fact.note);
  await queueMail(work, composeMail(work.app.env.SHOP_NAME, order.email, subject, body), { key: `outbox:${jobId}` });
}
