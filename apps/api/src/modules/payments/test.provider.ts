import { randomBytes } from 'node:crypto';
import type { PaymentProvider, ProviderOrder, ProviderPayment, ProviderRefund } from './provider';
import { ProviderError, hmacHex, signatureMatches } from './provider';

export type WebhookDelivery = (rawBody: Buffer, signature: string, eventId: string) => Promise<void>;

export interface CheckoutSuccess {
  razorpay_payment_id: string;
  razorpay_order_id: string;
  razorpay_signature: string;
}
export interface CheckoutFailure {
  error: {
    code: string;
    description: string;
    source: string;
    step: string;
    reason: string;
    metadata: { order_id: string; payment_id: string };
  };
}

const id = (prefix: string) => `${prefix}_${randomBytes(7).toString('base64url').replace(/[-_]/g, 'x')}`;

/**
 * The built-in provider for a shop without Razorpay keys (docs/product.md#payments). It
 * keeps its orders, payments and refunds in memory, signs exactly as Razorpay
 * does with local secrets, and sends the matching webhooks to the shop, so
 * every payment path runs without the internet.
 */
export class TestPaymentProvider implements PaymentProvider {
  readonly name = 'test' as const;
  readonly keyId = 'rzp_test_builtin';
  readonly checkoutScriptUrl = '/api/v1/test-payments/checkout.js';
  private readonly keySecret = randomBytes(24).toString('hex');
  private readonly webhookSecret = randomBytes(24).toString('hex');
  private orders = new Map<string, ProviderOrder>();
  private payments = new Map<string, ProviderPayment>();
  private refunds = new Map<string, ProviderRefund>();
  private timers = new Set<NodeJS.Timeout>();
  private deliver: WebhookDelivery | undefined;

  constructor(private readonly webhookDelayMs: number) {}

  /** Where webhooks go: the shop's own webhook handling. */
  connect(deliver: WebhookDelivery): void {
    this.deliver = deliver;
  }

  createOrder(input: { amountPaise: number; receipt: string }): Promise<ProviderOrder> {
    const order: ProviderOrder = {
      id: id('order'),
      amountPaise: input.amountPaise,
      currency: 'INR',
      receipt: input.receipt.slice(0, 40),
      status: 'created',
    };
    this.orders.set(order.id, order);
    return Promise.resolve(order);
  }

  signPayment(providerOrderId: string, paymentId: string): string {
    return hmacHex(this.keySecret, `${providerOrderId}|${paymentId}`);
  }

  verifyPaymentSignature(providerOrderId: string, paymentId: string, signature: string): boolean {
    return signatureMatches(this.signPayment(providerOrderId, paymentId), signature);
  }

  signWebhook(rawBody: Buffer | string): string {
    return hmacHex(this.webhookSecret, rawBody);
  }

  verifyWebhookSignature(rawBody: Buffer, signature: string): boolean {
    return signatureMatches(this.signWebhook(rawBody), signature);
  }

  orderPayments(providerOrderId: string): Promise<ProviderPayment[]> {
    return Promise.resolve([...this.payments.values()].filter((p) => p.orderId === providerOrderId));
  }

  fetchPayment(paymentId: string): Promise<ProviderPayment> {
    const payment = this.payments.get(paymentId);
    if (!payment)
      return Promise.reject(new ProviderError('The id provided does not exist', 400, 'BAD_REQUEST_ERROR', false));
    return Promise.resolve({ ...payment });
  }

  capturePayment(paymentId: string, amountPaise: number): Promise<ProviderPayment> {
    const payment = this.payments.get(paymentId);
    if (!payment || payment.status !== 'authorized' || payment.amountPaise !== amountPaise) {
      return Promise.reject(new ProviderError('This payment cannot be captured', 400, 'BAD_REQUEST_ERROR', false));
    }
    payment.status = 'captured';
    return Promise.resolve({ ...payment });
  }

  refund(input: { paymentId: string; amountPaise: number; receipt: string }): Promise<ProviderRefund> {
    const payment = this.payments.get(input.paymentId);
    if (!payment || payment.status !== 'captured') {
      return Promise.reject(new ProviderError('The payment has not been captured', 400, 'BAD_REQUEST_ERROR', false));
    }
    const refund: ProviderRefund = {
      id: id('rfnd'),
      paymentId: payment.id,
      amountPaise: input.amountPaise,
      status: 'pending',
      receipt: input.receipt,
    };
    this.refunds.set(refund.id, refund);
    // Razorpay settles refunds later and says so by webhook; so does this one.
    this.later(() => {
      refund.status = 'processed';
      payment.status = 'refunded';
      return this.emit('refund.processed', { refund: toRefundEntity(refund), payment: toPaymentEntity(payment) });
    });
    return Promise.resolve({ ...refund });
  }

  paymentRefunds(paymentId: string): Promise<ProviderRefund[]> {
    return Promise.resolve([...this.refunds.values()].filter((r) => r.paymentId === paymentId).map((r) => ({ ...r })));
  }

  /**
   * What the payment sheet's Pay and Fail buttons do: a payment of the
   * provider order, answered as Razorpay's checkout answers its handler, and
   * followed by the matching webhook.
   */
  pay(
    providerOrderId: string,
    method: 'card' | 'upi',
    outcome: 'success' | 'failure',
  ): CheckoutSuccess | CheckoutFailure {
    const order = this.orders.get(providerOrderId);
    if (!order) throw new ProviderError('No such order', 400, 'BAD_REQUEST_ERROR', false);
    const payment: ProviderPayment = {
      id: id('pay'),
      orderId: order.id,
      amountPaise: order.amountPaise,
      currency: 'INR',
      status: outcome === 'success' ? 'captured' : 'failed',
      method,
    };
    this.payments.set(payment.id, payment);
    if (outcome === 'success') {
      order.status = 'paid';
      this.later(() => this.emit('payment.captured', { payment: toPaymentEntity(payment) }));
      return {
        razorpay_payment_id: payment.id,
        razorpay_order_id: order.id,
        razorpay_signature: this.signPayment(order.id, payment.id),
      };
    }
    this.later(() => this.emit('payment.failed', { payment: toPaymentEntity(payment) }));
    return {
      error: {
        code: 'BAD_REQUEST_ERROR',
        description: 'Payment failed: the test payment was declined.',
        source: 'customer',
        step: 'payment_authentication',
        reason: 'payment_failed',
        metadata: { order_id: order.id, payment_id: payment.id },
      },
    };
  }

  /** Sends an event now, as Razorpay would: raw JSON body, signature and event id. */
  async emit(event: string, payload: Record<string, unknown>): Promise<void> {
    const body = Buffer.from(
      JSON.stringify({
        entity: 'event',
        account_id: 'acc_test_builtin',
        event,
        contains: Object.keys(payload),
        payload: Object.fromEntries(Object.entries(payload).map(([k, v]) => [k, { entity: v }])),
        created_at: Math.floor(Date.now() / 1000),
      }),
    );
    await this.deliver?.(body, this.signWebhook(body), id('evt'));
  }

  private later(task: () => Promise<void>) {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      task().catch(() => undefined);
    }, this.webhookDelayMs);
    this.timers.add(timer);
  }

  close(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }
}

const toPaymentEntity = (p: ProviderPayment) => ({
  id: p.id,
  entity: 'payment',
  amount: p.amountPaise,
  currency: p.currency,
  status: p.status,
  order_id: p.orderId,
  method: p.method,
  captured: p.status === 'captured' || p.status === 'refunded',
});

const toRefundEntity = (r: ProviderRefund) => ({
  id: r.id,
  entity: 'refund',
  amount: r.amountPaise,
  currency: 'INR',
  payment_id: r.paymentId,
  receipt: r.receipt,
  status: r.status,
});
