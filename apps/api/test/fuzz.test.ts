import {
  AddressBody,
  AddressResponse,
  CartBody,
  ContactBody,
  DeleteAddressBody,
  ErrorBody,
  ForgotPasswordBody,
  ListingPage,
  LoginBody,
  ProductResponse,
  RegisterBody,
  ResetPasswordBody,
  UpdateAddressBody,
  UpdateUserBody,
  VerifyOtpBody,
  WishlistBody,
} from '@shop/contract';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { rows } from '../src/db/client';
import { createTestShop, type TestShop } from './helpers';
import { signUp, type Shopper } from './shoppers';

/**
 * Property-based fuzzing of the accounts, address, cart, wishlist and contact calls: whatever junk
 * arrives, the answer is a 4xx with the `{ message, errors }` shape, and not one row changes.
 */

const RUNS = 30;
const BODY_LIMIT = 102_400;
const TIMEOUT = 60_000;

let shop: TestShop;
let fuzzer: Shopper;
let addressId = 0;
let product = { product_id: 0, product_variant_id: 0 };

const HOME = {
  address: '7 Lake View Road',
  phone: '9876543210',
  locality: 'Kadri',
  city: 'Mangaluru',
  state: 'Karnataka',
  pincode: '575002',
  country: 'India',
};

beforeAll(async () => {
  shop = await createTestShop();
  fuzzer = await signUp(shop.app, 'fuzzer');
  // Give the fuzzer rows that a wrongly accepted body could change.
  const address = await shop.app.inject({
    method: 'POST',
    url: '/api/v1/address',
    headers: fuzzer.auth,
    payload: HOME,
  });
  expect(address.statusCode, address.body).toBe(201);
  addressId = AddressResponse.parse(address.json()).data.id;
  const listing = ListingPage.parse(
    (await shop.app.inject({ method: 'GET', url: '/api/v1/products/productvariant?in_stock=true&limit=1' })).json(),
  );
  const detail = ProductResponse.parse(
    (await shop.app.inject({ method: 'GET', url: `/api/v1/product/${listing.data[0]!.product_variants.slug}` })).json(),
  ).data[0]!;
  product = { product_id: detail.products.id, product_variant_id: detail.product_variants.id };
  for (const [url, payload] of [
    ['/api/v1/carts', { ...product, quantity: 2 }],
    ['/api/v1/wishlist', product],
  ] as const) {
    const res = await shop.app.inject({ method: 'POST', url, headers: fuzzer.auth, payload });
    expect(res.statusCode, res.body).toBe(200);
  }
});
afterAll(() => shop?.close());

// ---------------------------------------------------------------------------------------------
// The calls under test

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
interface Endpoint {
  method: Method;
  url: string;
  auth: 'required' | 'optional' | 'none';
  /** The contract's body schema: bodies it accepts are not junk and are never sent by the fuzzer. */
  schema?: z.ZodType;
  /** A body the call would accept (fields are mutated from it). */
  base?: () => Record<string, unknown>;
}

const ENDPOINTS: Endpoint[] = [
  {
    method: 'POST',
    url: '/register',
    auth: 'none',
    schema: RegisterBody,
    base: () => ({ email: 'fuzz.newcomer@example.com', password: 'a long enough password', name: 'Newcomer' }),
  },
  {
    method: 'POST',
    url: '/login',
    auth: 'none',
    schema: LoginBody,
    base: () => ({ email: fuzzer.email, password: 'not the password at all' }),
  },
  { method: 'POST', url: '/logout', auth: 'required' },
  {
    method: 'POST',
    url: '/forgot-password-otp',
    auth: 'none',
    schema: ForgotPasswordBody,
    base: () => ({ email: fuzzer.email }),
  },
  {
    method: 'POST',
    url: '/verify-forgot-otp',
    auth: 'none',
    schema: VerifyOtpBody,
    base: () => ({ email: fuzzer.email, otp: '123456' }),
  },
  {
    method: 'POST',
    url: '/reset-password',
    auth: 'none',
    schema: ResetPasswordBody,
    base: () => ({ email: fuzzer.email, otp: '123456', new_password: 'a brand new password' }),
  },
  {
    method: 'PUT',
    url: '/user/update',
    auth: 'required',
    schema: UpdateUserBody,
    base: () => ({ id: fuzzer.user.id, name: 'Renamed', phone: '9123456789' }),
  },
  { method: 'GET', url: '/user/me', auth: 'required' },
  { method: 'GET', url: '/address', auth: 'required' },
  { method: 'POST', url: '/address', auth: 'required', schema: AddressBody, base: () => ({ ...HOME }) },
  {
    method: 'PUT',
    url: '/address',
    auth: 'required',
    schema: UpdateAddressBody,
    base: () => ({ ...HOME, city: 'Udupi', id: addressId }),
  },
  { method: 'DELETE', url: '/address', auth: 'required', schema: DeleteAddressBody, base: () => ({ id: addressId }) },
  { method: 'GET', url: '/carts', auth: 'required' },
  { method: 'POST', url: '/carts', auth: 'required', schema: CartBody, base: () => ({ ...product, quantity: 1 }) },
  { method: 'GET', url: '/wishlist', auth: 'required' },
  { method: 'POST', url: '/wishlist', auth: 'required', schema: WishlistBody, base: () => ({ ...product }) },
  { method: 'POST', url: '/wishlist/remove', auth: 'required', schema: WishlistBody, base: () => ({ ...product }) },
  {
    method: 'POST',
    url: '/contacts',
    auth: 'optional',
    schema: ContactBody,
    base: () => ({ name: 'Fuzz', email: 'fuzz@example.com', phone: '9876543210', message: 'Hello there' }),
  },
];

type BodyEndpoint = Endpoint & { schema: z.ZodType; base: () => Record<string, unknown> };
const hasBody = (e: Endpoint): e is BodyEndpoint => e.schema !== undefined && e.base !== undefined;
const BODY_ENDPOINTS = ENDPOINTS.filter(hasBody);
const title = (e: Endpoint) => `${e.method} ${e.url}`;

// ---------------------------------------------------------------------------------------------
// Sending, checking, and the database fingerprint

const TABLES = [
  'users',
  'sessions',
  'addresses',
  'cart_lines',
  'wishlist_items',
  'contact_enquiries',
  'one_time_codes',
  'mail_outbox',
  'outbox',
] as const;

async function fingerprint(): Promise<Record<string, { n: number; sum: string }>> {
  const out: Record<string, { n: number; sum: string }> = {};
  for (const table of TABLES) {
    const [row] = await rows<{ n: number; sum: string }>(
      shop.database.db,
      sql`select count(*)::int as n, md5(coalesce(string_agg(t::text, ',' order by id), '')) as sum from ${sql.identifier(table)} t`,
    );
    out[table] = row!;
  }
  return out;
}

interface Send {
  /** A raw body, sent as is. */
  body?: string;
  contentType?: string | null;
  /** The Authorization header; by default the fuzzer's live token when the call needs one. */
  authorization?: string | null;
  headers?: Record<string, string>;
  /** The client's address (each contact enquiry run from its own, past the per-IP limit). */
  remoteAddress?: string;
}

function send(
  e: Endpoint,
  { body, contentType, authorization, headers = {}, remoteAddress }: Send,
): Promise<LightMyRequestResponse> {
  const h: Record<string, string> = { ...headers };
  const auth = authorization === undefined ? (e.auth === 'required' ? fuzzer.auth.authorization : null) : authorization;
  if (auth !== null) h.authorization = auth;
  const type = contentType === undefined ? (body === undefined ? null : 'application/json') : contentType;
  if (type !== null) h['content-type'] = type;
  const opts: InjectOptions = { method: e.method, url: `/api/v1${e.url}`, headers: h };
  if (body !== undefined) opts.payload = body;
  if (remoteAddress !== undefined) opts.remoteAddress = remoteAddress;
  return shop.app.inject(opts);
}

/** A 4xx (one of `statuses` when given) with the error shape and nothing leaked. */
function expectClientError(res: LightMyRequestResponse, statuses?: number[]) {
  const context = `${res.statusCode} ${res.body.slice(0, 300)}`;
  if (statuses) expect(statuses, context).toContain(res.statusCode);
  expect(res.statusCode, context).toBeGreaterThanOrEqual(400);
  expect(res.statusCode, context).toBeLessThan(500);
  const parsed = ErrorBody.safeParse(JSON.parse(res.body));
  expect(parsed.success, context).toBe(true);
  expect(parsed.data?.errors.length, context).toBeGreaterThan(0);
  expect(res.body, context).not.toMatch(/"stack"|\bselect\b.*\bfrom\b|insert into|\.ts:\d+/i);
}

/** True when the contract would accept the body: such a body is not junk, so it is not sent. */
function contractAccepts(e: BodyEndpoint, raw: string | undefined): boolean {
  if (raw === undefined) return false;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return false;
  }
  return e.schema.safeParse(value).success;
}

/** Runs a property and checks that no row of the watched tables changed over the whole run. */
async function unchanged(run: () => Promise<void>) {
  const before = await fingerprint();
  await run();
  expect(await fingerprint()).toEqual(before);
}

const check = <T>(arb: fc.Arbitrary<T>, predicate: (t: T) => Promise<void>, numRuns = RUNS) =>
  unchanged(() => fc.assert(fc.asyncProperty(arb, predicate), { numRuns }));

// ---------------------------------------------------------------------------------------------
// Generators

const NASTY_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'valueOf',
  'hasOwnProperty',
  'user_id',
  'role',
];

/** A JSON object written by hand, so `__proto__` and duplicate keys reach the server as sent. */
const rawObject = (entries: [string, unknown][]) =>
  `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v) ?? 'null'}`).join(',')}}`;

const junkValue: fc.Arbitrary<unknown> = fc.anything({ maxDepth: 3, maxKeys: 4, withNullPrototype: true });
const junkKey = fc.oneof(fc.constantFrom(...NASTY_KEYS), fc.string({ minLength: 1, maxLength: 12 }));

/** A value of the wrong JSON type for a field (none a lenient coercion could turn into a valid one). */
function wrongType(sample: unknown): fc.Arbitrary<unknown> {
  const objects = fc.oneof(
    fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }),
    fc.array(fc.jsonValue({ maxDepth: 2 }), { minLength: 2, maxLength: 4 }),
  );
  if (typeof sample === 'number') {
    return fc.oneof(
      objects,
      fc.string({ minLength: 1, maxLength: 20 }).filter((s) => s.trim() !== '' && Number.isNaN(Number(s))),
    );
  }
  return fc.oneof(objects, fc.integer(), fc.double(), fc.boolean(), fc.constant(null));
}

const printable = fc.string({ unit: 'grapheme-ascii', maxLength: 80 });

const authorizationJunk: fc.Arbitrary<string> = fc.oneof(
  printable,
  fc.string({ unit: 'grapheme', maxLength: 60 }),
  printable.map((s) => `Bearer ${s}`),
  fc.stringMatching(/^[A-Za-z0-9_-]{43}$/).map((s) => `Bearer ${s}`),
  fc.stringMatching(/^[A-Za-z0-9_-]{1,120}$/).map((s) => `Bearer ${s}`),
  fc.constantFrom('Bearer', 'Bearer ', 'bearer', 'Basic abc', 'Basic Zm9vOmJhcg==', 'Digest x', 'Token abc', 'null'),
  fc
    .constantFrom('BEARER ', 'Bearer\t', 'Bearer  ', 'Basic ', 'Bearer x y', 'Bearer a,Bearer b')
    .chain((prefix) => fc.stringMatching(/^[A-Za-z0-9_-]{43}$/).map((s) => `${prefix}${s}`)),
  fc.integer({ min: 0, max: 42 }).map((i) => {
    // The live token with one character changed.
    const t = fuzzer.token;
    const c = t[i] === 'A' ? 'B' : 'A';
    return `Bearer ${t.slice(0, i)}${c}${t.slice(i + 1)}`;
  }),
  fc.constant(null).map(() => `Bearer ${fuzzer.token.slice(0, 42)}`),
  fc.constant(null).map(() => `Basic ${fuzzer.token}`),
  fc.constant(null).map(() => fuzzer.token),
);

const liveToken = (h: string) => {
  const m = /^Bearer +(\S+)\s*$/i.exec(h);
  return m?.[1] === fuzzer.token;
};

const NOT_JSON_TYPES = [
  'text/plain',
  'text/plain; charset=utf-8',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=----fuzz',
  'application/xml',
  'text/html',
  'application/octet-stream',
  'image/png',
  'application/javascript',
  '',
  ' ',
  ';',
  '*/*',
  'application/',
  '/',
];

const JSONISH_TYPES = [
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/json;;',
  'APPLICATION/JSON',
  'application/json, text/plain',
  'application/vnd.api+json',
  'application/jsonx',
  'text/json',
];

const extraHeaders: fc.Arbitrary<Record<string, string>> = fc.dictionary(
  fc.oneof(
    fc.constantFrom(
      'x-http-method-override',
      'x-forwarded-for',
      'accept',
      'accept-encoding',
      'origin',
      'x-request-id',
      'cookie',
    ),
    fc.stringMatching(/^x-[a-z0-9-]{1,16}$/),
  ),
  printable,
  { maxKeys: 4 },
);

// ---------------------------------------------------------------------------------------------
// Properties

describe.each(BODY_ENDPOINTS)('fuzz $method $url', (e) => {
  it('anything as a JSON body: 4xx with the error shape, no row changed', { timeout: TIMEOUT }, async () => {
    await check(
      fc.oneof(fc.anything({ withNullPrototype: true, withObjectString: true }), fc.jsonValue(), fc.object()),
      async (value) => {
        const raw = JSON.stringify(value);
        fc.pre(!contractAccepts(e, raw));
        expectClientError(await send(e, { body: raw ?? '' }));
      },
    );
  });

  it(
    'random objects with nasty keys (__proto__, constructor, duplicates of real fields)',
    { timeout: TIMEOUT },
    async () => {
      const base = Object.entries(e.base());
      const known = base.map(([k]) => k);
      await check(
        fc.array(fc.tuple(fc.oneof(junkKey, fc.constantFrom(...known)), junkValue), { maxLength: 8 }),
        async (entries) => {
          const raw = rawObject(entries);
          fc.pre(!contractAccepts(e, raw));
          expectClientError(await send(e, { body: raw }));
        },
      );
    },
  );

  it('a valid body plus one unknown or nasty key: 400', { timeout: TIMEOUT }, async () => {
    const base = Object.entries(e.base());
    await check(
      fc.tuple(
        junkKey.filter((k) => !base.some(([b]) => b === k)),
        junkValue,
        fc.boolean(),
      ),
      async ([key, value, first]) => {
        const entries: [string, unknown][] = first ? [[key, value], ...base] : [...base, [key, value]];
        const raw = rawObject(entries);
        // A random key may be an optional field the base leaves out (`name` on an address): valid, not junk.
        fc.pre(!contractAccepts(e, raw));
        expectClientError(await send(e, { body: raw }), [400]);
      },
    );
  });

  it('each known field with a value of the wrong type: 400', { timeout: TIMEOUT }, async () => {
    const base = e.base();
    const fields = Object.keys(base);
    await check(
      fc.constantFrom(...fields).chain((field) => fc.tuple(fc.constant(field), wrongType(base[field]))),
      async ([field, value]) => {
        const res = await send(e, { body: JSON.stringify({ ...base, [field]: value }) });
        expectClientError(res, [400]);
      },
    );
  });

  it('each known field missing or null: 400 (optional fields may be left out)', { timeout: TIMEOUT }, async () => {
    const base = e.base();
    await check(fc.tuple(fc.constantFrom(...Object.keys(base)), fc.boolean()), async ([field, asNull]) => {
      const body: Record<string, unknown> = { ...base };
      if (asNull) body[field] = null;
      else delete body[field];
      const raw = JSON.stringify(body);
      fc.pre(!contractAccepts(e, raw));
      expectClientError(await send(e, { body: raw }), [400]);
    });
  });

  it('raw strings sent as application/json: 4xx', { timeout: TIMEOUT }, async () => {
    const json = JSON.stringify(e.base());
    await check(
      fc.oneof(
        fc.string(),
        fc.string({ unit: 'binary', maxLength: 200 }),
        fc.json({ maxDepth: 3 }),
        fc.integer({ min: 0, max: json.length - 1 }).map((cut) => json.slice(0, cut)),
        fc
          .tuple(fc.integer({ min: 0, max: json.length }), fc.string({ maxLength: 4 }))
          .map(([at, s]) => json.slice(0, at) + s + json.slice(at)),
        fc.constantFrom(
          '{',
          '[',
          '{"a":}',
          'nul',
          'true',
          '1e999',
          '"\\ud800"',
          '\u0000',
          '\uFEFF{}',
          `{"__proto__":{"role":"admin"},${json.slice(1)}`,
          `{"constructor":{"prototype":{"role":"admin"}},${json.slice(1)}`,
          `${json}${json}`,
          `[${json}]`,
          JSON.stringify(json),
        ),
      ),
      async (raw) => {
        fc.pre(!contractAccepts(e, raw));
        expectClientError(await send(e, { body: raw }));
      },
    );
  });

  it('huge strings in each field: 400 under the body limit, 413 over it', { timeout: TIMEOUT }, async () => {
    const base = e.base();
    await check(
      fc.tuple(
        fc.constantFrom(...Object.keys(base)),
        // Every text field of these calls is capped at 4000 characters or fewer.
        fc.integer({ min: 4_001, max: 160_000 }),
        fc.constantFrom('x', '9', 'ह', ' ', '\\', '"', '😀', '\u0000'),
      ),
      async ([field, length, unit]) => {
        const raw = JSON.stringify({ ...base, [field]: unit.repeat(length) });
        // Blanks trim to nothing, which an optional field may accept.
        fc.pre(!contractAccepts(e, raw));
        const expected = Buffer.byteLength(raw) > BODY_LIMIT ? 413 : 400;
        expectClientError(await send(e, { body: raw }), [expected]);
      },
      25,
    );
  });

  it('deeply nested junk and floods of keys: 4xx', { timeout: TIMEOUT }, async () => {
    const base = e.base();
    const fields = Object.keys(base);
    await check(
      fc.oneof(
        fc.integer({ min: 10, max: 40_000 }).map((d) => '['.repeat(d) + ']'.repeat(d)),
        fc.integer({ min: 10, max: 15_000 }).map((d) => '{"a":'.repeat(d) + '1' + '}'.repeat(d)),
        fc
          .tuple(fc.constantFrom(...fields), fc.integer({ min: 10, max: 10_000 }))
          .map(([f, d]) =>
            JSON.stringify({ ...base, [f]: '' }).replace(`"${f}":""`, `"${f}":${'['.repeat(d)}${']'.repeat(d)}`),
          ),
        fc
          .integer({ min: 100, max: 6_000 })
          .map((n) =>
            rawObject([
              ...Object.entries(base),
              ...Array.from({ length: n }, (_, i): [string, unknown] => [`k${i}`, i]),
            ]),
          ),
        fc.anything({ maxDepth: 12, withNullPrototype: true }).map((junk) => JSON.stringify({ ...base, nested: junk })),
      ),
      async (raw) => {
        fc.pre(!contractAccepts(e, raw));
        expectClientError(await send(e, { body: raw }));
      },
      25,
    );
  });

  it('a valid body under a content type that is not JSON: 4xx, no row changed', { timeout: TIMEOUT }, async () => {
    const raw = JSON.stringify(e.base());
    await check(
      fc.tuple(
        fc.oneof(
          fc.constantFrom(...NOT_JSON_TYPES),
          printable.filter((s) => !/json/i.test(s)),
        ),
        fc.constantFrom(
          raw,
          new URLSearchParams(Object.entries(e.base()).map(([k, v]): [string, string] => [k, String(v)])).toString(),
        ),
      ),
      async ([contentType, body]) => {
        expectClientError(await send(e, { body, contentType }));
      },
    );
  });

  it('JSON-like content types with a junk body: 4xx', { timeout: TIMEOUT }, async () => {
    const raw = rawObject([...Object.entries(e.base()), ['__junk', 1]]);
    await check(
      fc.constantFrom(...JSONISH_TYPES),
      async (contentType) => {
        expectClientError(await send(e, { body: raw, contentType }));
      },
      16,
    );
  });

  it('random Authorization and other headers with a junk body: 4xx', { timeout: TIMEOUT }, async () => {
    const raw = rawObject([...Object.entries(e.base()), ['__junk', true]]);
    await check(fc.tuple(authorizationJunk, extraHeaders), async ([authorization, headers]) => {
      fc.pre(!liveToken(authorization));
      const res = await send(e, { body: raw, authorization, headers });
      expectClientError(res, e.auth === 'none' ? [400] : e.auth === 'required' ? [401] : [400, 401]);
    });
  });

  if (e.auth !== 'none') {
    it('a valid body with a random token: 401, no row changed', { timeout: TIMEOUT }, async () => {
      const raw = JSON.stringify(e.base());
      expect(contractAccepts(e, raw)).toBe(true);
      await check(authorizationJunk, async (authorization) => {
        fc.pre(!liveToken(authorization) && authorization.trim() !== '');
        expectClientError(await send(e, { body: raw, authorization }), [401]);
      });
    });
  }
});

describe.each(ENDPOINTS.filter((e) => !hasBody(e)))('fuzz $method $url', (e) => {
  it('random Authorization values and headers: 401, no row changed', { timeout: TIMEOUT }, async () => {
    await check(fc.tuple(authorizationJunk, extraHeaders), async ([authorization, headers]) => {
      fc.pre(!liveToken(authorization));
      expectClientError(await send(e, { authorization, headers }), [401]);
    });
  });

  it('no Authorization header at all: 401', async () => {
    await unchanged(async () => {
      expectClientError(await send(e, { authorization: null }), [401]);
    });
  });

  if (e.method !== 'GET') {
    it('a body that is not JSON, with the live token: 400, no row changed', { timeout: TIMEOUT }, async () => {
      await check(fc.oneof(fc.string({ minLength: 1 }), fc.constantFrom('{', '{"a":', '[1,', 'nul')), async (raw) => {
        let parses = true;
        try {
          JSON.parse(raw);
        } catch {
          parses = false;
        }
        fc.pre(!parses);
        expectClientError(await send(e, { body: raw }), [400]);
      });
    });
  }
});

// The API speaks JSON (docs/product.md#api): an id or a quantity is a JSON number. A lenient coercion that
// turns `true` into 1, `[7]` into 7, `"7"` into 7, and `null`, `""` or `[]` into 0 accepts wrong types.
describe('type confusion in numeric fields', () => {
  const WITH_NUMBERS = [
    'PUT /user/update',
    'PUT /address',
    'DELETE /address',
    'POST /carts',
    'POST /wishlist',
    'POST /wishlist/remove',
  ];
  const cases = BODY_ENDPOINTS.filter((e) => WITH_NUMBERS.includes(title(e))).map((e) => [title(e), e] as const);

  it('covers every call with a numeric field', () => {
    expect(cases.map(([t]) => t)).toEqual(WITH_NUMBERS);
  });

  it.each(cases)(
    '%s: booleans, null, numeric strings and arrays in numeric fields are refused (400)',
    { timeout: TIMEOUT },
    async (_title, e) => {
      const base = e.base();
      const fields = Object.keys(base).filter((k) => typeof base[k] === 'number');
      expect(fields.length).toBeGreaterThan(0);
      await check(
        fc
          .constantFrom(...fields)
          .chain((field) =>
            fc.tuple(
              fc.constant(field),
              fc.constantFrom(true, false, null, '', ' ', [], String(base[field]), ` ${String(base[field])} `, [
                base[field],
              ]),
            ),
          ),
        async ([field, value]) => {
          expectClientError(await send(e, { body: JSON.stringify({ ...base, [field]: value }) }), [400]);
        },
        30,
      );
    },
  );
});

// Free text of a valid length may hold any character JSON can carry. Whether the shop stores it or refuses it
// (400), it must never fail with a 500: PostgreSQL cannot store U+0000 in a text column.
describe('control and odd characters in the free-text fields of an otherwise valid body', () => {
  const CASES: [string, string, (text: string, run: number) => Record<string, unknown>][] = [
    [
      'POST /register',
      'name',
      (name, run) => ({ email: `text.${run}.${Date.now()}@example.com`, password: 'long enough pw', name }),
    ],
    ['PUT /user/update', 'name', (name) => ({ id: fuzzer.user.id, name, phone: '' })],
    ['POST /address', 'address', (address) => ({ ...HOME, address })],
    ['PUT /address', 'locality', (locality) => ({ ...HOME, id: addressId, locality })],
    [
      'PUT /address',
      'state (abroad)',
      (state) => ({ ...HOME, id: addressId, country: 'Canada', pincode: 'K1A 0B1', state }),
    ],
    ['POST /contacts', 'message', (message) => ({ name: 'Fuzz', email: 'fuzz@example.com', message })],
    ['POST /contacts', 'name', (name) => ({ name, email: 'fuzz@example.com', message: 'Hello' })],
  ];
  const odd = fc.constantFrom(
    '\u0000',
    '\u0001',
    '\u0008',
    '\u001b',
    '\u007f',
    '\u0085',
    '\u200b',
    '\u202e',
    '\ud800',
    '\udfff',
    '\uffff',
    '\ufeff',
  );
  const text = fc
    .tuple(fc.string({ maxLength: 20 }), odd, fc.string({ unit: 'binary', maxLength: 20 }))
    .map(([a, c, b]) => `x${a}${c}${b}`.slice(0, 60));

  it.each(CASES)(
    '%s with odd characters in %s: answered (2xx or 4xx), never 5xx',
    { timeout: TIMEOUT },
    async (call, _field, body) => {
      const e = ENDPOINTS.find((x) => title(x) === call)!;
      let run = 0;
      await fc.assert(
        fc.asyncProperty(text, async (value) => {
          run += 1;
          const res = await send(e, {
            body: JSON.stringify(body(value, run)),
            remoteAddress: `10.9.${run % 250}.${(run >> 8) + 1}`,
          });
          const context = `${res.statusCode} ${res.body.slice(0, 200)} for ${JSON.stringify(value)}`;
          expect(res.statusCode, context).toBeLessThan(500);
          if (res.statusCode >= 400) expect(ErrorBody.safeParse(res.json()).success, context).toBe(true);
        }),
        { numRuns: 25 },
      );
    },
  );
});
