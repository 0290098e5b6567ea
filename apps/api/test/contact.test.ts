import { ErrorBody, MESSAGES, MessageBody, PHONE_MESSAGE } from '@shop/contract';
import { asc, count } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactEnquiries } from '../src/modules/contact/contact.schema';
import { orders } from '../src/modules/orders/orders.schema';
import { createTestShop, expectError, type TestShop } from './helpers';
import { signUp, type Shopper } from './shoppers';

let shop: TestShop;
let alice: Shopper;
let bob: Shopper;
beforeAll(async () => {
  shop = await createTestShop();
  alice = await signUp(shop.app, 'contact-alice');
  bob = await signUp(shop.app, 'contact-bob');
});
afterAll(() => shop?.close());

const ENQUIRY = {
  name: 'Meera Iyer',
  email: 'meera.iyer@example.com',
  phone: '9812345678',
  message: 'Do you make the mulmul frock in size 4-5Y? It is for my niece.',
} as const;

function send(
  payload: unknown,
  headers: Record<string, string> = {},
  target: TestShop = shop,
): Promise<LightMyRequestResponse> {
  const opts: InjectOptions = { method: 'POST', url: '/api/v1/contacts', headers };
  if (payload !== undefined) opts.payload = payload as object;
  return target.app.inject(opts);
}

function expectReceived(res: LightMyRequestResponse) {
  expect(res.statusCode, res.body).toBe(201);
  expect(MessageBody.parse(res.json()).message).toBe(MESSAGES.contactReceived);
}

const enquiries = (target: TestShop = shop) =>
  target.database.db.select().from(contactEnquiries).orderBy(asc(contactEnquiries.id));
const enquiryCount = async (target: TestShop = shop) =>
  (await target.database.db.select({ n: count() }).from(contactEnquiries))[0]!.n;

/** A copy of the body without one field. */
function without(body: Record<string, string>, field: string): Record<string, string> {
  const copy = { ...body };
  delete copy[field];
  return copy;
}

/** An order row for the shopper, inserted directly (the order flow is not under test here). */
async function orderFor(who: Shopper): Promise<number> {
  const [row] = await shop.database.db
    .insert(orders)
    .values({
      userId: who.user.id,
      subtotalPaise: 129_900,
      shippingPaise: 25_000,
      totalPaise: 154_900,
      shippingType: 'standard',
      phone: '9876543210',
      address: '12, 3rd Cross, MG Road',
      locality: 'Indiranagar',
      city: 'Bengaluru',
      state: 'Karnataka',
      pincode: '560038',
      country: 'India',
      paymentDueAt: new Date(Date.now() + 30 * 60_000),
    })
    .returning({ id: orders.id });
  return row!.id;
}

describe('sending an enquiry', () => {
  it('works anonymously (201) and stores it without a user', async () => {
    const res = await send({ ...ENQUIRY, message: 'anonymous hello' });
    expectReceived(res);
    const row = (await enquiries()).at(-1);
    expect(row).toMatchObject({ ...ENQUIRY, message: 'anonymous hello', userId: null, orderId: null });
  });

  it('works signed in (201) and stores the sender', async () => {
    expectReceived(await send({ ...ENQUIRY, message: 'signed-in hello' }, alice.auth));
    const row = (await enquiries()).at(-1);
    expect(row).toMatchObject({ message: 'signed-in hello', userId: alice.user.id, orderId: null });
  });

  it('phone is optional: left out or empty, it is stored empty', async () => {
    const noPhone = without(ENQUIRY, 'phone');
    expectReceived(await send({ ...noPhone, message: 'no phone' }));
    expect((await enquiries()).at(-1)).toMatchObject({ message: 'no phone', phone: '' });
    expectReceived(await send({ ...ENQUIRY, phone: '', message: 'empty phone' }));
    expect((await enquiries()).at(-1)).toMatchObject({ message: 'empty phone', phone: '' });
  });

  it('trims the text and lower-cases the email', async () => {
    expectReceived(
      await send({ ...ENQUIRY, name: '  Meera  ', email: ' Meera.IYER@Example.COM ', message: '  trimmed  ' }),
    );
    expect((await enquiries()).at(-1)).toMatchObject({
      name: 'Meera',
      email: 'meera.iyer@example.com',
      message: 'trimmed',
    });
  });

  it('keeps a long message up to 4000 characters', async () => {
    const message = 'ह'.repeat(4000);
    expectReceived(await send({ ...ENQUIRY, message }));
    expect((await enquiries()).at(-1)?.message).toBe(message);
  });
});

describe('enquiry validation', () => {
  it.each(['name', 'email', 'message'] as const)('%s missing: 400 naming it, nothing stored', async (field) => {
    const before = await enquiryCount();
    const rest = without(ENQUIRY, field);
    const body = expectError(await send(rest), 400);
    expect(body.errors.join(' | ').toLowerCase()).toContain(field);
    expect(await enquiryCount()).toBe(before);
  });

  it.each(['name', 'email', 'message'] as const)('%s blank: 400 naming it', async (field) => {
    const body = expectError(await send({ ...ENQUIRY, [field]: '   ' }), 400);
    expect(body.errors.join(' | ').toLowerCase()).toContain(field);
  });

  it('nothing at all: 400 naming all three required fields', async () => {
    const body = expectError(await send({}), 400);
    const text = body.errors.join(' | ').toLowerCase();
    for (const field of ['name', 'email', 'message']) expect(text).toContain(field);
    expect(text).not.toContain('phone');
  });

  it.each(['meera', 'meera@', '@example.com', 'meera at example.com', 'a@b'])("email '%s': 400", async (email) => {
    const body = expectError(await send({ ...ENQUIRY, email }), 400);
    expect(body.errors.join(' | ').toLowerCase()).toContain('email');
  });

  it.each(['0123456789', '981234567', '98123456789', '+919812345678', '98123 45678', 'phone', '   '])(
    "phone '%s': 400 with the spec's message word for word",
    async (phone) => {
      const before = await enquiryCount();
      const body = expectError(await send({ ...ENQUIRY, phone }), 400);
      expect(body.errors).toContain('Phone number must be a 10-digit number starting with a non-zero digit.');
      expect(body.errors).toContain(PHONE_MESSAGE);
      expect(await enquiryCount()).toBe(before);
    },
  );

  it.each(['message', 'name'] as const)(
    'a NUL character in the %s is refused (400) or stored without it, never a 500',
    async (field) => {
      const before = await enquiryCount();
      const res = await send({ ...ENQUIRY, [field]: 'Hello\u0000there' });
      expect([201, 400], res.body).toContain(res.statusCode);
      if (res.statusCode === 400) {
        ErrorBody.parse(res.json());
        expect(await enquiryCount()).toBe(before);
      } else {
        expect((await enquiries()).at(-1)?.[field]).not.toContain('\u0000');
      }
    },
  );

  it('phone as a JSON number: 400', async () => {
    expectError(await send({ ...ENQUIRY, phone: 9812345678 }), 400);
  });

  it('name over 80 or message over 4000 characters: 400', async () => {
    expect(expectError(await send({ ...ENQUIRY, name: 'x'.repeat(81) }), 400).errors.join(' ')).toContain('name');
    expect(expectError(await send({ ...ENQUIRY, message: 'x'.repeat(4001) }), 400).errors.join(' ')).toContain(
      'message',
    );
  });

  it('an unknown field: 400 naming it', async () => {
    const body = expectError(await send({ ...ENQUIRY, subject: 'Sizes' }), 400);
    expect(body.errors.join(' ')).toContain('subject');
  });

  it('a token that is sent must be live: a made-up token is 401, nothing stored', async () => {
    const before = await enquiryCount();
    expectError(await send(ENQUIRY, { authorization: `Bearer ${'A'.repeat(43)}` }), 401);
    expectError(await send(ENQUIRY, { authorization: 'Basic abc' }), 401);
    expect(await enquiryCount()).toBe(before);
  });
});

describe('return requests (order_id)', () => {
  it('anonymous with an order id: 401, nothing stored', async () => {
    const orderId = await orderFor(alice);
    const before = await enquiryCount();
    const body = expectError(await send({ ...ENQUIRY, order_id: orderId }), 401);
    expect(body.message).toBe(MESSAGES.loginRequired);
    expect(await enquiryCount()).toBe(before);
  });

  it("signed in with someone else's order: 404, nothing stored", async () => {
    const orderId = await orderFor(alice);
    const before = await enquiryCount();
    const body = expectError(await send({ ...ENQUIRY, order_id: orderId }, bob.auth), 404);
    expect(body.message).toBe(MESSAGES.orderNotFound);
    expect(await enquiryCount()).toBe(before);
  });

  it('signed in with an order id that does not exist: 404', async () => {
    const before = await enquiryCount();
    expectError(await send({ ...ENQUIRY, order_id: 2_000_000_000 }, bob.auth), 404);
    expect(await enquiryCount()).toBe(before);
  });

  it.each([0, -4, 1.5, 'abc', {}])('order_id %j: 400', async (order_id) => {
    expect(expectError(await send({ ...ENQUIRY, order_id }, alice.auth), 400).errors.join(' ')).toContain('id');
  });

  it('signed in with their own order: 201, stored with the order and the sender', async () => {
    const orderId = await orderFor(alice);
    expectReceived(await send({ ...ENQUIRY, message: 'Please take back the frock', order_id: orderId }, alice.auth));
    const row = (await enquiries()).at(-1);
    expect(row).toMatchObject({ message: 'Please take back the frock', orderId, userId: alice.user.id });
  });
});

describe('rate limit per IP', () => {
  let limited: TestShop;
  beforeAll(async () => {
    limited = await createTestShop({ RATE_LIMIT_CONTACTS_PER_IP: '3' });
  });
  afterAll(() => limited?.close());

  /** An enquiry from the given client address (the socket's, as a shop with no proxy in front sees it). */
  const from = (remoteAddress: string, message: string, headers: Record<string, string> = {}) =>
    limited.app.inject({
      method: 'POST',
      url: '/api/v1/contacts',
      remoteAddress,
      headers,
      payload: { ...ENQUIRY, message },
    });

  it('the 4th enquiry from the same IP gets 429 with the error shape, and is not stored', async () => {
    for (let i = 1; i <= 3; i++) expectReceived(await from('203.0.113.7', `try ${i}`));
    const body = expectError(await from('203.0.113.7', 'try 4'), 429);
    expect(body.message).toBe(MESSAGES.rateLimited);
    expect(body.errors).toEqual([MESSAGES.rateLimited]);
    expect((await enquiries(limited)).map((e) => e.message)).toEqual(['try 1', 'try 2', 'try 3']);
    // Signing in does not lift the limit of the address.
    const carol = await signUp(limited.app, 'contact-carol');
    expectError(await from('203.0.113.7', 'try 5', carol.auth), 429);
    expect(await enquiryCount(limited)).toBe(3);
  });

  it('another IP still gets through', async () => {
    expectReceived(await from('198.51.100.23', 'other ip'));
  });

  it('a client cannot lift its limit by sending a made-up X-Forwarded-For header', async () => {
    for (let i = 1; i <= 3; i++) expectReceived(await from('192.0.2.10', `direct ${i}`));
    expectError(await from('192.0.2.10', 'direct 4'), 429);
    const spoofed = await from('192.0.2.10', 'direct 5', { 'x-forwarded-for': '192.0.2.99' });
    expect(spoofed.statusCode, 'a forged X-Forwarded-For resets the per-IP limit').toBe(429);
    expect((await enquiries(limited)).some((e) => e.message === 'direct 5')).toBe(false);
  });
});
