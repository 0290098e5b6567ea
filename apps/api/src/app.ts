import { randomBytes } from 'node:crypto';
import path from 'node:path';
import cors from '@fastify/cors';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import { unitOfWork, type AppContext } from './context';
import type { Db } from './db/client';
import type { Env } from './env';
import { CatalogCache } from './lib/cache';
import { CatalogListener } from './lib/catalog-changes';
import { noSuchAddress, registerErrorHandling } from './lib/errors';
import { requestId, serializeRequest } from './lib/request-log';
import { registerSecurityHeaders } from './lib/security-headers';
import { MemoryRateLimitStore, RateLimiter, RedisRateLimitStore } from './lib/rate-limit';
import { accountRoutes } from './modules/accounts/accounts.routes';
import { selfServiceRoutes } from './modules/accounts/self-service.routes';
import { userForToken } from './modules/accounts/session.service';
import { adminRoutes, type AdminRoute } from './modules/admin/admin.routes';
import { addressRoutes } from './modules/addresses/addresses.routes';
import { cartRoutes } from './modules/cart/cart.routes';
import { analyticsRoutes } from './modules/analytics/analytics.routes';
import { catalogRoutes } from './modules/catalog/catalog.routes';
import { contactRoutes } from './modules/contact/contact.routes';
import { backInStockRoutes } from './modules/back-in-stock/back-in-stock.routes';
import { feedRoutes } from './modules/feeds/feeds.routes';
import { Mailer } from './modules/mail/mail.service';
import { messageChannels } from './modules/messages/channels';
import { messageRoutes } from './modules/messages/messages.routes';
import { invoiceRoutes } from './modules/invoices/invoices.routes';
import { orderRoutes } from './modules/orders/orders.routes';
import { paymentRoutes } from './modules/payments/payments.routes';
import { handleWebhook } from './modules/payments/webhooks';
import { registerWeb } from './modules/web/web.routes';
import type { PaymentProvider } from './modules/payments/provider';
import { RazorpayProvider } from './modules/payments/razorpay.provider';
import { TestPaymentProvider } from './modules/payments/test.provider';
import { testProviderRoutes } from './modules/payments/test-provider.routes';
import { HANDLERS, SUBSCRIPTIONS } from './effects';
import { ORDER_HOOKS } from './order-hooks';
import { PERSONAL_DATA } from './personal-data';
import { OutboxWorker } from './outbox/worker';
import { wishlistRoutes } from './modules/wishlist/wishlist.routes';
import { creditRoutes } from './modules/credit/credit.routes';
import { healthRoutes } from './modules/health/health.routes';
import { imageRoutes } from './modules/images/images.routes';
import { ImageStore } from './modules/images/images.service';
import type { PictureSizer } from './modules/images/sizer';
import { shippingRoutes } from './modules/shipping/shipping.routes';
import { settingOrStore } from './modules/settings/settings.service';

export const API_PREFIX = '/api/v1';
/** How the shop's connections are named in PostgreSQL's pg_stat_activity. */
export const APPLICATION_NAME = 'kidswear-shop';

export interface BuildAppOptions {
  env: Env;
  db: Db;
  /** Pino logging; off unless asked for (tests). */
  logger?: boolean;
  /** Where the log goes (stdout unless given): tests read it. */
  logStream?: { write(line: string): void };
  /** Serve the storefront's build too (the shop server does; API tests do not). */
  serveWeb?: boolean;
  /**
   * The PostgreSQL server behind `db`: the app then hears every other
   * process's catalogue writes (LISTEN/NOTIFY). Absent for PGlite, one process.
   */
  databaseUrl?: string | undefined;
  /** Who sizes pictures: a child process for the shop server (serve.ts), this process otherwise. */
  pictureSizer?: PictureSizer;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's long-lived services, for tests and tools. */
    ctx: AppContext;
    /** Every back-office route and the access it declares (the authorization matrix test reads them). */
    adminRoutes: AdminRoute[];
  }
}
export type ShopApp = FastifyInstance;

export async function buildApp({
  env,
  db,
  logger = true,
  logStream,
  serveWeb = false,
  databaseUrl,
  pictureSizer,
}: BuildAppOptions): Promise<ShopApp> {
  const app = Fastify({
    logger: logger
      ? { level: env.LOG_LEVEL, serializers: { req: serializeRequest }, ...(logStream ? { stream: logStream } : {}) }
      : false,
    bodyLimit: env.BODY_LIMIT_BYTES,
    trustProxy: trustProxy(env.TRUST_PROXY),
    // Request ids in logs: the client's x-request-id only when it is short and plain.
    requestIdHeader: false,
    genReqId: requestId,
  });

  const payments = paymentProvider(env);
  const outbox = new OutboxWorker(() => ctx, SUBSCRIPTIONS, HANDLERS);
  const ctx: AppContext = {
    env,
    db,
    log: app.log,
    payments,
    orderHooks: ORDER_HOOKS,
    personalData: PERSONAL_DATA,
    secret: await appSecret(db, env),
    cache: new CatalogCache(env.CATALOG_CACHE_TTL_SECONDS * 1000),
    images: new ImageStore(db, path.resolve(env.DATA_DIR, 'cache', 'images'), pictureSizer),
    mailer: new Mailer(db, app.log, env.MAIL_FROM, env.SMTP_URL, env.NODE_ENV === 'development'),
    channels: messageChannels(env, app.log),
    outbox,
    userForToken,
    limiter: new RateLimiter(
      env.REDIS_URL ? new RedisRateLimitStore(env.REDIS_URL) : new MemoryRateLimitStore(),
      env.RATE_LIMIT_WINDOW_SECONDS * 1000,
    ),
  };
  if (payments instanceof TestPaymentProvider) {
    payments.connect(async (raw, signature, eventId) => {
      await handleWebhook(unitOfWork(ctx, { kind: 'anonymous' }), raw, signature, eventId).catch((err: unknown) =>
        app.log.error({ err }, 'test provider webhook failed'),
      );
    });
  }
  const listener = databaseUrl
    ? new CatalogListener({
        url: databaseUrl,
        cache: ctx.cache,
        log: app.log,
        connectTimeoutMs: env.DATABASE_CONNECT_TIMEOUT_SECONDS * 1000,
        applicationName: APPLICATION_NAME,
      })
    : undefined;
  await listener?.start();
  app.addHook('onClose', async () => {
    await listener?.close();
    if (payments instanceof TestPaymentProvider) payments.close();
    await outbox.close();
    ctx.mailer.close();
    ctx.images.close();
    await ctx.limiter.store.close();
  });

  app.decorate('ctx', ctx);
  app.decorate('adminRoutes', [] as AdminRoute[]);
  app.decorate('draining', { now: false });
  app.decorateRequest('user', null);
  app.decorateRequest('token', null);
  app.setValidatorCompiler(validatorCompiler);
  // Responses are checked against the contract by the tests; at run time they are just sent.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  registerErrorHandling(app);
  // The API speaks JSON only; anything else is a 415.
  app.removeContentTypeParser('text/plain');

  registerSecurityHeaders(app);
  await app.register(cors, { origin: [new URL(env.PUBLIC_URL).origin], credentials: false });
  if (env.API_DOCS) {
    await app.register(swagger, {
      openapi: {
        info: { title: 'Kidswear shop API', version: '1.0.0' },
        servers: [{ url: env.PUBLIC_URL }],
        components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      },
      transform: jsonSchemaTransform,
    });
    // Its page has its own scripts, which its own Content-Security-Policy allows by hash.
    await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  }

  await app.register(
    (api, _opts, done) => {
      healthRoutes(api, ctx);
      accountRoutes(api, ctx);
      selfServiceRoutes(api, ctx);
      addressRoutes(api, ctx);
      cartRoutes(api, ctx);
      wishlistRoutes(api, ctx);
      creditRoutes(api, ctx);
      contactRoutes(api, ctx);
      backInStockRoutes(api, ctx);
      orderRoutes(api, ctx);
      paymentRoutes(api, ctx);
      messageRoutes(api, ctx);
      invoiceRoutes(api);
      if (payments instanceof TestPaymentProvider) testProviderRoutes(api, payments);
      analyticsRoutes(api, ctx);
      catalogRoutes(api, ctx);
      shippingRoutes(api, ctx);
      // The back office's own scope (its guard), its paths from the endpoint table: /admin/...
      void api.register(adminRoutes(ctx, app.adminRoutes));
      done();
    },
    { prefix: API_PREFIX },
  );
  imageRoutes(app, ctx);
  await feedRoutes(app, ctx);

  if (serveWeb) await registerWeb(app, ctx);

  app.setNotFoundHandler((req, reply) => {
    return reply.status(404).send(noSuchAddress(req.method, req.url));
  });

  return app;
}

/** As PAYMENT_PROVIDER says (docs/product.md#settings): never chosen by which keys happen to be set. */
function paymentProvider(env: Env): PaymentProvider {
  if (env.PAYMENT_PROVIDER === 'razorpay') {
    // loadEnv has refused a razorpay provider without its keys.
    return new RazorpayProvider({
      keyId: env.RAZORPAY_KEY_ID!,
      keySecret: env.RAZORPAY_KEY_SECRET!,
      webhookSecret: env.RAZORPAY_WEBHOOK_SECRET,
      apiBase: env.RAZORPAY_API_BASE,
      checkoutUrl: env.RAZORPAY_CHECKOUT_URL,
    });
  }
  return new TestPaymentProvider(env.TEST_PAYMENT_WEBHOOK_DELAY_MS);
}

/** A number of hops trusts that many proxies in front of the shop (what Fastify does with a number, typed as its function). */
function trustProxy(setting: Env['TRUST_PROXY']) {
  return typeof setting === 'number' ? (_address: string, hop: number) => hop < setting : setting;
}

/** APP_SECRET, or one generated on first start and kept in the database for every process. */
async function appSecret(db: Db, env: Env): Promise<string> {
  if (env.APP_SECRET) return env.APP_SECRET;
  return settingOrStore(db, 'app_secret', randomBytes(32).toString('base64url'));
}
