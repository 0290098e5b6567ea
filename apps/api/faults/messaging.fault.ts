import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { rows } from '../src/db/client';
import { FakeWhatsApp } from '../test/fake-whatsapp';
import { assertBuilt, Scenario, sleep, until } from './harness';
import { checkInvariants } from './invariants';
import { Load } from './load';

/**
 * WhatsApp down for a while: orders go on, and the order messages wait in the
 * outbox and are retried with backoff (docs/product.md 'Messages to shoppers'),
 * so once the provider is back each message is sent, once; none is lost
 * silently or left queued.
 */

const WHATSAPP = { token: 'fault-whatsapp-token', phoneNumberId: '100000000000009', appSecret: 'fault-app-secret' };
const PAID = new Set(['packaging', 'shipped', 'delivered']);

interface MessageRow {
  order_id: number | null;
  template: string;
  status: string;
  provider_id: string | null;
}

describe('the messaging provider down for a while', () => {
  let s: Scenario;
  let whatsapp: FakeWhatsApp;
  beforeAll(async () => {
    assertBuilt();
    whatsapp = await FakeWhatsApp.start(WHATSAPP);
    s = await Scenario.open('WhatsApp refusing every message (503), then back', {
      WHATSAPP_TOKEN: WHATSAPP.token,
      WHATSAPP_PHONE_NUMBER_ID: WHATSAPP.phoneNumberId,
      WHATSAPP_APP_SECRET: WHATSAPP.appSecret,
      WHATSAPP_API_BASE: whatsapp.url,
    });
  });
  afterAll(async () => {
    await s?.close();
    await whatsapp?.close();
  });

  it('orders go on; every order message is sent once the provider is back', async () => {
    await s.start();
    const load = new Load(() => s.url, s.provider, s.variants);
    await load.addShoppers(4);
    const agreeing = load.shoppers.filter((sh) => !sh.guest);
    for (const shopper of agreeing) await shopper.agreeToWhatsApp();
    load.start();
    await sleep(1_000);

    whatsapp.down = true;
    const ordersBefore = load.shoppers.reduce((n, sh) => n + sh.acked.orders.size, 0);
    await sleep(8_000);
    const ordersDuring = load.shoppers.reduce((n, sh) => n + sh.acked.orders.size, 0) - ordersBefore;
    whatsapp.down = false;
    const back = Date.now();
    await sleep(2_000);
    await load.stop();
    await s.provider.drain();

    // The owner's list of messages, read over HTTP (PGlite's database is the shop's own while it runs).
    const token = await load.owner();
    const waiting = async () => {
      const res = await load.call('owner-messages', 'GET', '/admin/messages?status=queued&limit=200', { token });
      return res.ok && res.status === 200 ? (res.body as { data: unknown[] }).data.length : -1;
    };
    const settled = await until(async () => (await waiting()) === 0, 120_000, 'every queued message sent');
    s.check('orders placed while the provider refused', ordersDuring > 0, `${ordersDuring} orders`);
    s.check('the provider refused messages meanwhile', whatsapp.refusals > 0, `${whatsapp.refusals} refused`);
    s.note(`the queue empty ${Date.now() - back} ms after the provider came back (${settled} ms of waiting)`);

    const data = await s.read(async (db) => ({
      messages: await rows<MessageRow>(
        db,
        sql`select order_id, template, status, provider_id from shopper_messages where channel = 'whatsapp'`,
      ),
      orders: await rows<{ id: number; user_id: number; status: string; payment_method: string }>(
        db,
        sql`select id, user_id, status, payment_method from orders`,
      ),
    }));
    const notSent = data.messages.filter((m) => !['sent', 'delivered', 'read'].includes(m.status));
    s.check(
      'no message lost or given up',
      notSent.length === 0,
      `${data.messages.length} messages; not sent: ${notSent.map((m) => `${m.template}#${m.order_id}:${m.status}`).join(',')}`,
    );
    const ids = data.messages.map((m) => m.provider_id);
    const taken = new Set(whatsapp.sent.map((m) => m.id));
    s.check(
      'each message taken by the provider once, and recorded with its id',
      whatsapp.sent.length === data.messages.length && ids.every((id) => id !== null && taken.has(id)),
      `${whatsapp.sent.length} taken by the provider, ${data.messages.length} written`,
    );
    const agreed = new Set(agreeing.map((sh) => sh.userId));
    const expected = data.orders.filter(
      (o) => agreed.has(Number(o.user_id)) && (o.payment_method === 'COD' || PAID.has(o.status)),
    );
    const missing = expected.filter((o) => {
      const template = o.payment_method === 'COD' ? 'order_placed' : 'order_paid';
      return data.messages.filter((m) => Number(m.order_id) === Number(o.id) && m.template === template).length !== 1;
    });
    s.check(
      'every paid or COD order of an agreeing shopper has its one message',
      expected.length > 0 && missing.length === 0,
      `${expected.length} orders; missing: ${missing.map((o) => o.id).join(',')}`,
    );
    await checkInvariants(s, load);
    s.report();
  });
});
