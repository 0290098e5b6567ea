import { randomBytes, randomUUID } from 'node:crypto';
import { INDIAN_ADDRESS, uniqueEmail } from '../test/shoppers';
import { request, Tally, type CallOptions, type Outcome } from './http';
import type { Provider } from './provider';

export interface Variant {
  productId: number;
  variantId: number;
  slug: string;
}

/** What a shopper knows for sure: answers the shop gave. */
interface Acknowledged {
  /** Variants the shop said are in the cart (and when), not since taken by an acknowledged order. */
  cart: Map<number, number>;
  /** Orders the shop answered 201 (or replayed) for. */
  orders: Set<number>;
  /** Payments the shop confirmed to the browser, by order. */
  paid: Map<number, string>;
}

const PASSWORD = 'correct horse battery';

/** The owner the scenarios' shops start with (ADMIN_EMAIL, ADMIN_PASSWORD): the courier's desk. */
export const FAULT_OWNER = { email: 'owner@faults.example', password: 'an owner password for faults' };
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pick = <T>(items: T[]): T => items[Math.floor(Math.random() * items.length)]!;

/**
 * Shoppers who browse, fill a cart, order and pay, one after another, as a
 * browser would: a request that fails for want of the shop (503, no
 * connection, no answer) is tried again with the same Idempotency-Key for a
 * while, as a client should; every answer is tallied.
 */
export class Load {
  readonly tally = new Tally();
  readonly inFlight = new Map<string, number>();
  readonly shoppers: LoadShopper[] = [];
  private running = false;
  private stopping = false;
  private loops: Promise<void>[] = [];
  /** Kinds of calls whose answers are checked: a 503 with this message only. */
  readonly unavailableBodies: string[] = [];
  /** Cash-on-delivery orders placed and not yet handed to the courier. */
  readonly codWaiting: number[] = [];
  /** What the courier did: COD orders shipped, delivered (cash collected) and refused at the door. */
  readonly courier = { shipped: 0, delivered: 0, returned: 0 };
  private ownerToken = '';

  constructor(
    readonly base: () => string,
    readonly provider: Provider,
    readonly variants: Variant[],
  ) {}

  async call(kind: string, method: string, path: string, opts: CallOptions = {}): Promise<Outcome> {
    this.inFlight.set(kind, (this.inFlight.get(kind) ?? 0) + 1);
    try {
      const outcome = await request(this.base(), method, path, opts);
      this.tally.add(kind, outcome);
      if (outcome.ok && outcome.status === 503) this.unavailableBodies.push(JSON.stringify(outcome.body));
      return outcome;
    } finally {
      this.inFlight.set(kind, this.inFlight.get(kind)! - 1);
    }
  }

  /** Retries while the shop is away (503, refused, reset, timeout) for up to `forMs`; any other answer is final. */
  async persist(kind: string, method: string, path: string, opts: CallOptions, forMs = 90_000): Promise<Outcome> {
    const deadline = Date.now() + forMs;
    for (let wait = 100; ; wait = Math.min(2_000, wait * 2)) {
      const outcome = await this.call(kind, method, path, opts);
      const away = !outcome.ok || outcome.status === 503;
      if (!away || Date.now() > deadline || this.stopping) return outcome;
      await pause(wait);
    }
  }

  async addShoppers(count: number): Promise<void> {
    for (let i = 0; i < count; i += 1) {
      // One shopper in three buys as a guest (no account), and one in four pays cash on delivery,
      // so the invariants cover guest and COD orders too.
      const shopper = new LoadShopper(this, i % 3 === 2, i % 4 === 1);
      await shopper.signUp();
      this.shoppers.push(shopper);
    }
  }

  start(): void {
    this.running = true;
    this.loops = this.shoppers.map((s) => s.loop(() => this.running));
    if (this.shoppers.some((s) => s.cod)) this.loops.push(this.courierLoop(() => this.running));
  }

  /** The owner's back-office token (logged in once: a session outlives the shop's restarts). */
  async owner(): Promise<string> {
    if (!this.ownerToken) {
      const login = await this.persist('owner-login', 'POST', '/admin/login', { body: FAULT_OWNER });
      if (!login.ok || login.status !== 200) throw new Error(`owner login: ${JSON.stringify(login)}`);
      this.ownerToken = (login.body as { token: string }).token;
    }
    return this.ownerToken;
  }

  /**
   * The courier and the owner's desk: each COD order placed is shipped, then
   * delivered with its cash collected, or (one in three) refused at the door
   * and returned to origin. Each move is tried again while the shop is away;
   * a move the shop already made answers in words (never a 500).
   */
  private async courierLoop(running: () => boolean): Promise<void> {
    let turn = 0;
    while (running() || (this.codWaiting.length > 0 && !this.stopping)) {
      const orderId = this.codWaiting.shift();
      if (orderId === undefined) {
        await pause(100);
        continue;
      }
      const desk = { token: await this.owner() };
      const shipped = await this.persist('cod-ship', 'POST', `/admin/orders/${orderId}/ship`, {
        ...desk,
        body: { carrier: 'delhivery', tracking_number: `FAULT${orderId}` },
      });
      if (!shipped.ok || shipped.status !== 200) continue;
      this.courier.shipped += 1;
      turn += 1;
      const refused = turn % 3 === 0;
      const path = `/admin/orders/${orderId}/${refused ? 'return-to-origin' : 'deliver'}`;
      const moved = await this.persist(refused ? 'cod-rto' : 'cod-deliver', 'POST', path, { ...desk, body: {} });
      if (moved.ok && moved.status === 200) this.courier[refused ? 'returned' : 'delivered'] += 1;
    }
  }

  /** Lets every shopper finish what they are doing, then stops. */
  async stop(): Promise<void> {
    this.running = false;
    this.stopping = true; // a shop that is gone is not waited for any more
    await Promise.all(this.loops);
    this.stopping = false;
  }

  inFlightCount(kind?: string): number {
    if (kind) return this.inFlight.get(kind) ?? 0;
    return [...this.inFlight.values()].reduce((a, b) => a + b, 0);
  }
}

export class LoadShopper {
  readonly email = uniqueEmail('load');
  token = '';
  userId = 0;
  address = 0;
  readonly acked: Acknowledged = { cart: new Map(), orders: new Set(), paid: new Map() };
  /** Orders the provider captured money for, with the payment. */
  readonly capturedAtProvider = new Map<number, string>();

  /** Where the parcels go: a COD shopper's mobile is their own, as the shop holds few open COD orders per phone. */
  private readonly delivery: typeof INDIAN_ADDRESS;

  constructor(
    private readonly load: Load,
    readonly guest = false,
    readonly cod = false,
  ) {
    const phone = `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
    this.delivery = cod ? { ...INDIAN_ADDRESS, phone } : INDIAN_ADDRESS;
  }

  private call(kind: string, method: string, path: string, body?: unknown, headers?: Record<string, string>) {
    return this.load.persist(kind, method, path, { token: this.token, body, headers });
  }

  async signUp(): Promise<void> {
    if (this.guest) return this.startAsGuest();
    const reg = await this.load.persist('register', 'POST', '/register', {
      body: { email: this.email, password: PASSWORD, name: 'Meera' },
    });
    if (!reg.ok || reg.status !== 201) throw new Error(`register: ${JSON.stringify(reg)}`);
    await this.logIn();
    const address = await this.call('address', 'POST', '/address', this.delivery);
    if (!address.ok || address.status !== 201) throw new Error(`address: ${JSON.stringify(address)}`);
    this.address = (address.body as { data: { id: number } }).data.id;
  }

  /** A guest: a session, then the email, mobile and address a checkout asks of them. */
  private async startAsGuest(): Promise<void> {
    const start = await this.load.persist('guest', 'POST', '/guest/session', {});
    if (!start.ok || start.status !== 201) throw new Error(`guest: ${JSON.stringify(start)}`);
    this.token = (start.body as { token: string }).token;
    const details = await this.call('address', 'PUT', '/guest/details', {
      ...this.delivery,
      email: this.email,
      name: 'Meera',
    });
    if (!details.ok || details.status !== 200) throw new Error(`guest details: ${JSON.stringify(details)}`);
    this.address = (details.body as { data: { id: number } }).data.id;
    const me = await this.call('me', 'GET', '/user/me');
    if (!me.ok || me.status !== 200) throw new Error(`me: ${JSON.stringify(me)}`);
    this.userId = (me.body as { user: { id: number } }).user.id;
  }

  /** The account agrees to its orders' news on WhatsApp (docs/product.md 'Messages to shoppers'). */
  async agreeToWhatsApp(): Promise<void> {
    const res = await this.call('consent', 'PUT', '/user/message-consent', { whatsapp: true, sms: false });
    if (!res.ok || res.status !== 200) throw new Error(`consent: ${JSON.stringify(res)}`);
  }

  async logIn(kind = 'login', headers?: Record<string, string>): Promise<Outcome> {
    const login = await this.load.call(kind, 'POST', '/login', {
      body: { email: this.email, password: PASSWORD },
      headers,
    });
    if (login.ok && login.status === 200) {
      const body = login.body as { token: string; user: { id: number } };
      this.token = body.token;
      this.userId = body.user.id;
    }
    return login;
  }

  async loop(running: () => boolean): Promise<void> {
    while (running()) {
      await this.browse();
      await this.buy();
      await pause(50 + Math.random() * 150);
    }
  }

  async browse(): Promise<void> {
    await this.load.call(
      'browse',
      'GET',
      `/products/productvariant?limit=12&page=${1 + Math.floor(Math.random() * 2)}`,
    );
    await this.load.call('browse', 'GET', `/product/${pick(this.load.variants).slug}`);
  }

  /** Cart, order, payment: each step as far as the shop lets it go (cash on delivery: the courier's). */
  async buy(): Promise<void> {
    const orderId = await this.order();
    if (orderId === undefined) return;
    if (this.cod) {
      this.load.codWaiting.push(orderId);
      return;
    }
    const providerOrderId = await this.startPayment(orderId);
    if (providerOrderId === undefined) return;
    await this.pay(orderId, providerOrderId);
  }

  /**
   * Puts a piece in the cart and orders the cart, paid the shopper's way unless told; answers the
   * order, when the shop made one.
   */
  async order(payment: 'ONLINE' | 'COD' = this.cod ? 'COD' : 'ONLINE'): Promise<number | undefined> {
    const variant = pick(this.load.variants);
    const cart = await this.call('cart', 'POST', '/carts', {
      product_id: variant.productId,
      product_variant_id: variant.variantId,
      quantity: 1 + Math.floor(Math.random() * 2),
    });
    if (!cart.ok || cart.status !== 200) return undefined;
    if (!this.acked.cart.has(variant.variantId)) this.acked.cart.set(variant.variantId, Date.now() - 1_000);

    const placed = await this.call(
      'place',
      'POST',
      '/orders',
      { address: this.address, shipping_type: 'standard', payment_method: payment },
      { 'idempotency-key': randomUUID() },
    );
    if (!placed.ok || placed.status !== 201) return undefined;
    const orderId = (placed.body as { data: { id: number }[] }).data[0]!.id;
    this.acked.orders.add(orderId);
    this.acked.cart.clear();
    return orderId;
  }

  /** The Pay button: the provider's order for this one, or undefined (tried for a few seconds only). */
  async startPayment(orderId: number): Promise<string | undefined> {
    const start = await this.load.persist(
      'pay-start',
      'POST',
      `/orders/${orderId}/payment`,
      { token: this.token },
      5_000,
    );
    if (!start.ok || start.status !== 200) return undefined;
    return (start.body as { provider_order_id: string }).provider_order_id;
  }

  /** Pays in the provider's checkout, which then tells the shop by webhook; the browser reports it too. */
  async pay(orderId: number, providerOrderId: string): Promise<void> {
    const { payment, signature } = this.load.provider.pay(providerOrderId);
    this.capturedAtProvider.set(orderId, payment.id);
    const report = await this.call('pay-report', 'PUT', '/orders/payment-status', {
      order_id: orderId,
      payment_id: payment.id,
      provider_order_id: providerOrderId,
      signature,
    });
    if (report.ok && report.status === 200) this.acked.paid.set(orderId, payment.id);
  }

  /** The order's status as the shopper sees it. */
  async status(orderId: number): Promise<string | undefined> {
    const res = await this.load.call('order', 'GET', `/orders/${orderId}`, { token: this.token });
    return res.ok && res.status === 200 ? (res.body as { data: { status: string } }).data.status : undefined;
  }
}

/** A short random tag for names. */
export const tag = () => randomBytes(3).toString('hex');
