import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for Razorpay's HTTP API (the `/v1/...` paths the official SDK
 * uses), on 127.0.0.1 and a random port. It keeps orders, payments and
 * refunds in memory, checks basic auth and Razorpay's own input rules, records
 * every request, and fails on demand with Razorpay-style error bodies.
 */

export interface RecordedRequest {
  method: string;
  /** Path without the query string, e.g. `/v1/orders`. */
  path: string;
  headers: http.IncomingHttpHeaders;
  /** The parsed JSON body; the raw text when it is not JSON; undefined when empty. */
  body: unknown;
}

export interface FakeOrder {
  id: string;
  entity: 'order';
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: string;
  receipt: string | null;
  status: 'created' | 'attempted' | 'paid';
  attempts: number;
  notes: Record<string, string>;
  created_at: number;
}

export interface FakePayment {
  id: string;
  entity: 'payment';
  amount: number;
  currency: string;
  status: 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';
  order_id: string;
  method: string;
  captured: boolean;
  amount_refunded: number;
  refund_status: 'partial' | 'full' | null;
  created_at: number;
}

export interface FakeRefund {
  id: string;
  entity: 'refund';
  amount: number;
  currency: string;
  payment_id: string;
  receipt: string | null;
  notes: Record<string, string>;
  status: 'pending' | 'processed' | 'failed';
  created_at: number;
}

/** The calls the shop makes, by name. */
export type FakeRoute =
  'createOrder' | 'orderPayments' | 'fetchPayment' | 'capturePayment' | 'refund' | 'paymentRefunds';

/**
 * How to fail the next call of a route: a status with either a Razorpay error
 * object (`{ error: { code, description } }`) or a raw text body. With
 * `afterApplying`, the fake does the work first and then fails: an answer
 * lost on the way back.
 */
export interface FakeFailure {
  status: number;
  error?: { code?: string; description: string };
  raw?: string;
  afterApplying?: boolean;
}

const newId = (prefix: string) => `${prefix}_${randomBytes(7).toString('base64url').replace(/[-_]/g, 'Z')}`;
const now = () => Math.floor(Date.now() / 1000);

class Answer {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {}
}
const rzpError = (status: number, description: string, code = 'BAD_REQUEST_ERROR') =>
  new Answer(status, {
    error: { code, description, source: 'business', step: 'payment_initiation', reason: 'input_validation_failed' },
  });

export class FakeRazorpay {
  readonly requests: RecordedRequest[] = [];
  readonly orders = new Map<string, FakeOrder>();
  readonly payments = new Map<string, FakePayment>();
  readonly refunds = new Map<string, FakeRefund>();
  /** Refunds answered as processed at once, as Razorpay does for instant refunds and in test mode. */
  instantRefunds = false;
  private readonly failures = new Map<FakeRoute, FakeFailure[]>();
  private readonly server: http.Server;
  private port = 0;

  private constructor(
    readonly keyId: string,
    readonly keySecret: string,
  ) {
    this.server = http.createServer((req, res) => void this.handle(req, res));
  }

  static async start(keys: { keyId: string; keySecret: string }): Promise<FakeRazorpay> {
    const fake = new FakeRazorpay(keys.keyId, keys.keySecret);
    await fake.listen(0);
    return fake;
  }

  /** The host root, as RAZORPAY_API_BASE takes it. */
  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** The next `times` calls of `route` fail as described. */
  failNext(route: FakeRoute, failure: FakeFailure, times = 1): void {
    const queue = this.failures.get(route) ?? [];
    for (let i = 0; i < times; i += 1) queue.push(failure);
    this.failures.set(route, queue);
  }

  /**
   * The shopper pays a provider order in the checkout: a payment in the given
   * state (of another amount or currency only when asked, as a tampered
   * checkout or a partial payment would make).
   */
  pay(
    orderId: string,
    status: 'captured' | 'authorized' | 'failed' = 'captured',
    method = 'upi',
    overrides: Partial<Pick<FakePayment, 'amount' | 'currency'>> = {},
  ): FakePayment {
    const order = this.orders.get(orderId);
    if (!order) throw new Error(`fake Razorpay has no order ${orderId}`);
    const payment: FakePayment = {
      id: newId('pay'),
      entity: 'payment',
      amount: order.amount,
      currency: order.currency,
      status,
      order_id: order.id,
      method,
      captured: status === 'captured',
      amount_refunded: 0,
      refund_status: null,
      created_at: now(),
      ...overrides,
    };
    this.payments.set(payment.id, payment);
    order.attempts += 1;
    if (status === 'captured') {
      order.status = 'paid';
      order.amount_paid = order.amount;
      order.amount_due = 0;
    } else {
      order.status = 'attempted';
    }
    return payment;
  }

  /** Recorded requests matching a method and a path (string: exact; RegExp: tested). */
  requestsTo(method: string, path: string | RegExp): RecordedRequest[] {
    return this.requests.filter(
      (r) => r.method === method && (typeof path === 'string' ? r.path === path : path.test(r.path)),
    );
  }

  /** Stops answering: the port is closed (a provider outage) until `resume()`. */
  async pause(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve, reject) => this.server.close((err) => (err ? reject(err) : resolve())));
  }

  /** Answers again on the same port. */
  resume(): Promise<void> {
    return this.listen(this.port);
  }

  async close(): Promise<void> {
    if (!this.server.listening) return;
    await this.pause();
  }

  private listen(port: number): Promise<void> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, '127.0.0.1', () => {
        this.server.off('error', reject);
        this.port = (this.server.address() as AddressInfo).port;
        resolve();
      });
    });
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    let body: unknown = undefined;
    if (text) {
      try {
        body = JSON.parse(text);
      } catch {
        body = text;
      }
    }
    const path = (req.url ?? '/').split('?')[0]!;
    const method = req.method ?? 'GET';
    this.requests.push({ method, path, headers: req.headers, body });

    const send = (status: number, payload: unknown) => {
      const out = typeof payload === 'string' ? payload : JSON.stringify(payload);
      res.writeHead(status, {
        'content-type': typeof payload === 'string' ? 'text/plain' : 'application/json',
        'content-length': Buffer.byteLength(out),
      });
      res.end(out);
    };

    const expected = `Basic ${Buffer.from(`${this.keyId}:${this.keySecret}`).toString('base64')}`;
    if (req.headers.authorization !== expected) {
      send(401, { error: { code: 'BAD_REQUEST_ERROR', description: 'Authentication failed' } });
      return;
    }

    const route = this.route(method, path);
    if (!route) {
      send(400, {
        error: { code: 'BAD_REQUEST_ERROR', description: 'The requested URL was not found on the server.' },
      });
      return;
    }
    const failure = this.failures.get(route.name)?.shift();
    if (failure && !failure.afterApplying) {
      send(failure.status, failure.raw ?? { error: { code: 'BAD_REQUEST_ERROR', ...failure.error } });
      return;
    }
    const answer = route.run(body);
    if (failure) {
      send(failure.status, failure.raw ?? { error: { code: 'SERVER_ERROR', ...failure.error } });
      return;
    }
    send(answer.status, answer.body);
  }

  private route(method: string, path: string): { name: FakeRoute; run: (body: unknown) => Answer } | undefined {
    if (method === 'POST' && path === '/v1/orders') return { name: 'createOrder', run: (b) => this.createOrder(b) };
    let m = /^\/v1\/orders\/([^/]+)\/payments$/.exec(path);
    if (method === 'GET' && m) {
      const orderId = decodeURIComponent(m[1]!);
      return { name: 'orderPayments', run: () => this.orderPayments(orderId) };
    }
    m = /^\/v1\/payments\/([^/]+)$/.exec(path);
    if (method === 'GET' && m) {
      const paymentId = decodeURIComponent(m[1]!);
      return { name: 'fetchPayment', run: () => this.fetchPayment(paymentId) };
    }
    m = /^\/v1\/payments\/([^/]+)\/capture$/.exec(path);
    if (method === 'POST' && m) {
      const paymentId = decodeURIComponent(m[1]!);
      return { name: 'capturePayment', run: (b) => this.capturePayment(paymentId, b) };
    }
    m = /^\/v1\/payments\/([^/]+)\/refund$/.exec(path);
    if (method === 'POST' && m) {
      const paymentId = decodeURIComponent(m[1]!);
      return { name: 'refund', run: (b) => this.refund(paymentId, b) };
    }
    m = /^\/v1\/payments\/([^/]+)\/refunds$/.exec(path);
    if (method === 'GET' && m) {
      const paymentId = decodeURIComponent(m[1]!);
      return { name: 'paymentRefunds', run: () => this.paymentRefunds(paymentId) };
    }
    return undefined;
  }

  private createOrder(body: unknown): Answer {
    const input = (body ?? {}) as Record<string, unknown>;
    const { amount, currency, receipt, notes } = input;
    if (typeof amount !== 'number' || !Number.isInteger(amount)) {
      return rzpError(400, 'The amount must be an integer.');
    }
    if (amount < 100) return rzpError(400, 'Order amount less than minimum amount allowed');
    if (currency !== 'INR') return rzpError(400, 'The currency provided is not supported.');
    if (receipt !== undefined && (typeof receipt !== 'string' || receipt.length > 40)) {
      return rzpError(400, 'receipt: the length must be no more than 40.');
    }
    if (notes !== undefined && (typeof notes !== 'object' || notes === null || Object.keys(notes).length > 15)) {
      return rzpError(400, 'notes: may contain at most 15 keys.');
    }
    const order: FakeOrder = {
      id: newId('order'),
      entity: 'order',
      amount,
      amount_paid: 0,
      amount_due: amount,
      currency,
      receipt: receipt ?? null,
      status: 'created',
      attempts: 0,
      notes: (notes as Record<string, string> | undefined) ?? {},
      created_at: now(),
    };
    this.orders.set(order.id, order);
    return new Answer(200, order);
  }

  private orderPayments(orderId: string): Answer {
    if (!this.orders.has(orderId)) return rzpError(400, 'The id provided does not exist');
    const items = [...this.payments.values()].filter((p) => p.order_id === orderId);
    return new Answer(200, { entity: 'collection', count: items.length, items });
  }

  private fetchPayment(paymentId: string): Answer {
    const payment = this.payments.get(paymentId);
    return payment ? new Answer(200, payment) : rzpError(400, 'The id provided does not exist');
  }

  /** Razorpay's capture: an authorised payment, its exact amount and currency. */
  private capturePayment(paymentId: string, body: unknown): Answer {
    const payment = this.payments.get(paymentId);
    if (!payment) return rzpError(400, 'The id provided does not exist');
    const input = (body ?? {}) as Record<string, unknown>;
    if (payment.status !== 'authorized') return rzpError(400, 'This payment has already been captured');
    if (input.amount !== payment.amount) {
      return rzpError(400, 'Capture amount must be equal to the amount authorized');
    }
    if (input.currency !== payment.currency) return rzpError(400, 'The currency should be the same as the payment');
    payment.status = 'captured';
    payment.captured = true;
    const order = this.orders.get(payment.order_id);
    if (order) {
      order.status = 'paid';
      order.amount_paid = order.amount;
      order.amount_due = 0;
    }
    return new Answer(200, payment);
  }

  private refund(paymentId: string, body: unknown): Answer {
    const payment = this.payments.get(paymentId);
    if (!payment) return rzpError(400, 'The id provided does not exist');
    if (payment.status !== 'captured') {
      return rzpError(400, 'The payment has not been captured or is fully refunded');
    }
    const input = (body ?? {}) as Record<string, unknown>;
    const amount = input.amount === undefined ? payment.amount - payment.amount_refunded : input.amount;
    if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 100) {
      return rzpError(400, 'The amount must be an integer of at least 100.');
    }
    if (amount > payment.amount - payment.amount_refunded) {
      return rzpError(400, 'The refund amount provided is greater than amount captured');
    }
    if (input.receipt !== undefined && (typeof input.receipt !== 'string' || input.receipt.length > 40)) {
      return rzpError(400, 'receipt: the length must be no more than 40.');
    }
    const refund: FakeRefund = {
      id: newId('rfnd'),
      entity: 'refund',
      amount,
      currency: payment.currency,
      payment_id: payment.id,
      receipt: input.receipt ?? null,
      notes: (input.notes as Record<string, string> | undefined) ?? {},
      status: this.instantRefunds ? 'processed' : 'pending',
      created_at: now(),
    };
    this.refunds.set(refund.id, refund);
    payment.amount_refunded += amount;
    payment.refund_status = payment.amount_refunded === payment.amount ? 'full' : 'partial';
    if (payment.refund_status === 'full') payment.status = 'refunded';
    return new Answer(200, refund);
  }

  private paymentRefunds(paymentId: string): Answer {
    if (!this.payments.has(paymentId)) return rzpError(400, 'The id provided does not exist');
    const items = [...this.refunds.values()].filter((r) => r.payment_id === paymentId);
    return new Answer(200, { entity: 'collection', count: items.length, items });
  }
}

/** Starts a fake Razorpay that accepts exactly this key pair. */
export const startFakeRazorpay = (keys: { keyId: string; keySecret: string }) => FakeRazorpay.start(keys);
