import type { UnitOfWork } from './context';
import { invoicePdf } from './modules/invoices/invoices.service';
import { mailShopAboutEnquiry } from './modules/contact/contact.service';
import { mailShopAboutOrder, mailShopper } from './modules/orders/notifications';
import { messageShopper } from './modules/orders/order-messages';
import { deliverMessage, messageGaveUp } from './modules/messages/messages.service';
import { sendCartReminder } from './modules/cart-reminders/cart-reminders.service';
import { refundRequestGaveUp } from './modules/payments/refunds';
import { tellBackInStock } from './modules/back-in-stock/back-in-stock.notify';
import { requestRefund } from './modules/payments/refund-settlement';
import type { EffectEvent, EffectEvents, OrderFact } from './outbox/events';
import type { EffectHandler } from './outbox/worker';

/**
 * What runs after a commit, by whom: the one list of subscriptions. Each
 * event emitted in a transaction writes one outbox row per subscriber here,
 * and the worker runs them with retries. (In-process effects that must be
 * immediate, such as dropping the catalogue cache, are `afterCommit`
 * callbacks instead.)
 */
export const SUBSCRIPTIONS = {
  'order.paid': ['invoice.render', 'mail.order', 'mail.shop_order', 'message.order'],
  'order.cancelled': ['mail.order'],
  'order.payment_reminder': ['mail.order'],
  'order.expired': ['mail.order'],
  'order.shop_cancelled': ['mail.order'],
  'order.shipped': ['mail.order', 'message.order'],
  'order.delivered': ['mail.order', 'message.order'],
  'order.cod_confirmed': ['mail.order', 'mail.shop_order', 'message.order'],
  'order.cod_delivered': ['invoice.render', 'mail.order', 'message.order'],
  'order.return_accepted': ['mail.order', 'message.order'],
  'order.return_rejected': ['mail.order'],
  'order.return_received': ['mail.order'],
  'order.goodwill_refund': ['mail.order', 'message.order'],
  'order.refunded': ['mail.order', 'message.order'],
  'enquiry.received': ['mail.shop_enquiry'],
  'refund.recorded': ['refund.request'],
  'cart.reminder': ['cart.remind'],
  'mail.queued': ['mail.deliver'],
  'message.queued': ['message.deliver'],
  // The trigger `back_in_stock_rise` writes this subscriber's row itself (its name is in the migration).
  'variant.back_in_stock': ['back_in_stock.tell'],
} as const satisfies Record<EffectEvent, readonly HandlerName[]>;

type HandlerName = keyof typeof HANDLERS;

/** Subscribers of events whose payload is P. */
type For<P> = EffectHandler<P>;

export const HANDLERS = {
  /** The tax invoice, rendered once and kept, so the first download is instant. */
  'invoice.render': {
    run: async (work: UnitOfWork, fact: OrderFact) => void (await invoicePdf(work, fact.orderId)),
  } satisfies For<OrderFact>,
  /** The shopper's mail about their order (queued as a mail of its own, delivered below). */
  'mail.order': {
    run: (work: UnitOfWork, fact: OrderFact, job) => mailShopper(work, job.event, fact, job.id),
  } satisfies For<OrderFact>,
  /** The shop's own mailbox (SHOP_EMAIL) hears of each paid order and each enquiry or return request. */
  'mail.shop_order': {
    run: (work: UnitOfWork, fact: OrderFact, job) => mailShopAboutOrder(work, fact.orderId, job.id),
  } satisfies For<OrderFact>,
  'mail.shop_enquiry': {
    run: (work: UnitOfWork, p: EffectEvents['enquiry.received'], job) =>
      mailShopAboutEnquiry(work, p.enquiryId, job.id),
  } satisfies For<EffectEvents['enquiry.received']>,
  /** Asks the provider for recorded money owed back; a day of retries before the staff are told. */
  'refund.request': {
    run: (work: UnitOfWork, p: EffectEvents['refund.recorded']) => requestRefund(work, p.refundId),
    maxAttempts: 30,
    giveUp: (work, p, error) => refundRequestGaveUp(work, p.refundId, error),
  } satisfies For<EffectEvents['refund.recorded']>,
  /** The shopper's WhatsApp and SMS message about their order, on the channels they agreed to. */
  'message.order': {
    run: (work: UnitOfWork, fact: OrderFact, job) => messageShopper(work, job.event, fact, job.id),
  } satisfies For<OrderFact>,
  /** A cart reminder (docs/product.md 'Messages to shoppers'): its mail and messages, queued on the channels agreed to. */
  'cart.remind': {
    run: (work: UnitOfWork, p: EffectEvents['cart.reminder']) => sendCartReminder(work, p.reminderId),
  } satisfies For<EffectEvents['cart.reminder']>,
  /** Sends one queued message; a provider's own trouble is retried, a refusal or the last try fails it. */
  'message.deliver': {
    run: (work: UnitOfWork, p: EffectEvents['message.queued'], job) => deliverMessage(work, p.messageId, job),
    maxAttempts: 8,
    giveUp: (work, p, error) => messageGaveUp(work, p.messageId, error),
  } satisfies For<EffectEvents['message.queued']>,
  /** Each open request of a size whose stock rose from 0 is told once (mail; WhatsApp/SMS with marketing consent). */
  'back_in_stock.tell': {
    run: (work: UnitOfWork, p: EffectEvents['variant.back_in_stock']) => tellBackInStock(work, p.variantId),
  } satisfies For<EffectEvents['variant.back_in_stock']>,
  'mail.deliver': {
    run: (work: UnitOfWork, p: EffectEvents['mail.queued'], job) => work.app.mailer.deliver(p.mailId, job),
    maxAttempts: 12,
    giveUp: (work, p, error) => work.app.mailer.markFailed(p.mailId, error),
  } satisfies For<EffectEvents['mail.queued']>,
};

type PayloadOf<H extends HandlerName> = Parameters<(typeof HANDLERS)[H]['run']>[1];
type Misfit<E extends EffectEvent, H> = H extends HandlerName
  ? EffectEvents[E] extends PayloadOf<H>
    ? never
    : `${E} → ${H}`
  : never;
type Misfits = { [E in EffectEvent]: Misfit<E, (typeof SUBSCRIPTIONS)[E][number]> }[EffectEvent];
/** Compiles only when every subscriber takes its event's payload (else the type names the pair). */
export const SUBSCRIBERS_FIT: [Misfits] extends [never] ? true : Misfits = true;
