import { randomBytes } from 'node:crypto';
import {
  AddressesResponse,
  AddressResponse,
  CartResponse,
  ListingPage,
  MESSAGES,
  MessageBody,
  ProductResponse,
  UserResponse,
  WishlistResponse,
  type Address,
  type ProductDetail,
} from '@shop/contract';
import { asc, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addresses } from '../src/modules/addresses/addresses.schema';
import { cartLines } from '../src/modules/cart/cart.schema';
import { sessions, users } from '../src/modules/accounts/accounts.schema';
import { wishlistItems } from '../src/modules/wishlist/wishlist.schema';
import { hashToken } from '../src/modules/accounts/session.service';
import { createTestShop, expectError, type TestShop } from './helpers';
import { signUp, type Shopper } from './shoppers';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

let shop: TestShop;
let a: Shopper;
let b: Shopper;
let aAddress: Address;
let bAddress: Address;
const products: ProductDetail[] = [];

const HOME = {
  address: '4 Residency Road',
  phone: '9876543210',
  locality: 'Shanthala Nagar',
  city: 'Bengaluru',
  state: 'Karnataka',
  pincode: '560025',
  country: 'India',
} as const;

function call(method: Method, url: string, headers: Record<string, string>, payload?: unknown) {
  const opts: InjectOptions = { method, url: `/api/v1${url}`, headers };
  if (payload !== undefined) opts.payload = payload as object;
  return shop.app.inject(opts);
}

const ids = (p: ProductDetail) => ({ product_id: p.products.id, product_variant_id: p.product_variants.id });

async function addAddress(who: Shopper, city: string): Promise<Address> {
  const res = await call('POST', '/address', who.auth, { ...HOME, city });
  expect(res.statusCode, res.body).toBe(201);
  return AddressResponse.parse(res.json()).data;
}

async function fill(who: Shopper, p: ProductDetail, quantity: number) {
  const cart = await call('POST', '/carts', who.auth, { ...ids(p), quantity });
  expect(cart.statusCode, cart.body).toBe(200);
  const wish = await call('POST', '/wishlist', who.auth, ids(p));
  expect(wish.statusCode, wish.body).toBe(200);
}

/** Everything a shopper owns, straight from the database. */
async function snapshot(userId: number) {
  const { db } = shop.database;
  return {
    user: await db.select().from(users).where(eq(users.id, userId)),
    sessions: await db.select().from(sessions).where(eq(sessions.userId, userId)).orderBy(asc(sessions.id)),
    addresses: await db.select().from(addresses).where(eq(addresses.userId, userId)).orderBy(asc(addresses.id)),
    cart: await db.select().from(cartLines).where(eq(cartLines.userId, userId)).orderBy(asc(cartLines.id)),
    wishlist: await db
      .select()
      .from(wishlistItems)
      .where(eq(wishlistItems.userId, userId))
      .orderBy(asc(wishlistItems.id)),
  };
}

beforeAll(async () => {
  shop = await createTestShop();
  const res = await shop.app.inject({ method: 'GET', url: '/api/v1/products/productvariant?in_stock=true&limit=8' });
  expect(res.statusCode, res.body).toBe(200);
  for (const item of ListingPage.parse(res.json()).data) {
    const detail = await shop.app.inject({ method: 'GET', url: `/api/v1/product/${item.product_variants.slug}` });
    const p = ProductResponse.parse(detail.json()).data[0]!;
    // 4: more than the low-stock threshold (3), all the product answer says of a full shelf.
    if (p.product_variants.stock >= 4) products.push(p);
  }
  expect(products.length).toBeGreaterThanOrEqual(4);
  a = await signUp(shop.app, 'authz-a');
  b = await signUp(shop.app, 'authz-b');
  aAddress = await addAddress(a, 'A-town');
  bAddress = await addAddress(b, 'B-town');
  await fill(a, products[0]!, 2);
  await fill(a, products[1]!, 1);
  await fill(b, products[2]!, 1);
});
afterAll(() => shop?.close());

describe("one shopper and another's rows", () => {
  it("B gets 404 updating A's address, and A's address is unchanged", async () => {
    const before = await snapshot(a.user.id);
    const body = expectError(
      await call('PUT', '/address', b.auth, { ...HOME, id: aAddress.id, city: 'Hijacked' }),
      404,
    );
    expect(body.message).toBe(MESSAGES.addressNotFound);
    expect(await snapshot(a.user.id)).toEqual(before);
  });

  it("B gets 404 deleting A's address, and A's address is still there", async () => {
    const before = await snapshot(a.user.id);
    expectError(await call('DELETE', '/address', b.auth, { id: aAddress.id }), 404);
    expect(await snapshot(a.user.id)).toEqual(before);
    expect(before.addresses.map((r) => r.id)).toContain(aAddress.id);
  });

  it("the 404 for A's address is the same as for an address that does not exist", async () => {
    const theirs = await call('DELETE', '/address', b.auth, { id: aAddress.id });
    const missing = await call('DELETE', '/address', b.auth, { id: 2_000_000_000 });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual(missing.json());
  });

  it("B's GET /address shows only B's addresses", async () => {
    const res = await call('GET', '/address', b.auth);
    expect(res.statusCode).toBe(200);
    const { data } = AddressesResponse.parse(res.json());
    expect(data).toEqual([bAddress]);
    expect(data.map((x) => x.id)).not.toContain(aAddress.id);
  });

  it("B's GET /carts shows only B's lines", async () => {
    const res = await call('GET', '/carts', b.auth);
    expect(res.statusCode).toBe(200);
    const { data } = CartResponse.parse(res.json());
    const aLines = (await snapshot(a.user.id)).cart.map((l) => l.id);
    expect(aLines.length).toBe(2);
    expect(data.map((l) => l.product_variant_id)).toEqual([products[2]!.product_variants.id]);
    for (const line of data) expect(aLines).not.toContain(line.id);
  });

  it("B's GET /wishlist shows only B's items", async () => {
    const res = await call('GET', '/wishlist', b.auth);
    expect(res.statusCode).toBe(200);
    const { data } = WishlistResponse.parse(res.json());
    const aItems = (await snapshot(a.user.id)).wishlist.map((w) => w.id);
    expect(aItems.length).toBe(2);
    expect(data.map((w) => w.product_variant_id)).toEqual([products[2]!.product_variants.id]);
    for (const item of data) expect(aItems).not.toContain(item.id);
  });

  it("B's cart writes on the variants in A's cart never touch A's lines", async () => {
    const before = await snapshot(a.user.id);
    const p = products[0]!;
    expect((await call('POST', '/carts', b.auth, { ...ids(p), quantity: 3 })).statusCode).toBe(200);
    expect((await call('POST', '/carts', b.auth, { ...ids(p), quantity: 1 })).statusCode).toBe(200);
    expect((await call('POST', '/carts', b.auth, { ...ids(p), quantity: 0 })).statusCode).toBe(200);
    expect((await call('POST', '/carts', b.auth, { ...ids(products[1]!), quantity: 0 })).statusCode).toBe(200);
    expect(await snapshot(a.user.id)).toEqual(before);
    const bCart = CartResponse.parse((await call('GET', '/carts', b.auth)).json()).data;
    expect(bCart.map((l) => l.product_variant_id)).toEqual([products[2]!.product_variants.id]);
  });

  it("B's wishlist writes on the items in A's wishlist never touch A's items", async () => {
    const before = await snapshot(a.user.id);
    const p = products[1]!;
    expectError(await call('POST', '/wishlist/remove', b.auth, ids(p)), 404);
    expect((await call('POST', '/wishlist', b.auth, ids(p))).statusCode).toBe(200);
    expect((await call('POST', '/wishlist/remove', b.auth, ids(p))).statusCode).toBe(200);
    expectError(await call('POST', '/wishlist/remove', b.auth, ids(p)), 404);
    expectError(await call('POST', '/wishlist/remove', b.auth, ids(products[0]!)), 404);
    expect(await snapshot(a.user.id)).toEqual(before);
  });

  it("PUT /user/update with A's id and B's token: 403, neither name changes", async () => {
    const beforeA = await snapshot(a.user.id);
    const beforeB = await snapshot(b.user.id);
    const body = expectError(
      await call('PUT', '/user/update', b.auth, { id: a.user.id, name: 'Hijacked', phone: '' }),
      403,
    );
    expect(body.message).toBe(MESSAGES.notYourProfile);
    expect(await snapshot(a.user.id)).toEqual(beforeA);
    expect(await snapshot(b.user.id)).toEqual(beforeB);
    expect(beforeA.user[0]?.name).toBe('authz-a');
  });

  it('PUT /user/update with their own id works (the 403 above is about ownership)', async () => {
    const res = await call('PUT', '/user/update', b.auth, { id: b.user.id, name: 'B Renamed', phone: '9123456780' });
    expect(res.statusCode, res.body).toBe(200);
    const me = UserResponse.parse((await call('GET', '/user/me', b.auth)).json()).user;
    expect(me).toMatchObject({ id: b.user.id, name: 'B Renamed', phone: '9123456780' });
    expect((await snapshot(a.user.id)).user[0]?.name).toBe('authz-a');
  });
});

/** Every authenticated call of this area. */
const ENDPOINTS: [Method, string][] = [
  ['GET', '/address'],
  ['POST', '/address'],
  ['PUT', '/address'],
  ['DELETE', '/address'],
  ['GET', '/carts'],
  ['POST', '/carts'],
  ['GET', '/wishlist'],
  ['POST', '/wishlist'],
  ['POST', '/wishlist/remove'],
  ['GET', '/user/me'],
  ['PUT', '/user/update'],
  ['POST', '/logout'],
];

/** A body that would be accepted from the owner: only the token can make the call fail. */
function payloadFor(method: Method, url: string, owner: Owner): unknown {
  switch (`${method} ${url}`) {
    case 'POST /address':
      return { ...HOME, city: 'Intruder' };
    case 'PUT /address':
      return { ...HOME, id: owner.address.id, city: 'Intruder' };
    case 'DELETE /address':
      return { id: owner.address.id };
    case 'POST /carts':
      return { ...ids(owner.product), quantity: 0 };
    case 'POST /wishlist':
      return ids(products[3]!);
    case 'POST /wishlist/remove':
      return ids(owner.product);
    case 'PUT /user/update':
      return { id: owner.shopper.user.id, name: 'Intruder', phone: '' };
    default:
      return undefined;
  }
}

interface Owner {
  shopper: Shopper;
  address: Address;
  product: ProductDetail;
}

describe('calls without a live token: 401', () => {
  let owners: Record<'A' | 'loggedOut' | 'expired', Owner>;
  let loggedOutToken: string;
  let expiredToken: string;

  beforeAll(async () => {
    const c = await signUp(shop.app, 'authz-logged-out');
    const d = await signUp(shop.app, 'authz-expired');
    const cAddress = await addAddress(c, 'C-town');
    const dAddress = await addAddress(d, 'D-town');
    await fill(c, products[0]!, 1);
    await fill(d, products[0]!, 1);

    const out = await call('POST', '/logout', c.auth);
    expect(out.statusCode, out.body).toBe(200);
    expect(MessageBody.parse(out.json()).message).toBe(MESSAGES.logoutSuccess);
    loggedOutToken = c.token;

    await shop.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(sessions.tokenHash, hashToken(d.token)));
    expiredToken = d.token;

    owners = {
      A: { shopper: a, address: aAddress, product: products[0]! },
      loggedOut: { shopper: c, address: cAddress, product: products[0]! },
      expired: { shopper: d, address: dAddress, product: products[0]! },
    };
  });

  const randomToken = () => randomBytes(32).toString('base64url');

  const KINDS: [string, () => { owner: Owner; headers: Record<string, string> }][] = [
    ['no token', () => ({ owner: owners.A, headers: {} })],
    ["'Bearer' alone", () => ({ owner: owners.A, headers: { authorization: 'Bearer' } })],
    ["'Bearer ' and nothing", () => ({ owner: owners.A, headers: { authorization: 'Bearer ' } })],
    ["'Basic abc'", () => ({ owner: owners.A, headers: { authorization: 'Basic abc' } })],
    ["A's token without 'Bearer'", () => ({ owner: owners.A, headers: { authorization: a.token } })],
    ["A's token as Basic", () => ({ owner: owners.A, headers: { authorization: `Basic ${a.token}` } })],
    [
      "A's token with a character changed",
      () => ({
        owner: owners.A,
        headers: { authorization: `Bearer ${a.token.slice(0, -1)}${a.token.endsWith('A') ? 'B' : 'A'}` },
      }),
    ],
    ["A's token cut short", () => ({ owner: owners.A, headers: { authorization: `Bearer ${a.token.slice(0, 42)}` } })],
    ["A's token with a character added", () => ({ owner: owners.A, headers: { authorization: `Bearer ${a.token}x` } })],
    [
      "'Bearer ' + 43 random characters",
      () => ({ owner: owners.A, headers: { authorization: `Bearer ${randomToken()}` } }),
    ],
    ['a logged-out token', () => ({ owner: owners.loggedOut, headers: { authorization: `Bearer ${loggedOutToken}` } })],
    ['an expired token', () => ({ owner: owners.expired, headers: { authorization: `Bearer ${expiredToken}` } })],
  ];

  const CASES = KINDS.flatMap(([kind, make]) => ENDPOINTS.map(([method, url]) => [kind, method, url, make] as const));

  it.each(CASES)('%s: %s %s answers 401 and changes nothing', async (_kind, method, url, make) => {
    const { owner, headers } = make();
    const before = await snapshot(owner.shopper.user.id);
    const body = expectError(await call(method, url, headers, payloadFor(method, url, owner)), 401);
    expect(body.message).toBe(MESSAGES.loginRequired);
    expect(await snapshot(owner.shopper.user.id)).toEqual(before);
  });

  it("A's live token is still answered on every read (the 401s above are about the token)", async () => {
    for (const url of ['/address', '/carts', '/wishlist', '/user/me']) {
      const res = await call('GET', url, a.auth);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    }
  });

  it('the expired and logged-out sessions are still in the database (401 is not just a missing row)', async () => {
    const out = await shop.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(loggedOutToken)));
    expect(out[0]?.revokedAt).toBeInstanceOf(Date);
    const expired = await shop.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(expiredToken)));
    expect(expired[0]?.expiresAt.getTime()).toBeLessThan(Date.now());
    expect(expired[0]?.revokedAt).toBeNull();
  });
});
