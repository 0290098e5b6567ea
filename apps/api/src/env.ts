import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { configurationProblems, defaultWorkers, trustProxySetting } from './env-rules';

const BOOLEAN = ['true', 'false', '1', '0', 'yes', 'no'] as const;
const isTrue = (v: string) => v === 'true' || v === '1' || v === 'yes';

/** A boolean whose default depends on NODE_ENV (filled in by `loadEnv`); empty is unset. */
const optionalBool = z
  .string()
  .optional()
  .transform((v) => (v?.trim() ? v.trim() : undefined))
  .pipe(z.enum(BOOLEAN, { error: 'must be true or false' }).optional())
  .transform((v) => (v === undefined ? undefined : isTrue(v)));

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== '' ? v.trim() : undefined));

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  /** The shop's public origin, for CORS and absolute links. */
  PUBLIC_URL: z.url({ error: 'must be a URL such as http://localhost:3000' }).default('http://localhost:3000'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** PostgreSQL server; when absent the shop uses embedded PGlite under DATA_DIR. */
  DATABASE_URL: optionalString.pipe(
    z.url({ error: 'must be a postgres:// URL' }).startsWith('postgres', 'must be a postgres:// URL').optional(),
  ),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  /**
   * The embedded database's buffer cache, in MB (PostgreSQL's shared_buffers; PGlite's own default
   * is 128). Most of an idle shop's memory on PGlite: 16 MB holds the demo catalogue's hot pages
   * and costs about 30 MB less than 32, 120 MB less than 128 (docs/operations.md,
   * docs/benchmarks.md 'Memory on the embedded database'). Not used with DATABASE_URL.
   */
  PGLITE_SHARED_BUFFERS_MB: z.coerce.number().int().min(1).max(1024).default(16),
  /**
   * How many of Node's threads compile the embedded database's WebAssembly into optimised code at
   * once (V8's --wasm-num-compilation-tasks; V8's own default is 128, as many as it has threads).
   * Each compile of PostgreSQL's larger functions takes tens of MB that the C library keeps after
   * it is freed: one at a time keeps an idle shop about 40 MB smaller, with no slower start nor
   * query (docs/benchmarks.md 'Memory on the embedded database'). Not used with DATABASE_URL.
   */
  PGLITE_COMPILE_TASKS: z.coerce.number().int().min(1).max(128).default(1),
  /** How long to wait for a connection (a new one, or a free one of the pool) before answering 503. */
  DATABASE_CONNECT_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(300).default(5),
  /** A statement running longer is cancelled by the server (0 = no limit). */
  DATABASE_STATEMENT_TIMEOUT_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  /** A transaction left open and idle this long is ended by the server, its locks released (0 = no limit). */
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  /** Processes serving the shop (Node's cluster). Default: one per core in production on PostgreSQL, else one. */
  WORKERS: optionalString.pipe(z.coerce.number<string | undefined>().int().min(1).max(64).optional()),
  /**
   * On SIGTERM the shop first keeps serving this long while its health check answers 503 (a load balancer
   * stops sending shoppers, requests already sent are read), then stops taking connections.
   */
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().min(0).max(60).default(1),
  /** After SIGTERM, in-flight requests and jobs get this long to finish before the process exits anyway. */
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(20),
  /** Before migrations change a database that holds data, a snapshot is kept under DATA_DIR/backups. */
  BACKUP_BEFORE_MIGRATE: optionalBool,
  /** How many of those automatic snapshots are kept (the oldest go first). */
  BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(5),
  DATA_DIR: z.string().min(1).default('./data'),
  /** Demo catalogue into an empty database: on by default, off in production unless set to true. */
  DEMO_DATA: optionalBool,
  /** The OpenAPI page at /api/docs: on by default, off in production unless set to true. */
  API_DOCS: optionalBool,
  ADMIN_EMAIL: optionalString.pipe(z.email({ error: 'must be an email address' }).optional()),
  ADMIN_PASSWORD: optionalString.pipe(z.string().min(8, 'must be at least 8 characters').optional()),
  /**
   * ADMIN_PASSWORD is applied only when the owner's account is created; true applies it again at
   * the next start (the owner's sessions end). Unset it afterwards.
   */
  ADMIN_PASSWORD_RESET: optionalBool,
  /** Days after delivery within which a return may be accepted; an admin may accept later with a note. */
  RETURN_WINDOW_DAYS: z.coerce.number().int().min(0).max(365).default(7),
  /** A refund the provider has not settled after this many days is listed for a person in /admin/refunds. */
  REFUND_PENDING_DAYS: z.coerce.number().int().min(1).max(90).default(3),
  /** Seconds a cached catalogue answer may live even without a write (a safety net). */
  CATALOG_CACHE_TTL_SECONDS: z.coerce.number().int().min(0).max(86_400).default(300),
  /** Memory for anonymous pages kept ready to send (docs/decisions/0010-page-cache.md); 0 keeps none. */
  PAGE_CACHE_MB: z.coerce.number().int().min(0).max(4096).default(64),
  /** How long a CDN or proxy may keep an anonymous page or catalogue answer (s-maxage); 0: not at all. */
  CDN_CACHE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(10),
  /** How long after that it may still serve it while fetching a fresh one (stale-while-revalidate). */
  CDN_STALE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(30),
  /**
   * Behind reverse proxies, which of them to believe about the client's address
   * (X-Forwarded-For, used by the rate limits): their number, or their addresses/CIDRs.
   */
  TRUST_PROXY: z.string().optional().transform(trustProxySetting),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).max(10_485_760).default(102_400),
  SHOP_NAME: z.string().trim().min(1).max(60).default('Little Loom'),

  /** smtp://user:pass@host:port or smtps://...; without it mail is kept in the outbox table and logged. */
  SMTP_URL: optionalString.pipe(
    z
      .url({ error: 'must be an smtp:// or smtps:// URL' })
      .startsWith('smtp', 'must be an smtp:// or smtps:// URL')
      .optional(),
  ),
  MAIL_FROM: z.string().min(3).default('Little Loom <hello@littleloom.example>'),

  /** Shares rate-limit counters between processes; in memory when absent. */
  REDIS_URL: optionalString.pipe(
    z.url({ error: 'must be a redis:// URL' }).startsWith('redis', 'must be a redis:// URL').optional(),
  ),
  RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(900),
  /** Failed logins for one email from one client address (or IPv6 /64). */
  RATE_LIMIT_LOGIN_FAILURES_PER_EMAIL_IP: z.coerce.number().int().min(1).default(5),
  /** Failed logins for one email from every address together: a backstop against spread-out guessing. */
  RATE_LIMIT_LOGIN_FAILURES_PER_EMAIL: z.coerce.number().int().min(1).default(50),
  RATE_LIMIT_LOGINS_PER_IP: z.coerce.number().int().min(1).default(30),
  RATE_LIMIT_OTP_REQUESTS_PER_EMAIL: z.coerce.number().int().min(1).default(3),
  RATE_LIMIT_OTP_REQUESTS_PER_IP: z.coerce.number().int().min(1).default(10),
  RATE_LIMIT_OTP_CHECKS_PER_IP: z.coerce.number().int().min(1).default(20),
  RATE_LIMIT_OTP_CHECKS_PER_EMAIL: z.coerce.number().int().min(1).default(10),
  RATE_LIMIT_REGISTRATIONS_PER_IP: z.coerce.number().int().min(1).default(10),
  /** Searches per client address per minute (a window of its own, not RATE_LIMIT_WINDOW_SECONDS). */
  RATE_LIMIT_SEARCHES_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  RATE_LIMIT_CONTACTS_PER_IP: z.coerce.number().int().min(1).default(10),
  /** Back-in-stock requests from guests (an email typed in) per client address in a window. */
  RATE_LIMIT_BACK_IN_STOCK_PER_IP: z.coerce.number().int().min(1).default(20),
  /** Guest carts started per client address in a window (each is a row until it lapses). */
  RATE_LIMIT_GUESTS_PER_IP: z.coerce.number().int().min(1).default(30),
  /** The order-status page's look-ups per client address, and per email, in a window. */
  RATE_LIMIT_ORDER_LOOKUPS_PER_IP: z.coerce.number().int().min(1).default(10),
  RATE_LIMIT_ORDER_LOOKUPS_PER_EMAIL: z.coerce.number().int().min(1).default(5),
  /** Orders placed, and payments started, per shopper and per client IP in a window. */
  RATE_LIMIT_ORDERS_PER_USER: z.coerce.number().int().min(1).default(10),
  RATE_LIMIT_ORDERS_PER_IP: z.coerce.number().int().min(1).default(30),
  RATE_LIMIT_PAYMENTS_PER_USER: z.coerce.number().int().min(1).default(30),
  RATE_LIMIT_PAYMENTS_PER_IP: z.coerce.number().int().min(1).default(100),
  /** Unpaid open orders (awaiting or pending payment) a shopper may have at once; the next is refused. */
  MAX_UNPAID_ORDERS: z.coerce.number().int().min(1).max(1_000_000).default(2),
  /** Pieces of one variant a shopper may hold in unpaid orders; the back office's Settings may change it. */
  MAX_UNPAID_PIECES_PER_VARIANT: z.coerce.number().int().min(1).max(1000).default(5),

  /** Signs links such as invoice downloads; generated once and kept in the database when absent. */
  APP_SECRET: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),

  /**
   * Who takes the payments: `razorpay`, or the built-in `test` provider (no money moves).
   * `test` by default outside production; production must name `razorpay`.
   */
  PAYMENT_PROVIDER: optionalString.pipe(z.enum(['razorpay', 'test'], { error: 'must be razorpay or test' }).optional()),
  RAZORPAY_KEY_ID: optionalString,
  RAZORPAY_KEY_SECRET: optionalString,
  RAZORPAY_WEBHOOK_SECRET: optionalString,
  RAZORPAY_API_BASE: z.url({ error: 'must be a URL' }).default('https://api.razorpay.com'),
  RAZORPAY_CHECKOUT_URL: z.url({ error: 'must be a URL' }).default('https://checkout.razorpay.com/v1/checkout.js'),
  /** The built-in test provider sends its webhook this long after a payment (the browser usually reports first). */
  TEST_PAYMENT_WEBHOOK_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  /** Unpaid orders are cancelled and give their stock back after this long. */
  PAYMENT_WINDOW_MINUTES: z.coerce.number().int().min(1).max(10_080).default(30),
  /** An unpaid order's shopper is mailed this long before it expires (once; 0: no reminder). */
  PAYMENT_REMINDER_MINUTES: z.coerce.number().int().min(0).max(10_079).default(10),
  /**
   * How long a cart sits unchanged before its first reminder (docs/product.md 'Messages to
   * shoppers'); the second waits a day. 0: at the clock's next run (the browser tests).
   */
  CART_REMINDER_MINUTES: z.coerce.number().int().min(0).max(1_439).default(60),
  /** How often the background jobs (expiry, refund follow-up) run; 0 turns them off. */
  JOBS_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),

  /**
   * WhatsApp order messages through Meta's Cloud API (docs/operations.md 'Messages: WhatsApp and SMS'):
   * all three of token, phone number id and app secret, or none (WhatsApp off). Production refuses a half.
   */
  WHATSAPP_TOKEN: optionalString,
  WHATSAPP_PHONE_NUMBER_ID: optionalString,
  /** Checks the signature (X-Hub-Signature-256) of Meta's webhooks: delivery statuses and replies. */
  WHATSAPP_APP_SECRET: optionalString,
  /** Answers Meta's check when the webhook is set up; without it the check is refused. */
  WHATSAPP_VERIFY_TOKEN: optionalString,
  WHATSAPP_API_BASE: z.url({ error: 'must be a URL' }).default('https://graph.facebook.com'),
  WHATSAPP_API_VERSION: z
    .string()
    .trim()
    .regex(/^v\d+\.\d+$/, 'must look like v21.0')
    .default('v21.0'),
  /** The language the shop's WhatsApp templates were approved in. */
  WHATSAPP_TEMPLATE_LANGUAGE: z
    .string()
    .trim()
    .regex(/^[a-z]{2,3}(_[A-Z]{2})?$/, 'must be a language code such as en, en_US or hi')
    .default('en'),
  /** SMS order messages through MSG91: the authkey and a template id per message, or neither (SMS off). */
  MSG91_AUTHKEY: optionalString,
  /** key=id pairs, comma-separated, one per message (order_placed=..., order_paid=..., ...). */
  MSG91_TEMPLATE_IDS: optionalString.pipe(
    z
      .string()
      .regex(
        /^\s*[a-z_]+\s*=\s*[\w-]+\s*(,\s*[a-z_]+\s*=\s*[\w-]+\s*)*,?\s*$/,
        'must be key=id pairs separated by commas',
      )
      .optional(),
  ),
  /** The token MSG91's webhook addresses carry (?token=...): MSG91 signs nothing. At least 16 characters. */
  MSG91_WEBHOOK_TOKEN: optionalString.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
  MSG91_API_BASE: z.url({ error: 'must be a URL' }).default('https://control.msg91.com'),

  /** The seller on tax invoices. */
  SHOP_LEGAL_NAME: z.string().trim().min(1).default('Little Loom Handcrafts Private Limited'),
  SHOP_ADDRESS: z.string().trim().min(1).default('14 Artisans Lane, C-Scheme, Jaipur 302001, Rajasthan, India'),
  SHOP_STATE: z.string().trim().min(1).default('Rajasthan'),
  SHOP_GSTIN: z
    .string()
    .trim()
    .regex(/^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/, 'must be a 15-character GSTIN')
    .default('08AABCL1234F1Z5'),
  /** The shop's own mailbox: on invoices, and told of paid orders, enquiries and returns (required in production). */
  SHOP_EMAIL: optionalString.pipe(z.email({ error: 'must be an email address' }).optional()),
  SHOP_PHONE: z.string().trim().min(1).default('+91 98290 12345'),
  /**
   * The grievance officer the Consumer Protection (E-Commerce) Rules 2020 require: named with a contact in
   * every page's footer and on /about-the-seller.
   */
  GRIEVANCE_OFFICER_NAME: z.string().trim().min(1).max(80).default('Meera Sharma'),
  GRIEVANCE_OFFICER_EMAIL: z.email({ error: 'must be an email address' }).default('grievance@littleloom.example'),
  GRIEVANCE_OFFICER_PHONE: z.string().trim().min(1).max(30).default('+91 98290 12345'),
  INVOICE_PREFIX: z
    .string()
    .trim()
    .regex(/^[A-Z]{1,4}$/, 'must be 1 to 4 capital letters')
    .default('LL'),

  /** Google Analytics 4: page views are also sent there when set (G-XXXXXXX). */
  GA_MEASUREMENT_ID: optionalString.pipe(
    z
      .string()
      .regex(/^G-[A-Z0-9]{4,20}$/, 'must look like G-XXXXXXX')
      .optional(),
  ),

  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  OTP_TTL_MINUTES: z.coerce.number().int().min(1).max(60).default(10),

  /** The largest order total accepted (rupees); a larger cart is refused with a 400 (docs/decisions/0008). */
  MAX_ORDER_TOTAL_RUPEES: z.coerce.number().int().min(1).max(10_000_000).default(500_000),

  /** Days the daily clean-up keeps sessions and one-time codes after they expire or are spent. */
  RETENTION_EXPIRED_SESSIONS_DAYS: z.coerce.number().int().min(0).max(3650).default(7),
  /** Days page views are kept. */
  RETENTION_PAGE_VIEWS_DAYS: z.coerce.number().int().min(1).max(3650).default(180),
  /** Days received webhooks (their payloads) are kept. */
  RETENTION_WEBHOOK_EVENTS_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  /** Days sent mails are kept (orders, payments and invoices are always kept). */
  RETENTION_SENT_MAILS_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
});

const WithDefaults = EnvSchema.superRefine((env, ctx) => {
  if (env.ADMIN_PASSWORD_RESET && !(env.ADMIN_EMAIL && env.ADMIN_PASSWORD)) {
    ctx.addIssue({ code: 'custom', path: ['ADMIN_PASSWORD_RESET'], message: 'needs ADMIN_EMAIL and ADMIN_PASSWORD' });
  }
}).transform((env) => {
  const production = env.NODE_ENV === 'production';
  return {
    ...env,
    ADMIN_PASSWORD_RESET: env.ADMIN_PASSWORD_RESET ?? false,
    DEMO_DATA: env.DEMO_DATA ?? !production,
    API_DOCS: env.API_DOCS ?? !production,
    // Production without a provider never gets here: configurationProblems refuses it.
    PAYMENT_PROVIDER: env.PAYMENT_PROVIDER ?? ('test' as const),
    // PGlite is one process (configurationProblems refuses more); a server gets one per core in production.
    WORKERS: env.WORKERS ?? defaultWorkers(production, env.DATABASE_URL, availableParallelism()),
    BACKUP_BEFORE_MIGRATE: env.BACKUP_BEFORE_MIGRATE ?? true,
    // The demo shop's mailbox; production must name a real one (env-rules.ts).
    SHOP_EMAIL: env.SHOP_EMAIL ?? 'hello@littleloom.example',
  };
});

export type Env = z.infer<typeof WithDefaults>;

export class EnvError extends Error {
  override name = 'EnvError';
}

/**
 * The process's environment, after `.env` (in the current directory, or where
 * `npm run` was started) has filled in what the environment does not set:
 * Node's own loader never overrides a variable that is already set.
 */
export function processEnv(): Record<string, string | undefined> {
  const dirs = [process.cwd(), process.env.INIT_CWD].filter((d): d is string => !!d);
  const file = dirs.map((d) => path.join(d, '.env')).find((f) => existsSync(f));
  if (file) process.loadEnvFile(file);
  return process.env;
}

/**
 * Reads and checks the configuration. Every problem is reported at once, one
 * line each, naming its variable; production refuses settings that would lose
 * money or mail (env-rules.ts).
 */
export function loadEnv(source: Record<string, string | undefined> = processEnv()): Env {
  const result = WithDefaults.safeParse(source);
  const lines = [
    ...(result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)),
    ...configurationProblems(source),
  ];
  if (lines.length === 0 && result.success) return result.data;
  throw new EnvError(`Invalid configuration:\n${[...new Set(lines)].map((l) => `  ${l}`).join('\n')}`);
}

/** The environment for a child process (pg_dump, pg_restore): this one's, plus `extra`. */
export function childEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  return { ...process.env, ...extra };
}

/** Where the command was typed: npm runs the scripts at the repository's root, and says so in INIT_CWD. */
export function invocationDir(): string {
  return process.env.INIT_CWD ?? process.cwd();
}
