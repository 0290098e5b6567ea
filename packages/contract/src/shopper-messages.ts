// Messages to shoppers on WhatsApp and SMS, and the shopper's consent to them (docs/product.md 'Messages to shoppers').
import { z } from 'zod';

/** The channels besides email, which is always on for receipts. */
export const MESSAGE_CHANNELS = ['whatsapp', 'sms'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];
export const MESSAGE_CHANNEL_LABELS: Record<MessageChannel, string> = { whatsapp: 'WhatsApp', sms: 'SMS' };

/**
 * What a consent is for: messages about the shopper's own orders, or marketing
 * (back in stock, cart reminders), asked for separately and never implied by the first.
 */
export const CONSENT_PURPOSES = ['orders', 'marketing'] as const;
export type ConsentPurpose = (typeof CONSENT_PURPOSES)[number];

/**
 * The channels a shopper may agree to marketing on: email too, which needs consent for
 * marketing (India's DPDP Act 2023) though order mails are always sent. Email has no
 * `orders` purpose: its order mails need none.
 */
export const MARKETING_CHANNELS = ['email', ...MESSAGE_CHANNELS] as const;
export type MarketingChannel = (typeof MARKETING_CHANNELS)[number];
export const MARKETING_CHANNEL_LABELS: Record<MarketingChannel, string> = { email: 'Email', ...MESSAGE_CHANNEL_LABELS };

/** Where a consent or its withdrawal came from: the account's form, a checkout, a STOP reply, a mail's unsubscribe link. */
export const CONSENT_SOURCES = ['account', 'checkout', 'whatsapp_stop', 'sms_stop', 'link'] as const;
export type ConsentSource = (typeof CONSENT_SOURCES)[number];

export const MESSAGE_STATUSES = ['queued', 'sent', 'delivered', 'read', 'failed', 'cancelled'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

const NOT_A_MOBILE =
  'is not an Indian mobile number: it needs 10 digits starting with 6, 7, 8 or 9 (with or without +91 before them).';

/**
 * An Indian mobile number in E.164 (+91 and ten digits starting 6–9), from
 * what a person types (spaces, dashes, a leading 0 or 91, +91); or why not.
 */
export function normaliseMobile(input: string): { ok: true; e164: string } | { ok: false; message: string } {
  const typed = input.trim();
  let digits = typed.replace(/[\s\-().]/g, '');
  if (digits.startsWith('+')) {
    if (!digits.startsWith('+91')) {
      return {
        ok: false,
        message: `${typed} is not an Indian number: order messages go to Indian mobiles (+91) only.`,
      };
    }
    digits = digits.slice(3);
  } else if (/^91\d{10}$/.test(digits)) digits = digits.slice(2);
  else if (/^0\d{10}$/.test(digits)) digits = digits.slice(1);
  if (!/^[6-9]\d{9}$/.test(digits)) return { ok: false, message: `${typed || 'An empty number'} ${NOT_A_MOBILE}` };
  return { ok: true, e164: `+91${digits}` };
}

/** What a consent is given to: a phone channel for either purpose, or any channel (email too) for marketing. */
export type ConsentTopic =
  { channel: MessageChannel; purpose: ConsentPurpose } | { channel: MarketingChannel; purpose: 'marketing' };

/** Every channel and purpose a shopper may be asked about, in the order the account shows them. */
export const CONSENT_TOPICS: readonly ConsentTopic[] = [
  ...MESSAGE_CHANNELS.map((channel) => ({ channel, purpose: 'orders' as const })),
  ...MARKETING_CHANNELS.map((channel) => ({ channel, purpose: 'marketing' as const })),
];

const choiceFields = {
  granted: z.boolean(),
  /** When it was given or withdrawn; null: never asked (off). */
  at: z.string().nullable(),
  source: z.enum(CONSENT_SOURCES).nullable(),
};

/** A shopper's choice for one channel and purpose, and when it was made. */
export const ConsentState = z.union([
  z.object({ channel: z.enum(MESSAGE_CHANNELS), purpose: z.enum(CONSENT_PURPOSES), ...choiceFields }),
  z.object({ channel: z.literal('email'), purpose: z.literal('marketing'), ...choiceFields }),
]);
export type ConsentState = z.infer<typeof ConsentState>;

const channelChoice = (name: string) => z.boolean({ error: `${name} must be true or false` });

export const MessageConsent = z.object({
  /** The channels the shop has configured: a channel that is off is not offered. */
  available: z.object({ whatsapp: z.boolean(), sms: z.boolean() }),
  /** Order messages, per channel, as the shopper chose them last. */
  orders: z.object({ whatsapp: z.boolean(), sms: z.boolean() }),
  /** Reminders and back-in-stock news, per channel (email included), as the shopper chose them last. */
  marketing: z.object({ email: z.boolean(), whatsapp: z.boolean(), sms: z.boolean() }),
  states: z.array(ConsentState),
});
export type MessageConsent = z.infer<typeof MessageConsent>;

/**
 * The account's form: which channels get order messages (unticked: withdrawn), and,
 * when given, which get reminders and back-in-stock news (left out: unchanged).
 */
export const UpdateMessageConsentBody = z
  .object({
    whatsapp: channelChoice('whatsapp'),
    sms: channelChoice('sms'),
    marketing: z
      .object({
        email: channelChoice('marketing.email'),
        whatsapp: channelChoice('marketing.whatsapp'),
        sms: channelChoice('marketing.sms'),
      })
      .strict()
      .optional(),
  })
  .strict();
export type UpdateMessageConsentBody = z.infer<typeof UpdateMessageConsentBody>;

export const MessageConsentResponse = z.object({ message: z.string(), data: MessageConsent });
export type MessageConsentResponse = z.infer<typeof MessageConsentResponse>;

/** One message as the back office lists it. */
export const AdminShopperMessage = z.object({
  id: z.number().int(),
  channel: z.enum(MESSAGE_CHANNELS),
  template: z.string(),
  to: z.string(),
  order_id: z.number().int().nullable(),
  status: z.enum(MESSAGE_STATUSES),
  error: z.string().nullable(),
  attempts: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminShopperMessage = z.infer<typeof AdminShopperMessage>;

export const AdminMessagesQuery = z
  .object({
    status: z.enum(MESSAGE_STATUSES).optional(),
    limit: z.coerce.number().int().min(1).max(200).default(50),
  })
  .strict();
export type AdminMessagesQuery = z.infer<typeof AdminMessagesQuery>;

/** One of the shop's templates, as the owner registers it with Meta and on the DLT platform. */
export const MessageTemplateInfo = z.object({
  key: z.string(),
  title: z.string(),
  /** The words, with each variable as {{name}}. */
  text: z.string(),
  /** The variables in their order: WhatsApp's {{1}}, {{2}}…; MSG91's ##name##. */
  params: z.array(z.string()),
});
export type MessageTemplateInfo = z.infer<typeof MessageTemplateInfo>;

/**
 * Cart reminders of the last `days` days (docs/product.md 'Messages to shoppers'): how many
 * went out, and how many were followed by an order of that shopper within 7 days.
 */
export const CartReminderFigures = z.object({
  enabled: z.boolean(),
  days: z.number().int(),
  sent: z.number().int(),
  ordered: z.number().int(),
});
export type CartReminderFigures = z.infer<typeof CartReminderFigures>;

export const AdminMessages = z.object({
  data: z.array(AdminShopperMessage),
  cart_reminders: CartReminderFigures,
  templates: z.array(MessageTemplateInfo),
  /** Given up (failed) in the last 7 days: the back office shows it first. */
  failed_recently: z.number().int(),
});
export type AdminMessages = z.infer<typeof AdminMessages>;

/** Meta's webhook check: answered with the challenge when the token matches. */
export const WhatsAppVerifyQuery = z.object({
  'hub.mode': z.string().optional(),
  'hub.verify_token': z.string().optional(),
  'hub.challenge': z.string().optional(),
});

/** MSG91's webhooks carry the shop's own token in their address (MSG91 signs nothing). */
export const Msg91WebhookQuery = z.object({ token: z.string().optional() });

/** A mail's unsubscribe link: the account and its signature (docs/product.md 'Messages to shoppers'). */
export const UnsubscribeParams = z.object({
  user: z.coerce.number().int().positive(),
  token: z.string().regex(/^[\w-]{20,100}$/, 'The link is not one of ours'),
});
export type UnsubscribeParams = z.infer<typeof UnsubscribeParams>;

export const MessageWebhookAnswer = z.object({ status: z.string() });
