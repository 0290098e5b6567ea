import {
  AddressResponse,
  AddressesResponse,
  AdminOrderDetail,
  AdminOrderList,
  CustomersPage,
  CartResponse,
  GuestSessionResponse,
  MESSAGES,
  OrderAccessResponse,
  OrderResponse,
  OrdersResponse,
  PlaceOrderResponse,
  UserResponse,
  type Order,
} from '@shop/contract';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/modules/accounts/accounts.schema';
import { mailOutbox } from '../src/modules/mail/mail.schema';
import { orderLinkToken } from '../src/modules/orders/guests';
import { productVariants } from '../src/modules/catalog/catalog.schema';
import { createTestShop, expectError, type TestShop } from './helpers';
import { orderWorld, type OrderWorld } from './order-world';
import { INDIAN_ADDRESS, setCart, signUp, uniqueEmail, type Shopper } from './shoppers';
import { signUpStaff } from './staff';

/** Buying without an account (docs/product.md 'Buying as a guest'), as a phone app or the storefront calls it. */
let shop: TestShop;
let world: OrderWorld;
beforeAll(async () => {
  // The order-status page's limit per address is left high here: its limit per email is what is tested.
  shop = await createTestShop({ RATE_LIMIT_ORDER_LOOKUPS_PER_IP: '1000' });
  world = await orderWorld(shop);
});
afterAll(() => shop?.close());

type Auth = { auth: { authorization: string } };
const call = (method: 'GET' | 'POST' | 'PUT', url: string, who?: Auth, payload?: object) =>
  shop.app.inject({
    method,
    url: `/api/v1${url}`,
    ...(who ? { headers: who.auth } : {}),
    ...(payload ? { payload } : {}),
  });

/** A new guest: their session, as the first Add to Cart makes it. */
async function newGuest(): Promise<Auth & { token: string }> {
  const res = await call('POST', '/guest/session');
  expect(res.statusCode, res.body).toBe(201);
  const { token, expires_at } = GuestSessionResponse.parse(res.json());
  // The cart is kept for 30 days.
  const days = (Date.parse(expires_at) - Date.now()) / 86_400_000;
  expect(days).toBeGreaterThan(29.9);
  expect(days).toBeLessThanOrEqual(30);
  return { token, auth: { authorization: `Bearer ${token}` } };
}

const details = (email: string, overrides: Record<string, string> = {}) => ({
  ...INDIAN_ADDRESS,
  name: 'Meera Iyer',
  email,
  ...overrides,
});

/** A guest who has given their details and placed an order of one small piece. */
async function guestOrder(
  email = uniqueEmail('guest'),
): Promise<{ guest: Auth & { token: string }; order: Order; email: string; address: number }> {
  const guest = await newGuest();
  await setCart(shop.app, guest as unknown as Shopper, world.productId, world.variants.small, 1);
  const saved = await call('PUT', '/guest/details', guest, details(email));
  expect(saved.statusCode, saved.body).toBe(200);
  const address = AddressResponse.parse(saved.json()).data.id;
  const placed = await call('POST', '/orders', guest, { address, shipping_type: 'standard', payment_method: 'ONLINE' });
  expect(placed.statusCode, placed.body).toBe(201);
  return { guest, order: PlaceOrderResponse.parse(placed.json()).data[0]!, email, address };
}

async function codeMailedTo(email: string): Promise<string> {
  const [mail] = await shop.database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, email))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  return /^\s*(\d{6})$/m.exec(mail!.text)![1]!;
}

describe('a guest', () => {
  it('has a cart, gives an email, mobile and address, orders, pays and sees the order', async () => {
    const { guest, order, email } = await guestOrder();
    const me = UserResponse.parse((await call('GET', '/user/me', guest)).json()).user;
    expect(me).toMatchObject({ guest: true, email, name: 'Meera Iyer', phone: INDIAN_ADDRESS.phone });
    expect(await world.row(order.id)).toMatchObject({ email, phone: INDIAN_ADDRESS.phone, status: 'created' });
    await world.pay(guest as unknown as Shopper, order);
    const mine = OrdersResponse.parse((await call('GET', '/orders', guest)).json()).data;
    expect(mine.map((o) => o.id)).toEqual([order.id]);
    expect(mine[0]!.status).toBe('packaging');
  });

  it('cannot place an order before giving an email and mobile', async () => {
    const guest = await newGuest();
    await setCart(shop.app, guest as unknown as Shopper, world.productId, world.variants.small, 1);
    // An address alone (the address book) is not enough: the receipts need an email.
    const address = await call('POST', '/address', guest, INDIAN_ADDRESS);
    expect(address.statusCode).toBe(201);
    const placed = await call('POST', '/orders', guest, {
      address: AddressResponse.parse(address.json()).data.id,
      shipping_type: 'standard',
      payment_method: 'ONLINE',
    });
    expect(expectError(placed, 400).message).toBe(MESSAGES.guestDetailsFirst);
  });

  it("is refused a bad email, a mobile that is not India's, and a PIN of five digits, in words", async () => {
    const guest = await newGuest();
    const bad = await call(
      'PUT',
      '/guest/details',
      guest,
      details('not-an-email', { phone: '5123456789', pincode: '56003' }),
    );
    const body = expectError(bad, 400);
    const said = (body.errors ?? []).join(' | ');
    expect(said).toMatch(/email/i);
    expect(said).toContain('Please enter a 10-digit mobile number starting with 6, 7, 8 or 9');
    expect(said).toMatch(/pincode must be 6 digits/);
    // Abroad, the phone rule is the address book's, not India's mobile rule.
    const abroad = await call(
      'PUT',
      '/guest/details',
      guest,
      details(uniqueEmail('abroad'), {
        phone: '2025550143',
        country: 'United States',
        state: 'New York',
        pincode: '10001',
        city: 'New York',
      }),
    );
    expect(abroad.statusCode, abroad.body).toBe(200);
  });

  it("has none of an account's doors: profile, password, wishlist, data export", async () => {
    const guest = await newGuest();
    const me = UserResponse.parse((await call('GET', '/user/me', guest)).json()).user;
    expect(
      expectError(await call('PUT', '/user/update', guest, { id: me.id, name: 'X', phone: '' }), 401).message,
    ).toBe(MESSAGES.loginRequired);
    expectError(
      await call('POST', '/user/password', guest, { current_password: 'x', new_password: 'yyyyyyyyyy' }),
      401,
    );
    expectError(await call('GET', '/wishlist', guest), 401);
    expectError(await call('GET', '/user/export', guest), 401);
    expectError(await call('GET', '/user/guest-orders', guest), 401);
  });

  it('cannot sign in: a guest email with any password is Invalid Credentials', async () => {
    const { email } = await guestOrder();
    const res = await call('POST', '/login', undefined, { email, password: '' + 'anything at all' });
    expect(expectError(res, 401).message).toBe(MESSAGES.invalidCredentials);
    // And the email is free for an account.
    const reg = await call('POST', '/register', undefined, { email, password: 'correct horse battery' });
    expect(reg.statusCode, reg.body).toBe(201);
  });

  it('who orders under a new email at the same browser starts afresh: the earlier orders stay with the earlier email', async () => {
    const first = await guestOrder();
    await setCart(shop.app, first.guest as unknown as Shopper, world.productId, world.variants.large, 1);
    const second = uniqueEmail('second');
    const saved = await call('PUT', '/guest/details', first.guest, details(second, { name: 'Someone Else' }));
    expect(saved.statusCode, saved.body).toBe(200);
    const me = UserResponse.parse((await call('GET', '/user/me', first.guest)).json()).user;
    expect(me.email).toBe(second);
    // The same cookie, a new guest: the cart came along, the first person's order did not.
    expect(OrdersResponse.parse((await call('GET', '/orders', first.guest)).json()).data).toEqual([]);
    const cart = CartResponse.parse((await call('GET', '/carts', first.guest)).json()).data;
    expect(cart.map((l) => l.product_variant_id)).toEqual([world.variants.large]);
  });

  it('changes their details in place: one address, the new mobile and recipient; the order keeps its copy', async () => {
    const { guest, order, email, address } = await guestOrder();
    await setCart(shop.app, guest as unknown as Shopper, world.productId, world.variants.small, 1);
    for (const [name, phone] of [
      ['Meera R. Iyer', '9123456780'],
      ['Meera Iyer', '9988776655'],
    ] as const) {
      const saved = await call('PUT', '/guest/details', guest, details(email, { name, phone, city: 'Pune' }));
      expect(saved.statusCode, saved.body).toBe(200);
      expect(AddressResponse.parse(saved.json()).data).toMatchObject({ id: address, name, phone, city: 'Pune' });
    }
    const kept = AddressesResponse.parse((await call('GET', '/address', guest)).json()).data;
    expect(kept.map((a) => a.id)).toEqual([address]);
    const me = UserResponse.parse((await call('GET', '/user/me', guest)).json()).user;
    expect(me).toMatchObject({ email, phone: '9988776655' });
    // The order placed before keeps the address it was placed with.
    expect(await world.row(order.id)).toMatchObject({ phone: INDIAN_ADDRESS.phone, city: INDIAN_ADDRESS.city });
  });

  it('holds the unpaid-order limit per email, not per cookie', async () => {
    const email = uniqueEmail('limit');
    await guestOrder(email);
    await guestOrder(email); // MAX_UNPAID_ORDERS is 2
    const third = await newGuest();
    await setCart(shop.app, third as unknown as Shopper, world.productId, world.variants.small, 1);
    const saved = AddressResponse.parse((await call('PUT', '/guest/details', third, details(email))).json());
    const placed = await call('POST', '/orders', third, {
      address: saved.data.id,
      shipping_type: 'standard',
      payment_method: 'ONLINE',
    });
    expect(expectError(placed, 409).message).toBe(MESSAGES.tooManyUnpaidOrders);
  });
});

describe("a guest's cart at sign-in", () => {
  it('merges into the account: quantities added, capped by the stock; the guest session ends', async () => {
    const db = shop.database.db;
    const large = eq(productVariants.id, world.variants.large);
    const [{ stock }] = (await db.select({ stock: productVariants.stock }).from(productVariants).where(large)) as [
      { stock: number },
    ];
    const guest = await newGuest();
    const account = await signUp(shop.app, 'merger');
    await setCart(shop.app, account, world.productId, world.variants.large, 2);
    await setCart(shop.app, guest as unknown as Shopper, world.productId, world.variants.large, 3);
    await setCart(shop.app, guest as unknown as Shopper, world.productId, world.variants.small, 3);
    // Four left by the time the guest signs in: 2 + 3 becomes 4.
    await db.update(productVariants).set({ stock: 4 }).where(large);

    const merged = await call('POST', '/cart/merge', account, { guest_token: guest.token });
    expect(merged.statusCode, merged.body).toBe(200);
    const lines = CartResponse.parse(merged.json()).data;
    const qty = Object.fromEntries(lines.map((l) => [l.product_variant_id, l.quantity]));
    await db.update(productVariants).set({ stock }).where(large);
    expect(qty).toEqual({ [world.variants.large]: 4, [world.variants.small]: 3 });
    // The guest's session is over, and a second merge of it is refused.
    expectError(await call('GET', '/carts', guest), 401);
    expectError(await call('POST', '/cart/merge', account, { guest_token: guest.token }), 400);
  });

  it("refuses an account's token as the guest's, and a guest merging into itself", async () => {
    const account = await signUp(shop.app, 'merger2');
    const other = await signUp(shop.app, 'victim');
    await setCart(shop.app, other, world.productId, world.variants.small, 1);
    expectError(await call('POST', '/cart/merge', account, { guest_token: other.token }), 400);
    expect(CartResponse.parse((await call('GET', '/carts', other)).json()).data).toHaveLength(1);
    const guest = await newGuest();
    expectError(await call('POST', '/cart/merge', guest, { guest_token: guest.token }), 401);
  });
});

describe("a guest order's own page", () => {
  it('opens from the signed link of its mails, and the link opens no other order', async () => {
    const { order } = await guestOrder();
    const other = await guestOrder();
    const [row] = await shop.database.db
      .select()
      .from(users)
      .where(eq(users.id, (await world.row(order.id)).userId));
    const token = orderLinkToken(shop.app.ctx.secret, order.id, row!.id);

    const opened = await call('POST', '/guest/order-link', undefined, { order_id: order.id, token });
    expect(opened.statusCode, opened.body).toBe(200);
    const access = OrderAccessResponse.parse(opened.json());
    expect(access.order_id).toBe(order.id);
    const seen = await call('GET', `/orders/${order.id}`, { auth: { authorization: `Bearer ${access.token}` } });
    expect(OrderResponse.parse(seen.json()).data.id).toBe(order.id);
    // The same session does not open the other guest's order.
    expectError(
      await call('GET', `/orders/${other.order.id}`, { auth: { authorization: `Bearer ${access.token}` } }),
      404,
    );

    // Widened to another order, or forged: refused alike.
    for (const body of [
      { order_id: other.order.id, token },
      { order_id: order.id, token: `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}` },
    ]) {
      expect(expectError(await call('POST', '/guest/order-link', undefined, body), 400).message).toBe(
        MESSAGES.orderLinkInvalid,
      );
    }
  });

  it('is found on the order-status page by number and email; every miss is answered alike', async () => {
    const { order, email } = await guestOrder();
    const found = await call('POST', '/order-status', undefined, { order_id: order.id, email: email.toUpperCase() });
    expect(found.statusCode, found.body).toBe(200);
    expect(OrderAccessResponse.parse(found.json()).order_id).toBe(order.id);

    const wrongEmail = expectError(
      await call('POST', '/order-status', undefined, { order_id: order.id, email: uniqueEmail('x') }),
      404,
    );
    const noOrder = expectError(
      await call('POST', '/order-status', undefined, { order_id: 2_000_000_000, email }),
      404,
    );
    expect(wrongEmail).toEqual(noOrder);
    expect(noOrder.message).toBe(MESSAGES.orderLookupMiss);

    // An account's order is pointed at, not opened.
    const { shopper, order: accountOrder } = await world.order('lookup-account');
    const account = expectError(
      await call('POST', '/order-status', undefined, { order_id: accountOrder.id, email: shopper.email }),
      403,
    );
    expect(account.message).toBe(MESSAGES.orderOfAccount);
  });

  it('look-ups are limited per email', async () => {
    const email = uniqueEmail('many');
    const statuses: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      statuses.push(
        (await call('POST', '/order-status', undefined, { order_id: 1_000_000_000 + i, email })).statusCode,
      );
    }
    expect(statuses.slice(0, 5)).toEqual([404, 404, 404, 404, 404]);
    expect(statuses.slice(5)).toEqual([429, 429]);
  });

  it("the paid order's mail carries the signed link", async () => {
    const { guest, order, email } = await guestOrder();
    await world.pay(guest as unknown as Shopper, order);
    expect(await world.mailsTo(email)).toContain(`Order #${order.id} confirmed`);
    const text = await world.mailText(email, `Order #${order.id} confirmed`);
    const link = /\/order-link\/(\d+)\/([A-Za-z0-9_-]{43})/.exec(text ?? '');
    expect(link?.[1]).toBe(String(order.id));
    const opened = await call('POST', '/guest/order-link', undefined, { order_id: order.id, token: link![2]! });
    expect(opened.statusCode, opened.body).toBe(200);
  });
});

describe('an account registered later with the email', () => {
  it('sees the guest orders once a code mailed to the email is entered', async () => {
    const { order, email } = await guestOrder();
    const reg = await call('POST', '/register', undefined, { email, password: 'correct horse battery', name: 'Meera' });
    expect(reg.statusCode).toBe(201);
    const login = await call('POST', '/login', undefined, { email, password: 'correct horse battery' });
    const account = { auth: { authorization: `Bearer ${login.json<{ token: string }>().token}` } };
    expect((await call('GET', '/user/guest-orders', account)).json()).toEqual({ count: 1 });
    expect(OrdersResponse.parse((await call('GET', '/orders', account)).json()).data).toEqual([]);

    const sent = await call('POST', '/user/guest-orders/code', account);
    expect(sent.statusCode, sent.body).toBe(200);
    const code = await codeMailedTo(email);
    const wrong = code === '000000' ? '111111' : '000000';
    expect(expectError(await call('POST', '/user/guest-orders/claim', account, { otp: wrong }), 400).message).toBe(
      MESSAGES.invalidOtp,
    );
    const claimed = await call('POST', '/user/guest-orders/claim', account, { otp: code });
    expect(claimed.statusCode, claimed.body).toBe(200);
    expect(claimed.json()).toMatchObject({ claimed: 1 });
    const mine = OrdersResponse.parse((await call('GET', '/orders', account)).json()).data;
    expect(mine.map((o) => o.id)).toEqual([order.id]);
    expect((await call('GET', '/user/guest-orders', account)).json()).toEqual({ count: 0 });
  });

  it('five wrong codes spend it', async () => {
    const { email } = await guestOrder();
    await call('POST', '/register', undefined, { email, password: 'correct horse battery' });
    const login = await call('POST', '/login', undefined, { email, password: 'correct horse battery' });
    const account = { auth: { authorization: `Bearer ${login.json<{ token: string }>().token}` } };
    await call('POST', '/user/guest-orders/code', account);
    const code = await codeMailedTo(email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i += 1) await call('POST', '/user/guest-orders/claim', account, { otp: wrong });
    expect(expectError(await call('POST', '/user/guest-orders/claim', account, { otp: code }), 400).message).toBe(
      MESSAGES.otpExpired,
    );
  });
});

describe('the back office', () => {
  it('marks guest orders, filters by buyer, and lists a guest once they have ordered', async () => {
    const staff = await signUpStaff(shop.app, 'admin');
    const get = async (url: string) => {
      const res = await shop.app.inject({ url: `/api/v1/admin${url}`, headers: staff.admin });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<unknown>();
    };
    const { order, email } = await guestOrder();
    const { order: accountOrder } = await world.order('admin-account');
    const found = AdminOrderList.parse(await get(`/orders?q=${encodeURIComponent(email)}`)).data;
    expect(found.map((o) => [o.id, o.guest])).toEqual([[order.id, true]]);
    const guests = AdminOrderList.parse(await get('/orders?buyer=guest&limit=100')).data;
    expect(guests.every((o) => o.guest)).toBe(true);
    expect(guests.map((o) => o.id)).toContain(order.id);
    expect(guests.map((o) => o.id)).not.toContain(accountOrder.id);
    const accounts = AdminOrderList.parse(await get('/orders?buyer=account&limit=100')).data;
    expect(accounts.map((o) => o.id)).toContain(accountOrder.id);
    expect(accounts.some((o) => o.guest)).toBe(false);
    expect(AdminOrderDetail.parse(await get(`/orders/${order.id}`)).guest).toBe(true);

    // A guest who only has a cart is not a shopper of the list; one who ordered is, marked.
    const cartOnly = await newGuest();
    await setCart(shop.app, cartOnly as unknown as Shopper, world.productId, world.variants.small, 1);
    const listed = CustomersPage.parse(await get(`/customers?q=${encodeURIComponent(email)}`)).data;
    expect(listed.map((c) => [c.email, c.guest])).toEqual([[email, true]]);
    const me = UserResponse.parse((await call('GET', '/user/me', cartOnly)).json()).user;
    const all = CustomersPage.parse(await get('/customers?limit=100')).data;
    expect(all.map((c) => c.id)).not.toContain(me.id);
  });
});
