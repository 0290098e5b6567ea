import { CartReminderFigures, MessageConsent, formatRupees } from '@shop/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/modules/accounts/accounts.schema';
import { cartReminders } from '../src/modules/cart-reminders/cart-reminders.schema';
import { remindIdleCarts, sendCartReminder } from '../src/modules/cart-reminders/cart-reminders.service';
import { carts } from '../src/modules/cart/cart.schema';
import { mailOutbox } from '../src/modules/mail/mail.schema';
import { shopperMessages } from '../src/modules/messages/messages.schema';
import { startFakeWhatsApp, type FakeWhatsApp } from './fake-whatsapp';
import { createTestShop, expectError, type TestShop } from './helpers';
import { startMailCatcher } from './mail-catcher';
import { orderWorld, type OrderWorld } from './order-world';
import { placeOrder, setCart, signUp, type Shopper } from './shoppers';
import { signUpStaff, type StaffMember } from './staff';

const WA = { token: 'EAAG-reminder-token', phoneNumberId: '106540352242999', appSecret: 'reminder-app-secret' };

let wa: FakeWhatsApp;
let shop: TestShop;
let world: OrderWorld;
let admin: StaffMember;
let mails: Awaited<ReturnType<typeof startMailCatcher>>;

beforeAll(async () => {
  wa = await startFakeWhatsApp(WA);
  mails = await startMailCatcher();
  shop = await createTestShop({
    SMTP_URL: mails.url,
    WHATSAPP_TOKEN: WA.token,
    WHATSAPP_PHONE_NUMBER_ID: WA.phoneNumberId,
    WHATSAPP_APP_SECRET: WA.appSecret,
    WHATSAPP_API_BASE: wa.url,
  });
  world = await orderWorld(shop);
  admin = await signUpStaff(shop.app, 'admin', 'reminders-admin');
  await switchReminders(true);
});
afterAll(async () => {
  await shop?.close();
  await wa?.close();
  await mails?.close();
});

const SUBJECT = 'Your cart is waiting for you';
const db = () => world.db;
const clock = () => world.as({ kind: 'clock' });
/** The owner's switch in Settings (off until switched on). */
async function switchReminders(on: boolean) {
  const res = await shop.app.inject({
    method: 'PUT',
    url: '/api/v1/admin/settings',
    headers: admin.admin,
    payload: { cart_reminders: on },
  });
  expect(res.statusCode, res.body).toBe(200);
}

type Marketing = { email: boolean; whatsapp: boolean; sms: boolean };
async function chooseMarketing(shopper: Shopper, marketing: Partial<Marketing>) {
  const res = await shop.app.inject({
    method: 'PUT',
    url: '/api/v1/user/message-consent',
    headers: shopper.auth,
    payload: { whatsapp: false, sms: false, marketing: { email: false, whatsapp: false, sms: false, ...marketing } },
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** A shopper with one piece in their cart, who agreed (or not) to reminders by email. */
async function shopperWithCart(label: string, marketing: Partial<Marketing> = { email: true }) {
  const shopper = await signUp(shop.app, label);
  await chooseMarketing(shopper, marketing);
  await setCart(shop.app, shopper, world.productId, world.variants.small, 1);
  return shopper;
}

/** The test's clock: the cart has sat unchanged for `hours` (its last change moved back). */
const idle = (shopper: Shopper, hours: number) =>
  db()
    .update(carts)
    .set({ changedAt: sql`now() - make_interval(mins => ${Math.round(hours * 60)})` })
    .where(eq(carts.userId, shopper.user.id));

/** The clock runs, then the outbox: answers the reminder mails the shopper has now. */
async function tick(shopper: Shopper) {
  await remindIdleCarts(clock());
  await world.drain();
  return (await world.mailsTo(shopper.email)).filter((s) => s === SUBJECT);
}

/** The newest reminder mail written for the shopper. */
const reminderMail = async (shopper: Shopper) =>
  (await db().select().from(mailOutbox).where(eq(mailOutbox.to, shopper.email)).orderBy(mailOutbox.id))
    .filter((m) => m.subject === SUBJECT)
    .at(-1);
const remindersOf = (shopper: Shopper) =>
  db().select().from(cartReminders).where(eq(cartReminders.userId, shopper.user.id)).orderBy(cartReminders.id);

describe('cart reminders (docs/product.md "Messages to shoppers")', () => {
  it('reach no one who has not agreed to marketing', async () => {
    const shopper = await shopperWithCart('remind-none', {});
    await idle(shopper, 30);
    expect(await tick(shopper)).toEqual([]);
    expect(await remindersOf(shopper)).toEqual([]);
  });

  it('come once after an hour (not before), once more after a day, never a third time', async () => {
    const shopper = await shopperWithCart('remind-two');
    await idle(shopper, 0.9);
    expect(await tick(shopper)).toEqual([]);
    await idle(shopper, 1.1);
    expect(await tick(shopper)).toEqual([SUBJECT]);
    expect(await tick(shopper)).toEqual([SUBJECT]);

    const mail = (await reminderMail(shopper))!;
    expect(mail.text).toMatch(/1 × Hand-embroidered jhabla \w+ \(0-6M, Saffron\): ₹899/);
    expect(mail.text).toContain(`Together ${formatRupees(899)}, before shipping.`);
    expect(mail.text).toContain('/cart');
    expect(mail.text).toMatch(/Unsubscribe: http\S+\/unsubscribe\/\d+\/[\w-]+/);
    expect(mail.headers).toMatchObject({ 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    expect(mail.headers!['List-Unsubscribe']).toMatch(/^<http\S+\/api\/v1\/messages\/unsubscribe\/\d+\/[\w-]+>$/);
    // As the mail server received it (RFC 8058's one-click unsubscribe).
    const lines = new Map(
      mails.lastTo(shopper.email)!.headerLines.map((h) => [h.key, h.line.replace(/\r\n\s+/g, ' ')]),
    );
    expect(lines.get('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(lines.get('list-unsubscribe')).toMatch(
      /^List-Unsubscribe: <http\S+\/api\/v1\/messages\/unsubscribe\/\d+\/[\w-]+>$/,
    );

    await idle(shopper, 23);
    expect(await tick(shopper)).toEqual([SUBJECT]);
    await idle(shopper, 25);
    expect(await tick(shopper)).toEqual([SUBJECT, SUBJECT]);
    await idle(shopper, 24 * 6);
    expect(await tick(shopper)).toEqual([SUBJECT, SUBJECT]);
    expect((await remindersOf(shopper)).map((r) => [r.number, r.channels])).toEqual([
      [1, ['email']],
      [2, ['email']],
    ]);
  });

  it('stop once the shopper orders or empties the cart', async () => {
    const ordering = await shopperWithCart('remind-order');
    await idle(ordering, 2);
    expect(await tick(ordering)).toEqual([SUBJECT]);
    await placeOrder(shop.app, ordering);
    expect(await db().select().from(carts).where(eq(carts.userId, ordering.user.id))).toEqual([]);
    expect(await tick(ordering)).toEqual([SUBJECT]);

    const emptying = await shopperWithCart('remind-empty');
    await setCart(shop.app, emptying, world.productId, world.variants.small, 0);
    expect(await db().select().from(carts).where(eq(carts.userId, emptying.user.id))).toEqual([]);
    expect(await tick(emptying)).toEqual([]);
  });

  it('wait for none once an order was placed after the cart last changed', async () => {
    const shopper = await shopperWithCart('remind-ordered-after');
    await idle(shopper, 3);
    // An order of theirs placed after the change (placing one empties the cart; this one is written as if it had not).
    const { order } = await world.order('remind-other-buyer');
    await db().execute(sql`update orders set user_id = ${shopper.user.id}, created_at = now() where id = ${order.id}`);
    expect(await tick(shopper)).toEqual([]);
  });

  it('start the clock again at each change of the cart', async () => {
    const shopper = await shopperWithCart('remind-restart');
    await idle(shopper, 1.5);
    await setCart(shop.app, shopper, world.productId, world.variants.small, 2);
    expect(await tick(shopper)).toEqual([]);
    await idle(shopper, 1.1);
    expect(await tick(shopper)).toEqual([SUBJECT]);
    // After the first reminder a change again: the second waits a day from it.
    await setCart(shop.app, shopper, world.productId, world.variants.large, 1);
    await idle(shopper, 2);
    expect(await tick(shopper)).toEqual([SUBJECT]);
    await idle(shopper, 24.5);
    expect(await tick(shopper)).toEqual([SUBJECT, SUBJECT]);
    expect((await reminderMail(shopper))!.text).toContain('(6-12M, Saffron)');
  });

  it('are not sent while the owner has them switched off', async () => {
    const shopper = await shopperWithCart('remind-off');
    await switchReminders(false);
    try {
      await idle(shopper, 5);
      expect(await tick(shopper)).toEqual([]);
      expect(await remindIdleCarts(clock())).toBe(0);
    } finally {
      await switchReminders(true);
    }
    expect(await tick(shopper)).toEqual([SUBJECT]);
  });

  it('are cancelled at send when consent was withdrawn after they were queued', async () => {
    const shopper = await shopperWithCart('remind-withdrawn');
    await idle(shopper, 2);
    mails.state.refusing = true; // the first try fails: the mail waits for its retry
    try {
      await remindIdleCarts(clock());
      await world.drain();
    } finally {
      mails.state.refusing = false;
    }
    expect((await reminderMail(shopper))!.status).toBe('pending');
    await chooseMarketing(shopper, { email: false });
    await world.drain(new Date(Date.now() + 3_600_000));
    expect(await reminderMail(shopper)).toMatchObject({
      status: 'cancelled',
      error: 'The shopper withdrew consent before it was sent',
    });
    expect(mails.allTo(shopper.email)).toEqual([]);
    // Its step runs again (a retry): nothing more is written.
    await sendCartReminder(clock(), (await remindersOf(shopper))[0]!.id);
    expect(await world.mailsTo(shopper.email)).toEqual([SUBJECT]);
  });

  it('go on WhatsApp to the account’s mobile with marketing consent there, never on order consent alone', async () => {
    const orderOnly = await signUp(shop.app, 'remind-wa-orders');
    const marketing = await signUp(shop.app, 'remind-wa');
    for (const shopper of [orderOnly, marketing]) {
      await db().update(users).set({ phone: '98765 12345' }).where(eq(users.id, shopper.user.id));
    }
    const res = await shop.app.inject({
      method: 'PUT',
      url: '/api/v1/user/message-consent',
      headers: orderOnly.auth,
      payload: { whatsapp: true, sms: false },
    });
    expect(res.statusCode, res.body).toBe(200);
    await chooseMarketing(marketing, { whatsapp: true });
    for (const shopper of [orderOnly, marketing]) {
      await setCart(shop.app, shopper, world.productId, world.variants.small, 3);
      await idle(shopper, 2);
      await tick(shopper);
    }
    const sent = (shopper: Shopper) =>
      db()
        .select()
        .from(shopperMessages)
        .where(and(eq(shopperMessages.userId, shopper.user.id), eq(shopperMessages.template, 'cart_reminder')));
    expect(await sent(orderOnly)).toEqual([]);
    const [message] = await sent(marketing);
    expect(message).toMatchObject({ channel: 'whatsapp', to: '+919876512345', status: 'sent', orderId: null });
    const got = wa.sent.find((s) => s.to === '919876512345' && s.name === 'cart_reminder')!;
    expect(got.params[0]).toBe('remind-wa');
    expect(got.params[1]).toMatch(/^Hand-embroidered jhabla \w+ and 2 more pieces$/);
    expect(got.params[2]).toMatch(/\/cart$/);
    expect(await reminderMail(marketing)).toBeUndefined();
  });
});

describe('the unsubscribe link', () => {
  const linkOf = async (shopper: Shopper) => {
    const mail = (await reminderMail(shopper))!;
    return /<(http\S+)>/.exec(mail.headers!['List-Unsubscribe']!)![1]!.replace(/^https?:\/\/[^/]+/, '');
  };
  const consentOf = async (shopper: Shopper) =>
    MessageConsent.parse(
      (await shop.app.inject({ url: '/api/v1/user/message-consent', headers: shopper.auth })).json(),
    );
  const oneClick = (url: string) =>
    shop.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });

  it('withdraws marketing by email at once, recorded as by the link; a forged one changes nothing', async () => {
    const shopper = await shopperWithCart('unsub');
    await idle(shopper, 2);
    expect(await tick(shopper)).toEqual([SUBJECT]);
    const url = await linkOf(shopper);

    const other = await shopperWithCart('unsub-other');
    const forged = [
      url.replace(/\/[\w-]+$/, '/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'),
      url.replace(`/${shopper.user.id}/`, `/${other.user.id}/`),
    ];
    for (const bad of forged) {
      expect(expectError(await oneClick(bad), 403).message).toMatch(/not valid/);
    }
    expect((await consentOf(other)).marketing.email).toBe(true);
    expect((await consentOf(shopper)).marketing.email).toBe(true);

    const res = await oneClick(url);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ message: string }>().message).toMatch(/unsubscribed/);
    const consent = await consentOf(shopper);
    expect(consent.marketing.email).toBe(false);
    expect(consent.states.find((s) => s.channel === 'email')).toMatchObject({ granted: false, source: 'link' });

    // No more reminders by email, and a second press is no error.
    await setCart(shop.app, shopper, world.productId, world.variants.small, 2);
    await idle(shopper, 30);
    expect(await tick(shopper)).toEqual([SUBJECT]);
    expect((await oneClick(url)).statusCode).toBe(200);
  });
});

describe('the back office’s figures', () => {
  const figures = async () => {
    const res = await shop.app.inject({ url: '/api/v1/admin/messages', headers: admin.admin });
    expect(res.statusCode, res.body).toBe(200);
    return CartReminderFigures.parse(res.json<{ cart_reminders: unknown }>().cart_reminders);
  };

  it('count the reminders sent and those followed by an order within 7 days', async () => {
    const before = await figures();
    const buyer = await shopperWithCart('figures-buyer');
    const late = await shopperWithCart('figures-late');
    const idleOne = await shopperWithCart('figures-idle');
    for (const s of [buyer, late, idleOne]) {
      await idle(s, 2);
      expect(await tick(s)).toEqual([SUBJECT]);
    }
    await placeOrder(shop.app, buyer);
    // The late one orders 8 days after the reminder: not one it led to.
    await db()
      .update(cartReminders)
      .set({ sentAt: sql`now() - interval '8 days'` })
      .where(eq(cartReminders.userId, late.user.id));
    await placeOrder(shop.app, late);

    const after = await figures();
    expect(after).toMatchObject({ enabled: true, days: 30 });
    expect(after.sent - before.sent).toBe(3);
    expect(after.ordered - before.ordered).toBe(1);
  });
});
