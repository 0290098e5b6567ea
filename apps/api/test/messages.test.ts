import { randomInt } from 'node:crypto';
import {
  AdminMessages,
  COD_DEFAULTS,
  MessageConsent,
  MessageConsentResponse,
  PlaceOrderResponse,
  normaliseMobile,
  type Order,
} from '@shop/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopperMessages } from '../src/modules/messages/messages.schema';
import { mailOutbox } from '../src/modules/mail/mail.schema';
import { ChannelError } from '../src/modules/messages/channel';
import { fireOrderEvent } from '../src/modules/orders/lifecycle/fire';
import { Msg91Channel } from '../src/modules/messages/msg91.channel';
import { MESSAGE_KEYS, type MessageKey } from '../src/modules/messages/templates';
import { WhatsAppChannel } from '../src/modules/messages/whatsapp.channel';
import { startFakeMsg91, type FakeMsg91 } from './fake-msg91';
import { startFakeWhatsApp, type FakeWhatsApp } from './fake-whatsapp';
import { createTestShop, expectError, type TestShop } from './helpers';
import { orderWorld, type OrderWorld } from './order-world';
import { INDIAN_ADDRESS, addAddress, setCart, signUp, type Shopper } from './shoppers';
import { signUpStaff } from './staff';

const WA = { token: 'EAAG-test-token', phoneNumberId: '106540352242922', appSecret: 'app-secret-for-tests' };
const SMS = { authkey: 'msg91-authkey-test', webhookToken: 'msg91-webhook-token-0123456789' };
const templateId = (key: MessageKey) => `tpl-${key}`;

let wa: FakeWhatsApp;
let sms: FakeMsg91;
let shop: TestShop;
let world: OrderWorld;

beforeAll(async () => {
  wa = await startFakeWhatsApp(WA);
  sms = await startFakeMsg91({ authkey: SMS.authkey, templateIds: MESSAGE_KEYS.map(templateId) });
  shop = await createTestShop({
    WHATSAPP_TOKEN: WA.token,
    WHATSAPP_PHONE_NUMBER_ID: WA.phoneNumberId,
    WHATSAPP_APP_SECRET: WA.appSecret,
    WHATSAPP_VERIFY_TOKEN: 'verify-me',
    WHATSAPP_API_BASE: wa.url,
    MSG91_AUTHKEY: SMS.authkey,
    MSG91_TEMPLATE_IDS: MESSAGE_KEYS.map((k) => `${k}=${templateId(k)}`).join(','),
    MSG91_WEBHOOK_TOKEN: SMS.webhookToken,
    MSG91_API_BASE: sms.url,
  });
  world = await orderWorld(shop);
});
afterAll(async () => {
  await shop?.close();
  await wa?.close();
  await sms?.close();
});

const db = () => shop.database.db;
/** A mobile of its own per test: a STOP from one number touches no other test's shopper. */
const newMobile = () => `9${randomInt(100_000_000, 999_999_999)}`;
const later = (hours: number) => new Date(Date.now() + hours * 3_600_000);

async function choose(shopper: Shopper, choice: { whatsapp: boolean; sms: boolean }) {
  const res = await shop.app.inject({
    method: 'PUT',
    url: '/api/v1/user/message-consent',
    headers: shopper.auth,
    payload: choice,
  });
  expect(res.statusCode, res.body).toBe(200);
  return MessageConsentResponse.parse(res.json()).data;
}

async function consentOf(shopper: Shopper) {
  const res = await shop.app.inject({ url: '/api/v1/user/message-consent', headers: shopper.auth });
  expect(res.statusCode, res.body).toBe(200);
  return MessageConsent.parse(res.json());
}

/** A shopper (who chose `channels`) orders to `phone` and pays; the outbox runs unless told not to. */
async function paidOrder(
  phone: string,
  channels: { whatsapp: boolean; sms: boolean } = { whatsapp: true, sms: true },
  opts: { drain?: boolean } = {},
): Promise<{ shopper: Shopper; order: Order }> {
  const shopper = await signUp(shop.app, 'msg');
  await choose(shopper, channels);
  await setCart(shop.app, shopper, world.productId, world.variants.small, 1);
  const address = await addAddress(shop.app, shopper, { ...INDIAN_ADDRESS, phone });
  const res = await shop.app.inject({
    method: 'POST',
    url: '/api/v1/orders',
    headers: shopper.auth,
    payload: { address, shipping_type: 'standard', payment_method: 'ONLINE' },
  });
  expect(res.statusCode, res.body).toBe(201);
  const order = PlaceOrderResponse.parse(res.json()).data[0]!;
  await world.pay(shopper, order);
  if (opts.drain !== false) await world.drain();
  return { shopper, order };
}

const messagesOf = (orderId: number) =>
  db().select().from(shopperMessages).where(eq(shopperMessages.orderId, orderId)).orderBy(shopperMessages.id);
const messageOf = async (orderId: number, channel: 'whatsapp' | 'sms') =>
  (await messagesOf(orderId)).find((m) => m.channel === channel);

const postWebhook = (url: string, payload: string, headers: Record<string, string> = {}) =>
  shop.app.inject({ method: 'POST', url, payload, headers: { 'content-type': 'application/json', ...headers } });
const msg91Url = (what: 'report' | 'inbound', token = SMS.webhookToken) =>
  `/api/v1/messages/msg91/${what}?token=${encodeURIComponent(token)}`;

describe('phone numbers', () => {
  it('are normalised to E.164 and refused, with words, when not an Indian mobile', () => {
    for (const typed of ['9876543210', '+91 98765 43210', '+91-98765-43210', '919876543210', '098765 43210']) {
      expect(normaliseMobile(typed)).toEqual({ ok: true, e164: '+919876543210' });
    }
    for (const typed of ['2212345678', '12345', '+44 7700 900123', '']) {
      const answer = normaliseMobile(typed);
      expect(answer.ok).toBe(false);
      if (!answer.ok) expect(answer.message).toMatch(/not an Indian (mobile )?number/);
    }
  });
});

describe('consent', () => {
  it('is off until chosen; each change is recorded with its time and source, and is in the data export', async () => {
    const shopper = await signUp(shop.app, 'consent');
    const before = await consentOf(shopper);
    expect(before.available).toEqual({ whatsapp: true, sms: true });
    expect(before.orders).toEqual({ whatsapp: false, sms: false });
    expect(before.states.every((s) => !s.granted && s.at === null)).toBe(true);

    expect((await choose(shopper, { whatsapp: true, sms: false })).orders).toEqual({ whatsapp: true, sms: false });
    await choose(shopper, { whatsapp: true, sms: false }); // saved again: nothing new to record
    const after = await choose(shopper, { whatsapp: false, sms: true });
    expect(after.orders).toEqual({ whatsapp: false, sms: true });
    const whatsapp = after.states.find((s) => s.channel === 'whatsapp' && s.purpose === 'orders')!;
    expect(whatsapp).toMatchObject({ granted: false, source: 'account' });
    expect(whatsapp.at).not.toBeNull();
    // Marketing is its own purpose: choosing order messages never agrees to it.
    expect(after.states.filter((s) => s.purpose === 'marketing').every((s) => !s.granted)).toBe(true);

    const res = await shop.app.inject({ url: '/api/v1/user/export', headers: shopper.auth });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json<{ message_consents: { channel: string; granted: boolean; source: string; at: string }[] }>();
    expect(data.message_consents.map((c) => [c.channel, c.granted, c.source])).toEqual([
      ['whatsapp', true, 'account'],
      ['whatsapp', false, 'account'],
      ['sms', true, 'account'],
    ]);
  });

  it('refuses a body that is not two yes-or-no choices, in words', async () => {
    const shopper = await signUp(shop.app, 'consentbad');
    const res = await shop.app.inject({
      method: 'PUT',
      url: '/api/v1/user/message-consent',
      headers: shopper.auth,
      payload: { whatsapp: 'yes please' },
    });
    const body = expectError(res, 400);
    expect(body.errors.join(' ')).toMatch(/whatsapp must be true or false|sms must be true or false/);
  });
});

describe('the checkout', () => {
  /** Orders the cart with the checkout's ticks for order messages (left out: none sent). */
  async function orderWith(
    who: { auth: { authorization: string } },
    address: number,
    order_messages?: { whatsapp: boolean; sms: boolean },
  ): Promise<Order> {
    const res = await shop.app.inject({
      method: 'POST',
      url: '/api/v1/orders',
      headers: who.auth,
      payload: {
        address,
        shipping_type: 'standard',
        payment_method: 'ONLINE',
        ...(order_messages && { order_messages }),
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return PlaceOrderResponse.parse(res.json()).data[0]!;
  }

  it("lets a guest agree to WhatsApp for their order's news: recorded as from the checkout, sent to the order's phone", async () => {
    const started = await shop.app.inject({ method: 'POST', url: '/api/v1/guest/session' });
    expect(started.statusCode, started.body).toBe(201);
    const guest = { auth: { authorization: `Bearer ${started.json<{ token: string }>().token}` } };
    const phone = newMobile();
    await setCart(shop.app, guest as Shopper, world.productId, world.variants.small, 1);
    const saved = await shop.app.inject({
      method: 'PUT',
      url: '/api/v1/guest/details',
      headers: guest.auth,
      payload: { ...INDIAN_ADDRESS, phone, name: 'Guest Meera', email: `guest.${phone}@example.com` },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // A guest reads the choice the checkout starts from (nothing agreed yet); only an account changes it on a form.
    expect((await consentOf(guest as Shopper)).orders).toEqual({ whatsapp: false, sms: false });
    expectError(
      await shop.app.inject({
        method: 'PUT',
        url: '/api/v1/user/message-consent',
        headers: guest.auth,
        payload: { whatsapp: true, sms: true },
      }),
      401,
    );

    const order = await orderWith(guest, saved.json<{ data: { id: number } }>().data.id, {
      whatsapp: true,
      sms: false,
    });
    const consent = await consentOf(guest as Shopper);
    expect(consent.orders).toEqual({ whatsapp: true, sms: false });
    expect(consent.states.find((s) => s.channel === 'whatsapp' && s.purpose === 'orders')).toMatchObject({
      granted: true,
      source: 'checkout',
    });
    await world.pay(guest as Shopper, order);
    await world.drain();
    expect((await messagesOf(order.id)).map((m) => [m.channel, m.template, m.status, m.to])).toEqual([
      ['whatsapp', 'order_paid', 'sent', `+91${phone}`],
    ]);
  });

  it("withdraws an account's consent when unticked there, and leaves it as it was when the ticks are left out", async () => {
    const shopper = await signUp(shop.app, 'ticks');
    await choose(shopper, { whatsapp: true, sms: true });
    const address = await addAddress(shop.app, shopper, { ...INDIAN_ADDRESS, phone: newMobile() });
    await setCart(shop.app, shopper, world.productId, world.variants.small, 1);
    await orderWith(shopper, address);
    expect((await consentOf(shopper)).orders).toEqual({ whatsapp: true, sms: true });
    await setCart(shop.app, shopper, world.productId, world.variants.small, 1);
    const order = await orderWith(shopper, address, { whatsapp: false, sms: true });
    const consent = await consentOf(shopper);
    expect(consent.orders).toEqual({ whatsapp: false, sms: true });
    expect(consent.states.find((s) => s.channel === 'whatsapp' && s.purpose === 'orders')?.source).toBe('checkout');
    await world.pay(shopper, order);
    await world.drain();
    expect((await messagesOf(order.id)).map((m) => m.channel)).toEqual(['sms']);
  });

  it('refuses ticks that are not true or false, in words, and places nothing', async () => {
    const shopper = await signUp(shop.app, 'badticks');
    const address = await addAddress(shop.app, shopper);
    await setCart(shop.app, shopper, world.productId, world.variants.small, 1);
    const res = await shop.app.inject({
      method: 'POST',
      url: '/api/v1/orders',
      headers: shopper.auth,
      payload: { address, payment_method: 'ONLINE', order_messages: { whatsapp: 'on', sms: false } },
    });
    expect(expectError(res, 400).errors.join(' ')).toMatch(/whatsapp must be true or false/);
    const mine = await shop.app.inject({ url: '/api/v1/orders', headers: shopper.auth });
    expect(mine.json<{ data: unknown[] }>().data).toEqual([]);
  });
});

describe('order messages', () => {
  it('go, once the order is paid, to the checkout phone on each channel the shopper agreed to', async () => {
    const phone = newMobile();
    const { shopper, order } = await paidOrder(phone);

    const toWa = wa.sent.filter((s) => s.to === `91${phone}`);
    expect(toWa).toHaveLength(1);
    expect(toWa[0]).toMatchObject({ name: 'order_paid', language: 'en' });
    expect(toWa[0]!.params).toEqual(['msg', String(order.id), expect.stringMatching(/^[\d,]+(\.\d\d)?$/)]);
    expect(toWa[0]!.headers.authorization).toBe(`Bearer ${WA.token}`);

    const toSms = sms.sent.filter((s) => s.mobiles === `91${phone}`);
    expect(toSms).toHaveLength(1);
    expect(toSms[0]).toMatchObject({ templateId: templateId('order_paid') });
    expect(toSms[0]!.vars).toMatchObject({ name: 'msg', order: String(order.id) });
    expect(toSms[0]!.headers.authkey).toBe(SMS.authkey);

    const rows = await messagesOf(order.id);
    expect(rows.map((r) => [r.channel, r.status, r.to])).toEqual([
      ['whatsapp', 'sent', `+91${phone}`],
      ['sms', 'sent', `+91${phone}`],
    ]);
    expect(rows.map((r) => r.providerId)).toEqual([toWa[0]!.id, toSms[0]!.requestId]);
    // The mail is sent as before, whatever the channels.
    const mails = await db().select().from(mailOutbox).where(eq(mailOutbox.to, shopper.email));
    expect(mails.length).toBeGreaterThan(0);
  });

  it('follow the order: shipped with its link, delivered, and money back with how it comes back', async () => {
    const phone = newMobile();
    const { order } = await paidOrder(phone, { whatsapp: false, sms: true });
    await fireOrderEvent(world.staff(), order.id, { type: 'ship', trackingUrl: 'https://track.example/AWB9' });
    await fireOrderEvent(world.staff(), order.id, { type: 'deliver' });
    await fireOrderEvent(world.admin(), order.id, { type: 'goodwill_refund', amountPaise: 20_000, note: 'Late' });
    await world.drain();
    // One of each, in whatever order the outbox delivered them (PostgreSQL runs its steps side by side).
    const toSms = sms.sent.filter((s) => s.mobiles === `91${phone}`);
    expect(toSms.map((s) => s.templateId).sort()).toEqual(
      ['order_paid', 'order_shipped', 'order_delivered', 'refund'].map((k) => templateId(k as MessageKey)).sort(),
    );
    const sent = (key: MessageKey) => toSms.find((s) => s.templateId === templateId(key))!;
    expect(sent('order_shipped').vars).toMatchObject({ link: 'https://track.example/AWB9' });
    expect(sent('refund').vars).toMatchObject({ amount: '200', order: String(order.id), how: 'to the way you paid' });
  });

  it('are not sent to a shopper who did not agree, on that channel', async () => {
    const phone = newMobile();
    const { order } = await paidOrder(phone, { whatsapp: false, sms: true });
    expect(wa.sent.filter((s) => s.to === `91${phone}`)).toHaveLength(0);
    expect(sms.sent.filter((s) => s.mobiles === `91${phone}`)).toHaveLength(1);
    expect((await messagesOf(order.id)).map((m) => m.channel)).toEqual(['sms']);
  });

  it('to a checkout phone that is no mobile are recorded as failed, saying why', async () => {
    const { order } = await paidOrder('2212345678', { whatsapp: true, sms: false });
    const m = await messageOf(order.id, 'whatsapp');
    expect(m).toMatchObject({ status: 'failed', attempts: 0 });
    expect(m!.error).toMatch(/not an Indian mobile number/);
  });

  it('refused by WhatsApp (a number not on WhatsApp) fail at once, without retrying', async () => {
    const phone = newMobile();
    wa.notOnWhatsApp.add(`91${phone}`);
    const { order } = await paidOrder(phone, { whatsapp: true, sms: false });
    await world.drain(later(2));
    const m = await messageOf(order.id, 'whatsapp');
    expect(m).toMatchObject({ status: 'failed', attempts: 1 });
    expect(m!.error).toMatch(/131030|not in allowed list/);
  });

  it('refused by MSG91 with a 200 and type error fail at once', async () => {
    const phone = newMobile();
    sms.failNext({ status: 200, body: { type: 'error', message: 'Mobile number is not valid' } });
    const { order } = await paidOrder(phone, { whatsapp: false, sms: true });
    await world.drain(later(2));
    expect(await messageOf(order.id, 'sms')).toMatchObject({
      status: 'failed',
      attempts: 1,
      error: 'Mobile number is not valid',
    });
  });

  it('are retried after a provider 5xx, then sent', async () => {
    const phone = newMobile();
    wa.failNext();
    sms.failNext();
    const { order } = await paidOrder(phone);
    for (const channel of ['whatsapp', 'sms'] as const) {
      expect(await messageOf(order.id, channel)).toMatchObject({ status: 'queued', attempts: 1 });
    }
    await world.drain(later(0.01)); // past the first backoff (5 s)
    for (const channel of ['whatsapp', 'sms'] as const) {
      expect(await messageOf(order.id, channel)).toMatchObject({ status: 'sent', attempts: 2, error: null });
    }
    expect(wa.sent.filter((s) => s.to === `91${phone}`)).toHaveLength(1);
  });

  it('are given up after the last retry: failed, and listed for the owner', async () => {
    const phone = newMobile();
    wa.failNext(undefined, 8);
    const { order } = await paidOrder(phone, { whatsapp: true, sms: false });
    for (let hour = 1; hour <= 10; hour += 1) await world.drain(later(hour));
    const m = await messageOf(order.id, 'whatsapp');
    expect(m).toMatchObject({ status: 'failed', attempts: 8 });
    expect(wa.sent.filter((s) => s.to === `91${phone}`)).toHaveLength(0);

    const owner = await signUpStaff(shop.app, 'admin', 'msgowner');
    const res = await shop.app.inject({ url: '/api/v1/admin/messages?status=failed', headers: owner.admin });
    expect(res.statusCode, res.body).toBe(200);
    const list = AdminMessages.parse(res.json());
    expect(list.failed_recently).toBeGreaterThanOrEqual(1);
    expect(list.templates.map((t) => t.key)).toEqual([
      'order_placed',
      'order_paid',
      'cod_code',
      'order_shipped',
      'order_delivered',
      'refund',
      'cart_reminder',
      'back_in_stock',
    ]);
    expect(list.templates.find((t) => t.key === 'refund')?.params).toEqual(['name', 'amount', 'order', 'how']);
    const listed = list.data.find((r) => r.id === m!.id);
    expect(listed).toMatchObject({ status: 'failed', channel: 'whatsapp', order_id: order.id, template: 'order_paid' });
    expect(listed!.to).not.toContain(phone); // masked on the owner's screen
    const staff = await signUpStaff(shop.app, 'staff', 'msgstaff');
    expectError(await shop.app.inject({ url: '/api/v1/admin/messages', headers: staff.admin }), 403);
  });

  it('already queued are not sent once the shopper withdraws consent', async () => {
    const phone = newMobile();
    wa.failNext();
    const { shopper, order } = await paidOrder(phone, { whatsapp: true, sms: false });
    expect(await messageOf(order.id, 'whatsapp')).toMatchObject({ status: 'queued' });
    await choose(shopper, { whatsapp: false, sms: false });
    await world.drain(later(1));
    expect(await messageOf(order.id, 'whatsapp')).toMatchObject({ status: 'cancelled', attempts: 1 });
    expect(wa.sent.filter((s) => s.to === `91${phone}`)).toHaveLength(0);
  });
});

describe('cash on delivery', () => {
  it("sends the order's code on the shopper's channels, blanks it once sent, and confirms the order there too", async () => {
    const owner = await signUpStaff(shop.app, 'admin', 'codowner');
    const set = await shop.app.inject({
      method: 'PUT',
      url: '/api/v1/admin/settings',
      headers: owner.admin,
      payload: { cod: { ...COD_DEFAULTS, enabled: true } },
    });
    expect(set.statusCode, set.body).toBe(200);
    const phone = newMobile();
    const shopper = await signUp(shop.app, 'cod');
    await choose(shopper, { whatsapp: true, sms: false });
    await setCart(shop.app, shopper, world.productId, world.variants.small, 1);
    const address = await addAddress(shop.app, shopper, { ...INDIAN_ADDRESS, phone });
    const res = await shop.app.inject({
      method: 'POST',
      url: '/api/v1/orders',
      headers: shopper.auth,
      payload: { address, shipping_type: 'standard', payment_method: 'COD' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const order = PlaceOrderResponse.parse(res.json()).data[0]!;
    await world.drain();

    const codeMessage = wa.sent.find((s) => s.to === `91${phone}` && s.name === 'cod_code');
    expect(codeMessage?.params).toEqual([expect.stringMatching(/^\d{6}$/)]);
    const stored = (await messagesOf(order.id)).find((m) => m.template === 'cod_code')!;
    expect(stored.status).toBe('sent');
    expect(JSON.stringify(stored.params)).not.toContain(codeMessage!.params[0]);

    const confirmed = await shop.app.inject({
      method: 'POST',
      url: `/api/v1/orders/${order.id}/cod-confirmation`,
      headers: shopper.auth,
      payload: { code: codeMessage!.params[0] },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    await world.drain();
    expect(wa.sent.find((s) => s.to === `91${phone}` && s.name === 'order_placed')?.params).toEqual([
      'cod',
      String(order.id),
      expect.stringMatching(/^[\d,]+(\.\d\d)?$/),
    ]);
  });
});

describe('WhatsApp webhooks', () => {
  it("answer Meta's verification with the challenge only for the right token", async () => {
    const ok = await shop.app.inject({
      url: '/api/v1/messages/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=verify-me&hub.challenge=1158201444',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe('1158201444');
    const odd = await shop.app.inject({
      url: '/api/v1/messages/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=verify-me&hub.challenge=%3Cscript%3E',
    });
    expectError(odd, 400);
    const wrong = await shop.app.inject({
      url: '/api/v1/messages/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=guess&hub.challenge=1',
    });
    expectError(wrong, 403);
  });

  it('move a message to delivered and read, never back; a bad signature is refused and changes nothing', async () => {
    const phone = newMobile();
    const { order } = await paidOrder(phone, { whatsapp: true, sms: false });
    const m = (await messageOf(order.id, 'whatsapp'))!;
    const url = '/api/v1/messages/whatsapp/webhook';

    const forged = wa.statusWebhook(m.providerId!, 'read', 'not-the-app-secret');
    expectError(await postWebhook(url, forged.payload, forged.headers), 401);
    expectError(await postWebhook(url, forged.payload), 401);
    expect(await messageOf(order.id, 'whatsapp')).toMatchObject({ status: 'sent' });

    for (const [status, expected] of [
      ['delivered', 'delivered'],
      ['read', 'read'],
      ['delivered', 'read'], // late
      ['failed', 'read'], // another device: what was read stays read
    ] as const) {
      const hook = wa.statusWebhook(m.providerId!, status);
      const res = await postWebhook(url, hook.payload, hook.headers);
      expect(res.statusCode, res.body).toBe(200);
      expect(await messageOf(order.id, 'whatsapp')).toMatchObject({ status: expected });
    }
  });

  it('STOP from a shopper withdraws their WhatsApp consent at once, and no more messages go there', async () => {
    const phone = newMobile();
    const { shopper, order } = await paidOrder(phone, { whatsapp: true, sms: true });
    const stop = wa.replyWebhook(`91${phone}`, 'STOP');
    const res = await postWebhook('/api/v1/messages/whatsapp/webhook', stop.payload, stop.headers);
    expect(res.statusCode, res.body).toBe(200);

    const consent = await consentOf(shopper);
    expect(consent.orders).toEqual({ whatsapp: false, sms: true });
    // Marketing was never agreed to: it stays off, with nothing to withdraw.
    expect(consent.states.filter((s) => s.channel === 'whatsapp').map((s) => [s.purpose, s.granted, s.source])).toEqual(
      [
        ['orders', false, 'whatsapp_stop'],
        ['marketing', false, null],
      ],
    );

    // The next event of the order goes by SMS only.
    await fireOrderEvent(world.staff(), order.id, { type: 'ship', trackingUrl: 'https://track.example/AWB123' });
    await world.drain();
    const shipped = (await messagesOf(order.id)).filter((m) => m.template === 'order_shipped');
    expect(shipped.map((m) => m.channel)).toEqual(['sms']);
    expect(
      sms.sent.find((s) => s.mobiles === `91${phone}` && s.templateId === templateId('order_shipped'))?.vars,
    ).toMatchObject({ link: 'https://track.example/AWB123' });
  });
});

describe('MSG91 webhooks', () => {
  it('update a message from its delivery report; without the token they are refused', async () => {
    const phone = newMobile();
    const { order } = await paidOrder(phone, { whatsapp: false, sms: true });
    const m = (await messageOf(order.id, 'sms'))!;
    expectError(await postWebhook(msg91Url('report', 'wrong-token-wrong-token'), sms.report(m.providerId!, '1')), 401);
    expectError(await postWebhook('/api/v1/messages/msg91/report', sms.report(m.providerId!, '1')), 401);
    expect(await messageOf(order.id, 'sms')).toMatchObject({ status: 'sent' });

    const res = await postWebhook(msg91Url('report'), sms.report(m.providerId!, '1'));
    expect(res.statusCode, res.body).toBe(200);
    expect(await messageOf(order.id, 'sms')).toMatchObject({ status: 'delivered' });
  });

  it('a failed report fails the message with its reason', async () => {
    const phone = newMobile();
    const { order } = await paidOrder(phone, { whatsapp: false, sms: true });
    const m = (await messageOf(order.id, 'sms'))!;
    await postWebhook(msg91Url('report'), sms.report(m.providerId!, '17', 'Blocked number'));
    expect(await messageOf(order.id, 'sms')).toMatchObject({ status: 'failed', error: 'Blocked number' });
  });

  it('an SMS reply of STOP withdraws SMS consent at once', async () => {
    const phone = newMobile();
    const { shopper } = await paidOrder(phone, { whatsapp: true, sms: true });
    const res = await postWebhook(msg91Url('inbound'), sms.inbound(`91${phone}`, 'stop'));
    expect(res.statusCode, res.body).toBe(200);
    const consent = await consentOf(shopper);
    expect(consent.orders).toEqual({ whatsapp: true, sms: false });
    expect(consent.states.find((s) => s.channel === 'sms' && s.purpose === 'orders')?.source).toBe('sms_stop');
  });
});

describe('webhooks over HTTP', () => {
  it('the fakes post their signed webhooks to the listening shop, which applies them', async () => {
    const phone = newMobile();
    const { order } = await paidOrder(phone);
    const address = await shop.app.listen({ host: '127.0.0.1', port: 0 });
    const waMessage = (await messageOf(order.id, 'whatsapp'))!;
    const smsMessage = (await messageOf(order.id, 'sms'))!;

    const read = await wa.post(
      `${address}/api/v1/messages/whatsapp/webhook`,
      wa.statusWebhook(waMessage.providerId!, 'read'),
    );
    expect(read.status).toBe(200);
    const forged = await wa.post(
      `${address}/api/v1/messages/whatsapp/webhook`,
      wa.statusWebhook(waMessage.providerId!, 'failed', 'guessed-secret'),
    );
    expect(forged.status).toBe(401);
    const report = await sms.post(`${address}${msg91Url('report')}`, sms.report(smsMessage.providerId!, '1'));
    expect(report.status).toBe(200);

    expect(await messageOf(order.id, 'whatsapp')).toMatchObject({ status: 'read' });
    expect(await messageOf(order.id, 'sms')).toMatchObject({ status: 'delivered' });
  });
});

describe('the adapters against the fakes', () => {
  it('a bad WhatsApp token is refused (401) and not retried', async () => {
    const channel = new WhatsAppChannel({
      ...WA,
      token: 'expired',
      apiBase: wa.url,
      apiVersion: 'v21.0',
      language: 'en',
    });
    const sent = channel.send({ to: '+919876543210', template: 'order_delivered', params: [] });
    await expect(sent).rejects.toBeInstanceOf(ChannelError);
    await expect(sent).rejects.toMatchObject({ status: 401, code: '190', retryable: false });
  });

  it('a bad MSG91 authkey is refused (401) and not retried', async () => {
    const channel = new Msg91Channel({
      authkey: 'wrong',
      templateIds: Object.fromEntries(MESSAGE_KEYS.map((k) => [k, templateId(k)])),
      webhookToken: undefined,
      apiBase: sms.url,
    });
    const sent = channel.send({ to: '+919876543210', template: 'order_delivered', params: [] });
    await expect(sent).rejects.toMatchObject({ status: 401, retryable: false, message: 'Authentication failure' });
  });

  it('a provider that cannot be reached is a retryable failure', async () => {
    const channel = new WhatsAppChannel({ ...WA, apiBase: 'http://127.0.0.1:9', apiVersion: 'v21.0', language: 'en' });
    await expect(channel.send({ to: '+919876543210', template: 'order_delivered', params: [] })).rejects.toMatchObject({
      retryable: true,
      code: 'NETWORK',
    });
  });
});

describe('messages in the database', () => {
  it('lose their number and words when the account is deleted; its queued ones are cancelled', async () => {
    const phone = newMobile();
    wa.failNext();
    const { shopper, order } = await paidOrder(phone, { whatsapp: true, sms: true });
    expect((await messagesOf(order.id)).map((m) => m.status)).toEqual(['queued', 'sent']);
    const res = await shop.app.inject({
      method: 'POST',
      url: '/api/v1/user/delete',
      headers: shopper.auth,
      payload: { password: shopper.password },
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await messagesOf(order.id);
    expect(rows.map((m) => [m.channel, m.status, m.to, m.params])).toEqual([
      ['whatsapp', 'cancelled', '', []],
      ['sms', 'sent', '', []],
    ]);
    await world.drain(later(1));
    expect(wa.sent.filter((s) => s.to === `91${phone}`)).toHaveLength(0);
  });

  it('are keyed once per outbox step and channel', async () => {
    const phone = newMobile();
    const { order } = await paidOrder(phone);
    const rows = await db()
      .select()
      .from(shopperMessages)
      .where(and(eq(shopperMessages.orderId, order.id), eq(shopperMessages.template, 'order_paid')));
    expect(rows).toHaveLength(2);
    expect(new Set(rows.map((r) => r.key)).size).toBe(2);
  });
});
