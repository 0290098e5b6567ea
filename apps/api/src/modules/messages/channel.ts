import { createHmac, timingSafeEqual } from 'node:crypto';
import type { MessageChannel, MessageStatus } from '@shop/contract';
import type { MessageParam } from './messages.schema';
import type { MessageKey } from './templates';

/** A message as a channel sends it: the shop's template, its values, and an E.164 number. */
export interface OutgoingMessage {
  /** +91XXXXXXXXXX */
  to: string;
  template: MessageKey;
  params: MessageParam[];
}

/** What a provider's webhook says about a message it sent, by its id. */
export interface StatusReport {
  providerId: string;
  status: Extract<MessageStatus, 'sent' | 'delivered' | 'read' | 'failed'>;
  error?: string;
}

/** A shopper's reply: 'STOP' withdraws consent on that channel. */
export interface InboundReply {
  /** E.164 */
  from: string;
  text: string;
}

/** What a webhook carried, once its sender has been checked. */
export interface WebhookNews {
  statuses: StatusReport[];
  replies: InboundReply[];
}

/**
 * One way to reach a shopper besides email, over its provider's real HTTP
 * protocol (whatsapp.channel.ts, msg91.channel.ts), tested against in-repo
 * fakes that speak the same protocol (test/fake-whatsapp.ts, test/fake-msg91.ts).
 */
export interface Channel {
  readonly name: MessageChannel;
  /** Sends one message; answers the provider's id. Throws ChannelError. */
  send(message: OutgoingMessage): Promise<{ providerId: string }>;
  /** Whether the owner registered the template on this channel (an SMS marketing template may have no id). */
  offers(template: MessageKey): boolean;
  /**
   * Checks that a webhook comes from the provider and reads it. Null when it
   * does not (a bad signature or token): the route answers 401.
   */
  readWebhook(raw: Buffer, auth: { signature?: string; token?: string }): WebhookNews | null;
}

/** A send that failed; `retryable` when the provider or the network is at fault, not the message. */
export class ChannelError extends Error {
  override name = 'ChannelError';
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
    readonly retryable: boolean,
  ) {
    super(message);
  }
}

/** Constant-time comparison of two secrets (a token, a hex signature). */
export function sameSecret(expected: string, received: string | undefined): boolean {
  if (received === undefined) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(received);
  return a.length === b.length && timingSafeEqual(a, b);
}

export const hmacSha256Hex = (secret: string, data: Buffer | string) =>
  createHmac('sha256', secret).update(data).digest('hex');

/** Calls a provider with a timeout; a network failure is a retryable ChannelError. */
export async function callProvider(
  provider: string,
  url: string,
  init: { headers: Record<string, string>; body: unknown; timeoutMs: number },
): Promise<{ status: number; body: unknown }> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/json', ...init.headers },
      body: JSON.stringify(init.body),
      signal: AbortSignal.timeout(init.timeoutMs),
    });
  } catch (err) {
    throw new ChannelError(`${provider} could not be reached: ${String(err)}`, 503, 'NETWORK', true);
  }
  const text = await res.text();
  let body: unknown = undefined;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // A non-JSON answer is judged by its status.
  }
  return { status: res.status, body };
}

/** The channels the owner configured (none: email only). */
export type Channels = Partial<Record<MessageChannel, Channel>>;
