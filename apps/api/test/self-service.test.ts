import { AddressesResponse, ChangePasswordResponse, LoginResponse, MESSAGES, UpdateUserResponse } from '@shop/contract';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addresses } from '../src/modules/addresses/addresses.schema';
import { contactEnquiries } from '../src/modules/contact/contact.schema';
import { mailOutbox } from '../src/modules/mail/mail.schema';
import { orders } from '../src/modules/orders/orders.schema';
import { users } from '../src/modules/accounts/accounts.schema';
import { createTestShop, expectError, type TestShop } from './helpers';
import { orderWorld, type OrderWorld } from './order-world';
import { INDIAN_ADDRESS, addAddress, signUp, uniqueEmail, type Shopper } from './shoppers';

let shop: TestShop;
let world: OrderWorld;
beforeAll(async () => {
  shop = await createTestShop();
  world = await orderWorld(shop);
});
afterAll(() => shop?.close());

const post = (url: string, shopper: { auth: Record<string, string> }, payload: object) =>
  shop.app.inject({ method: 'POST', url: `/api/v1${url}`, headers: shopper.auth, payload });
const login = (email: string, password: string) =>
  shop.app.inject({ method: 'POST', url: '/api/v1/login', payload: { email, password } });
const me = (auth: Record<string, string>) => shop.app.inject({ url: '/api/v1/user/me', headers: auth });
async function secondSession(s: Shopper) {
  const { token } = LoginResponse.parse((await login(s.email, s.password)).json());
  return { authorization: `Bearer ${token}` };
}
/** The code of the last mail to an address (mails stay readable in the outbox without SMTP). */
async function codeMailedTo(email: string): Promise<string> {
  const [mail] = await shop.database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, email))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  // The code stands on a line of its own (the address in the text may hold six digits too).
  return /^\s*(\d{6})$/m.exec(mail!.text)![1]!;
}

describe('change password', () => {
  it('needs the current password, then ends every other session and keeps this one', async () => {
    const s = await signUp(shop.app, 'pwchange');
    const other = await secondSession(s);
    const wrong = expectError(
      await post('/user/password', s, { current_password: 'not it at all', new_password: 'a brand new one' }),
      400,
    );
    expect(wrong.message).toBe(MESSAGES.wrongCurrentPassword);
    expect((await me(other)).statusCode).toBe(200);

    const res = await post('/user/password', s, { current_password: s.password, new_password: 'a brand new one' });
    expect(res.statusCode, res.body).toBe(200);
    const answer = ChangePasswordResponse.parse(res.json());
    expect(answer.message).toBe(MESSAGES.passwordChanged);
    // This session goes on under a new token: the old one, which may have leaked, is ended too.
    expect(answer.token).not.toBe(s.token);
    expect((await me(s.auth)).statusCode).toBe(401);
    expect((await me({ authorization: `Bearer ${answer.token}` })).statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
    expect((await login(s.email, s.password)).statusCode).toBe(401);
    expect((await login(s.email, 'a brand new one')).statusCode).toBe(200);
  });

  it('keeps the session as it was chosen: a day without Remember Me, and the cookie renewed when sent by cookie', async () => {
    const s = await signUp(shop.app, 'pwcookie');
    const short = LoginResponse.parse(
      (
        await shop.app.inject({
          method: 'POST',
          url: '/api/v1/login',
          payload: { email: s.email, password: s.password, remember: false },
        })
      ).json(),
    );
    const res = await shop.app.inject({
      method: 'POST',
      url: '/api/v1/user/password',
      headers: { cookie: `session=${short.token}`, origin: new URL(shop.env.PUBLIC_URL).origin },
      payload: { current_password: s.password, new_password: 'cookie changed it' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const answer = ChangePasswordResponse.parse(res.json());
    expect(answer.remember).toBe(false);
    expect((new Date(answer.expires_at).getTime() - Date.now()) / 86_400_000).toBeCloseTo(1, 1);
    // Sent by cookie: the browser is given the new one, still ending with the browser (no Max-Age).
    expect(res.headers['set-cookie']).toBe(`session=${answer.token}; Path=/; HttpOnly; SameSite=Lax`);
    expect((await me({ cookie: `session=${short.token}` })).statusCode).toBe(401);
    expect((await me({ cookie: `session=${answer.token}` })).statusCode).toBe(200);
  });

  it('refuses a new password that is too short, and anonymous callers', async () => {
    const s = await signUp(shop.app, 'pwshort');
    expectError(await post('/user/password', s, { current_password: s.password, new_password: 'short' }), 400);
    expectError(
      await post('/user/password', { auth: {} }, { current_password: 'x', new_password: 'long enough' }),
      401,
    );
  });
});

describe('change email', () => {
  it('is confirmed by a code sent to the new address; the old one is told', async () => {
    const s = await signUp(shop.app, 'emailchange');
    const next = uniqueEmail('emailnew');
    const asked = await post('/user/email', s, { email: next });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toEqual({ message: MESSAGES.emailCodeSent });
    expect((await me(s.auth)).json<{ user: { email: string } }>().user.email).toBe(s.email); // not yet

    const code = await codeMailedTo(next);
    const wrong = code === '000000' ? '111111' : '000000';
    expect(expectError(await post('/user/email/confirm', s, { otp: wrong }), 400).message).toBe(MESSAGES.invalidOtp);
    const res = await post('/user/email/confirm', s, { otp: code });
    expect(res.statusCode, res.body).toBe(200);
    expect(UpdateUserResponse.parse(res.json()).user.email).toBe(next);
    expect((await login(next, s.password)).statusCode).toBe(200);
    expect((await login(s.email, s.password)).statusCode).toBe(401);
    expect(await world.mailsTo(s.email)).toContain('Your Little Loom email address was changed');
    // Spent: the same code again is refused.
    expectError(await post('/user/email/confirm', s, { otp: code }), 400);
  });

  it("spends the code after five wrong tries, and refuses another account's address", async () => {
    const s = await signUp(shop.app, 'emailtries');
    const taken = await signUp(shop.app, 'emailtaken');
    expect(expectError(await post('/user/email', s, { email: taken.email }), 400).message).toBe(MESSAGES.emailTaken);
    const next = uniqueEmail('emailtriesnew');
    expect((await post('/user/email', s, { email: next })).statusCode).toBe(200);
    const code = await codeMailedTo(next);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i += 1) await post('/user/email/confirm', s, { otp: wrong });
    expect(expectError(await post('/user/email/confirm', s, { otp: code }), 400).message).toBe(MESSAGES.otpExpired);
    expect((await me(s.auth)).json<{ user: { email: string } }>().user.email).toBe(s.email);
  });
});

describe('recipient name on addresses', () => {
  it("defaults to the account's name, is kept as given, and goes on the order", async () => {
    const s = await signUp(shop.app, 'recipient');
    await addAddress(shop.app, s);
    await addAddress(shop.app, s, { ...INDIAN_ADDRESS, name: 'Grandma Kamala' });
    const list = AddressesResponse.parse((await shop.app.inject({ url: '/api/v1/address', headers: s.auth })).json());
    expect(list.data.map((a) => a.name)).toEqual(['recipient', 'Grandma Kamala']);

    const { order, shopper } = await world.order('recipientorder');
    expect(order.name).toBe('recipientorder');
    const id = await addAddress(shop.app, shopper, { ...INDIAN_ADDRESS, name: 'Aunt Leela' });
    await shop.app.inject({
      method: 'POST',
      url: '/api/v1/carts',
      headers: shopper.auth,
      payload: { product_id: world.productId, product_variant_id: world.variants.small, quantity: 1 },
    });
    const placed = await post('/orders', shopper, { address: id, shipping_type: 'standard', payment_method: 'ONLINE' });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json<{ data: { name: string }[] }>().data[0]!.name).toBe('Aunt Leela');
  });
});

describe('delete my account', () => {
  it('needs the password; keeps the orders, removes the personal data, and nobody can sign in', async () => {
    const { shopper: s, order } = await world.paidOrder('deleteme');
    await post('/wishlist', s, { product_id: world.productId, product_variant_id: world.variants.large });
    await post('/contacts', s, { name: 'deleteme', email: s.email, message: 'Do you ship to Goa?' });
    await post('/contacts', s, { name: 'deleteme', email: s.email, message: 'Too small', order_id: order.id });
    const other = await secondSession(s);

    expect(expectError(await post('/user/delete', s, { password: 'not my password' }), 400).message).toBe(
      MESSAGES.wrongCurrentPassword,
    );
    const res = await post('/user/delete', s, { password: s.password });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: MESSAGES.accountDeleted });

    expect((await me(s.auth)).statusCode).toBe(401);
    expect((await me(other)).statusCode).toBe(401);
    expect((await login(s.email, s.password)).statusCode).toBe(401);
    const db = shop.database.db;
    const [row] = await db.select().from(users).where(eq(users.id, s.user.id));
    expect(row).toMatchObject({ name: '', phone: '', email: `deleted-${s.user.id}@deleted.invalid` });
    expect(row!.deletedAt).not.toBeNull();
    expect(await db.select().from(addresses).where(eq(addresses.userId, s.user.id))).toEqual([]);
    const enquiries = await db.select().from(contactEnquiries).where(eq(contactEnquiries.orderId, order.id));
    expect(enquiries.map((e) => [e.email, e.userId])).toEqual([[`deleted-${s.user.id}@deleted.invalid`, null]]);
    expect(
      await db
        .select()
        .from(contactEnquiries)
        .where(and(eq(contactEnquiries.email, s.email))),
    ).toEqual([]);
    // The order and its invoice number stay (tax law).
    const [kept] = await db.select().from(orders).where(eq(orders.id, order.id));
    expect(kept!.invoiceNumber).toMatch(/^LL\//);
    // The address is free to register again, as a new account.
    await expect(
      shop.app.inject({
        method: 'POST',
        url: '/api/v1/register',
        payload: { email: s.email, password: 'fresh start 1' },
      }),
    ).resolves.toMatchObject({ statusCode: 201 });
  });
});

describe('download my data', () => {
  it('is a JSON attachment of the profile, addresses, orders and enquiries', async () => {
    const { shopper: s, order } = await world.order('mydata');
    await post('/contacts', s, { name: 'mydata', email: s.email, message: 'Hello from the test' });
    const res = await shop.app.inject({ url: '/api/v1/user/export', headers: s.auth });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="little-loom-my-data.json"');
    const data = res.json<{
      profile: { email: string };
      addresses: unknown[];
      orders: { id: number }[];
      enquiries: { message: string }[];
    }>();
    expect(data.profile.email).toBe(s.email);
    expect(data.addresses).toHaveLength(1);
    expect(data.orders.map((o) => o.id)).toEqual([order.id]);
    expect(data.enquiries.map((e) => e.message)).toEqual(['Hello from the test']);
    expectError(await shop.app.inject({ url: '/api/v1/user/export' }), 401);
  });
});
