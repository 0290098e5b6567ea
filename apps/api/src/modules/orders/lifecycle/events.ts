import type { RefundTo } from '../hooks';

/**
 * Everything that can happen to an order, as events. Adapters turn outside
 * facts into these (the shopper's cancel, a verified payment, the clock, the
 * shop's back office); `fireOrderEvent` applies them by the rules of `rules.ts`.
 */

/** Returned pieces of an order line. */
export interface ReturnedLine {
  lineId: number;
  quantity: number;
}

/** Pieces of an order line put in one shipment. */
export type ShippedLine = ReturnedLine;

export type OrderEvent =
  /** The provider holds an authorised payment that is not yet captured. */
  | { type: 'authorize'; paymentId: string }
  /** A captured payment of the order's amount, checked with the provider. */
  | { type: 'pay'; paymentId: string }
  /**
   * Asked, never fired: may the shopper start paying the order now (the
   * provider's answer then fires `authorize` or `pay`)?
   */
  | { type: 'start_payment' }
  /** The shopper cancels (a paid order is refunded in full). */
  | { type: 'cancel' }
  /** The payment window passed with no payment at the provider. */
  | { type: 'expire' }
  /** The shop cancels: an unpaid order simply, a paid one with a full refund. */
  | { type: 'shop_cancel'; note?: string }
  /**
   * A parcel handed to a carrier: a known carrier and its tracking number, or an https tracking URL.
   * `lines` are its pieces (every piece not yet shipped when absent); pieces still left to ship leave
   * the order where it was, partly shipped (docs/product.md 'Shipments'). `requestKey`: the form's, so
   * a second submit ships nothing twice.
   */
  | {
      type: 'ship';
      carrier?: string;
      trackingNumber?: string;
      trackingUrl?: string;
      note?: string;
      lines?: ShippedLine[];
      requestKey?: string;
    }
  | { type: 'deliver'; note?: string }
  /**
   * The shop takes back some or all pieces. `lines` are the pieces returned
   * (every piece not yet returned when absent; a piece is returned once); the
   * refund is `amountPaise` when given, else what was paid for the pieces, or
   * all that is left of the payment (shipping included) when the last pieces
   * come back. Less than all that is left leaves the order where it was
   * (partly refunded). `restock` puts the returned pieces back on sale.
   * `idempotencyKey` makes a repeated request (a double click) ask nothing twice.
   * `overrideWindow`: an admin accepts it after the return window, with a note.
   * `refundTo` 'credit': the refund goes into the account's store credit, paid at once.
   */
  | {
      type: 'accept_return';
      lines?: ReturnedLine[];
      amountPaise?: number;
      restock: boolean;
      note?: string;
      idempotencyKey?: string;
      overrideWindow?: boolean;
      refundTo?: RefundTo;
    }
  /**
   * An admin gives back an amount outside a return (a late parcel, a flaw
   * kept), with the reason the shopper is mailed: up to what is left of the
   * payment; less than all of it leaves the order where it was.
   */
  | { type: 'goodwill_refund'; amountPaise?: number; note?: string; idempotencyKey?: string; refundTo?: RefundTo }
  /** Asked, never fired: may the shopper ask to return the order (the shop then accepts or rejects it)? */
  | { type: 'request_return' }
  /** A return the shop does not accept: no move, a note in the history and a mail. */
  | { type: 'reject_return'; note: string }
  /** The returned parcel reached the shop: no move, a history line and a mail (the decision follows). */
  | { type: 'receive_return'; note?: string }
  /** The shop's internal note: no move, a line in the history (docs/back-office.md). */
  | { type: 'note'; note: string }
  /** Cash on delivery: the shopper's mailed code was right (or no code is asked): the order goes to packing. */
  | { type: 'confirm_cod'; note?: string }
  /** Cash on delivery: the parcel was refused at the door and the carrier brought it back. */
  | { type: 'return_to_origin'; note?: string }
  /** Cash on delivery: the carrier handed the shop the cash it collected for the order (its reference). */
  | { type: 'record_remittance'; reference: string; note?: string }
  /** The provider has paid back every refund the order's move asked for. */
  | { type: 'settle_refund'; refundId: number; note?: string }
  /** The shop paid what its move owed back into store credit, at once: the order is refunded when nothing else is owed. */
  | { type: 'settle_credit'; refundId: number; note?: string };

export type OrderEventType = OrderEvent['type'];
export type EventOf<T extends OrderEventType> = Extract<OrderEvent, { type: T }>;
