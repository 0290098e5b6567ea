import { createHash } from 'node:crypto';
import type { CatalogCache } from '../../lib/cache';
import { brotliAt, gzip } from './compression';

/**
 * Anonymous pages kept as the bytes that are sent (docs/decisions/0010-page-cache.md):
 * a hit costs no rendering and no compression. The cache belongs to the
 * catalogue cache's generation: every `invalidate()` of the catalogue (a write
 * in this process, or one heard from another through LISTEN/NOTIFY,
 * docs/catalog-cache.md) empties it too, and while the catalogue cache keeps
 * nothing (suspended), neither does this one. Bounded by bytes, least
 * recently used first out.
 */
export interface CachedPage {
  /** The response's headers besides the caching ones (content type, CSP with the scripts' hashes, Link). */
  headers: Record<string, string>;
  /** Weak: the same page in each encoding. */
  etag: string;
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
  /** What it holds of the cache's budget. */
  size: number;
}

/** A page ready to keep: compressed once, with brotli at a quality that is quick to make and small to send. */
export async function preparePage(headers: Record<string, string>, identity: Buffer): Promise<CachedPage> {
  const [br, gz] = await Promise.all([brotliAt(9, identity), gzip(identity, { level: 9 })]);
  const etag = `W/"${createHash('sha1').update(identity).digest('base64url').slice(0, 20)}"`;
  const size = identity.length + br.length + gz.length + 512;
  return { headers, etag, identity, br, gzip: gz, size };
}

interface Render<T> {
  generation: number;
  stockGeneration: number;
  promise: Promise<T | null>;
}

/**
 * Product pages (and the API's product answers, kept under the same key
 * without /api/v1) show stock numbers; everything else kept only whether a
 * piece is in stock (cache.ts).
 */
const showsStock = (key: string) => key.startsWith('/product/');

/**
 * What is built from the catalogue and kept while it stays as it was: the
 * generation rules of the page cache, for any value that knows its size.
 */
export class KeptCache<T extends { size: number }> {
  private entries = new Map<string, T>();
  private inflight = new Map<string, Render<T>>();
  private bytes = 0;
  private generation: number;
  private stockGeneration: number;

  constructor(
    private readonly catalog: CatalogCache,
    private readonly maxBytes: number,
  ) {
    this.generation = catalog.generation;
    this.stockGeneration = catalog.stockGeneration;
  }

  /** Forgets what an older generation of the catalogue made (of its stock: the product pages). */
  private current(): { generation: number; stockGeneration: number } {
    const { generation, stockGeneration } = this.catalog;
    if (generation !== this.generation) {
      this.entries.clear();
      this.inflight.clear();
      this.bytes = 0;
    } else if (stockGeneration !== this.stockGeneration) {
      // Only the pages of the products whose stock moved (all product pages when that is not known).
      const moved = this.catalog.stockMovedSince(this.stockGeneration);
      const product = (key: string) => this.catalog.productOf(key.slice('/product/'.length).split(/[?#]/)[0]!);
      for (const [key, page] of this.entries) {
        if (!showsStock(key)) continue;
        const id = moved && product(key);
        if (moved && id !== undefined && !moved.has(id)) continue;
        this.entries.delete(key);
        this.bytes -= page.size;
      }
      for (const key of this.inflight.keys()) if (showsStock(key)) this.inflight.delete(key);
    }
    this.generation = generation;
    this.stockGeneration = stockGeneration;
    return { generation, stockGeneration };
  }

  get(key: string): T | undefined {
    this.current();
    const page = this.entries.get(key);
    if (page) {
      // Most recently used last: the first key is the next to go.
      this.entries.delete(key);
      this.entries.set(key, page);
    }
    return page;
  }

  /**
   * The page from one render shared by everyone asking for it meanwhile
   * (null: the render gave something not to keep, so each caller renders its
   * own). A render that a catalogue write overtook answers its waiters once
   * and is not kept, as in the catalogue cache.
   */
  fill(key: string, render: () => Promise<T | null>): Promise<T | null> {
    const at = this.current();
    const overtaken = (now: typeof at) =>
      now.generation !== at.generation || (showsStock(key) && now.stockGeneration !== at.stockGeneration);
    const running = this.inflight.get(key);
    if (running && !overtaken(running)) return running.promise;
    const promise = render().then(
      (page) => {
        if (this.inflight.get(key)?.promise === promise) this.inflight.delete(key);
        if (page && this.catalog.keeping && !overtaken(this.current())) this.keep(key, page);
        return page;
      },
      (err: unknown) => {
        if (this.inflight.get(key)?.promise === promise) this.inflight.delete(key);
        throw err;
      },
    );
    this.inflight.set(key, { ...at, promise });
    return promise;
  }

  private keep(key: string, page: T): void {
    if (page.size > this.maxBytes / 4) return; // one page never crowds out the rest
    const old = this.entries.get(key);
    if (old) {
      this.bytes -= old.size;
      this.entries.delete(key);
    }
    this.entries.set(key, page);
    this.bytes += page.size;
    for (const [k, p] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(k);
      this.bytes -= p.size;
    }
  }

  get size(): { pages: number; bytes: number } {
    this.current();
    return { pages: this.entries.size, bytes: this.bytes };
  }
}

export class PageCache extends KeptCache<CachedPage> {}
