import type { FastifyInstance } from 'fastify';

/**
 * The headers helmet would send with this shop's settings, set from a
 * constant: helmet rebuilt its middleware on every request, which cost about
 * 40% of a cached catalogue answer (docs/benchmarks.md).
 */
export const SECURITY_HEADERS = {
  // Razorpay's checkout opens popups (netbanking, 3-D Secure) that must be able to report back.
  'cross-origin-opener-policy': 'same-origin-allow-popups',
  'cross-origin-resource-policy': 'same-site',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
} as const;

/** An API answer opened in a browser may run, load and frame nothing. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', (_req, reply, done) => {
    reply.headers(SECURITY_HEADERS);
    done();
  });
  // JSON only: pages set their own policy (web.routes.ts), and a PDF viewer needs its plugin.
  app.addHook('onSend', (_req, reply, payload, done) => {
    const type = reply.getHeader('content-type');
    if (
      typeof type === 'string' &&
      type.startsWith('application/json') &&
      !reply.hasHeader('content-security-policy')
    ) {
      reply.header('content-security-policy', API_CSP);
    }
    done(null, payload);
  });
}
