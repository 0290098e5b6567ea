import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import { z } from 'zod';
import { MESSAGE_KEYS, purposeOf } from './modules/messages/templates';

/** Processes serving the shop when WORKERS is not set: one per core in production on PostgreSQL, else one. */
export function defaultWorkers(production: boolean, databaseUrl: string | undefined, cores: number): number {
  return production && databaseUrl ? cores : 1;
}

/**
 * Rules across settings, read from the raw environment so that they are
 * reported together with every other bad value (zod skips refinements once a
 * field has failed). Each problem is one line naming its variable.
 */
export function configurationProblems(
  raw: Record<string, string | undefined>,
  cores: number = availableParallelism(),
): string[] {
  const get = (name: string) => raw[name]?.trim() || undefined;
  const problems: string[] = [];
  const nodeEnv = get('NODE_ENV') ?? 'development';
  const production = nodeEnv === 'production';
  const provider = get('PAYMENT_PROVIDER') ?? (production ? undefined : 'test');
  const publicUrl = get('PUBLIC_URL') ?? 'http://localhost:3000';
  const publicHost = URL.canParse(publicUrl) ? new URL(publicUrl).hostname : undefined;

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
  // A shop anyone can reach must not let anyone 'pay' (`npm start` with a public PUBLIC_URL). The shop's
  // own tests (NODE_ENV=test) run the test provider under made-up public names.
  if (!production && nodeEnv !== 'test' && provider === 'test' && publicHost && !isLocalHost(publicHost)) {
    problems.push(
      `PAYMENT_PROVIDER: the built-in test provider lets anyone mark an order paid, and PUBLIC_URL ${publicUrl} is a public address: set NODE_ENV=production with the Razorpay keys to take payments, or use a local PUBLIC_URL (http://localhost:3000) to try the shop`,
    );
  }
  const workers = Number(get('WORKERS') ?? defaultWorkers(production, get('DATABASE_URL'), cores));
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
  problems.push(...(production ? messageChannelProblems(get) : []));
  if (!production) return problems;

  if (!get('RAZORPAY_WEBHOOK_SECRET')) {
    problems.push(
      'RAZORPAY_WEBHOOK_SECRET: required in production (payments of shoppers who close the tab arrive by webhook)',
    );
  }
  if (get('RAZORPAY_KEY_ID')?.startsWith('rzp_test_')) {
    problems.push('RAZORPAY_KEY_ID: a test key (rzp_test_) takes no money; production needs the live key (rzp_live_)');
  }
  if (publicHost && isLocalHost(publicHost)) {
    problems.push(`PUBLIC_URL: must be the shop's public address in production (https://...), not ${publicUrl}`);
  } else if (publicHost && new URL(publicUrl).protocol !== 'https:') {
    // Cookies follow PUBLIC_URL: over http they lose Secure and the __Host- prefix.
    problems.push(
      `PUBLIC_URL: must be an https:// address in production (over http the session cookies are not Secure), not ${publicUrl}`,
    );
  }
  // Without Redis each process counts on its own: N processes let through N times every limit.
  if (workers > 1 && get('DATABASE_URL') && !get('REDIS_URL')) {
    const why = get('WORKERS') ? `WORKERS=${workers}` : `WORKERS defaults to one per core: ${workers}`;
    problems.push(
      `REDIS_URL: required in production when several processes serve the shop (${why}): without it each keeps its own rate-limit counters and lets through ${workers} times as many attempts; set REDIS_URL, or WORKERS=1`,
    );
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

/** The settings each message channel needs together (docs/operations.md 'Messages: WhatsApp and SMS'). */
export const WHATSAPP_SETTINGS = ['WHATSAPP_TOKEN', 'WHATSAPP_PHONE_NUMBER_ID', 'WHATSAPP_APP_SECRET'] as const;
export const MSG91_SETTINGS = ['MSG91_AUTHKEY', 'MSG91_TEMPLATE_IDS'] as const;

/** MSG91_TEMPLATE_IDS as a map (the env schema has checked its form). */
export function msg91TemplateIds(value: string | undefined): Map<string, string> {
  const pairs = (value ?? '').split(',').map((p) => p.split('=').map((x) => x.trim()));
  return new Map(pairs.filter(([k, v]) => k && v).map(([k, v]) => [k!, v!]));
}

/**
 * A channel half configured: none of its settings is off, all of them is on,
 * anything between is a mistake. Production refuses it, and MSG91 without the
 * token of its webhooks; elsewhere a half channel stays off
 * (modules/messages/channels.ts says so in the log).
 */
export function messageChannelProblems(get: (name: string) => string | undefined, production = true): string[] {
  const problems: string[] = [];
  const half = (names: readonly string[], what: string) => {
    const missing = names.filter((n) => !get(n));
    if (missing.length > 0 && missing.length < names.length) {
      problems.push(
        `${missing.join(', ')}: ${what} needs ${names.join(', ')} together (set them all, or none to leave it off); missing ${missing.join(' and ')}`,
      );
    }
  };
  half(WHATSAPP_SETTINGS, 'WhatsApp');
  half(MSG91_SETTINGS, 'SMS through MSG91');
  if (get('MSG91_AUTHKEY') && get('MSG91_TEMPLATE_IDS')) {
    if (production && !get('MSG91_WEBHOOK_TOKEN')) {
      problems.push(
        'MSG91_WEBHOOK_TOKEN: required with MSG91 (16+ random characters): delivery reports and STOP replies arrive by webhook, and MSG91 signs none',
      );
    }
    const ids = msg91TemplateIds(get('MSG91_TEMPLATE_IDS'));
    // A marketing message's SMS template is the owner's choice: without its id, it goes by mail and WhatsApp only.
    const missing = MESSAGE_KEYS.filter((k) => purposeOf(k) === 'orders' && !ids.has(k));
    const unknown = [...ids.keys()].filter((k) => !(MESSAGE_KEYS as string[]).includes(k));
    if (missing.length > 0) {
      problems.push(`MSG91_TEMPLATE_IDS: needs a template id for every order message; missing ${missing.join(', ')}`);
    }
    if (unknown.length > 0) {
      problems.push(
        `MSG91_TEMPLATE_IDS: no message is called ${unknown.join(', ')} (they are ${MESSAGE_KEYS.join(', ')})`,
      );
    }
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
