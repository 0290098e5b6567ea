import { createHash } from 'node:crypto';
import type { CatalogScope } from './catalog-changes';

/** The answers that show stock numbers: a product's own (catalog.routes.ts keys them `product:<slug>`). */
const showsStock = (key: string) => key.startsWith('product:');

/** A catalogue answer, ready to send, and its ETag. */
export interface Answer {
  /** The text sent: JSON, save for the product feeds (their XML or CSV). */
  json: string;
  etag: string;
}

/** A strong ETag for bytes or text: 20 characters of its SHA-1. */
export const etagOf = (body: string | Buffer) =>
  `"${createHash('sha1').update(body).digest('base64url').slice(0, 20)}"`;

/**
 * The in-process cache of catalogue answers, kept as ready-to-send JSON.
 *
 * Every write that changes what shoppers see of the catalogue (products,
 * prices, stock, home picks) calls `invalidate()`, which drops everything:
 * catalogue writes are rare next to reads, so precision is not worth its
 * bugs. A TTL bounds staleness should a write ever bypass the services.
 * How this extends to several processes is in docs/catalog-cache.md.
 */
export class CatalogCache {
  private entries = new Map<string, Answer & { expires: number; product?: number }>();
  private inflight = new Map<string, Promise<Answer>>();
  private gen = 0;
  private stockGen = 0;
  /** The products of the last stock-only invalidations (undefined: every product), for the page cache. */
  private stockLog: { gen: number; products: readonly number[] | undefined }[] = [];
  /** Which product each `product:<slug>` answer is of (learnt as they load). */
  private productOfKey = new Map<string, number>();
  /** Off while this process cannot hear other processes' writes (catalog-changes.ts). */
  private on = true;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 2_000,
  ) {}

  async json(key: string, load: () => Promise<unknown>): Promise<string> {
    return (await this.answer(key, load)).json;
  }

  /**
   * The answer with its ETag (a hash of the JSON, made once per load).
   * `productOf`: the product an answer shows the stock of (a stock change of
   * another product leaves it be). `serialize`: how the value becomes the text
   * kept and sent, JSON unless told (a product feed keeps its XML or CSV).
   */
  answer(
    key: string,
    load: () => Promise<unknown>,
    productOf?: (value: unknown) => number,
    serialize: (value: unknown) => string = JSON.stringify,
  ): Promise<Answer> {
    const hit = this.entries.get(key);
    if (hit && hit.expires > Date.now()) return Promise.resolve(hit);
    const running = this.inflight.get(key);
    if (running) return running;

    const generation = this.gen;
    const stockGeneration = this.stockGen;
    const promise = load()
      .then((value) => {
        const json = serialize(value);
        const answer = { json, etag: etagOf(json) };
        const product = productOf?.(value);
        if (product !== undefined) {
          if (this.productOfKey.size >= 50_000) this.productOfKey.clear();
          this.productOfKey.set(key, product);
        }
        // A write during the load makes this answer suspect: serve it once, keep nothing.
        const overtaken = generation !== this.gen || (showsStock(key) && stockGeneration !== this.stockGen);
        if (this.ttlMs > 0 && this.on && !overtaken) {
          if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
          this.entries.set(key, { ...answer, expires: Date.now() + this.ttlMs, product });
        }
        return answer;
      })
      .finally(() => {
        if (this.inflight.get(key) === promise) this.inflight.delete(key);
      });
    this.inflight.set(key, promise);
    return promise;
  }

  /**
   * `all`: forgets everything. `stock` (quantities moved, none to or from
   * zero): forgets only the products' own answers, which show the number;
   * listings, search and the home page show only whether a piece is in stock.
   */
  invalidate(scope: CatalogScope = 'all', products?: readonly number[]): void {
    if (scope === 'stock') {
      this.stockGen += 1;
      this.stockLog.push({ gen: this.stockGen, products });
      if (this.stockLog.length > 1_000) this.stockLog.shift();
      const moved = (product: number | undefined) => !products || product === undefined || products.includes(product);
      for (const [key, entry] of this.entries) if (showsStock(key) && moved(entry.product)) this.entries.delete(key);
      for (const key of this.inflight.keys()) if (showsStock(key)) this.inflight.delete(key);
      return;
    }
    this.gen += 1;
    this.entries.clear();
    this.inflight.clear();
  }

  /**
   * While the process cannot hear catalogue writes of other processes (its
   * listening connection is down), it keeps nothing: every read goes to the
   * database, slower but never stale. `resume` forgets all and keeps again.
   */
  suspend(): void {
    this.on = false;
    this.invalidate();
  }

  resume(): void {
    this.on = true;
    this.invalidate();
  }

  /**
   * Goes up on every `invalidate()` (here or heard from another process): the
   * page cache (modules/web/page-cache.ts) keeps pages of one generation only,
   * so it is emptied by the very same calls.
   */
  get generation(): number {
    return this.gen;
  }

  /** Goes up on every stock-only invalidation: what shows stock numbers is from an older one. */
  get stockGeneration(): number {
    return this.stockGen;
  }

  /** The products whose stock moved after stock generation `since`; undefined: any (or no longer known). */
  stockMovedSince(since: number): Set<number> | undefined {
    const log = this.stockLog.filter((l) => l.gen > since);
    if (log.length < this.stockGen - since) return undefined;
    const moved = new Set<number>();
    for (const l of log) {
      if (!l.products) return undefined;
      for (const p of l.products) moved.add(p);
    }
    return moved;
  }

  /** The product a `product:<slug>` answer was of, when one has loaded. */
  productOf(slug: string): number | undefined {
    return this.productOfKey.get(`product:${slug}`);
  }

  /** False while suspended: nothing built from the catalogue may be kept. */
  get keeping(): boolean {
    return this.on && this.ttlMs > 0;
  }

  get size(): number {
    return this.entries.size;
  }
}
