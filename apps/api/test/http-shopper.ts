import { INDIAN_ADDRESS, uniqueEmail } from './shoppers';

export interface Answer<T = unknown> {
  status: number;
  body: T;
}

/** One call of the shop's API over HTTP; the JSON answer (or the text when it is not JSON). */
export async function call<T = unknown>(
  base: string,
  method: string,
  path: string,
  opts: { token?: string; body?: unknown; headers?: Record<string, string>; timeoutMs?: number } = {},
): Promise<Answer<T>> {
  const res = await fetch(`${base}/api/v1${path}`, {
    method,
    headers: {
      ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...opts.headers,
    },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    signal: AbortSignal.timeout(opts.timeoutMs ?? 30_000),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: res.status, body: body as T };
}

function expectStatus(answer: Answer, status: number, what: string): void {
  if (answer.status !== status) {
    throw new Error(`${what}: expected ${status}, got ${answer.status}: ${JSON.stringify(answer.body).slice(0, 500)}`);
  }
}

/** A shopper of a running shop, over HTTP: signs up, saves an address, fills the cart, orders. */
export class HttpShopper {
  token = '';
  userId = 0;
  address = 0;
  readonly email: string;

  constructor(
    public base: string,
    label = 'shopper',
  ) {
    this.email = uniqueEmail(label);
  }

  call<T = unknown>(method: string, path: string, body?: unknown, headers?: Record<string, string>) {
    return call<T>(this.base, method, path, { token: this.token, body, headers });
  }

  /** Registers, logs in and saves an address. */
  async signUp(password = 'correct horse battery'): Promise<this> {
    const reg = await call(this.base, 'POST', '/register', { body: { email: this.email, password, name: 'Asha' } });
    expectStatus(reg, 201, 'register');
    const login = await call<{ token: string; user: { id: number } }>(this.base, 'POST', '/login', {
      body: { email: this.email, password },
    });
    expectStatus(login, 200, 'login');
    this.token = login.body.token;
    this.userId = login.body.user.id;
    const address = await this.call<{ data: { id: number } }>('POST', '/address', INDIAN_ADDRESS);
    expectStatus(address, 201, 'address');
    this.address = address.body.data.id;
    return this;
  }

  setCart(productId: number, variantId: number, quantity: number) {
    return this.call('POST', '/carts', { product_id: productId, product_variant_id: variantId, quantity });
  }

  cart() {
    return this.call<{ data: { product_variant_id?: number; quantity: number }[] }>('GET', '/carts');
  }

  placeOrder(idempotencyKey?: string) {
    return this.call<{ data: { id: number; total: number }[] }>(
      'POST',
      '/orders',
      { address: this.address, shipping_type: 'standard', payment_method: 'ONLINE' },
      idempotencyKey ? { 'idempotency-key': idempotencyKey } : undefined,
    );
  }
}

/** A variant's stock as a shop serves it (from its catalogue cache when warm). */
export async function servedStock(base: string, slug: string): Promise<number> {
  const answer = await call<{ data: { product_variants: { stock: number } }[] }>(base, 'GET', `/product/${slug}`);
  expectStatus(answer, 200, `product ${slug}`);
  return answer.body.data[0]!.product_variants.stock;
}
