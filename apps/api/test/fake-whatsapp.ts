import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for Meta's WhatsApp Cloud API, on 127.0.0.1 and a random port:
 * `POST /{version}/{phone-number-id}/messages` with a Bearer token, template
 * messages only (as a shop may send outside a 24-hour conversation), answered
 * as the Graph API answers (`{messaging_product, contacts, messages:[{id}]}`,
 * errors as `{error:{message, type, code, fbtrace_id}}`). It records what it
 * was sent, fails on demand, and writes the webhooks Meta sends (statuses and
 * replies), signed `X-Hub-Signature-256: sha256=<HMAC of the raw body with the
 * app secret>`.
 */

export interface SentTemplate {
  id: string;
  to: string;
  name: string;
  language: string;
  /** The body's text parameters, in order. */
  params: string[];
  headers: http.IncomingHttpHeaders;
}

export interface GraphFailure {
  status: number;
  error?: { message: string; type?: string; code: number };
  raw?: string;
}

/** A webhook as Meta would post it: the exact bytes and its headers. */
export interface SignedWebhook {
  payload: string;
  headers: Record<string, string>;
}

const graphError = (status: number, message: string, code: number, type = 'OAuthException') => ({
  status,
  body: { error: { message, type, code, fbtrace_id: randomBytes(8).toString('base64url') } },
});

export class FakeWhatsApp {
  readonly sent: SentTemplate[] = [];
  /** Every request, refused ones too. */
  readonly requests: { path: string; headers: http.IncomingHttpHeaders; body: unknown }[] = [];
  /** Numbers (digits, as `to` carries them) that are not on WhatsApp. */
  readonly notOnWhatsApp = new Set<string>();
  /** The account's Authentication templates (a code and its copy-code button). */
  readonly authenticationTemplates = new Set(['cod_code']);
  /** While true, every send is refused with a 503, as Meta answers when its service is down. */
  down = false;
  /** Sends refused while down. */
  refusals = 0;
  private readonly failures: GraphFailure[] = [];
  private readonly server: http.Server;
  private port = 0;

  private constructor(
    readonly token: string,
    readonly phoneNumberId: string,
    readonly appSecret: string,
    readonly version: string,
  ) {
    this.server = http.createServer((req, res) => void this.handle(req, res));
  }

  static async start(config: { token: string; phoneNumberId: string; appSecret: string; version?: string }) {
    const fake = new FakeWhatsApp(config.token, config.phoneNumberId, config.appSecret, config.version ?? 'v21.0');
    await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
    fake.port = (fake.server.address() as AddressInfo).port;
    return fake;
  }

  /** The host root, as WHATSAPP_API_BASE takes it. */
  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** The next `times` sends fail as described (a 500 by default: Meta's own trouble). */
  failNext(
    failure: GraphFailure = { status: 500, error: { message: 'An unknown error occurred', code: 1 } },
    times = 1,
  ) {
    for (let i = 0; i < times; i += 1) this.failures.push(failure);
  }

  /** Meta's webhook of a message's status (sent, delivered, read, failed), signed with `secret` (the app's by default). */
  statusWebhook(
    wamid: string,
    status: 'sent' | 'delivered' | 'read' | 'failed',
    secret = this.appSecret,
  ): SignedWebhook {
    const sent = this.sent.find((s) => s.id === wamid);
    return this.sign(
      {
        statuses: [
          {
            id: wamid,
            status,
            timestamp: String(Math.floor(Date.now() / 1000)),
            recipient_id: sent?.to ?? '910000000000',
            ...(status === 'failed'
              ? { errors: [{ code: 131026, title: 'Message undeliverable', message: 'Message undeliverable' }] }
              : {}),
          },
        ],
      },
      secret,
    );
  }

  /** A shopper's text reply (such as STOP) from a number (digits with the country code). */
  replyWebhook(from: string, text: string, secret = this.appSecret): SignedWebhook {
    return this.sign(
      {
        contacts: [{ profile: { name: 'Shopper' }, wa_id: from }],
        messages: [
          {
            from,
            id: `wamid.${randomBytes(12).toString('base64url')}`,
            timestamp: '1700000000',
            type: 'text',
            text: { body: text },
          },
        ],
      },
      secret,
    );
  }

  /** Posts a webhook to the shop as Meta does (the shop's address, e.g. https://shop/api/v1/messages/whatsapp/webhook). */
  async post(url: string, hook: SignedWebhook): Promise<Response> {
    return fetch(url, { method: 'POST', headers: hook.headers, body: hook.payload });
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private sign(value: Record<string, unknown>, secret: string): SignedWebhook {
    const payload = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: '102290129340398',
          changes: [
            {
              field: 'messages',
              value: {
                messaging_product: 'whatsapp',
                metadata: { display_phone_number: '15550783881', phone_number_id: this.phoneNumberId },
                ...value,
              },
            },
          ],
        },
      ],
    });
    const signature = createHmac('sha256', secret).update(payload).digest('hex');
    return { payload, headers: { 'content-type': 'application/json', 'x-hub-signature-256': `sha256=${signature}` } };
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    let body: unknown;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      body = undefined;
    }
    const path = (req.url ?? '/').split('?')[0]!;
    this.requests.push({ path, headers: req.headers, body });
    const answer = this.answer(req, path, body);
    const out = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
    res.writeHead(answer.status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(out) });
    res.end(out);
  }

  private answer(req: http.IncomingMessage, path: string, body: unknown): { status: number; body: unknown } {
    if (req.headers.authorization !== `Bearer ${this.token}`) {
      return graphError(401, 'Invalid OAuth access token - Cannot parse access token', 190);
    }
    if (req.method !== 'POST' || path !== `/${this.version}/${this.phoneNumberId}/messages`) {
      return graphError(
        400,
        `Unsupported post request. Object with ID '${path}' does not exist`,
        100,
        'GraphMethodException',
      );
    }
    if (this.down) {
      this.refusals += 1;
      return graphError(503, 'Service temporarily unavailable', 2);
    }
    const failure = this.failures.shift();
    if (failure)
      return {
        status: failure.status,
        body: failure.raw ?? { error: { type: 'OAuthException', fbtrace_id: 'x', ...failure.error } },
      };
    const b = (body ?? {}) as {
      messaging_product?: string;
      to?: string;
      type?: string;
      template?: {
        name?: string;
        language?: { code?: string };
        components?: {
          type?: string;
          sub_type?: string;
          parameters?: { type?: string; text?: string }[];
        }[];
      };
    };
    if (b.messaging_product !== 'whatsapp') {
      return graphError(400, 'The parameter messaging_product is required.', 100);
    }
    if (b.type !== 'template' || !b.template?.name || !b.template.language?.code) {
      return graphError(400, 'Parameter value is not valid: a template needs its name and language', 131009);
    }
    if (!b.to || !/^\d{8,15}$/.test(b.to)) return graphError(400, 'Invalid parameter: to', 100);
    if (this.notOnWhatsApp.has(b.to)) {
      return graphError(400, 'Recipient phone number not in allowed list', 131030);
    }
    const bodyPart = b.template.components?.find((c) => c.type === 'body');
    const params = (bodyPart?.parameters ?? []).map((p) => p.text ?? '');
    if (this.authenticationTemplates.has(b.template.name)) {
      // An Authentication template takes the code alone, in its body and again in its copy-code button.
      const button = b.template.components?.find((c) => c.type === 'button');
      if (params.length !== 1 || button?.sub_type !== 'url' || button.parameters?.[0]?.text !== params[0]) {
        return graphError(400, 'Number of parameters does not match the expected number of params', 132000);
      }
    }
    const id = `wamid.${randomBytes(18).toString('base64url')}`;
    this.sent.push({
      id,
      to: b.to,
      name: b.template.name,
      language: b.template.language.code,
      params,
      headers: req.headers,
    });
    return {
      status: 200,
      body: { messaging_product: 'whatsapp', contacts: [{ input: b.to, wa_id: b.to }], messages: [{ id }] },
    };
  }
}

export const startFakeWhatsApp = (config: Parameters<typeof FakeWhatsApp.start>[0]) => FakeWhatsApp.start(config);
