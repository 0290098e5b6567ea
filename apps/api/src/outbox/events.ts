/** An order whose change is the news. */
export interface OrderFact {
  orderId: number;
  /** The history note of the move (a tracking link, the shop's reason). */
  note?: string;
  /** The parcel the move handed to a carrier (its mail lists that parcel's pieces). */
  shipmentId?: number;
}

/**
 * The facts written to the outbox, each with its payload. Who acts on each
 * is the one list in `effects.ts`. Payloads name rows, never carry secrets:
 * a handler reads what it needs when it runs.
 */
export interface EffectEvents {
  'order.paid': OrderFact;
  'order.cancelled': OrderFact;
  /** Unpaid and about to expire: the shopper is reminded to pay. */
  'order.payment_reminder': OrderFact;
  /** Cancelled by the clock for non-payment. */
  'order.expired': OrderFact;
  'order.shop_cancelled': OrderFact;
  'order.shipped': OrderFact;
  'order.delivered': OrderFact;
  /** Cash on delivery: confirmed by its code (or at once): the shopper and the shop are told. */
  'order.cod_confirmed': OrderFact;
  /** Cash on delivery: delivered and its cash recorded: invoiced. */
  'order.cod_delivered': OrderFact;
  'order.return_accepted': OrderFact;
  'order.return_rejected': OrderFact;
  'order.return_received': OrderFact;
  /** An admin gave back an amount outside a return: the shopper is told how much and why. */
  'order.goodwill_refund': OrderFact;
  'order.refunded': OrderFact;
  /** An enquiry or a return request from the contact form: the shop is told. */
  'enquiry.received': { enquiryId: number };
  /** Money recorded as owed back: ask the provider for it. */
  'refund.recorded': { refundId: number };
  /** A mail written to `mail_outbox`: deliver it. */
  'mail.queued': { mailId: number };
  /** A cart reminder claimed by the clock: send it on the channels the shopper agrees to. */
  'cart.reminder': { reminderId: number };
  /** A WhatsApp or SMS message written to `shopper_messages`: send it. */
  'message.queued': { messageId: number };
  /**
   * A size's stock rose from 0: written by the database's trigger `back_in_stock_rise`
   * (migration `back_in_stock`), not by `emit`, so that every write of stock is heard.
   */
  'variant.back_in_stock': { variantId: number };
}
export type EffectEvent = keyof EffectEvents;
