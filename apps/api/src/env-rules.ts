import { isIP } from 'node:net';
import { z } from 'zod';

/**
 * Rules across settings, read from the raw environment so that they are
 * reported together with every other bad value (zod skips refinements once a
 * field has failed). Each problem is one line naming its variable.
 */
export function configurationProblems(raw: Record<string, string | undefined>): string[] {
  const get = (name: string) => raw[name]?.trim() || undefined;
  const problems: string[] = [];
  const production = get('NODE_ENV') === 'production';
  const provider = get('PAYMENT_PROVIDER') ?? (production ? undefined : 'test');

  if (production && provider === undefined) {
    problems.push('PAYMENT_PROVIDER: must be set in production: razorpay (the test provider takes no money)');
  } else if (production && provider === 'test') {
    problems.push(
      'PAYMENT_PROVIDER: the test provider takes no money and lets anyone mark an order paid; use razorpay',
    );
  }
  if (provider === 'razorpay' || production) {
    for (const name of ['RAZORPAY_KEY_ID', 'RAZORPAY_KEY_SECRET'] as const) {
      if (!get(name)) problems.push(`${name}: required with PAYMENT_PROVIDER=razorpay`);
    }
  }
  const workers = Number(get('WORKERS') ?? '1');
  if (!get('DATABASE_URL') && workers > 1) {
    problems.push(
      'WORKERS: the embedded database (PGlite) serves one process; set DATABASE_URL to a PostgreSQL server to run several',
    );
  }
  const drain = Number(get('SHUTDOWN_DRAIN_SECONDS') ?? '1');
  const deadline = Number(get('SHUTDOWN_TIMEOUT_SECONDS') ?? '20');
  if (drain >= deadline) {
    problems.push(
      'SHUTDOWN_DRAIN_SECONDS: must be shorter than SHUTDOWN_TIMEOUT_SECONDS, the deadline it counts against',
    );
  }
  if (!production) return problems;

  if (!get('RAZORPAY_WEBHOOK_SECRET')) {
    problems.push(
      'RAZORPAY_WEBHOOK_SECRET: required in production (payments of shoppers who close the tab arrive by webhook)',
    );
  }
  if (get('RAZORPAY_KEY_ID')?.startsWith('rzp_test_')) {
    problems.push('RAZORPAY_KEY_ID: a test key (rzp_test_) takes no money; production needs the live key (rzp_live_)');
  }
  const publicUrl = get('PUBLIC_URL') ?? 'http://localhost:3000';
  if (URL.canParse(publicUrl) && isLocalHost(new URL(publicUrl).hostname)) {
    problems.push(`PUBLIC_URL: must be the shop's public address in production (https://...), not ${publicUrl}`);
  }
  if (!get('SHOP_EMAIL')) {
    problems.push(
      "SHOP_EMAIL: required in production: the shop's own mailbox, told of every paid order, enquiry and return request",
    );
  }
  if (!get('SMTP_URL')) {
    problems.push('SMTP_URL: required in production; without it mails (orders, password-reset codes) are never sent');
  }
  return problems;
}

function isLocalHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host === '0.0.0.0' ||
    host === '::' ||
    host === '::1' ||
    /^127\.\d+\.\d+\.\d+$/.test(host)
  );
}

/** Names proxy-addr (Fastify's trustProxy) knows for ranges of addresses. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrCidr(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: false (the default: the shop faces the internet), a number of
 * proxy hops, or a comma list of proxy addresses/CIDRs. `true` is refused: it
 * believes any X-Forwarded-For a client sends, so anyone could pick the
 * address the rate limits count.
 */
export function trustProxySetting(value: string | undefined, ctx: z.RefinementCtx): false | number | string[] {
  const v = value?.trim().toLowerCase() ?? '';
  if (v === '' || v === 'false' || v === 'no' || v === '0') return false;
  if (v === 'true' || v === 'yes') {
    ctx.addIssue({
      code: 'custom',
      message:
        'true would believe any X-Forwarded-For a client sends; set the number of proxies in front of the shop (e.g. 1) or their addresses (e.g. 10.0.0.0/8,127.0.0.1)',
    });
    return z.NEVER;
  }
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    if (hops <= 10) return hops;
  }
  const entries = v.split(',').map((e) => e.trim());
  const bad = entries.filter((e) => !isAddressOrCidr(e));
  if (bad.length === 0) return entries;
  ctx.addIssue({
    code: 'custom',
    message: `must be a number of proxies (1 to 10) or a comma list of proxy addresses/CIDRs; not understood: ${bad.join(', ')}`,
  });
  return z.NEVER;
}
