import { MESSAGES, type Order, type PaymentStart, type PaymentStatusBody, type User } from '@shop/contract';
import type { UnitOfWork } from '../../context';
import { payments } from './payments.schema';
import { AppError } from '../../lib/errors';
import { ProviderError, type ProviderPayment } from './provider';
import { may } from '../orders/lifecycle/may';
import { setProviderOrder, shoppersOrder } from '../orders/order-payment';
import { applyPayment } from './payment-facts';
import { orderView } from '../orders/order-view';
import { payableOf } from '../orders/money';

/** Provider trouble the shopper can do nothing about: a 503 with a plain message, details in the log. */
export function providerFailure(work: UnitOfWork, err: unknown): never {
  if (err instanceof ProviderError) {
    work.log.error({ err, provider: work.app.payments.name }, 'payment provider call failed');
    throw new AppError('unavailable', MESSAGES.paymentUnavailable);
  }
  throw err;
}

/**
 * Starts or resumes paying a `created` order: one provider order per shop
 * order, reused while it can still be paid. Limited per shopper and per IP.
 */
export async function startPayment(work: UnitOfWork, user: User, orderId: number): Promise<PaymentStart> {
  const { env, limiter, payments: provider } = work.app;
  await limiter.consume(`payments-user:${user.id}`, env.RATE_LIMIT_PAYMENTS_PER_USER);
  if (work.ip) await limiter.consume(`payments-ip:${work.ip}`, env.RATE_LIMIT_PAYMENTS_PER_IP);
  let order = await shoppersOrder(work, orderId);
  if (!(await may(work, order, { type: 'start_payment' }))) {
    throw new AppError('conflict', order.paymentId ? MESSAGES.orderAlreadyPaid : MESSAGES.cannotPay);
  }
  if (!order.providerOrderId) {
    const created = await provider
      .createOrder({
        amountPaise: payableOf(order),
        receipt: `order_${order.id}`,
        notes: { shop_order_id: String(order.id) },
      })
      .catch((err: unknown) => providerFailure(work, err));
    // Two tabs may race here: the first provider order stored wins, the other is never used.
    await work.transaction(async (w) => {
      if (!(await setProviderOrder(w, order.id, provider.name, created.id))) return;
      await w.db.insert(payments).values({
        orderId: order.id,
        provider: provider.name,
        providerOrderId: created.id,
        amountPaise: payableOf(order),
        status: 'created',
      });
    });
    order = await shoppersOrder(work, orderId);
  }
  const phone = order.phone || user.phone;
  return {
    order_id: order.id,
    key: provider.keyId,
    provider_order_id: order.providerOrderId!,
    amount: payableOf(order),
    currency: 'INR',
    name: env.SHOP_NAME,
    description: `Order #${order.id}`,
    prefill: { name: order.name || user.name, email: user.email, contact: phone ? `+91${phone}` : '' },
    script_url: provider.checkoutScriptUrl,
  };
}

const refused = (why: string) => new AppError('invalid', MESSAGES.paymentInvalid, [why]);

/**
 * The browser's report of a payment. Its signature must verify, and then the
 * provider is asked: the payment must belong to the order's provider order,
 * be of the order's amount to pay in INR, and be captured (an authorised one is
 * captured now). Only then is it applied. The same payment again is a no-op.
 */
export async function confirmPayment(work: UnitOfWork, body: PaymentStatusBody): Promise<Order> {
  const order = await shoppersOrder(work, body.order_id);
  if (order.paymentId === body.payment_id) return orderView(work, order.id); // a repeat
  if (!order.providerOrderId || order.providerOrderId !== body.provider_order_id) {
    throw refused('The payment does not belong to this order');
  }
  const provider = work.app.payments;
  if (!provider.verifyPaymentSignature(body.provider_order_id, body.payment_id, body.signature)) {
    throw refused('The payment signature does not match');
  }
  let payment: ProviderPayment = await provider
    .fetchPayment(body.payment_id)
    .catch((err: unknown) => providerFailure(work, err));
  if (payment.orderId !== order.providerOrderId) throw refused('The payment does not belong to this order');
  const rightAmount = payment.amountPaise === payableOf(order) && payment.currency === 'INR';
  if (payment.status === 'authorized' && rightAmount) {
    payment = await provider
      .capturePayment(payment.id, payableOf(order))
      .catch((err: unknown) => providerFailure(work, err));
  }
  // A refunded payment was captured once: it can only be money for an order that no longer needs it.
  const asProvider = work.as({ kind: 'provider', via: 'browser' });
  const payable = await may(asProvider, order, { type: 'pay', paymentId: payment.id });
  if (payment.status !== 'captured' && (payment.status !== 'refunded' || payable)) {
    throw refused('The payment has not been completed');
  }
  const outcome = await applyPayment(asProvider, {
    providerOrderId: order.providerOrderId,
    paymentId: payment.id,
    amountPaise: payment.amountPaise,
    currency: payment.currency,
    method: payment.method,
    state: 'captured',
  });
  if (outcome === 'mismatch') throw refused('The amount paid is not the order’s total');
  const view = await orderView(work, order.id);
  if (view.payment_id !== body.payment_id) {
    throw new AppError('conflict', view.payment_id ? MESSAGES.orderAlreadyPaid : MESSAGES.cannotPay);
  }
  return view;
}
