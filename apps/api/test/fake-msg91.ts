import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for MSG91's Flow API, on 127.0.0.1 and a random port:
 * `POST /api/v5/flow` with the `authkey` header and
 * `{template_id, short_url, recipients:[{mobiles:'91XXXXXXXXXX', <var>: value}]}`,
 * answered `{type:'success', message:<request id>}` or `{type:'error', message}`.
 * It records what it was sent, fails on demand, and writes the webhooks MSG91
 * posts: delivery reports (JSON, one per number: requestId, status 1 delivered /
 * 2 failed..., desc) and inbound replies, to the address the owner gave it
 * (which carries the shop's token: MSG91 signs nothing).
 */

export interface SentSms {
  requestId: string;
  templateId: string;
  mobiles: string;
  vars: Record<string, string>;
  headers: http.IncomingHttpHeaders;
}

export interface Msg91Failure {
  status: number;
  body?: { type: 'error'; message: string; code?: string };
}

export class FakeMsg91 {
  readonly sent: SentSms[] = [];
  readonly requests: { path: string; headers: http.IncomingHttpHeaders; body: unknown }[] = [];
  private readonly failures: Msg91Failure[] = [];
  private readonly server: http.Server;
  private port = 0;

  private constructor(
    readonly authkey: string,
    /** The template ids configured in the account (each mapped to its DLT template). */
    readonly templateIds: Set<string>,
  ) {
    this.server = http.createServer((req, res) => void this.handle(req, res));
  }

  static async start(config: { authkey: string; templateIds: string[] }) {
    const fake = new FakeMsg91(config.authkey, new Set(config.templateIds));
    await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
    fake.port = (fake.server.address() as AddressInfo).port;
    return fake;
  }

  /** The host root, as MSG91_API_BASE takes it. */
  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  failNext(
    failure: Msg91Failure = { status: 500, body: { type: 'error', message: 'Internal server error' } },
    times = 1,
  ) {
    for (let i = 0; i < times; i += 1) this.failures.push(failure);
  }

  /** A delivery report as MSG91's webhook posts it (status 1 delivered, 2 failed, 16/25 rejected, 17 blocked). */
  report(requestId: string, status: '1' | '2' | '16' | '17' | '25', desc = status === '1' ? 'DELIVERED' : 'FAILED') {
    const sent = this.sent.find((s) => s.requestId === requestId);
    return JSON.stringify({
      date: '2026-11-28 09:58:16',
      number: sent?.mobiles ?? '910000000000',
      senderId: 'LLOOMS',
      requestId,
      credit: '1',
      campaignName: 'Flow',
      status,
      desc,
      ...(status === '1' ? {} : { failureReason: desc }),
    });
  }

  /** A shopper's SMS to the shop's inbound number, as MSG91 forwards it. */
  inbound(mobile: string, message: string) {
    return JSON.stringify({ mobile, message, receivedAt: '2026-11-28 09:58:16' });
  }

  /** Posts a report or a reply to the shop's address (which carries its ?token=) as MSG91 does: JSON. */
  async post(url: string, payload: string): Promise<Response> {
    return fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: payload,
    });
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
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
    const out = JSON.stringify(answer.body);
    res.writeHead(answer.status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(out) });
    res.end(out);
  }

  private answer(req: http.IncomingMessage, path: string, body: unknown): { status: number; body: unknown } {
    const error = (status: number, message: string, code?: string) => ({
      status,
      body: { type: 'error', message, ...(code ? { code } : {}) },
    });
    if (req.headers.authkey !== this.authkey) return error(401, 'Authentication failure', '401');
    if (req.method !== 'POST' || path !== '/api/v5/flow') return error(404, 'Not found');
    const failure = this.failures.shift();
    if (failure) return { status: failure.status, body: failure.body ?? { type: 'error', message: 'failed' } };
    const b = (body ?? {}) as { template_id?: string; recipients?: Record<string, unknown>[] };
    if (!b.template_id || !this.templateIds.has(b.template_id)) return error(400, 'Template ID is not valid');
    const recipients = b.recipients ?? [];
    if (recipients.length === 0) return error(400, 'Recipients are missing');
    for (const r of recipients) {
      // MSG91 answers a bad number with 200 and type 'error': the adapter must read the type.
      if (typeof r.mobiles !== 'string' || !/^91[6-9]\d{9}$/.test(r.mobiles))
        return error(200, 'Mobile number is not valid');
    }
    const requestId = randomBytes(12).toString('hex');
    for (const r of recipients) {
      const { mobiles, ...vars } = r as Record<string, string>;
      this.sent.push({ requestId, templateId: b.template_id, mobiles: mobiles!, vars, headers: req.headers });
    }
    return { status: 200, body: { type: 'success', message: requestId } };
  }
}

export const startFakeMsg91 = (config: { authkey: string; templateIds: string[] }) => FakeMsg91.start(config);
