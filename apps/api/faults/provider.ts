import { createHmac, randomBytes } from 'node:crypto';
import { FakeRazorpay, type FakePayment } from '../test/fake-razorpay';
import { request } from './http';

/**
 * The payment provider of the fault tests: the fake Razorpay (its HTTP API,
 * switchable off) plus what Razorpay does on its own side: it signs what the
 * checkout answers the browser, and it sends webhooks, retrying each until
 * the shop answers 2xx (Razorpay retries for a day). It lives in the test
 * process, so it outlives every shop process, as the real one does.
 */
export class Provider {
  readonly keyId: string;
  readonly keySecret: string;
  readonly webhookSecret = randomBytes(16).toString('hex');
  private pending: { id: string; body: string }[] = [];
  private timer: NodeJS.Timeout | undefined;
  private sending = false;
  delivered = 0;
  attempts = 0;

  private constructor(
    readonly fake: FakeRazorpay,
    private readonly shopUrl: () => string,
  ) {
    this.keyId = fake.keyId;
    this.keySecret = fake.keySecret;
    this.timer = setInterval(() => void this.send(), 250);
  }

  static async start(shopUrl: () => string): Promise<Provider> {
    const fake = await FakeRazorpay.start({ keyId: 'rzp_test_faults', keySecret: randomBytes(16).toString('hex') });
    return new Provider(fake, shopUrl);
  }

  /** The shop's settings for this provider. */
  get env(): Record<string, string> {
    return {
      PAYMENT_PROVIDER: 'razorpay',
      RAZORPAY_KEY_ID: this.keyId,
      RAZORPAY_KEY_SECRET: this.keySecret,
      RAZORPAY_WEBHOOK_SECRET: this.webhookSecret,
      RAZORPAY_API_BASE: this.fake.url,
    };
  }

  /**
   * The shopper pays in the checkout: the payment is captured (money taken),
   * and the answer the checkout hands the browser is returned. With `webhook`
   * the provider also tells the shop by webhook, until it hears 2xx.
   */
  pay(providerOrderId: string, webhook = true): { payment: FakePayment; signature: string } {
    const payment = this.fake.pay(providerOrderId, 'captured', 'upi');
    if (webhook) this.queue('payment.captured', { payment });
    const signature = createHmac('sha256', this.keySecret).update(`${providerOrderId}|${payment.id}`).digest('hex');
    return { payment, signature };
  }

  /** Every payment captured so far, by provider order. */
  captured(): FakePayment[] {
    return [...this.fake.payments.values()].filter((p) => p.status === 'captured');
  }

  get undelivered(): number {
    return this.pending.length;
  }

  /** Waits until every webhook has been accepted by the shop. */
  async drain(timeoutMs = 60_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (this.pending.length > 0) {
      if (Date.now() > deadline) throw new Error(`${this.pending.length} webhooks not accepted in ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.fake.close();
  }

  private queue(event: string, payload: Record<string, unknown>): void {
    const body = JSON.stringify({
      entity: 'event',
      account_id: 'acc_faults',
      event,
      contains: Object.keys(payload),
      payload: Object.fromEntries(Object.entries(payload).map(([k, v]) => [k, { entity: v }])),
      created_at: Math.floor(Date.now() / 1000),
    });
    this.pending.push({ id: `evt_${randomBytes(7).toString('hex')}`, body });
  }

  private async send(): Promise<void> {
    if (this.sending) return;
    this.sending = true;
    try {
      for (const hook of [...this.pending]) {
        this.attempts += 1;
        const outcome = await request(this.shopUrl(), 'POST', '/payments/webhook', {
          raw: hook.body,
          headers: {
            'x-razorpay-signature': createHmac('sha256', this.webhookSecret).update(hook.body).digest('hex'),
            'x-razorpay-event-id': hook.id,
          },
          timeoutMs: 10_000,
        });
        if (outcome.ok && outcome.status >= 200 && outcome.status < 300) {
          this.pending = this.pending.filter((h) => h !== hook);
          this.delivered += 1;
        }
      }
    } finally {
      this.sending = false;
    }
  }
}
