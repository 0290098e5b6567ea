import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyRequest } from 'fastify';

/** What a client may choose as its request id: short, and nothing a log reader could mistake for more. */
const CLIENT_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/** The request's id for the logs: the client's `x-request-id` when it looks like one, a new one otherwise. */
export function requestId(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && CLIENT_REQUEST_ID.test(given) ? given : randomUUID();
}

/** Query parameters whose values are secrets or personal data: signed links, sign-in codes, addresses. */
const PRIVATE_PARAM = /signature|^sig$|token|^code$|otp|email|password|secret|^key$/i;

function isPrivate(encodedName: string): boolean {
  try {
    return PRIVATE_PARAM.test(decodeURIComponent(encodedName.replaceAll('+', ' ')));
  } catch {
    return true; // a name that does not decode could hide anything
  }
}

/** The URL as the access log keeps it: private query values replaced by `[redacted]`. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = url
    .slice(q + 1)
    .split('&')
    .map((part) => {
      const eq = part.indexOf('=');
      const name = eq < 0 ? part : part.slice(0, eq);
      return isPrivate(name) ? `${name}=[redacted]` : part;
    });
  return `${url.slice(0, q)}?${params.join('&')}`;
}

/** Fastify's request serializer, with the URL redacted. */
export function serializeRequest(req: FastifyRequest) {
  return {
    method: req.method,
    url: redactUrl(req.url),
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}
