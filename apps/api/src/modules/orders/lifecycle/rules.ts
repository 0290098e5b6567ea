import { ORDER_STATUSES, type OrderStatus, type PaymentMethod } from '@shop/contract';
import type { ActorKind, UnitOfWork } from '../../../context';
import type { EffectEvent } from '../../../outbox/events';
import type { StockMove } from '../../../lib/catalog-changes';
import type { OrderChanges, OrderRow } from '../order-state';
import type { EventOf, OrderEventType } from './events';
import {
  everyRefundPaidBack,
  goodwillWithinPaid,
  nothingShippedYet,
  notPaidYet,
  notRemittedYet,
  withinReturnWindow,
  type Guard,
} from './guards';
import { acceptReturn, cancelAndRefund, giveGoodwill, restock, ship, takePayment } from './steps';
import { confirmCod, recordRemittance, restockRefusedParcel, takeCash } from './cod-steps';

/** What a rule's step did inside the transaction, besides the move itself. */
export interface StepResult {
  changes?: OrderChanges;
  /** For the history row (and the mail, for the shop's notes). */
  note?: string;
  /**
   * The order stays where it was: a refund of part of what was paid (a returned
   * line, a goodwill amount) records the money and leaves the status; only
   * all of it takes the rule's move (docs/product.md 'After the sale').
   */
  stay?: true;
  /** More for the emitted fact (the shipment a 'ship' recorded). */
  fact?: { shipmentId: number };
  /**
   * For a rule with `catalog`: the stock moves, when the step knows that is all it changed of what
   * shoppers see (none: nothing); without it, everything is dropped.
   */
  catalog?: readonly StockMove[];
}

export interface Rule<T extends OrderEventType = OrderEventType> {
  event: T;
  from: readonly OrderStatus[];
  /** null: the event is recorded without a move. */
  to: OrderStatus | null;
  by: readonly ActorKind[];
  /**
   * The way of paying the rule is for; any when absent. Paying online and
   * cash on delivery share the order's statuses but not all of their moves:
   * a COD order is never paid at the provider, an online one never confirmed by a code.
   */
  method?: PaymentMethod;
  /** What else must hold (the order's money, its dates): asked by `may()` and when fired. */
  guard?: Guard<T>;
  /** Asked, never fired: the table answers whether it may happen; nothing is written. */
  askOnly?: true;
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

/** Not paid yet: placed, or with an authorised payment the provider holds. */
const UNPAID = ['created', 'payment_pending'] as const;
/**
 * Paid and being packed: the only time a paid order may be cancelled, its
 * money going back, and only by its shopper or an admin (staff may not).
 */
const PACKING = ['packaging'] as const;
/** With the shopper or on the way: what may come back. */
const RETURNABLE = ['shipped', 'delivered'] as const;
const ONLINE = 'ONLINE' as const;
const COD = 'COD' as const;

/**
 * The order lifecycle, one rule per row, by name: which event moves an
 * order from which statuses to which, who may fire it, what else must hold
 * (`guard`), what happens in the same transaction (`step`) and what follows
 * the commit (`emits`, `catalog`). `fireOrderEvent` is the only writer of
 * `orders.status`; any move not listed is refused with 409. Screens and
 * adapters ask it too (`may`, `movesFor` in may.ts) instead of naming statuses.
 */
export const RULES = {
  // Payment, as the provider reports it (the browser's word is checked with the provider first).
  authorize: rule({ event: 'authorize', from: ['created'], to: 'payment_pending', by: PROVIDER, method: ONLINE }),
  pay: rule({
    event: 'pay',
    from: UNPAID,
    to: 'packaging',
    by: PROVIDER,
    method: ONLINE,
    guard: notPaidYet, // a second payment is refunded (payments/payment-facts.ts)
    step: takePayment, // payment id, invoice number, popularity
    emits: 'order.paid', // invoice PDF, confirmation mail
    catalog: true,
  }),
  // The shopper. While an authorised payment waits at the provider, another is not started.
  start_payment: rule({
    event: 'start_payment',
    from: ['created'],
    to: null,
    by: SHOPPER,
    method: ONLINE,
    askOnly: true,
  }),
  // Cash on delivery: the mailed code (or, when the owner asks none, placing itself) confirms the order.
  confirm_cod: rule({
    event: 'confirm_cod',
    from: ['created'],
    to: 'packaging',
    by: SHOPPER,
    method: COD,
    step: confirmCod,
    emits: 'order.cod_confirmed', // the shopper's and the shop's mails
  }),
  cancel_unpaid: rule({
    event: 'cancel',
    from: UNPAID,
    to: 'user_cancelled',
    by: SHOPPER,
    step: restock,
    emits: 'order.cancelled',
    catalog: true,
  }),
  cancel_paid: rule({
    event: 'cancel',
    from: PACKING,
    to: 'refund_progress',
    by: SHOPPER,
    method: ONLINE,
    guard: nothingShippedYet,
    step: cancelAndRefund('cancel'), // stock back, the total owed back
    emits: 'order.cancelled',
    catalog: true,
  }),
  // A COD order being packed has taken no money: cancelling it gives the stock back, and nothing to refund.
  cancel_cod: rule({
    event: 'cancel',
    from: PACKING,
    to: 'user_cancelled',
    by: SHOPPER,
    method: COD,
    guard: nothingShippedYet,
    step: restock,
    emits: 'order.cancelled',
    catalog: true,
  }),
  // Returns of an online order are refunded through the provider.
  request_return: rule({
    event: 'request_return',
    from: RETURNABLE,
    to: null,
    by: SHOPPER,
    method: ONLINE,
    askOnly: true,
  }),
  // A COD order comes back once its cash was collected: the shop transfers the money back and records the UTR.
  request_return_cod: rule({
    event: 'request_return',
    from: ['delivered'],
    to: null,
    by: SHOPPER,
    method: COD,
    askOnly: true,
  }),
  // The clock: unpaid past the payment window (the provider is asked first), or a COD order not confirmed in it.
  expire: rule({
    event: 'expire',
    from: UNPAID,
    to: 'store_cancelled',
    by: CLOCK,
    step: restock,
    emits: 'order.expired', // the shopper learns why
    catalog: true,
  }),
  // The shop.
  shop_cancel_unpaid: rule({
    event: 'shop_cancel',
    from: UNPAID,
    to: 'store_cancelled',
    by: SHOP,
    step: restock,
    emits: 'order.shop_cancelled',
    catalog: true,
  }),
  shop_cancel_paid: rule({
    event: 'shop_cancel',
    from: PACKING,
    to: 'cancelled_refund',
    by: ADMIN, // money goes back: an admin's call
    method: ONLINE,
    guard: nothingShippedYet,
    step: cancelAndRefund('shop_cancel'),
    emits: 'order.shop_cancelled',
    catalog: true,
  }),
  // No money was taken for a COD order being packed: the staff may cancel it as an unpaid one.
  shop_cancel_cod: rule({
    event: 'shop_cancel',
    from: PACKING,
    to: 'store_cancelled',
    by: SHOP,
    method: COD,
    guard: nothingShippedYet,
    step: restock,
    emits: 'order.shop_cancelled',
    catalog: true,
  }),
  // A parcel of some or all pieces left: the last piece shipped takes the move, those before leave it partly shipped.
  ship: rule({ event: 'ship', from: PACKING, to: 'shipped', by: SHOP, step: ship, emits: 'order.shipped' }),
  deliver: rule({
    event: 'deliver',
    from: ['shipped'],
    to: 'delivered',
    by: SHOP,
    method: ONLINE,
    emits: 'order.delivered',
  }),
  // The carrier collected the cash: recorded as the order's payment (method 'cod'), invoiced now.
  deliver_cod: rule({
    event: 'deliver',
    from: ['shipped'],
    to: 'delivered',
    by: SHOP,
    method: COD,
    step: takeCash, // the payment, the invoice number, popularity
    emits: 'order.cod_delivered', // invoice PDF, delivered mail
    catalog: true,
  }),
  // Refused at the door: the parcel comes back to the shelf; nothing was paid, so nothing is refunded.
  return_to_origin: rule({
    event: 'return_to_origin',
    from: ['shipped'],
    to: 'returned_to_origin',
    by: SHOP,
    method: COD,
    step: restockRefusedParcel,
    catalog: true,
  }),
  // The carrier's remittance of the cash it collected: no move, a mark on the order (many at once in the back office).
  record_remittance: rule({
    event: 'record_remittance',
    from: ['delivered'],
    to: null,
    by: ADMIN,
    method: COD,
    guard: notRemittedYet,
    step: recordRemittance,
  }),
  accept_return: rule({
    event: 'accept_return',
    from: RETURNABLE,
    to: 'refund_progress',
    by: SHOP,
    method: ONLINE,
    guard: withinReturnWindow, // or an admin's override, with a note
    // The refund and the pieces taken back, stock back when asked; a part of the money leaves the order where it was.
    step: acceptReturn,
    emits: 'order.return_accepted',
    catalog: true,
  }),
  // A COD order's return: the same pieces and refund, owed by the shop's own transfer (recorded with its UTR).
  accept_return_cod: rule({
    event: 'accept_return',
    from: ['delivered'],
    to: 'refund_progress',
    by: SHOP,
    method: COD,
    guard: withinReturnWindow,
    step: acceptReturn,
    emits: 'order.return_accepted',
    catalog: true,
  }),
  // The returned parcel reached the shop: the shopper is told before the pieces are checked and decided on.
  receive_return: rule({
    event: 'receive_return',
    from: RETURNABLE,
    to: null,
    by: SHOP,
    method: ONLINE,
    emits: 'order.return_received',
  }),
  receive_return_cod: rule({
    event: 'receive_return',
    from: ['delivered'],
    to: null,
    by: SHOP,
    method: COD,
    emits: 'order.return_received',
  }),
  reject_return: rule({
    event: 'reject_return',
    from: RETURNABLE,
    to: null,
    by: SHOP,
    method: ONLINE,
    emits: 'order.return_rejected',
  }),
  reject_return_cod: rule({
    event: 'reject_return',
    from: ['delivered'],
    to: null,
    by: SHOP,
    method: COD,
    emits: 'order.return_rejected',
  }),
  // Money given back outside a return, by an admin, with a reason; a part of it leaves the order where it was.
  goodwill_refund: rule({
    event: 'goodwill_refund',
    from: ['packaging', ...RETURNABLE],
    to: 'refund_progress',
    by: ADMIN,
    method: ONLINE,
    guard: goodwillWithinPaid, // up to what is left; all of it before shipping is a cancel
    step: giveGoodwill,
    emits: 'order.goodwill_refund',
  }),
  // An internal note of the shop, kept in the history whatever the status.
  note: rule({ event: 'note', from: ORDER_STATUSES, to: null, by: SHOP }),
  // The provider has paid back what the move asked for.
  settle_refund: rule({
    event: 'settle_refund',
    from: ['refund_progress', 'cancelled_refund'],
    to: 'refunded',
    by: PROVIDER,
    method: ONLINE,
    guard: everyRefundPaidBack,
    emits: 'order.refunded',
  }),
  // The move's money went into the shopper's store credit, paid at once by the hand that moved it
  // (the shop accepting a return into credit, or the shopper cancelling an order their credit paid).
  settle_credit: rule({
    event: 'settle_credit',
    from: ['refund_progress', 'cancelled_refund'],
    to: 'refunded',
    by: [...SHOP, ...SHOPPER],
    guard: everyRefundPaidBack,
    emits: 'order.refunded',
  }),
  // A COD order's money went back by the owner's transfer, recorded with its UTR.
  settle_transfer: rule({
    event: 'settle_refund',
    from: ['refund_progress'],
    to: 'refunded',
    by: ADMIN,
    method: COD,
    guard: everyRefundPaidBack,
    emits: 'order.refunded',
  }),
} as const satisfies Record<string, Rule>;

export type RuleName = keyof typeof RULES;
export type NamedRule = Rule & { name: RuleName };

/** The rules as a list, each with its name. */
export const ORDER_RULES: readonly NamedRule[] = Object.entries(RULES).map(([name, r]) => ({
  ...r,
  name: name as RuleName,
}));
