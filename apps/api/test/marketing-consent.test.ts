import { MessageConsent, MessageConsentResponse } from '@shop/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, expectError, type TestShop } from './helpers';
import { signUp, type Shopper } from './shoppers';

let shop: TestShop;

beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop?.close());

const put = (shopper: Shopper, payload: Record<string, unknown>) =>
  shop.app.inject({ method: 'PUT', url: '/api/v1/user/message-consent', headers: shopper.auth, payload });
async function consentOf(shopper: Shopper) {
  const res = await shop.app.inject({ url: '/api/v1/user/message-consent', headers: shopper.auth });
  expect(res.statusCode, res.body).toBe(200);
  return MessageConsent.parse(res.json());
}

describe('consent to reminders and back-in-stock news (docs/product.md "Messages to shoppers")', () => {
  it('is off until chosen, on every channel, email included', async () => {
    const shopper = await signUp(shop.app, 'mkt-default');
    const consent = await consentOf(shopper);
    expect(consent.marketing).toEqual({ email: false, whatsapp: false, sms: false });
    expect(consent.states.filter((s) => s.purpose === 'marketing')).toEqual([
      { channel: 'email', purpose: 'marketing', granted: false, at: null, source: null },
      { channel: 'whatsapp', purpose: 'marketing', granted: false, at: null, source: null },
      { channel: 'sms', purpose: 'marketing', granted: false, at: null, source: null },
    ]);
    // Email has no consent for order mails: they are always sent.
    expect(consent.states.filter((s) => s.channel === 'email').map((s) => s.purpose)).toEqual(['marketing']);
  });

  it('is given and withdrawn apart from order messages, each choice recorded with its time and source', async () => {
    const shopper = await signUp(shop.app, 'mkt-choose');
    const orders = await put(shopper, { whatsapp: true, sms: true });
    expect(orders.statusCode, orders.body).toBe(200);
    expect(MessageConsentResponse.parse(orders.json()).data.marketing).toEqual({
      email: false,
      whatsapp: false,
      sms: false,
    });

    const res = await put(shopper, {
      whatsapp: true,
      sms: true,
      marketing: { email: true, whatsapp: false, sms: false },
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = MessageConsentResponse.parse(res.json());
    expect(saved.message).toBe('Your choice of reminders and news is saved.');
    expect(saved.data.marketing).toEqual({ email: true, whatsapp: false, sms: false });
    expect(saved.data.orders).toEqual({ whatsapp: true, sms: true });
    const email = saved.data.states.find((s) => s.channel === 'email')!;
    expect(email).toMatchObject({ granted: true, source: 'account' });
    expect(Date.now() - Date.parse(email.at!)).toBeLessThan(60_000);

    // The order messages' form leaves marketing as it was, and marketing leaves order messages.
    await put(shopper, { whatsapp: false, sms: false });
    expect((await consentOf(shopper)).marketing.email).toBe(true);
    await put(shopper, { whatsapp: false, sms: false, marketing: { email: false, whatsapp: false, sms: false } });
    expect((await consentOf(shopper)).marketing.email).toBe(false);

    // The shopper's copy of their data has every choice, oldest first.
    const data = await shop.app.inject({ url: '/api/v1/user/export', headers: shopper.auth });
    expect(data.statusCode, data.body).toBe(200);
    const history = data.json<{
      message_consents: { channel: string; purpose: string; granted: boolean; source: string }[];
    }>().message_consents;
    expect(history.filter((h) => h.channel === 'email')).toEqual([
      expect.objectContaining({ purpose: 'marketing', granted: true, source: 'account' }),
      expect.objectContaining({ purpose: 'marketing', granted: false, source: 'account' }),
    ]);
  });

  it('refuses a choice that is no yes or no, in words, and changes nothing', async () => {
    const shopper = await signUp(shop.app, 'mkt-bad');
    const body = expectError(
      await put(shopper, { whatsapp: false, sms: false, marketing: { email: 'yes', whatsapp: false, sms: false } }),
      400,
    );
    expect(body.errors.join(' ')).toMatch(/marketing\.email must be true or false/);
    expectError(await put(shopper, { whatsapp: false, sms: false, marketing: { email: true } }), 400);
    expect((await consentOf(shopper)).marketing.email).toBe(false);
  });
});
