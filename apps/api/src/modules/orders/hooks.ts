import type { RefundTo } from '@shop/contract';
import type { UnitOfWork } from '../../context';
import type { DbOrTx } from '../../db/client';
import type { OrderRow } from './order-state';

/** Why an order's move owes money back (payments records it, with its own 'orphan' besides). */
export type MoveRefundReason = 'cancel' | 'shop_cancel' | 'return' | 'goodwill';

export type { RefundTo } from '@shop/contract';

/** A refund of an order, as the shopper's view, the mails and the lifecycle read it. */
export interface OrderRefund {
  id: number;
  orderId: number;
  amountPaise: number;
  reason: MoveRefundReason | 'orphan';
  status: 'pending' | 'processed' | 'failed';
  /** Through the provider, the shop's own transfer (a cash-on-delivery order's cash), or into store credit. */
  method: 'provider' | 'transfer' | 'credit';
  createdAt: Date;
}

/**
 * What the order's life needs of the modules built on orders, handed in by
 * app.ts as `AppContext.orderHooks` (src/order-hooks.ts): payments and
 * invoices import orders; orders imports neither.
 */
export interface OrderHooks {
  /** Invoices: the next invoice number, taken in the paying transaction so numbers run without gaps. */
  allocateInvoiceNumber: (work: UnitOfWork, orderId: number) => Promise<string>;
  /** Invoices: which of the orders have a tax invoice (the shopper's order links it). */
  invoicedOrders: (db: DbOrTx, orderIds: number[]) => Promise<Set<number>>;
  /**
   * Payments: money owed back on the order's payment, recorded in the move's
   * transaction with the order's row locked; the same key again answers the
   * refund already recorded. Null when nothing is left to refund.
   */
  recordRefund: (
    work: UnitOfWork,
    order: OrderRow,
    refund: { amountPaise: number | 'rest'; reason: MoveRefundReason; key: string; to?: RefundTo },
  ) => Promise<number | null>;
  /** Payments: the cash a carrier collected for a delivered COD order, recorded as a payment of method 'cod'; its id. */
  recordCashPayment: (work: UnitOfWork, order: OrderRow) => Promise<string>;
  /** Payments: the store credit an order spent, recorded as a payment of method 'store_credit' as it is placed; its id. */
  recordCreditPayment: (work: UnitOfWork, order: OrderRow) => Promise<string>;
  /** Payments: the orders' refunds, oldest first. */
  refundsOf: (db: DbOrTx, orderIds: number[]) => Promise<OrderRefund[]>;
}
