import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './db/client';
import type { Env } from './env';
import type { CatalogCache } from './lib/cache';
import type { RateLimiter } from './lib/rate-limit';
import type { ImageStore } from './modules/images/images.service';
import type { Mailer } from './modules/mail/mail.service';
import type { PaymentProvider } from './modules/payments/provider';

/** What every route plugin and service is given: the app's long-lived services. */
export interface AppContext {
  env: Env;
  db: Db;
  cache: CatalogCache;
  images: ImageStore;
  mailer: Mailer;
  limiter: RateLimiter;
  payments: PaymentProvider;
  /** Signs links (invoice downloads). */
  secret: string;
  log: FastifyBaseLogger;
}
