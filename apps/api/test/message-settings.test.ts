import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from '../src/env';
import { messageChannels } from '../src/modules/messages/channels';
import { MESSAGE_KEYS, purposeOf } from '../src/modules/messages/templates';

/** A production configuration with nothing missing (as env.test.ts has it). */
const PRODUCTION = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://shop.example',
  SMTP_URL: 'smtps://user:pass@mail.example:465',
  PAYMENT_PROVIDER: 'razorpay',
  RAZORPAY_KEY_ID: 'rzp_live_abc',
  RAZORPAY_KEY_SECRET: 'live_secret',
  RAZORPAY_WEBHOOK_SECRET: 'whsec_live',
  SHOP_EMAIL: 'orders@shop.example',
};
const WHATSAPP = { WHATSAPP_TOKEN: 'EAAG', WHATSAPP_PHONE_NUMBER_ID: '1065403', WHATSAPP_APP_SECRET: 'app-secret' };
const ALL_IDS = MESSAGE_KEYS.map((k) => `${k}=65f0${k.length}a`).join(',');
const MSG91 = { MSG91_AUTHKEY: 'authkey', MSG91_TEMPLATE_IDS: ALL_IDS, MSG91_WEBHOOK_TOKEN: 'a-webhook-token-of-16+' };

function problems(source: Record<string, string>): string[] {
  try {
    loadEnv(source);
  } catch (err) {
    if (err instanceof EnvError)
      return err.message
        .split('\n')
        .slice(1)
        .map((l) => l.trim());
    throw err;
  }
  return [];
}

const warnings: string[] = [];
const log = { warn: (m: string) => warnings.push(m) } as unknown as FastifyBaseLogger;

describe('message channels from the settings', () => {
  it('are off with none of their settings, on with all of them', () => {
    expect(messageChannels(loadEnv(PRODUCTION), log)).toEqual({});
    const both = messageChannels(loadEnv({ ...PRODUCTION, ...WHATSAPP, ...MSG91 }), log);
    expect(Object.keys(both).sort()).toEqual(['sms', 'whatsapp']);
  });

  it('refuse to start in production when half configured, naming what is missing', () => {
    const { WHATSAPP_APP_SECRET: _secret, ...twoOfThree } = WHATSAPP;
    expect(problems({ ...PRODUCTION, ...twoOfThree })).toEqual([
      'WHATSAPP_APP_SECRET: WhatsApp needs WHATSAPP_TOKEN, WHATSAPP_PHONE_NUMBER_ID, WHATSAPP_APP_SECRET together (set them all, or none to leave it off); missing WHATSAPP_APP_SECRET',
    ]);
    expect(problems({ ...PRODUCTION, MSG91_AUTHKEY: 'authkey' })[0]).toMatch(
      /^MSG91_TEMPLATE_IDS: SMS through MSG91 needs/,
    );
    expect(problems({ ...PRODUCTION, ...MSG91, MSG91_WEBHOOK_TOKEN: '' })).toEqual([
      'MSG91_WEBHOOK_TOKEN: required with MSG91 (16+ random characters): delivery reports and STOP replies arrive by webhook, and MSG91 signs none',
    ]);
    expect(problems({ ...PRODUCTION, ...MSG91, MSG91_TEMPLATE_IDS: 'order_paid=1' })).toEqual([
      `MSG91_TEMPLATE_IDS: needs a template id for every order message; missing ${MESSAGE_KEYS.filter((k) => k !== 'order_paid' && purposeOf(k) === 'orders').join(', ')}`,
    ]);
    // A marketing message's SMS template is optional: without its id, SMS does not offer it.
    const orderIds = MESSAGE_KEYS.filter((k) => purposeOf(k) === 'orders').map((k) => `${k}=65f0${k.length}a`);
    expect(orderIds.length).toBeLessThan(MESSAGE_KEYS.length);
    expect(problems({ ...PRODUCTION, ...MSG91, MSG91_TEMPLATE_IDS: orderIds.join(',') })).toEqual([]);
    const sms = messageChannels(loadEnv({ ...PRODUCTION, ...MSG91, MSG91_TEMPLATE_IDS: orderIds.join(',') }), log).sms!;
    expect([sms.offers('order_paid'), sms.offers('back_in_stock')]).toEqual([true, false]);
    expect(problems({ ...PRODUCTION, ...MSG91, MSG91_TEMPLATE_IDS: `${ALL_IDS},shipped=9` })).toEqual([
      `MSG91_TEMPLATE_IDS: no message is called shipped (they are ${MESSAGE_KEYS.join(', ')})`,
    ]);
    expect(problems({ ...PRODUCTION, ...MSG91, MSG91_TEMPLATE_IDS: 'order paid' })[0]).toBe(
      'MSG91_TEMPLATE_IDS: must be key=id pairs separated by commas',
    );
  });

  it('outside production, a half configuration leaves the channel off and says so in the log', () => {
    warnings.length = 0;
    const channels = messageChannels(loadEnv({ WHATSAPP_TOKEN: 'EAAG', ...MSG91, MSG91_WEBHOOK_TOKEN: '' }), log);
    expect(Object.keys(channels)).toEqual(['sms']);
    expect(warnings).toEqual([
      expect.stringMatching(/channel left off: WHATSAPP_PHONE_NUMBER_ID, WHATSAPP_APP_SECRET/),
    ]);
  });
});
