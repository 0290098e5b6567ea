import {
  ChannelError,
  callProvider,
  sameSecret,
  type Channel,
  type InboundReply,
  type OutgoingMessage,
  type StatusReport,
  type WebhookNews,
} from './channel';
import type { MessageKey } from './templates';

export interface Msg91Config {
  authkey: string;
  /** MSG91's template id (mapped to its DLT template) for each message: every order message's, and the marketing ones the owner registered. */
  templateIds: Partial<Record<MessageKey, string>>;
  /** The token the shop's webhook addresses carry; without it MSG91's reports are refused. */
  webhookToken: string | undefined;
  /** Host root (https://control.msg91.com). */
  apiBase: string;
  timeoutMs?: number;
}

/*
 * MSG91, an Indian SMS provider (why this one: docs/operations.md 'Messages:
 * WhatsApp and SMS'). Looked up for this adapter: msg91.com/help 'Map SMS
 * Content Template on MSG91 API/Panel' (the Flow API sends DLT-registered
 * templates), the Flow request as published clients send it (npm sms-msg91,
 * pypi msg91-py: POST https://control.msg91.com/api/v5/flow, header `authkey`,
 * {template_id, short_url, recipients:[{mobiles:'91XXXXXXXXXX', <var>: value}]},
 * answered {type:'success', message:<request id>} or {type:'error', message}),
 * and msg91.com/help 'How to use Webhook to get the delivery report' and
 * 'How to Receive SMS Delivery Reports via Webhook (New)' for the reports: JSON
 * per number, {requestId, status, desc | failureReason, number | telNum, ...},
 * status 1 delivered, 2 failed, 9 NDNC, 16/25 rejected, 17 blocked. MSG91 signs
 * no webhook: the shop's addresses carry a token of its own (?token=...).
 */

interface FlowAnswer {
  type?: string;
  message?: string;
}
interface ReportBody {
  requestId?: string;
  request_id?: string;
  status?: string | number;
  desc?: string;
  description?: string;
  failureReason?: string;
  report?: ReportBody[];
}
interface InboundBody {
  mobile?: string;
  number?: string;
  sender?: string;
  message?: string;
  keyword?: string;
  text?: string;
}

const FAILED_CODES = new Set(['2', '9', '16', '17', '25']);

function reportStatus(r: ReportBody): StatusReport['status'] | null {
  const code = String(r.status ?? '')
    .trim()
    .toLowerCase();
  const desc = String(r.desc ?? r.description ?? '').toLowerCase();
  if (code === '1' || code === 'delivered' || desc === 'delivered') return 'delivered';
  if (FAILED_CODES.has(code) || /fail|reject|block|ndnc/.test(code) || /fail|reject|block|ndnc/.test(desc)) {
    return 'failed';
  }
  return code || desc ? 'sent' : null;
}

export class Msg91Channel implements Channel {
  readonly name = 'sms' as const;

  constructor(private readonly config: Msg91Config) {}

  offers(template: MessageKey): boolean {
    return !!this.config.templateIds[template];
  }

  async send(message: OutgoingMessage): Promise<{ providerId: string }> {
    const vars = Object.fromEntries(message.params.map((p) => [p.name, p.value]));
    const { status, body } = await callProvider('MSG91', `${this.config.apiBase.replace(/\/$/, '')}/api/v5/flow`, {
      headers: { authkey: this.config.authkey },
      timeoutMs: this.config.timeoutMs ?? 15_000,
      body: {
        template_id: this.config.templateIds[message.template],
        // Our links are the shop's own: MSG91 is not asked to shorten them.
        short_url: '0',
        recipients: [{ ...vars, mobiles: message.to.replace(/^\+/, '') }],
      },
    });
    const answer = body as FlowAnswer | undefined;
    // MSG91 may answer a refusal with 200 and type 'error': the type decides, then the status.
    if (status >= 200 && status < 300 && answer?.type === 'success' && answer.message) {
      return { providerId: answer.message };
    }
    const retryable = status >= 500 || status === 429;
    throw new ChannelError(
      answer?.message ?? `MSG91 answered ${status}`,
      status >= 200 && status < 300 ? 400 : status,
      answer?.type === 'error' ? 'MSG91_ERROR' : 'HTTP_ERROR',
      retryable || (status >= 200 && status < 300 && answer?.type !== 'error'),
    );
  }

  readWebhook(raw: Buffer, auth: { token?: string }): WebhookNews | null {
    if (!this.config.webhookToken || !sameSecret(this.config.webhookToken, auth.token)) return null;
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw.toString('utf8'));
    } catch {
      return { statuses: [], replies: [] };
    }
    const items = (Array.isArray(parsed) ? parsed : [parsed]) as (ReportBody & InboundBody)[];
    const news: WebhookNews = { statuses: [], replies: [] };
    for (const item of items) {
      for (const r of item.report?.length ? item.report.map((x) => ({ ...item, ...x })) : [item]) {
        const id = r.requestId ?? r.request_id;
        const status = reportStatus(r);
        if (id && status) {
          const why = r.failureReason || r.desc || r.description;
          news.statuses.push({ providerId: id, status, ...(status === 'failed' && why ? { error: why } : {}) });
        }
      }
      const reply = inbound(item);
      if (reply) news.replies.push(reply);
    }
    return news;
  }
}

/** A shopper's SMS to the shop's inbound number, as MSG91 forwards it. */
function inbound(body: InboundBody): InboundReply | null {
  const from = body.mobile ?? body.number ?? body.sender;
  const text = body.message ?? body.keyword ?? body.text;
  if (!from || text === undefined) return null;
  const digits = String(from).replace(/\D/g, '');
  return { from: `+${digits.length === 10 ? `91${digits}` : digits}`, text: String(text) };
}
