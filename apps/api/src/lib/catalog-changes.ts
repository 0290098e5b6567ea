import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { DbOrTx } from '../db/client';
import type { CatalogCache } from './cache';

/**
 * How every shop process hears of a catalogue write (docs/catalog-cache.md):
 * the writer notifies inside its transaction, PostgreSQL delivers after the
 * commit (and never for a rollback), and each process's listener empties its
 * cache. The writer also calls `cache.invalidate()` itself after the commit,
 * so its own next read is fresh without waiting for the echo: a module does
 * both with one call of its unit of work, `work.catalogChanged()` (context.ts).
 */
export const CATALOG_CHANNEL = 'catalog_changed';

/**
 * What a write changed: `all`, or only `stock` quantities, none reaching or
 * leaving zero (what a listing shows, in stock or not, is unchanged; only the
 * products' own answers and pages show the number). cache.ts says what each drops.
 */
export type CatalogScope = 'all' | 'stock';

/** How far a write reaches what shoppers see: a scope, or `none` (it changed nothing shown). */
export interface CatalogChange {
  scope: CatalogScope | 'none';
  /** For `stock`: the products whose pages show a different number now. */
  products?: number[];
}

/**
 * What a shopper is shown of a size's stock (docs/product.md 'Stock'): the
 * count at or below the low-stock threshold ('Only 2 left'), and above it only
 * that there is plenty, as the threshold + 1. A sale from 40 to 39 shows nothing new.
 */
export const shownStock = (stock: number, threshold: number) => Math.max(0, Math.min(stock, threshold + 1));

/** One size's stock before and after a write, and its product. */
export interface StockMove {
  productId: number | null;
  before: number;
  after: number;
}

/**
 * How far stock moves reach the catalogue's answers and pages: `all` when a
 * size sold out or came back (listings show in stock or not), `stock` for the
 * products of the sizes whose shown stock changed, else `none`.
 */
export function stockChange(moves: Iterable<StockMove>, threshold: number): CatalogChange {
  const products = new Set<number>();
  let unknown = false;
  for (const { productId, before, after } of moves) {
    if (before > 0 !== after > 0) return { scope: 'all' };
    if (shownStock(before, threshold) === shownStock(after, threshold)) continue;
    if (productId === null) unknown = true;
    else products.add(productId);
  }
  if (unknown) return { scope: 'stock' };
  return products.size ? { scope: 'stock', products: [...products] } : { scope: 'none' };
}

/** Tells every process of a catalogue write: made inside the writing transaction (`work.catalogChanged`). */
export async function notifyCatalogChange(
  tx: DbOrTx,
  scope: CatalogScope = 'all',
  products?: readonly number[],
): Promise<void> {
  if (scope === 'all') return void (await tx.execute(sql.raw(`notify ${CATALOG_CHANNEL}`)));
  // Integers only, so the payload needs no quoting: `stock` or `stock:12,40`.
  const ids = products?.filter((id) => Number.isSafeInteger(id)) ?? [];
  const payload = products && ids.length === products.length ? `stock:${ids.join(',')}` : 'stock';
  await tx.execute(sql.raw(`notify ${CATALOG_CHANNEL}, '${payload}'`));
}

/** What a notification's payload asks the cache to forget (`notifyCatalogChange` writes it). */
export function parseChange(payload: string | undefined): { scope: CatalogScope; products?: number[] } {
  if (payload === 'stock') return { scope: 'stock' };
  const ids = /^stock:(\d+(?:,\d+)*)$/.exec(payload ?? '')?.[1];
  return ids ? { scope: 'stock', products: ids.split(',').map(Number) } : { scope: 'all' };
}

export interface ListenerOptions {
  url: string;
  cache: CatalogCache;
  log: FastifyBaseLogger;
  connectTimeoutMs: number;
  applicationName: string;
}

const MAX_RETRY_MS = 30_000;

/**
 * One dedicated connection per process, outside the pool, that LISTENs. While
 * it is down the cache keeps nothing (writes made meanwhile would go
 * unheard); once it LISTENs again the cache forgets everything and keeps
 * again. LISTEN comes first, then the cache is emptied: the other order
 * would leave a moment in which a write is neither heard nor seen.
 */
export class CatalogListener {
  private client: pg.Client | undefined;
  private retry: NodeJS.Timeout | undefined;
  private failures = 0;
  private closed = false;

  constructor(private readonly opts: ListenerOptions) {}

  /** Resolves once listening, or after a first failure (it keeps trying in the background). */
  start(): Promise<void> {
    this.opts.cache.suspend();
    return this.connect();
  }

  get listening(): boolean {
    return this.client !== undefined;
  }

  private async connect(): Promise<void> {
    this.retry = undefined;
    const client = new pg.Client({
      connectionString: this.opts.url,
      connectionTimeoutMillis: this.opts.connectTimeoutMs,
      keepAlive: true,
      application_name: this.opts.applicationName,
    });
    let lost = false;
    const onLost = (err?: unknown) => {
      if (lost) return;
      lost = true;
      this.lost(client, err);
    };
    client.on('error', onLost);
    client.on('end', () => onLost());
    client.on('notification', (message) => {
      if (message.channel !== CATALOG_CHANNEL) return;
      const { scope, products } = parseChange(message.payload);
      this.opts.cache.invalidate(scope, products);
    });
    try {
      await client.connect();
      await client.query(`listen ${CATALOG_CHANNEL}`);
    } catch (err) {
      onLost(err);
      return;
    }
    if (this.closed || lost) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    if (this.failures > 0) this.opts.log.info('catalogue listener: listening again');
    this.failures = 0;
    this.opts.cache.resume();
  }

  private lost(client: pg.Client, err: unknown): void {
    if (this.client === client) this.client = undefined;
    void client.end().catch(() => undefined);
    if (this.closed) return;
    this.opts.cache.suspend();
    const delay = Math.min(MAX_RETRY_MS, 250 * 2 ** this.failures);
    this.failures += 1;
    this.opts.log.warn(
      { err, retryInMs: delay },
      'catalogue listener: connection lost; the cache keeps nothing until it listens again',
    );
    this.retry = setTimeout(() => void this.connect(), delay);
    this.retry.unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retry);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }
}
