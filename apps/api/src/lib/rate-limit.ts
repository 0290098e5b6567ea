import { Redis } from 'ioredis';
import { AppError } from './errors';
import { MESSAGES } from '@shop/contract';

/** Fixed-window counters: `hit` adds one and answers the count in the current window. */
export interface RateLimitStore {
  hit(key: string, windowMs: number): Promise<number>;
  count(key: string): Promise<number>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

export class MemoryRateLimitStore implements RateLimitStore {
  private windows = new Map<string, { count: number; resetAt: number }>();

  hit(key: string, windowMs: number): Promise<number> {
    const now = Date.now();
    const w = this.windows.get(key);
    if (!w || w.resetAt <= now) {
      this.sweep(now);
      this.windows.set(key, { count: 1, resetAt: now + windowMs });
      return Promise.resolve(1);
    }
    w.count += 1;
    return Promise.resolve(w.count);
  }

  count(key: string): Promise<number> {
    const w = this.windows.get(key);
    return Promise.resolve(w && w.resetAt > Date.now() ? w.count : 0);
  }

  reset(key: string): Promise<void> {
    this.windows.delete(key);
    return Promise.resolve();
  }

  close(): Promise<void> {
    this.windows.clear();
    return Promise.resolve();
  }

  /** Keeps memory bounded under a flood of distinct keys. */
  private sweep(now: number) {
    if (this.windows.size < 10_000) return;
    for (const [k, w] of this.windows) if (w.resetAt <= now) this.windows.delete(k);
  }
}

export class RedisRateLimitStore implements RateLimitStore {
  private redis: Redis;
  constructor(url: string, prefix = 'shop:rl:') {
    this.redis = new Redis(url, { keyPrefix: prefix, maxRetriesPerRequest: 2, lazyConnect: false });
  }

  async hit(key: string, windowMs: number): Promise<number> {
    const result = await this.redis.multi().incr(key).pexpire(key, windowMs, 'NX').exec();
    const [err, count] = result?.[0] ?? [null, 0];
    if (err) throw err;
    return Number(count);
  }

  async count(key: string): Promise<number> {
    return Number((await this.redis.get(key)) ?? 0);
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(key);
  }

  async close(): Promise<void> {
    await this.redis.quit();
  }
}

/** Named limits over one store; `consume` throws 429 past the limit. */
export class RateLimiter {
  constructor(
    readonly store: RateLimitStore,
    private readonly windowMs: number,
  ) {}

  async consume(key: string, limit: number): Promise<void> {
    if ((await this.store.hit(key, this.windowMs)) > limit) throw tooMany();
  }

  async check(key: string, limit: number): Promise<void> {
    if ((await this.store.count(key)) >= limit) throw tooMany();
  }

  async record(key: string): Promise<void> {
    await this.store.hit(key, this.windowMs);
  }

  reset(key: string): Promise<void> {
    return this.store.reset(key);
  }
}

const tooMany = () => new AppError('rate_limited', MESSAGES.rateLimited);
