import {
  AddressesResponse,
  AddressResponse,
  COUNTRIES,
  INDIAN_STATES,
  MESSAGES,
  MessageBody,
  PHONE_MESSAGE,
  type Address,
} from '@shop/contract';
import { asc, eq } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addresses } from '../src/modules/addresses/addresses.schema';
import { createTestShop, expectError, type TestShop } from './helpers';
import { signUp, type Shopper } from './shoppers';

let shop: TestShop;
let me: Shopper;
beforeAll(async () => {
  shop = await createTestShop();
  me = await signUp(shop.app, 'addresses');
});
afterAll(() => shop?.close());

const API = '/api/v1';
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

const HOME = {
  address: '12, 3rd Cross, MG Road',
  phone: '9876543210',
  locality: 'Indiranagar',
  city: 'Bengaluru',
  state: 'Karnataka',
  pincode: '560038',
  country: 'India',
} as const;
type Fields = Record<keyof typeof HOME, string>;
const REQUIRED = Object.keys(HOME) as (keyof typeof HOME)[];

function call(method: Method, who: Shopper | null, payload?: unknown): Promise<LightMyRequestResponse> {
  const opts: InjectOptions = { method, url: `${API}/address`, headers: who ? who.auth : {} };
  if (payload !== undefined) opts.payload = payload as object;
  return shop.app.inject(opts);
}

async function add(who: Shopper, fields: Partial<Fields> = {}): Promise<Address> {
  const res = await call('POST', who, { ...HOME, ...fields });
  expect(res.statusCode, res.body).toBe(201);
  const body = AddressResponse.parse(res.json());
  expect(body.message).toBe('Address Added Successfully !');
  return body.data;
}

async function list(who: Shopper): Promise<Address[]> {
  const res = await call('GET', who);
  expect(res.statusCode, res.body).toBe(200);
  return AddressesResponse.parse(res.json()).data;
}

const rowsOf = (userId: number) =>
  shop.database.db.select().from(addresses).where(eq(addresses.userId, userId)).orderBy(asc(addresses.id));

/** A copy of the body without one field. */
function without(body: Record<string, string>, field: string): Record<string, string> {
  const copy = { ...body };
  delete copy[field];
  return copy;
}

/** A shopper of their own, for tests that need an empty address book. */
const fresh = (label: string) => signUp(shop.app, label);

describe('address book: the happy path', () => {
  it('starts empty', async () => {
    const who = await fresh('empty-book');
    expect(await list(who)).toEqual([]);
  });

  it('adds an address (201, word-for-word message) and lists it', async () => {
    const who = await fresh('add-one');
    const created = await add(who);
    // The recipient is the account's name unless the address names one (docs/product.md 'Addresses').
    expect(created).toEqual({ id: created.id, name: 'add-one', ...HOME });
    // Nothing else leaks out (no user id, no timestamps).
    const res = await call('POST', who, HOME);
    expect(Object.keys(res.json<{ data: object }>().data).sort()).toEqual(
      ['address', 'city', 'country', 'id', 'locality', 'name', 'phone', 'pincode', 'state'].sort(),
    );
    const listed = await list(who);
    expect(listed).toHaveLength(2);
    expect(listed[0]).toEqual(created);
    const [row] = await rowsOf(who.user.id);
    expect(row).toMatchObject({ id: created.id, userId: who.user.id, recipientName: 'add-one', ...HOME });
  });

  it('trims the text fields it stores', async () => {
    const who = await fresh('trim');
    const created = await add(who, { city: '  Mysuru  ', phone: ' 9876543210 ', pincode: ' 570001 ' });
    expect(created).toMatchObject({ city: 'Mysuru', phone: '9876543210', pincode: '570001' });
  });

  it('updates an address (word-for-word message) and the list shows the change', async () => {
    const who = await fresh('update');
    const created = await add(who);
    const changed = { ...HOME, id: created.id, city: 'Mysuru', pincode: '570001', locality: 'Gokulam' };
    const res = await call('PUT', who, changed);
    expect(res.statusCode, res.body).toBe(200);
    const body = AddressResponse.parse(res.json());
    expect(body.message).toBe('Address Updated Successfully !');
    expect(body.data).toEqual({ ...changed, name: 'update' }); // no name sent: the recipient stays
    const renamed = await call('PUT', who, { ...changed, name: 'Nani' });
    expect(AddressResponse.parse(renamed.json()).data.name).toBe('Nani');
    expect(await list(who)).toEqual([{ ...changed, name: 'Nani' }]);
  });

  it('deletes an address (word-for-word message); it is gone afterwards', async () => {
    const who = await fresh('delete');
    const keep = await add(who, { city: 'Keep' });
    const drop = await add(who, { city: 'Drop' });
    const res = await call('DELETE', who, { id: drop.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(MessageBody.parse(res.json()).message).toBe('DELETED Successfully !');
    expect(await list(who)).toEqual([keep]);
    expect((await rowsOf(who.user.id)).map((r) => r.id)).toEqual([keep.id]);
  });

  it('deleting the same address twice: the second answer is 404', async () => {
    const who = await fresh('delete-twice');
    const a = await add(who);
    expect((await call('DELETE', who, { id: a.id })).statusCode).toBe(200);
    const body = expectError(await call('DELETE', who, { id: a.id }), 404);
    expect(body.message).toBe(MESSAGES.addressNotFound);
  });

  it('updating or deleting an id that does not exist: 404, nothing changes', async () => {
    const a = await add(me);
    const before = await rowsOf(me.user.id);
    expectError(await call('PUT', me, { ...HOME, id: 2_000_000_000 }), 404);
    expectError(await call('DELETE', me, { id: 2_000_000_000 }), 404);
    expect(await rowsOf(me.user.id)).toEqual(before);
    expect(before.some((r) => r.id === a.id)).toBe(true);
  });
});

describe('address validation', () => {
  it.each(REQUIRED)('POST without %s: 400 naming the field', async (field) => {
    const who = me;
    const before = await rowsOf(who.user.id);
    const rest = without(HOME, field);
    const body = expectError(await call('POST', who, rest), 400);
    expect(body.errors.join(' | ').toLowerCase()).toContain(field);
    expect(await rowsOf(who.user.id)).toEqual(before);
  });

  it.each(REQUIRED.filter((f) => f !== 'country'))('POST with a blank %s: 400 naming the field', async (field) => {
    const body = expectError(await call('POST', me, { ...HOME, [field]: '   ' }), 400);
    expect(body.errors.join(' | ').toLowerCase()).toContain(field);
  });

  it.each(REQUIRED)('PUT without %s: 400 naming the field, the address unchanged', async (field) => {
    const a = await add(me);
    const marker = field === 'address' ? 'locality' : 'address';
    const rest = without({ ...HOME, [marker]: 'Changed' }, field);
    const body = expectError(await call('PUT', me, { ...rest, id: a.id }), 400);
    expect(body.errors.join(' | ').toLowerCase()).toContain(field);
    const [row] = await shop.database.db.select().from(addresses).where(eq(addresses.id, a.id));
    expect(row?.[marker]).toBe(HOME[marker]);
  });

  it('PUT without id: 400 naming id', async () => {
    const body = expectError(await call('PUT', me, HOME), 400);
    expect(body.errors.join(' | ')).toMatch(/\bid\b/);
  });

  it.each([
    ['0123456789', 'starts with zero'],
    ['987654321', '9 digits'],
    ['98765432101', '11 digits'],
    ['+919876543210', 'country code'],
    ['98765 43210', 'a space inside'],
    ['98765-43210', 'a dash inside'],
    ['98765abcde', 'letters'],
    ['९८७६५४३२१०', 'Devanagari digits'],
  ])("phone '%s' (%s): 400 with the spec's message", async (phone) => {
    const body = expectError(await call('POST', me, { ...HOME, phone }), 400);
    expect(body.errors).toContain(PHONE_MESSAGE);
    expect(PHONE_MESSAGE).toBe('Phone number must be a 10-digit number starting with a non-zero digit.');
  });

  it.each(['1000000000', '9999999999', '6123456789'])("phone '%s' is accepted", async (phone) => {
    const who = await fresh('phone-ok');
    expect((await add(who, { phone })).phone).toBe(phone);
  });

  it('phone as a number (not a string): 400', async () => {
    expectError(await call('POST', me, { ...HOME, phone: 9876543210 }), 400);
  });

  it.each([
    ['056003', 'leading zero'],
    ['56003', '5 digits'],
    ['5600381', '7 digits'],
    ['ABCDEF', 'letters'],
    ['560 038', 'a space'],
    ['56003A', 'a letter'],
  ])("Indian PIN '%s' (%s): 400 naming pincode", async (pincode) => {
    const body = expectError(await call('POST', me, { ...HOME, pincode }), 400);
    expect(body.errors.join(' | ').toLowerCase()).toContain('pincode');
  });

  it.each(['110001', '999999', '400001'])("Indian PIN '%s' is accepted", async (pincode) => {
    const who = await fresh('pin-ok');
    expect((await add(who, { pincode })).pincode).toBe(pincode);
  });

  it('the Indian states list has 28 states and 8 union territories', () => {
    expect(INDIAN_STATES).toHaveLength(36);
    expect(new Set(INDIAN_STATES).size).toBe(36);
  });

  it('every one of the 36 states and union territories is accepted for India', async () => {
    const who = await fresh('states');
    const a = await add(who);
    for (const state of INDIAN_STATES) {
      const res = await call('PUT', who, { ...HOME, id: a.id, state });
      expect(res.statusCode, `${state}: ${res.body}`).toBe(200);
      expect(AddressResponse.parse(res.json()).data.state).toBe(state);
    }
  });

  it.each(['Bangalore', 'Ontario', 'Karnatka', 'XX', 'Greater London'])(
    "Indian address in state '%s': 400 naming the state",
    async (state) => {
      const body = expectError(await call('POST', me, { ...HOME, state }), 400);
      expect(body.errors.join(' | ').toLowerCase()).toContain('state');
    },
  );

  it.each([
    ['Canada', 'Ontario', 'K1A 0B1'],
    ['United Kingdom', 'Greater London', 'SW1A 1AA'],
    ['United States', 'California', '90210-1234'],
    ['Japan', 'Tokyo', '100-0001'],
    ['Germany', 'Berlin', '10115'],
    ['Ireland', 'Dublin', 'D02 X285'],
    ['Canada', 'Karnataka', 'ABC'],
  ])('a foreign address (%s, %s, %s) is accepted', async (country, state, pincode) => {
    const who = await fresh('foreign');
    const created = await add(who, { country, state, pincode, phone: '4165550123' });
    expect(created).toMatchObject({ country, state, pincode });
    expect(await list(who)).toEqual([created]);
  });

  it.each([
    ['AB', 'too short'],
    ['ABCDEFGHIJK', 'too long'],
    ['K1A_0B1', 'an underscore'],
    ['K1A.0B1', 'a dot'],
    ['---', 'no letter or digit'],
    ['SW1A#1AA', 'a hash'],
  ])("foreign postcode '%s' (%s): 400 naming pincode", async (pincode) => {
    const body = expectError(await call('POST', me, { ...HOME, country: 'Canada', state: 'Ontario', pincode }), 400);
    expect(body.errors.join(' | ').toLowerCase()).toContain('pincode');
  });

  it.each(['Atlantis', 'india', 'INDIA', 'Bharat', 'UK', ''])(
    "country '%s' is not in the list: 400",
    async (country) => {
      const body = expectError(await call('POST', me, { ...HOME, country }), 400);
      expect(body.errors.join(' | ').toLowerCase()).toContain('country');
    },
  );

  it('every country in the list is accepted', async () => {
    expect(COUNTRIES.length).toBeGreaterThanOrEqual(90);
    expect(COUNTRIES).toContain('India');
    const who = await fresh('countries');
    const a = await add(who);
    for (const country of COUNTRIES.filter((c) => c !== 'India')) {
      const res = await call('PUT', who, { ...HOME, id: a.id, country, state: 'Some Region', pincode: '12345' });
      expect(res.statusCode, `${country}: ${res.body}`).toBe(200);
    }
  });

  it.each(['address', 'locality', 'city'] as const)(
    'a NUL character in %s is refused (400) or stored without it, never a 500',
    async (field) => {
      const who = await fresh('nul');
      const res = await call('POST', who, { ...HOME, [field]: 'Flat 2\u00003' });
      expect([201, 400], res.body).toContain(res.statusCode);
      const stored = await rowsOf(who.user.id);
      if (res.statusCode === 400) expect(stored).toEqual([]);
      else expect(stored[0]?.[field]).not.toContain('\u0000');
    },
  );

  it('an unknown field: 400 naming it, nothing stored', async () => {
    const before = await rowsOf(me.user.id);
    const body = expectError(await call('POST', me, { ...HOME, is_default: true }), 400);
    expect(body.errors.join(' | ')).toContain('is_default');
    expect(await rowsOf(me.user.id)).toEqual(before);
  });

  it('an unknown field on PUT: 400, the address unchanged', async () => {
    const a = await add(me);
    const body = expectError(await call('PUT', me, { ...HOME, id: a.id, city: 'Changed', user_id: 1 }), 400);
    expect(body.errors.join(' | ')).toContain('user_id');
    const [row] = await shop.database.db.select().from(addresses).where(eq(addresses.id, a.id));
    expect(row?.city).toBe(HOME.city);
  });

  it('an unknown field on DELETE: 400, the address kept', async () => {
    const a = await add(me);
    expectError(await call('DELETE', me, { id: a.id, force: true }), 400);
    expect((await rowsOf(me.user.id)).some((r) => r.id === a.id)).toBe(true);
  });

  it.each([
    ['address', 201],
    ['locality', 121],
    ['city', 81],
    ['state', 81],
  ] as const)('%s longer than its limit: 400', async (field, length) => {
    const body = expectError(await call('POST', me, { ...HOME, country: 'Canada', [field]: 'x'.repeat(length) }), 400);
    expect(body.errors.join(' | ').toLowerCase()).toContain(field);
  });

  it.each([0, -1, 1.5, 'abc', null, {}])('DELETE with id %j: 400', async (id) => {
    expectError(await call('DELETE', me, { id }), 400);
  });

  it('DELETE without a body: 400', async () => {
    expectError(await call('DELETE', me), 400);
  });

  it('a non-object body: 400', async () => {
    expectError(await call('POST', me, [HOME]), 400);
    const raw = (payload: string) =>
      shop.app.inject({
        method: 'POST',
        url: `${API}/address`,
        headers: { ...me.auth, 'content-type': 'application/json' },
        payload,
      });
    expectError(await raw('"address"'), 400);
    expectError(await raw('42'), 400);
    expectError(await raw('null'), 400);
    expectError(await raw('{"address": '), 400);
  });
});

describe('address book: who may call', () => {
  it.each(['GET', 'POST', 'PUT', 'DELETE'] as const)('%s without a token: 401', async (method) => {
    const a = await add(me);
    const payload =
      method === 'GET' ? undefined : method === 'POST' ? HOME : method === 'PUT' ? { ...HOME, id: a.id } : { id: a.id };
    const before = await rowsOf(me.user.id);
    const body = expectError(await call(method, null, payload), 401);
    expect(body.message).toBe(MESSAGES.loginRequired);
    expect(await rowsOf(me.user.id)).toEqual(before);
  });
});

describe('address limit', () => {
  it('keeps at most 20 addresses: the 21st is refused with 400; after a delete one more fits', async () => {
    const who = await fresh('limit');
    const made: Address[] = [];
    for (let i = 0; i < 20; i++) made.push(await add(who, { address: `House ${i + 1}` }));
    const body = expectError(await call('POST', who, { ...HOME, address: 'House 21' }), 400);
    expect(body.errors.join(' ')).toMatch(/20/);
    expect(await rowsOf(who.user.id)).toHaveLength(20);
    expect((await call('DELETE', who, { id: made[0]!.id })).statusCode).toBe(200);
    await add(who, { address: 'House 21' });
    expect(await rowsOf(who.user.id)).toHaveLength(20);
  });

  it('the limit holds when many addresses are added at the same moment', async () => {
    const who = await fresh('limit-race');
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => call('POST', who, { ...HOME, address: `Parallel ${i + 1}` })),
    );
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.every((s) => s === 201 || s === 400)).toBe(true);
    const stored = await rowsOf(who.user.id);
    expect(stored.length, 'addresses stored past the limit').toBeLessThanOrEqual(20);
    expect(statuses.filter((s) => s === 201)).toHaveLength(stored.length);
  });
});
