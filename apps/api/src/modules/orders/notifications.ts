import { shopDeadline } from '@shop/contract';
import { and, desc, eq, gte, lt } from 'drizzle-orm';
import type { UnitOfWork } from '../../context';
import { orderLines, orders } from './orders.schema';
import type { EffectEvent, OrderFact } from '../../outbox/events';
import { queueMail } from '../mail/mail.service';
import { mailMessage } from '../mail/templates/catalogue';
import { mailShop, renderMail } from '../mail/templates/render';
import type { OrderRow } from './order-state';
import { settingsOf } from '../settings/settings.service';
import { orderPageUrl } from './guests';
import { goodwillReason } from './lifecycle/steps';
import { shipmentsOf } from './shipments';

type OrderMail = Extract<EffectEvent, `order.${string}`>;

/**
 * What the order's moves owe back, failed requests left out (the shop retries those): all of it, or
 * the newest refund of a reason (the return or goodwill amount the mail is about), with its parts
 * (the paid part and the store-credit part of one refund are written in one transaction: one time).
 */
async function refunded(
  work: UnitOfWork,
  orderId: number,
  newest?: 'return' | 'goodwill',
): Promise<{ refundPaise: number; creditPaise: number; at: number | undefined }> {
  const owed = (await work.app.orderHooks.refundsOf(work.db, [orderId])).filter(
    (r) => r.reason !== 'orphan' && r.status !== 'failed' && (!newest || r.reason === newest),
  );
  const last = owed.at(-1)?.createdAt.getTime();
  const these = newest ? owed.filter((r) => r.createdAt.getTime() === last) : owed;
  const sum = (list: typeof owed) => list.reduce((n, r) => n + r.amountPaise, 0);
  return { refundPaise: sum(these), creditPaise: sum(these.filter((r) => r.method === 'credit')), at: last };
}
/**
 * The replacement an exchange made with the newest return (in its transaction: the same time),
 * with what is left to pay for it and what of the pieces' worth stayed in credit; null for a return.
 */
async function exchangeOfReturn(
  work: UnitOfWork,
  order: OrderRow,
  paidBack: { at: number | undefined; creditPaise: number },
) {
  if (paidBack.at === undefined) return null;
  const [replacement] = await work.db
    .select()
    .from(orders)
    // Read back into milliseconds, the time is the transaction's to the microsecond: within that millisecond.
    .where(
      and(
        eq(orders.exchangeOf, order.id),
        gte(orders.createdAt, new Date(paidBack.at)),
        lt(orders.createdAt, new Date(paidBack.at + 1)),
      ),
    )
    .orderBy(desc(orders.id))
    .limit(1);
  if (!replacement) return null;
  return {
    orderId: replacement.id,
    payablePaise: replacement.totalPaise - replacement.creditPaise,
    leftPaise: Math.max(0, paidBack.creditPaise - replacement.creditPaise),
  };
}
const refundedPaise = async (work: UnitOfWork, orderId: number) => (await refunded(work, orderId)).refundPaise;

/**
 * The shipped mail's pieces and tracking: the fact's shipment, with the pieces still to follow (none for
 * the last parcel). Facts written before shipments were kept name none: every piece, the order's tracking.
 */
async function parcelOf(work: UnitOfWork, order: OrderRow, shipmentId: number | undefined) {
  const lines = await work.db.select().from(orderLines).where(eq(orderLines.orderId, order.id));
  const all = (await shipmentsOf(work.db, [order.id])).get(order.id) ?? [];
  const index = all.findIndex((s) => s.id === shipmentId);
  const parcel = all[index];
  if (!parcel) {
    return {
      items: lines.map((l) => `${l.quantity} × ${l.name} (${l.size}, ${l.color})`),
      trackingUrl: order.trackingUrl,
    };
  }
  const upTo = all.slice(0, index + 1).flatMap((s) => s.pieces);
  const total = lines.reduce((n, l) => n + l.quantity, 0);
  return {
    items: parcel.pieces.map((p) => `${p.quantity} × ${p.name} (${p.size}, ${p.color})`),
    trackingUrl: parcel.tracking_url,
    parcel: { number: index + 1, left: total - upTo.reduce((n, p) => n + p.quantity, 0) },
  };
}

/** Each order event's mail (mail/templates/catalogue.ts), from the order as it is now. */
async function message(work: UnitOfWork, event: OrderMail, order: OrderRow, fact: OrderFact) {
  const { note } = fact;
  const shopper = { name: order.name, orderId: order.id, orderUrl: await orderPageUrl(work, order) };
  const items = async () =>
    (await work.db.select().from(orderLines).where(eq(orderLines.orderId, order.id))).map(
      (l) => `${l.quantity} × ${l.name} (${l.size}, ${l.color})`,
    );
  switch (event) {
    case 'order.paid':
      return mailMessage('order_confirmed', {
        ...shopper,
        totalPaise: order.totalPaise,
        items: await items(),
        discount: order.discountPaise > 0 ? { code: order.discountCode, paise: order.discountPaise } : null,
      });
    case 'order.cancelled':
    case 'order.shop_cancelled':
      return mailMessage('order_cancelled', {
        ...shopper,
        byShop: event === 'order.shop_cancelled',
        refundPaise: order.paymentId ? await refundedPaise(work, order.id) : null,
      });
    case 'order.payment_reminder':
      return mailMessage('payment_reminder', {
        ...shopper,
        until: shopDeadline(order.paymentDueAt.toISOString()),
        items: await items(),
      });
    case 'order.expired':
      return mailMessage(order.paymentMethod === 'COD' ? 'cod_expired' : 'order_expired', shopper);
    case 'order.cod_confirmed':
      return mailMessage('cod_confirmed', { ...shopper, totalPaise: order.totalPaise, items: await items() });
    case 'order.shipped':
      return mailMessage('order_shipped', { ...shopper, ...(await parcelOf(work, order, fact.shipmentId)) });
    case 'order.delivered':
    case 'order.cod_delivered':
      return mailMessage('order_delivered', {
        ...shopper,
        returnDays: (await settingsOf(work)).return_window_days,
      });
    case 'order.return_accepted': {
      const paidBack = await refunded(work, order.id, 'return');
      return mailMessage('return_accepted', {
        ...shopper,
        ...paidBack,
        transfer: order.paymentMethod === 'COD',
        exchange: await exchangeOfReturn(work, order, paidBack),
      });
    }
    case 'order.goodwill_refund':
      return mailMessage('goodwill_refund', {
        ...shopper,
        ...(await refunded(work, order.id, 'goodwill')),
        reason: goodwillReason(note),
      });
    case 'order.return_received':
      return mailMessage('return_received', shopper);
    case 'order.return_rejected':
      return mailMessage('return_rejected', { ...shopper, reason: note });
    case 'order.refunded':
      return mailMessage('refund_processed', {
        ...shopper,
        ...(await refunded(work, order.id)),
        transfer: order.paymentMethod === 'COD',
      });
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
  const deliverTo = [order.name, order.address, order.locality, order.city, order.state, order.pincode, order.country];
  const mail = renderMail(
    mailShop(work.app.env),
    work.app.env.SHOP_EMAIL,
    mailMessage('shop_new_order', {
      orderId: order.id,
      totalPaise: order.totalPaise,
      shippingType: order.shippingType,
      items: lines.map((l) => `${l.quantity} × ${l.name} (${l.size}, ${l.color}) — SKU ${l.sku}`),
      deliverTo: `${deliverTo.filter(Boolean).join(', ')}; phone ${order.phone}; ${order.email}`,
      discount: order.discountPaise > 0 ? { code: order.discountCode, paise: order.discountPaise } : null,
      cod: order.paymentMethod === 'COD',
    }),
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
  const mail = renderMail(mailShop(work.app.env), order.email, await message(work, event as OrderMail, order, fact));
  await queueMail(work, mail, { key: `outbox:${jobId}` });
}
