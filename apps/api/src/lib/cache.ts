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
  private entries = new Map<string, { json: string; expires: number }>();
  private inflight = new Map<string, Promise<string>>();
  private generation = 0;
  /** Off while this process cannot hear other processes' writes (catalog-changes.ts). */
  private keeping = true;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 2_000,
  ) {}

  async json(key: string, load: () => Promise<unknown>): Promise<string> {
    const hit = this.entries.get(key);
    if (hit && hit.expires > Date.now()) return hit.json;
    const running = this.inflight.get(key);
    if (running) return running;

    const generation = this.generation;
    const promise = load()
      .then((value) => {
        const json = JSON.stringify(value);
        // A write during the load makes this answer suspect: serve it once, keep nothing.
        if (this.ttlMs > 0 && this.keeping && generation === this.generation) {
          if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
          this.entries.set(key, { json, expires: Date.now() + this.ttlMs });
        }
        return json;
      })
      .finally(() => {
        if (this.inflight.get(key) === promise) this.inflight.delete(key);
      });
    this.inflight.set(key, promise);
    return promise;
  }

  invalidate(): void {
    this.generation += 1;
    this.entries.clear();
    this.inflight.clear();
  }

  /**
   * While the process cannot hear catalogue writes of other processes (its
   * listening connection is down), it keeps nothing: every read goes to the
   * database, slower but never stale. `resume` forgets all and keeps again.
   */
  suspend(): void {
    this.keeping = false;
    this.invalidate();
  }

  resume(): void {
    this.keeping = true;
    this.invalidate();
  }

  get size(): number {
    return this.entries.size;
  }
}
