import type { ConsentPurpose } from '@shop/contract';

/**
 * The shop's WhatsApp and SMS messages, one per order event (docs/product.md
 * 'Messages to shoppers'); each event's email stays in mail/templates/catalogue.ts. The
 * words live with the provider, not here: WhatsApp sends only templates Meta
 * approved, and an Indian SMS only a template registered on the DLT platform
 * (TRAI's rules) and mapped in MSG91. So the owner registers each text below
 * under its key (docs/operations.md 'Messages: WhatsApp and SMS'), and the
 * shop sends the key and the values, in the order of `params`: WhatsApp numbers
 * them {{1}}, {{2}}…; MSG91's flow names them ##name##, ##order##…
 */
export const MESSAGE_TEMPLATES = {
  order_placed: {
    title: 'Cash-on-delivery order confirmed',
    params: ['name', 'order', 'amount'],
    text: 'Hi {{name}}, your order #{{order}} is confirmed. Please keep Rs {{amount}} ready to pay at the door.',
  },
  order_paid: {
    title: 'Order paid',
    params: ['name', 'order', 'amount'],
    text: 'Hi {{name}}, we received Rs {{amount}} for order #{{order}}. We are making it ready for you.',
  },
  cod_code: {
    title: 'Cash-on-delivery code',
    params: ['code', 'order'],
    text: '{{code}} is your code to confirm cash-on-delivery order #{{order}}. Do not share it.',
    /**
     * On WhatsApp a code must go in an Authentication template, whose words are Meta's ('<code> is
     * your verification code.') with a copy-code button: it takes the code alone, twice.
     */
    whatsappAuthentication: true,
  },
  order_shipped: {
    title: 'Order shipped',
    params: ['name', 'order', 'link'],
    text: 'Hi {{name}}, order #{{order}} is on its way. Track it: {{link}}',
  },
  order_delivered: {
    title: 'Order delivered',
    params: ['name', 'order'],
    text: 'Hi {{name}}, order #{{order}} was delivered. We hope the little one loves it.',
  },
  refund: {
    title: 'Money back',
    params: ['name', 'amount', 'order', 'how'],
    text: 'Hi {{name}}, Rs {{amount}} for order #{{order}} is on its way back {{how}}.',
  },
  cart_reminder: {
    title: 'Cart reminder',
    params: ['name', 'pieces', 'link'],
    text: 'Hi {{name}}, your cart still holds {{pieces}}. It is waiting for you: {{link}} Reply STOP to get no more reminders.',
    /** Sent only with the shopper's consent to marketing on that channel (WhatsApp: a Marketing template). */
    purpose: 'marketing',
  },
  back_in_stock: {
    title: 'A size asked for is back in stock',
    params: ['name', 'piece', 'link'],
    text: 'Hi {{name}}, {{piece}} is back in stock: {{link}} You asked us to tell you once. Reply STOP to stop these messages.',
    /** Sent only to an account that agreed to marketing on the channel, never on the strength of order messages. */
    purpose: 'marketing',
  },
} as const satisfies Record<
  string,
  {
    title: string;
    params: readonly string[];
    text: string;
    whatsappAuthentication?: boolean;
    /** The consent a message needs (docs/product.md 'Messages to shoppers'): `orders` unless said. */
    purpose?: ConsentPurpose;
  }
>;

export type MessageKey = keyof typeof MESSAGE_TEMPLATES;

/** The purpose whose consent a template's message needs, asked when it is queued and again when it is sent. */
export const purposeOf = (key: string): ConsentPurpose =>
  (MESSAGE_TEMPLATES as Record<string, { purpose?: ConsentPurpose }>)[key]?.purpose ?? 'orders';
export const MESSAGE_KEYS = Object.keys(MESSAGE_TEMPLATES) as MessageKey[];

type ParamName<K extends MessageKey> = (typeof MESSAGE_TEMPLATES)[K]['params'][number];
export type MessageValues<K extends MessageKey> = Record<ParamName<K>, string>;

/** A message of any template with its own values. */
export type TemplateMessage = { [K in MessageKey]: { template: K; values: MessageValues<K> } }[MessageKey];

/** A template's values in its own order, each cut to what a template variable may hold. */
export function messageParams(message: TemplateMessage): { name: string; value: string }[] {
  const values = message.values as Record<string, string>;
  return MESSAGE_TEMPLATES[message.template].params.map((name) => ({
    name,
    value: String(values[name] ?? '').slice(0, 100),
  }));
}

/** The message as the shopper reads it, for the back office and the fakes' records. */
export function messageText(key: MessageKey, params: { name: string; value: string }[]): string {
  const byName = new Map(params.map((p) => [p.name, p.value]));
  return MESSAGE_TEMPLATES[key].text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => byName.get(name) ?? '');
}
