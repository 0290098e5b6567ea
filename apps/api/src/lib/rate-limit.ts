import { isIPv6 } from 'node:net';
import type { Redis } from 'ioredis';
import { AppError } from './errors';
import { MESSAGES } from '@shop/contract';

/** Fixed-window counters: `hit` adds one and answers the count in the current window. */
export interface RateLimitStore {
  hit(key: string, windowMs: number): Promise<number>;
  /** Takes back one hit (an attempt that turned out fine). */
  undo(key: string): Promise<void>;
  count(key: string): Promise<number>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * Counters in this process. At most `maxKeys` of them: past that the oldest
 * window is dropped, so a flood of distinct keys (addresses, emails) costs a
 * bounded amount of memory.
 */
export class MemoryRateLimitStore implements RateLimitStore {
  private windows = new Map<string, { count: number; resetAt: number }>();

  constructor(private readonly maxKeys = 100_000) {}

  get size(): number {
    return this.windows.size;
  }

  hit(key: string, windowMs: number): Promise<number> {
    const now = Date.now();
    const w = this.windows.get(key);
    if (w && w.resetAt > now) {
      w.count += 1;
      return Promise.resolve(w.count);
    }
    // A new window goes to the end of the map's order, which is then oldest first.
    this.windows.delete(key);
    while (this.windows.size >= this.maxKeys) this.windows.delete(this.windows.keys().next().value!);
    this.windows.set(key, { count: 1, resetAt: now + windowMs });
    return Promise.resolve(1);
  }

  undo(key: string): Promise<void> {
    const w = this.windows.get(key);
    if (w && w.count > 0) w.count -= 1;
    return Promise.resolve();
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
}

export class RedisRateLimitStore implements RateLimitStore {
  /** ioredis is loaded by a shop with REDIS_URL only; it connects at once, as before. */
  private readonly client: Promise<Redis>;
  constructor(url: string, prefix = 'shop:rl:') {
    this.client = import('ioredis').then(
      ({ Redis }) => new Redis(url, { keyPrefix: prefix, maxRetriesPerRequest: 2, lazyConnect: false }),
    );
    // Told by the first use; not an unhandled rejection meanwhile.
    this.client.catch(() => {});
  }

  async hit(key: string, windowMs: number): Promise<number> {
    const result = await (await this.client).multi().incr(key).pexpire(key, windowMs, 'NX').exec();
    const [err, count] = result?.[0] ?? [null, 0];
    if (err) throw err;
    return Number(count);
  }

  async undo(key: string): Promise<void> {
    // Only while the window lives: a DECR on a missing key would create one that never expires.
    const redis = await this.client;
    await redis.eval(
      "if redis.call('exists', KEYS[1]) == 1 then return redis.call('decr', KEYS[1]) end return 0",
      1,
      key,
    );
  }

  async count(key: string): Promise<number> {
    return Number((await (await this.client).get(key)) ?? 0);
  }

  async reset(key: string): Promise<void> {
    await (await this.client).del(key);
  }

  async close(): Promise<void> {
    await (await this.client).quit();
  }
}

/** Named limits over one store; `consume` counts the attempt first, then throws 429 past the limit. */
export class RateLimiter {
  constructor(
    readonly store: RateLimitStore,
    private readonly windowMs: number,
  ) {}

  /** Counts one attempt (in its own window when `windowMs` is given) and refuses it past `limit`. */
  async consume(key: string, limit: number, windowMs = this.windowMs): Promise<void> {
    if ((await this.store.hit(key, windowMs)) > limit) throw tooMany();
  }

  undo(key: string): Promise<void> {
    return this.store.undo(key);
  }

  reset(key: string): Promise<void> {
    return this.store.reset(key);
  }
}

const tooMany = () => new AppError('rate_limited', MESSAGES.rateLimited);

/** Expands an IPv6 address (no zone) into its eight 16-bit groups. */
function ipv6Groups(address: string): number[] {
  let text = address;
  const groups: number[] = [];
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const parse = (part: string) => (part ? part.split(':').map((g) => parseInt(g, 16)) : []);
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  groups.push(...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right);
  return groups;
}

/**
 * The rate-limit key of a client address: IPv4 as it is (also when written as
 * IPv4-mapped IPv6), IPv6 by its /64, the block one subscriber usually holds
 * whole, so stepping through its addresses does not buy more attempts.
 */
export function ipKey(ip: string): string {
  if (!isIPv6(ip.split('%')[0]!)) return ip;
  const groups = ipv6Groups(ip.split('%')[0]!.toLowerCase());
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 255, groups[7]! >> 8, groups[7]! & 255].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}
