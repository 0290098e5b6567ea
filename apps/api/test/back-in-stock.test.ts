import { randomBytes, randomInt } from 'node:crypto';
import {
  AdminProductDetail,
  BackInStockAnswer,
  BackInStockStopAnswer,
  StockSaveResult,
  WaitingPage,
} from '@shop/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unitOfWork } from '../src/context';
import { createCategory, createProduct } from '../src/db/factories';
import { backInStockRequests } from '../src/modules/back-in-stock/back-in-stock.schema';
import { tellBackInStock } from '../src/modules/back-in-stock/back-in-stock.notify';
import { productVariants } from '../src/modules/catalog/catalog.schema';
import { recordConsent } from '../src/modules/messages/consent.service';
import { MESSAGE_KEYS } from '../src/modules/messages/templates';
import { startFakeWhatsApp, type FakeWhatsApp } from './fake-whatsapp';
import { createTestShop, expectError, type TestShop } from './helpers';
import { startMailCatcher } from './mail-catcher';
import { addAddress, INDIAN_ADDRESS, placeOrder, setCart, signUp, uniqueEmail, type Shopper } from './shoppers';
import { signUpStaff, type StaffMember } from './staff';

const WA = { token: 'EAAG-test-token', phoneNumberId: '106540352242922', appSecret: 'app-secret-for-tests' };

let shop: TestShop;
let mail: Awaited<ReturnType<typeof startMailCatcher>>;
let wa: FakeWhatsApp;
let admin: StaffMember;
let productId: number;
let variantIds: number[];
/** Sizes of the test's own product: each test takes the next (`newSize`). */
const SIZES = Array.from({ length: 18 }, (_, i) => `T${i + 1}`);
const tag = randomBytes(3).toString('hex');

beforeAll(async () => {
  mail = await startMailCatcher();
  wa = await startFakeWhatsApp(WA);
  shop = await createTestShop({
    SMTP_URL: mail.url,
    WHATSAPP_TOKEN: WA.token,
    WHATSAPP_PHONE_NUMBER_ID: WA.phoneNumberId,
    WHATSAPP_APP_SECRET: WA.appSecret,
    WHATSAPP_VERIFY_TOKEN: 'verify-me',
    WHATSAPP_API_BASE: wa.url,
  });
  admin = await signUpStaff(shop.app, 'admin');
  const category = await createCategory(shop.database.db, { name: `Waiting ${tag}` });
  const made = await createProduct(shop.database.db, {
    name: `Ikat romper ${tag}`,
    categoryId: category.id,
    variants: SIZES.map((size) => ({
      size,
      color: { name: 'Indigo', hex: '#3f51b5' },
      mrp: 999,
      sellingPrice: 899,
      stock: 0,
    })),
  });
  productId = made.product.id;
  variantIds = made.variants.map((v) => v.id);
});
afterAll(async () => {
  await shop?.close();
  await mail?.close();
  await wa?.close();
});

const db = () => shop.database.db;
const drain = () => shop.app.ctx.outbox.drain();
let sizeCount = 0;

/** The next unused size of the product, given its stock; answers its id. */
async function newSize(stock: number): Promise<number> {
  const id = variantIds[sizeCount++]!;
  await db().update(productVariants).set({ stock }).where(eq(productVariants.id, id));
  return id;
}

async function ask(variantId: number, who: { auth?: Shopper['auth']; email?: string }) {
  return shop.app.inject({
    method: 'POST',
    url: '/api/v1/back-in-stock',
    headers: who.auth ?? {},
    payload: { variant_id: variantId, ...(who.email === undefined ? {} : { email: who.email }) },
  });
}

async function asked(variantId: number, who: { auth?: Shopper['auth']; email?: string }) {
  const res = await ask(variantId, who);
  expect(res.statusCode, res.body).toBe(201);
  return BackInStockAnswer.parse(res.json());
}

/** The back office's stock grid sets a size's stock, as the owner does. */
async function setStockInGrid(variantId: number, from: number, to: number) {
  const res = await shop.app.inject({
    method: 'POST',
    url: '/api/v1/admin/stock',
    headers: admin.admin,
    payload: { changes: [{ variant_id: variantId, field: 'stock', expected: from, value: to }] },
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(StockSaveResult.parse(res.json()).saved).toBe(1);
}

/** The back-in-stock mails an address received, once every step of the outbox has run. */
async function backInStockMails(email: string) {
  await drain();
  return mail.allTo(email).filter((m) => m.subject?.startsWith('Back in stock:'));
}

const requestsOf = (variantId: number) =>
  db().select().from(backInStockRequests).where(eq(backInStockRequests.variantId, variantId));

describe('asking', () => {
  it("takes an account's request for its own email, and says in words what will happen", async () => {
    const variant = await newSize(0);
    const shopper = await signUp(shop.app, 'bis-account');
    const answer = await asked(variant, { auth: shopper.auth });
    expect(answer.message).toContain(
      `We'll email you at ${shopper.email} when Ikat romper ${tag} (${SIZES[sizeCount - 1]}, Indigo)`,
    );
    expect(answer.message).toMatch(/\(90 days\), the request lapses/);
    const [row] = await requestsOf(variant);
    expect(row).toMatchObject({ userId: shopper.user.id, email: shopper.email, notifiedAt: null });
    expect(row!.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it("takes a guest's request for the email given, and asking twice is one request", async () => {
    const variant = await newSize(0);
    const email = uniqueEmail('bis-guest');
    const first = await asked(variant, { email: `  ${email.toUpperCase()} ` });
    expect(first.data.email).toBe(email);
    const again = await asked(variant, { email });
    expect(again.data.lapses_at).toBe(first.data.lapses_at);
    const rows = await requestsOf(variant);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userId: null, email });
  });

  it('refuses in words: a size in stock, a bad email, no email, an unknown size', async () => {
    const inStock = await newSize(4);
    const sold = await newSize(0);
    expect(expectError(await ask(inStock, { email: uniqueEmail() }), 400).errors[0]).toMatch(
      /is in stock: you can order it now$/,
    );
    expect(expectError(await ask(sold, { email: 'not-an-email' }), 400).errors).toContain(
      'Please enter a valid email address',
    );
    expect(expectError(await ask(sold, {}), 400).errors).toContain('Please enter your email address');
    expect(expectError(await ask(2_000_000_000, { email: uniqueEmail() }), 404).message).toBe('Product not found');
    expect(await requestsOf(inStock)).toHaveLength(0);
    expect(await requestsOf(sold)).toHaveLength(0);
  });

  it("limits a guest's requests per address, as the contact form is", async () => {
    const limited = await createTestShop({ RATE_LIMIT_BACK_IN_STOCK_PER_IP: '2' });
    try {
      const payload = { variant_id: 2_000_000_000, email: uniqueEmail() };
      const send = () => limited.app.inject({ method: 'POST', url: '/api/v1/back-in-stock', payload });
      expect((await send()).statusCode).toBe(404);
      expect((await send()).statusCode).toBe(404);
      expectError(await send(), 429);
    } finally {
      await limited.close();
    }
  });
});

describe('telling', () => {
  it('a restock in the stock grid tells each asker once, by mail with the link and the way out', async () => {
    const variant = await newSize(0);
    const shopper = await signUp(shop.app, 'bis-grid');
    const guest = uniqueEmail('bis-grid-guest');
    await asked(variant, { auth: shopper.auth });
    await asked(variant, { email: guest });

    await setStockInGrid(variant, 0, 3);
    for (const email of [shopper.email, guest]) {
      const mails = await backInStockMails(email);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toBe(`Back in stock: Ikat romper ${tag} (${SIZES[sizeCount - 1]}, Indigo)`);
      expect(mails[0]!.text).toContain(`/product/`);
      expect(mails[0]!.text).toMatch(/\/back-in-stock\/stop\?token=[A-Za-z0-9_-]{43}/);
    }
    expect((await requestsOf(variant)).every((r) => r.notifiedAt !== null)).toBe(true);

    // It sells out and comes back: nobody is told again.
    await setStockInGrid(variant, 3, 0);
    await setStockInGrid(variant, 0, 2);
    expect(await backInStockMails(shopper.email)).toHaveLength(1);
    expect(await backInStockMails(guest)).toHaveLength(1);
  });

  it("a cancelled order's pieces coming back tell those waiting", async () => {
    const variant = await newSize(1);
    const buyer = await signUp(shop.app, 'bis-buyer');
    await setCart(shop.app, buyer, productId, variant, 1);
    const order = await placeOrder(shop.app, buyer);
    const waiting = uniqueEmail('bis-cancel');
    await asked(variant, { email: waiting });
    expect(await backInStockMails(waiting)).toHaveLength(0);

    const res = await shop.app.inject({
      method: 'POST',
      url: '/api/v1/orders/cancel',
      headers: buyer.auth,
      payload: { order_id: order.id },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await backInStockMails(waiting)).toHaveLength(1);
  });

  it("a product's edit (its variant grid) tells those waiting too", async () => {
    const variant = await newSize(0);
    const email = uniqueEmail('bis-edit');
    await asked(variant, { email });
    const got = await shop.app.inject({ url: `/api/v1/admin/products/${productId}`, headers: admin.admin });
    expect(got.statusCode, got.body).toBe(200);
    const product = AdminProductDetail.parse(got.json());
    const res = await shop.app.inject({
      method: 'PUT',
      url: `/api/v1/admin/products/${productId}/variants`,
      headers: admin.admin,
      payload: {
        version: product.version,
        variants: product.variants.map((v) => ({
          color_id: v.color_id,
          size_id: v.size_id,
          sku: v.sku,
          mrp: v.mrp,
          selling_price: v.selling_price,
          stock: v.id === variant ? 6 : v.stock,
          is_active: v.is_active,
        })),
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await backInStockMails(email)).toHaveLength(1);
  });

  it('two steps for one size at once tell nobody twice', async () => {
    const variant = await newSize(0);
    const emails = [uniqueEmail('bis-race'), uniqueEmail('bis-race')];
    for (const email of emails) await asked(variant, { email });
    // Two rises before the outbox runs (back to 0 in between): two steps for the size.
    for (const stock of [1, 0, 2])
      await db().update(productVariants).set({ stock }).where(eq(productVariants.id, variant));
    const work = () => unitOfWork(shop.app.ctx, { kind: 'system' });
    await Promise.all([tellBackInStock(work(), variant), tellBackInStock(work(), variant)]);
    for (const email of emails) expect(await backInStockMails(email)).toHaveLength(1);
  });

  it('stays silent for a size taken off sale, and tells once it is back on sale and restocked', async () => {
    const variant = await newSize(0);
    const email = uniqueEmail('bis-off-sale');
    await asked(variant, { email });
    await db().update(productVariants).set({ isActive: false, stock: 2 }).where(eq(productVariants.id, variant));
    expect(await backInStockMails(email)).toHaveLength(0);
    expect((await requestsOf(variant))[0]!.notifiedAt).toBeNull();
    await db().update(productVariants).set({ isActive: true, stock: 0 }).where(eq(productVariants.id, variant));
    await db().update(productVariants).set({ stock: 1 }).where(eq(productVariants.id, variant));
    expect(await backInStockMails(email)).toHaveLength(1);
  });

  it('sends WhatsApp only to an account that agreed to marketing on it, to its address phone', async () => {
    const variant = await newSize(0);
    const phones = [`9${randomInt(100_000_000, 999_999_999)}`, `9${randomInt(100_000_000, 999_999_999)}`];
    const [agreed, ordersOnly] = await Promise.all([signUp(shop.app, 'bis-wa-yes'), signUp(shop.app, 'bis-wa-no')]);
    for (const [i, shopper] of [agreed, ordersOnly].entries()) {
      await addAddress(shop.app, shopper, { ...INDIAN_ADDRESS, phone: phones[i]! });
      await asked(variant, { auth: shopper.auth });
    }
    await recordConsent(db(), agreed.user.id, {
      channel: 'whatsapp',
      purpose: 'marketing',
      granted: true,
      source: 'account',
    });
    await recordConsent(db(), ordersOnly.user.id, {
      channel: 'whatsapp',
      purpose: 'orders',
      granted: true,
      source: 'account',
    });

    await setStockInGrid(variant, 0, 5);
    await drain();
    const yes = wa.sent.filter((s) => s.to === `91${phones[0]}`);
    expect(yes).toHaveLength(1);
    expect(yes[0]).toMatchObject({ name: 'back_in_stock' });
    expect(yes[0]!.params[1]).toBe(`Ikat romper ${tag} (${SIZES[sizeCount - 1]}, Indigo)`);
    expect(yes[0]!.params[2]).toMatch(/^http.*\/product\//);
    expect(wa.sent.filter((s) => s.to === `91${phones[1]}`)).toHaveLength(0);
    // Both had the mail all the same.
    expect(await backInStockMails(agreed.email)).toHaveLength(1);
    expect(await backInStockMails(ordersOnly.email)).toHaveLength(1);
  });
});

describe('the way out', () => {
  it("the mail's link stops this and every other open request of the email, in one click", async () => {
    const [first, second, third] = [await newSize(0), await newSize(0), await newSize(0)];
    const email = uniqueEmail('bis-stop');
    for (const v of [first, second, third]) await asked(v, { email });
    await setStockInGrid(first, 0, 1);
    const told = await backInStockMails(email);
    expect(told).toHaveLength(1);
    const token = /\/back-in-stock\/stop\?token=([A-Za-z0-9_-]+)/.exec(told[0]!.text ?? '')![1]!;

    const info = await shop.app.inject({ url: `/api/v1/back-in-stock/stop?token=${token}` });
    expect(info.statusCode, info.body).toBe(200);
    expect(BackInStockStopAnswer.parse(info.json()).data).toEqual({ email, open: 2 });

    const stop = () => shop.app.inject({ method: 'POST', url: '/api/v1/back-in-stock/stop', payload: { token } });
    const res = await stop();
    expect(res.statusCode, res.body).toBe(200);
    expect(BackInStockStopAnswer.parse(res.json()).message).toContain(`we will not email ${email}`);
    expect(await requestsOf(second)).toHaveLength(0);
    expect(await requestsOf(third)).toHaveLength(0);
    // A second click changes nothing; the told request stays as the record of its mail.
    expect((await stop()).statusCode).toBe(200);
    expect(await requestsOf(first)).toHaveLength(1);

    await setStockInGrid(second, 0, 1);
    expect(await backInStockMails(email)).toHaveLength(1);
    expectError(
      await shop.app.inject({ method: 'POST', url: '/api/v1/back-in-stock/stop', payload: { token: 'short' } }),
      400,
    );
  });
});

describe('the owner and the shopper', () => {
  it('the back office lists sizes with people waiting, most first; a shopper is refused', async () => {
    const [few, many] = [await newSize(0), await newSize(0)];
    await asked(few, { email: uniqueEmail('bis-list') });
    for (let i = 0; i < 3; i += 1) await asked(many, { email: uniqueEmail('bis-list') });
    const staff = await signUpStaff(shop.app, 'staff');
    const res = await shop.app.inject({
      url: `/api/v1/admin/back-in-stock?product_id=${productId}`,
      headers: staff.admin,
    });
    expect(res.statusCode, res.body).toBe(200);
    const page = WaitingPage.parse(res.json());
    const mine = page.data.filter((r) => r.variant_id === few || r.variant_id === many);
    expect(mine.map((r) => [r.variant_id, r.waiting])).toEqual([
      [many, 3],
      [few, 1],
    ]);
    expect(page.data.every((r) => r.product_id === productId)).toBe(true);
    const shopper = await signUp(shop.app, 'bis-nosy');
    expectError(await shop.app.inject({ url: '/api/v1/admin/back-in-stock', headers: shopper.auth }), 403);
  });

  it("is in the shopper's copy of their data", async () => {
    const variant = await newSize(0);
    const shopper = await signUp(shop.app, 'bis-export');
    await asked(variant, { auth: shopper.auth });
    const res = await shop.app.inject({ url: '/api/v1/user/export', headers: shopper.auth });
    expect(res.statusCode, res.body).toBe(200);
    const copy = JSON.parse(res.body) as { back_in_stock: unknown[] };
    expect(copy.back_in_stock).toEqual([
      { variant_id: variant, email: shopper.email, created_at: expect.any(String) as unknown, notified_at: null },
    ]);
    expect(res.body).not.toContain((await requestsOf(variant))[0]!.token);
  });
});

// The WhatsApp template list is what the owner registers with Meta and MSG91.
it('has a back_in_stock message template', () => expect(MESSAGE_KEYS).toContain('back_in_stock'));
