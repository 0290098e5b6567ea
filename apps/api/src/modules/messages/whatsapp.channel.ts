import {
  ChannelError,
  callProvider,
  hmacSha256Hex,
  sameSecret,
  type Channel,
  type OutgoingMessage,
  type StatusReport,
  type WebhookNews,
} from './channel';
import { MESSAGE_TEMPLATES } from './templates';

export interface WhatsAppConfig {
  token: string;
  phoneNumberId: string;
  appSecret: string;
  /** Host root (https://graph.facebook.com) and the Graph API version (v21.0). */
  apiBase: string;
  apiVersion: string;
  /** The language the templates were approved in (en, en_US, hi...). */
  language: string;
  timeoutMs?: number;
}

/*
 * Meta's WhatsApp Cloud API. Looked up for this adapter: the webhook bodies in
 * docs.360dialog.com 'Webhook Events and Notifications' and in published Cloud
 * API webhook samples; the signature and the GET check in hookdeck.com 'Guide to
 * WhatsApp Webhooks'; the send call and the error body as Meta's Cloud API
 * reference gives them. The error codes treated as passing are Meta's
 * documented throttling and service codes.
 * - send: POST {base}/{version}/{phone-number-id}/messages, `Authorization: Bearer <token>`,
 *   {messaging_product:'whatsapp', to, type:'template', template:{name, language:{code},
 *   components:[{type:'body', parameters:[{type:'text', text}]}]}}; answers
 *   {messaging_product, contacts:[{input, wa_id}], messages:[{id:'wamid...'}]}.
 * - errors: {error:{message, type, code, error_subcode?, fbtrace_id}}; 190 is a bad token (401),
 *   131030/100/131026 a number or template it will not take, 130429/131048 too many, 131000/131016 its own trouble.
 * - webhooks: POST {object:'whatsapp_business_account', entry:[{id, changes:[{field:'messages',
 *   value:{metadata, statuses:[{id, status, timestamp, recipient_id, errors?}], messages:[{from, id,
 *   type:'text', text:{body}}]}}]}]}, signed `X-Hub-Signature-256: sha256=<hex HMAC-SHA256 of the raw
 *   body with the app secret>`; set up by a GET with hub.mode=subscribe, hub.verify_token, hub.challenge.
 */

interface GraphError {
  error?: { message?: string; type?: string; code?: number; error_subcode?: number };
}
interface SendAnswer {
  messages?: { id?: string }[];
}
interface WebhookBody {
  object?: string;
  entry?: {
    changes?: {
      field?: string;
      value?: {
        statuses?: { id?: string; status?: string; errors?: { code?: number; title?: string; message?: string }[] }[];
        messages?: { from?: string; type?: string; text?: { body?: string }; button?: { text?: string } }[];
      };
    }[];
  }[];
}

const text = (value: string) => ({ type: 'text', text: value });

/**
 * The template's values: the body's, in order; an Authentication template's
 * code in its body and its copy-code button (Meta's 'Sending Authentication
 * Templates': the code appears twice, the button as sub_type url, index 0).
 */
function components(message: OutgoingMessage) {
  if ('whatsappAuthentication' in MESSAGE_TEMPLATES[message.template]) {
    const code = message.params.find((p) => p.name === 'code')?.value ?? '';
    return [
      { type: 'body', parameters: [text(code)] },
      { type: 'button', sub_type: 'url', index: '0', parameters: [text(code)] },
    ];
  }
  return [{ type: 'body', parameters: message.params.map((p) => text(p.value)) }];
}

/** Codes Meta answers for its own or a passing trouble: worth another try later. */
const RETRYABLE_CODES = new Set([1, 2, 4, 80007, 130429, 131000, 131016, 131048, 131056]);
const STATUSES = new Set(['sent', 'delivered', 'read', 'failed']);

export class WhatsAppChannel implements Channel {
  readonly name = 'whatsapp' as const;

  constructor(private readonly config: WhatsAppConfig) {}

  /** Every template: a name Meta does not know is refused when sent, and the message fails, as for any. */
  offers(): boolean {
    return true;
  }

  async send(message: OutgoingMessage): Promise<{ providerId: string }> {
    const base = this.config.apiBase.replace(/\/$/, '');
    const url = `${base}/${this.config.apiVersion}/${encodeURIComponent(this.config.phoneNumberId)}/messages`;
    const { status, body } = await callProvider('WhatsApp', url, {
      headers: { authorization: `Bearer ${this.config.token}` },
      timeoutMs: this.config.timeoutMs ?? 15_000,
      body: {
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: message.to.replace(/^\+/, ''),
        type: 'template',
        template: { name: message.template, language: { code: this.config.language }, components: components(message) },
      },
    });
    if (status < 200 || status >= 300) {
      const error = (body as GraphError | undefined)?.error;
      const code = error?.code;
      throw new ChannelError(
        error?.message ?? `WhatsApp answered ${status}`,
        status,
        code === undefined ? 'HTTP_ERROR' : String(code),
        status >= 500 || status === 429 || (code !== undefined && RETRYABLE_CODES.has(code)),
      );
    }
    const id = (body as SendAnswer | undefined)?.messages?.[0]?.id;
    if (!id) throw new ChannelError(`WhatsApp answered ${status} without a message id`, 502, 'BAD_RESPONSE', true);
    return { providerId: id };
  }

  /** The signature is Meta's `sha256=<hex>` over the exact bytes received. */
  readWebhook(raw: Buffer, auth: { signature?: string }): WebhookNews | null {
    const expected = `sha256=${hmacSha256Hex(this.config.appSecret, raw)}`;
    if (!sameSecret(expected, auth.signature?.toLowerCase())) return null;
    let body: WebhookBody;
    try {
      body = JSON.parse(raw.toString('utf8')) as WebhookBody;
    } catch {
      return { statuses: [], replies: [] };
    }
    const news: WebhookNews = { statuses: [], replies: [] };
    for (const entry of body.entry ?? []) {
      for (const change of entry.changes ?? []) {
        for (const s of change.value?.statuses ?? []) {
          if (!s.id || !s.status || !STATUSES.has(s.status)) continue;
          const error = s.errors?.[0];
          news.statuses.push({
            providerId: s.id,
            status: s.status as StatusReport['status'],
            ...(error ? { error: `${error.code ?? ''} ${error.message ?? error.title ?? ''}`.trim() } : {}),
          });
        }
        for (const m of change.value?.messages ?? []) {
          const text = m.text?.body ?? m.button?.text;
          if (m.from && text !== undefined) news.replies.push({ from: `+${m.from.replace(/^\+/, '')}`, text });
        }
      }
    }
    return news;
  }
}
