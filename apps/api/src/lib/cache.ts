import { createHash } from 'node:crypto';
import type { CatalogScope } from './catalog-changes';

/** The answers that show stock numbers: a product's own (catalog.routes.ts keys them `product:<slug>`). */
const showsStock = (key: string) => key.startsWith('product:');

/** A catalogue answer, ready to send, and its ETag. */
export interface Answer {
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
  private entries = new Map<string, Answer & { expires: number }>();
  private inflight = new Map<string, Promise<Answer>>();
  private gen = 0;
  private stockGen = 0;
  /** Off while this process cannot hear other processes' writes (catalog-changes.ts). */
  private on = true;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 2_000,
  ) {}

  async json(key: string, load: () => Promise<unknown>): Promise<string> {
    return (await this.answer(key, load)).json;
  }

  /** The answer with its ETag (a hash of the JSON, made once per load). */
  answer(key: string, load: () => Promise<unknown>): Promise<Answer> {
    const hit = this.entries.get(key);
    if (hit && hit.expires > Date.now()) return Promise.resolve(hit);
    const running = this.inflight.get(key);
    if (running) return running;

    const generation = this.gen;
    const stockGeneration = this.stockGen;
    const promise = load()
      .then((value) => {
        const json = JSON.stringify(value);
        const answer = { json, etag: etagOf(json) };
        // A write during the load makes this answer suspect: serve it once, keep nothing.
        const overtaken = generation !== this.gen || (showsStock(key) && stockGeneration !== this.stockGen);
        if (this.ttlMs > 0 && this.on && !overtaken) {
          if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
          this.entries.set(key, { ...answer, expires: Date.now() + this.ttlMs });
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
  invalidate(scope: CatalogScope = 'all'): void {
    if (scope === 'stock') {
      this.stockGen += 1;
      for (const map of [this.entries, this.inflight])
        for (const key of map.keys()) if (showsStock(key)) map.delete(key);
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

  /** False while suspended: nothing built from the catalogue may be kept. */
  get keeping(): boolean {
    return this.on && this.ttlMs > 0;
  }

  get size(): number {
    return this.entries.size;
  }
}
