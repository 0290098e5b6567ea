import { createHmac, timingSafeEqual } from 'node:crypto';

export interface ProviderOrder {
  id: string;
  amountPaise: number;
  currency: 'INR';
  receipt: string;
  status: string;
}

export type ProviderPaymentStatus = 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';

export interface ProviderPayment {
  id: string;
  /** The provider order it pays; null for a payment made without one. */
  orderId: string | null;
  amountPaise: number;
  currency: string;
  status: ProviderPaymentStatus;
  method: string | null;
}

export interface ProviderRefund {
  id: string;
  paymentId: string;
  amountPaise: number;
  status: 'pending' | 'processed' | 'failed';
  receipt: string | null;
}

/** What the shop needs of a card/UPI provider; Razorpay and the built-in test provider both speak it. */
export interface PaymentProvider {
  readonly name: 'razorpay' | 'test';
  /** The public key the browser's checkout is opened with. */
  readonly keyId: string;
  readonly checkoutScriptUrl: string;
  createOrder(input: { amountPaise: number; receipt: string; notes: Record<string, string> }): Promise<ProviderOrder>;
  /** Razorpay's rule: HMAC-SHA256 of `order_id|payment_id` with the key secret. */
  verifyPaymentSignature(providerOrderId: string, paymentId: string, signature: string): boolean;
  /** HMAC-SHA256 of the raw body with the webhook secret; false when webhooks are not configured. */
  verifyWebhookSignature(rawBody: Buffer, signature: string): boolean;
  orderPayments(providerOrderId: string): Promise<ProviderPayment[]>;
  /** One payment as the provider knows it (Razorpay: `GET /v1/payments/:id`). */
  fetchPayment(paymentId: string): Promise<ProviderPayment>;
  /** Captures an authorised payment of exactly this amount (Razorpay: `POST /v1/payments/:id/capture`). */
  capturePayment(paymentId: string, amountPaise: number): Promise<ProviderPayment>;
  refund(input: {
    paymentId: string;
    amountPaise: number;
    receipt: string;
    notes: Record<string, string>;
  }): Promise<ProviderRefund>;
  paymentRefunds(paymentId: string): Promise<ProviderRefund[]>;
}

/** A provider call that failed; `retryable` when the provider or the network is at fault. */
export class ProviderError extends Error {
  override name = 'ProviderError';
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
    readonly retryable: boolean,
  ) {
    super(message);
  }
}

export const hmacHex = (secret: string, data: string | Buffer) =>
  createHmac('sha256', secret).update(data).digest('hex');

/** Compares a received hex signature with the expected one in constant time. */
export function signatureMatches(expectedHex: string, receivedHex: string): boolean {
  if (!/^[0-9a-f]{64}$/i.test(receivedHex)) return false;
  return timingSafeEqual(Buffer.from(expectedHex, 'hex'), Buffer.from(receivedHex.toLowerCase(), 'hex'));
}
