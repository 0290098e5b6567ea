import type { User } from '@shop/contract';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Db, DbOrTx, Tx } from './db/client';
import type { Env } from './env';
import type { CatalogCache } from './lib/cache';
import { notifyCatalogChange, type CatalogScope } from './lib/catalog-changes';
import type { RateLimiter } from './lib/rate-limit';
import type { PersonalDataPart } from './modules/accounts/personal-data';
import type { ImageStore } from './modules/images/images.service';
import type { Mailer } from './modules/mail/mail.service';
import type { Channels } from './modules/messages/channel';
import type { OrderHooks } from './modules/orders/hooks';
import type { PaymentProvider } from './modules/payments/provider';
import { enqueue } from './outbox/outbox';
import type { EffectEvent, EffectEvents } from './outbox/events';
import type { OutboxWorker } from './outbox/worker';

/** The app's long-lived services, built once at start-up. */
export interface AppContext {
  env: Env;
  db: Db;
  cache: CatalogCache;
  images: ImageStore;
  mailer: Mailer;
  /** WhatsApp and SMS, each when the owner configured it (modules/messages/channels.ts). */
  channels: Channels;
  limiter: RateLimiter;
  payments: PaymentProvider;
  /** What orders asks of payments and invoices (src/order-hooks.ts): they import orders, not it them. */
  orderHooks: OrderHooks;
  /** Each module's part of a shopper's personal data (src/personal-data.ts): accounts copies and forgets through it. */
  personalData: readonly PersonalDataPart[];
  /** Runs what follows commits (mails, invoices, refund requests); `drain()` runs what is due now. */
  outbox: OutboxWorker;
  /** The live session's user of a token (modules/accounts), for lib/auth.ts's guards: lib/ imports no module. */
  userForToken(db: Db, token: string): Promise<User | null>;
  /** Signs links (invoice downloads). */
  secret: string;
  log: FastifyBaseLogger;
}

/** Who causes a change: recorded in the order's history and checked against the lifecycle's rules. */
export type Actor =
  | { kind: 'shopper'; userId: number }
  | { kind: 'staff'; userId: number }
  | { kind: 'admin'; userId: number }
  | { kind: 'provider'; via: 'browser' | 'webhook' | 'reconcile' | 'api' | 'store_credit' }
  | { kind: 'clock' }
  | { kind: 'system' }
  | { kind: 'anonymous' };
export type ActorKind = Actor['kind'];

/**
 * One request's (or one job's) context, which services take first: the app's
 * services, who is acting, the log, and the database, which inside
 * `transaction()` is that transaction. Effects emitted inside a transaction
 * are written to the outbox in it and run after the commit by the worker;
 * `afterCommit` callbacks (in-process only, such as dropping the catalogue
 * cache) run right after the commit, and are dropped on a rollback.
 */
export interface UnitOfWork {
  readonly app: AppContext;
  readonly actor: Actor;
  readonly log: FastifyBaseLogger;
  /** The client's address, for per-IP limits (null for jobs). */
  readonly ip: string | null;
  readonly db: DbOrTx;
  readonly inTransaction: boolean;
  /** Runs `fn` in a transaction, or in the current one when there is one. */
  transaction<T>(fn: (work: UnitOfWork) => Promise<T>): Promise<T>;
  emit<E extends EffectEvent>(event: E, payload: EffectEvents[E]): Promise<void>;
  afterCommit(fn: () => void): void;
  /**
   * The one call for a write that changes what shoppers see of the catalogue
   * (stock, prices, products, popularity, what the pages show of the
   * settings): every process is told inside the transaction (PostgreSQL
   * delivers it on commit, never on a rollback) and this one forgets its copy
   * right after the commit. `scope` and `products` narrow what is forgotten
   * (lib/catalog-changes.ts).
   */
  catalogChanged(scope?: CatalogScope, products?: readonly number[]): Promise<void>;
  /** The same work (and transaction) on behalf of another actor, e.g. the provider whose answer was checked. */
  as(actor: Actor): UnitOfWork;
}

interface Pending {
  callbacks: (() => void)[];
  emitted: boolean;
}

class Work implements UnitOfWork {
  constructor(
    readonly app: AppContext,
    readonly actor: Actor,
    readonly log: FastifyBaseLogger,
    readonly ip: string | null = null,
    private readonly tx: Tx | null = null,
    private readonly pending: Pending | null = null,
  ) {}

  get db(): DbOrTx {
    return this.tx ?? this.app.db;
  }

  get inTransaction(): boolean {
    return this.tx !== null;
  }

  async transaction<T>(fn: (work: UnitOfWork) => Promise<T>): Promise<T> {
    if (this.tx) return fn(this);
    const pending: Pending = { callbacks: [], emitted: false };
    const result = await this.app.db.transaction((tx) =>
      fn(new Work(this.app, this.actor, this.log, this.ip, tx, pending)),
    );
    for (const callback of pending.callbacks) {
      try {
        callback();
      } catch (err) {
        this.log.error({ err }, 'an after-commit callback failed');
      }
    }
    if (pending.emitted) this.app.outbox.nudge();
    return result;
  }

  async emit<E extends EffectEvent>(event: E, payload: EffectEvents[E]): Promise<void> {
    if (!this.tx || !this.pending) return this.transaction((work) => work.emit(event, payload));
    await enqueue(this.tx, event, this.app.outbox.subscribers(event), payload);
    this.pending.emitted = true;
  }

  afterCommit(fn: () => void): void {
    if (this.pending) this.pending.callbacks.push(fn);
    else fn(); // nothing to wait for
  }

  async catalogChanged(scope: CatalogScope = 'all', products?: readonly number[]): Promise<void> {
    if (!this.tx) return this.transaction((work) => work.catalogChanged(scope, products));
    await notifyCatalogChange(this.tx, scope, products);
    this.afterCommit(() => this.app.cache.invalidate(scope, products));
    // A size whose stock rose from 0 queued its back-in-stock step by trigger (docs/product.md 'Back in stock'), not by emit.
    if (scope === 'all') this.pending!.emitted = true;
  }

  as(actor: Actor): UnitOfWork {
    return new Work(this.app, actor, this.log, this.ip, this.tx, this.pending);
  }
}

export const unitOfWork = (
  app: AppContext,
  actor: Actor,
  log: FastifyBaseLogger = app.log,
  ip: string | null = null,
): UnitOfWork => new Work(app, actor, log, ip);

/** The storefront's unit of work: the signed-in user acts as a shopper, whatever their role. */
export function requestWork(req: FastifyRequest): UnitOfWork {
  const actor: Actor = req.user ? { kind: 'shopper', userId: req.user.id } : { kind: 'anonymous' };
  return new Work(req.server.ctx, actor, req.log, req.ip);
}

/** The back office's actor for a signed-in user's role; null for a customer. */
export function staffActor(user: { id: number; role: string }): Actor | null {
  if (user.role === 'admin') return { kind: 'admin', userId: user.id };
  if (user.role === 'staff') return { kind: 'staff', userId: user.id };
  return null;
}
