import type { OrderHooks } from './modules/orders/hooks';
import { allocateInvoiceNumber, invoicedOrders } from './modules/invoices/invoices.service';
import { recordCashPayment } from './modules/payments/cash';
import { recordCreditPayment } from './modules/payments/credit-payment';
import { recordRefund, refundsOf } from './modules/payments/refunds';

/**
 * What the orders module is handed of the modules built on it (`AppContext.orderHooks`):
 * wired here, above all three, so that payments and invoices import orders and orders
 * imports neither (docs/architecture.md, 'Modules in one direction').
 */
export const ORDER_HOOKS: OrderHooks = {
  allocateInvoiceNumber,
  invoicedOrders,
  recordRefund,
  refundsOf,
  recordCashPayment,
  recordCreditPayment,
};
