import type { FastifyBaseLogger } from 'fastify';
import type { Env } from '../../env';
import { MSG91_SETTINGS, WHATSAPP_SETTINGS, messageChannelProblems, msg91TemplateIds } from '../../env-rules';
import type { Channels } from './channel';
import { Msg91Channel } from './msg91.channel';
import { MESSAGE_KEYS } from './templates';
import { WhatsAppChannel } from './whatsapp.channel';

/**
 * The channels the settings turn on (docs/operations.md 'Messages: WhatsApp
 * and SMS'): each with all of its settings, none without any. A half
 * configuration never reaches here in production (env-rules.ts refuses it);
 * elsewhere the channel stays off and the log says why.
 */
export function messageChannels(env: Env, log: FastifyBaseLogger): Channels {
  const channels: Channels = {};
  const problems = messageChannelProblems((name) => env[name as keyof Env] as string | undefined, false);
  const complete = (names: readonly (keyof Env)[]) => names.every((n) => !!env[n]);
  const whatsappProblems = problems.filter((p) => p.includes('WHATSAPP'));
  const smsProblems = problems.filter((p) => p.includes('MSG91'));

  if (complete(WHATSAPP_SETTINGS) && whatsappProblems.length === 0) {
    channels.whatsapp = new WhatsAppChannel({
      token: env.WHATSAPP_TOKEN!,
      phoneNumberId: env.WHATSAPP_PHONE_NUMBER_ID!,
      appSecret: env.WHATSAPP_APP_SECRET!,
      apiBase: env.WHATSAPP_API_BASE,
      apiVersion: env.WHATSAPP_API_VERSION,
      language: env.WHATSAPP_TEMPLATE_LANGUAGE,
    });
  }
  if (complete(MSG91_SETTINGS) && smsProblems.length === 0) {
    const ids = msg91TemplateIds(env.MSG91_TEMPLATE_IDS);
    channels.sms = new Msg91Channel({
      authkey: env.MSG91_AUTHKEY!,
      templateIds: Object.fromEntries(MESSAGE_KEYS.flatMap((k) => (ids.has(k) ? [[k, ids.get(k)!]] : []))),
      webhookToken: env.MSG91_WEBHOOK_TOKEN,
      apiBase: env.MSG91_API_BASE,
    });
  }
  for (const problem of problems) log.warn(`order messages: channel left off: ${problem}`);
  return channels;
}
