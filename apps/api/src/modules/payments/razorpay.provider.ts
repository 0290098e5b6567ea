import type {
  PaymentProvider,
  ProviderOrder,
  ProviderPayment,
  ProviderPaymentStatus,
  ProviderRefund,
} from './provider';
import { ProviderError, hmacHex, signatureMatches } from './provider';

export interface RazorpayConfig {
  keyId: string;
  keySecret: string;
  webhookSecret: string | undefined;
  /** Host root; paths are `/v1/...` as the official SDK uses them. */
  apiBase: string;
  checkoutUrl: string;
  timeoutMs?: number;
}

interface RazorpayErrorBody {
  error?: { code?: string; description?: string };
}
interface RazorpayCollection<T> {
  items: T[];
}
interface RazorpayPayment {
  id: string;
  order_id?: string | null;
  amount: number;
  currency: string;
  status: ProviderPaymentStatus;
  method?: string | null;
}
interface RazorpayRefund {
  id: string;
  payment_id: string;
  amount: number;
  status: ProviderRefund['status'];
  receipt?: string | null;
}

const toPayment = (p: RazorpayPayment): ProviderPayment => ({
  id: p.id,
  orderId: p.order_id ?? null,
  amountPaise: p.amount,
  currency: p.currency,
  status: p.status,
  method: p.method ?? null,
});
const toRefund = (r: RazorpayRefund): ProviderRefund => ({
  id: r.id,
  paymentId: r.payment_id,
  amountPaise: r.amount,
  status: r.status,
  receipt: r.receipt ?? null,
});

/** Razorpay over its HTTP API (basic auth with the key pair; amounts in paise). */
export class RazorpayProvider implements PaymentProvider {
  readonly name = 'razorpay' as const;
  readonly keyId: string;
  readonly checkoutScriptUrl: string;

  constructor(private readonly config: RazorpayConfig) {
    this.keyId = config.keyId;
    this.checkoutScriptUrl = config.checkoutUrl;
  }

  private async call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    const url = new URL(path, this.config.apiBase.endsWith('/') ? this.config.apiBase : `${this.config.apiBase}/`);
    const auth = Buffer.from(`${this.config.keyId}:${this.config.keySecret}`).toString('base64');
    let res: Response;
    try {
      res = await fetch(url, {
        method,
        headers: {
          authorization: `Basic ${auth}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.config.timeoutMs ?? 15_000),
      });
    } catch (err) {
      throw new ProviderError(`Razorpay could not be reached: ${String(err)}`, 503, 'NETWORK', true);
    }
    const text = await res.text();
    let parsed: unknown = undefined;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // A non-JSON answer is reported below with its status.
    }
    if (!res.ok) {
      // Razorpay answers errors as plain objects: { error: { code, description } }.
      const error = (parsed as RazorpayErrorBody | undefined)?.error;
      throw new ProviderError(
        error?.description ?? `Razorpay answered ${res.status}`,
        res.status,
        error?.code ?? 'HTTP_ERROR',
        res.status >= 500 || res.status === 429,
      );
    }
    if (typeof parsed !== 'object' || parsed === null) {
      throw new ProviderError(`Razorpay answered ${res.status} without a JSON body`, 502, 'BAD_RESPONSE', true);
    }
    return parsed as T;
  }

  async createOrder(input: {
    amountPaise: number;
    receipt: string;
    notes: Record<string, string>;
  }): Promise<ProviderOrder> {
    const order = await this.call<{ id: string; amount: number; receipt: string; status: string }>(
      'POST',
      'v1/orders',
      {
        amount: input.amountPaise,
        currency: 'INR',
        receipt: input.receipt.slice(0, 40),
        notes: input.notes,
      },
    );
    return { id: order.id, amountPaise: order.amount, currency: 'INR', receipt: order.receipt, status: order.status };
  }

  verifyPaymentSignature(providerOrderId: string, paymentId: string, signature: string): boolean {
    return signatureMatches(hmacHex(this.config.keySecret, `${providerOrderId}|${paymentId}`), signature);
  }

  verifyWebhookSignature(rawBody: Buffer, signature: string): boolean {
    if (!this.config.webhookSecret) return false;
    return signatureMatches(hmacHex(this.config.webhookSecret, rawBody), signature);
  }

  async orderPayments(providerOrderId: string): Promise<ProviderPayment[]> {
    const list = await this.call<RazorpayCollection<RazorpayPayment>>(
      'GET',
      `v1/orders/${encodeURIComponent(providerOrderId)}/payments`,
    );
    return list.items.map(toPayment);
  }

  async fetchPayment(paymentId: string): Promise<ProviderPayment> {
    return toPayment(await this.call<RazorpayPayment>('GET', `v1/payments/${encodeURIComponent(paymentId)}`));
  }

  async capturePayment(paymentId: string, amountPaise: number): Promise<ProviderPayment> {
    const payment = await this.call<RazorpayPayment>('POST', `v1/payments/${encodeURIComponent(paymentId)}/capture`, {
      amount: amountPaise,
      currency: 'INR',
    });
    return toPayment(payment);
  }

  async refund(input: { paymentId: string; amountPaise: number; receipt: string; notes: Record<string, string> }) {
    const refund = await this.call<RazorpayRefund>(
      'POST',
      `v1/payments/${encodeURIComponent(input.paymentId)}/refund`,
      {
        amount: input.amountPaise,
        receipt: input.receipt.slice(0, 40),
        notes: input.notes,
      },
    );
    return toRefund(refund);
  }

  async paymentRefunds(paymentId: string): Promise<ProviderRefund[]> {
    const list = await this.call<RazorpayCollection<RazorpayRefund>>(
      'GET',
      `v1/payments/${encodeURIComponent(paymentId)}/refunds`,
    );
    return list.items.map(toRefund);
  }
}
