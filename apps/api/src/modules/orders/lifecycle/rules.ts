import { ORDER_STATUSES, type OrderStatus } from '@shop/contract';
import type { ActorKind, UnitOfWork } from '../../../context';
import type { EffectEvent } from '../../../outbox/events';
import type { CatalogScope } from '../../../lib/catalog-changes';
import type { OrderChanges, OrderRow } from '../order-state';
import type { EventOf, OrderEventType } from './events';
import { acceptReturn, cancelAndRefund, restock, ship, takePayment } from './steps';

/** What a rule's step did inside the transaction, besides the move itself. */
export interface StepResult {
  changes?: OrderChanges;
  /** For the history row (and the mail, for the shop's notes). */
  note?: string;
  /** For a rule with `catalog`: what changed, when the step knows it was stock only (default `all`), and of which products. */
  catalog?: { scope: CatalogScope; products: number[] };
}

export interface Rule<T extends OrderEventType = OrderEventType> {
  event: T;
  from: readonly OrderStatus[];
  /** null: the event is recorded without a move. */
  to: OrderStatus | null;
  by: readonly ActorKind[];
  /** Inside the transaction, with the order's row locked. */
  step?: (work: UnitOfWork, order: OrderRow, event: EventOf<T>) => Promise<StepResult>;
  /** Written to the outbox with the move; its subscribers (effects.ts) run after the commit. */
  emits?: EffectEvent;
  /** Stock or popularity may change: the catalogue cache is dropped right after the commit. */
  catalog?: boolean;
}

const rule = <T extends OrderEventType>(r: Rule<T>) => r as unknown as Rule;

const SHOPPER = ['shopper'] as const;
const SHOP = ['staff', 'admin'] as const;
const ADMIN = ['admin'] as const;
const PROVIDER = ['provider'] as const;
const CLOCK = ['clock'] as const;

/**
 * The order lifecycle, one row per rule: which event moves an order from
 * which statuses to which, who may fire it, what happens in the same
 * transaction (`step`) and what follows the commit (`emits`, `catalog`).
 * `fireOrderEvent` is the only writer of `orders.status`; any move not
 * listed is refused with 409.
 */
export const ORDER_RULES: readonly Rule[] = [
  // Payment, as the provider reports it (the browser's word is checked with the provider first).
  rule({ event: 'authorize', from: ['created'], to: 'payment_pending', by: PROVIDER }),
  rule({
    event: 'pay',
    from: ['created', 'payment_pending'],
    to: 'packaging',
    by: PROVIDER,
    step: takePayment, // payment id, invoice number, popularity
    emits: 'order.paid', // invoice PDF, confirmation mail
    catalog: true,
  }),
  // The shopper.
  rule({
    event: 'cancel',
    from: ['created', 'payment_pending'],
    to: 'user_cancelled',
    by: SHOPPER,
    step: restock,
    emits: 'order.cancelled',
    catalog: true,
  }),
  rule({
    event: 'cancel',
    from: ['packaging'],
    to: 'refund_progress',
    by: SHOPPER,
    step: cancelAndRefund('cancel'), // stock back, the total owed back
    emits: 'order.cancelled',
    catalog: true,
  }),
  // The clock: unpaid past the payment window (the provider is asked first).
  rule({
    event: 'expire',
    from: ['created', 'payment_pending'],
    to: 'store_cancelled',
    by: CLOCK,
    step: restock,
    emits: 'order.expired', // the shopper learns why
    catalog: true,
  }),
  // The shop.
  rule({
    event: 'shop_cancel',
    from: ['created', 'payment_pending'],
    to: 'store_cancelled',
    by: SHOP,
    step: restock,
    emits: 'order.shop_cancelled',
    catalog: true,
  }),
  rule({
    event: 'shop_cancel',
    from: ['packaging'],
    to: 'cancelled_refund',
    by: ADMIN, // money goes back: an admin's call
    step: cancelAndRefund('shop_cancel'),
    emits: 'order.shop_cancelled',
    catalog: true,
  }),
  rule({ event: 'ship', from: ['packaging'], to: 'shipped', by: SHOP, step: ship, emits: 'order.shipped' }),
  rule({ event: 'deliver', from: ['shipped'], to: 'delivered', by: SHOP, emits: 'order.delivered' }),
  rule({
    event: 'accept_return',
    from: ['shipped', 'delivered'],
    to: 'refund_progress',
    by: SHOP,
    step: acceptReturn, // the refund (full or partial), stock back when asked
    emits: 'order.return_accepted',
    catalog: true,
  }),
  rule({ event: 'reject_return', from: ['shipped', 'delivered'], to: null, by: SHOP, emits: 'order.return_rejected' }),
  // An internal note of the shop, kept in the history whatever the status.
  rule({ event: 'note', from: ORDER_STATUSES, to: null, by: SHOP }),
  // The provider has paid back what the move asked for.
  rule({
    event: 'settle_refund',
    from: ['refund_progress', 'cancelled_refund'],
    to: 'refunded',
    by: PROVIDER,
    emits: 'order.refunded',
  }),
];
