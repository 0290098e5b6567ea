import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MemoryRateLimitStore, RateLimiter, RedisRateLimitStore, ipKey } from './rate-limit';

describe('MemoryRateLimitStore', () => {
  it('keeps at most maxKeys counters, dropping the oldest window first', async () => {
    const store = new MemoryRateLimitStore(3);
    for (const key of ['a', 'b', 'c']) await store.hit(key, 60_000);
    await store.hit('a', 60_000); // a second hit does not make a window younger
    await store.hit('d', 60_000);
    expect(store.size).toBe(3);
    expect(await store.count('a')).toBe(0);
    expect(await Promise.all(['b', 'c', 'd'].map((k) => store.count(k)))).toEqual([1, 1, 1]);
    for (let i = 0; i < 1000; i += 1) await store.hit(`flood-${i}`, 60_000);
    expect(store.size).toBe(3);
  });

  it('starts a new window once the last one is over', async () => {
    const store = new MemoryRateLimitStore();
    expect(await store.hit('k', 1)).toBe(1);
    await new Promise((r) => setTimeout(r, 5));
    expect(await store.count('k')).toBe(0);
    expect(await store.hit('k', 60_000)).toBe(1);
  });

  it('takes back a hit', async () => {
    const store = new MemoryRateLimitStore();
    await store.hit('k', 60_000);
    await store.hit('k', 60_000);
    await store.undo('k');
    expect(await store.count('k')).toBe(1);
    await store.undo('missing');
    expect(await store.count('missing')).toBe(0);
  });
});

describe('RedisRateLimitStore', () => {
  it('takes back a hit, and never makes a counter without a window', async () => {
    const store = new RedisRateLimitStore(
      'redis://127.0.0.1:6379/0',
      `shop:rl-test:${randomBytes(4).toString('hex')}:`,
    );
    try {
      await store.hit('k', 60_000);
      await store.hit('k', 60_000);
      await store.undo('k');
      expect(await store.count('k')).toBe(1);
      await store.undo('missing');
      expect(await store.count('missing')).toBe(0);
      const limiter = new RateLimiter(store, 60_000);
      await limiter.consume('one', 1);
      await expect(limiter.consume('one', 1)).rejects.toMatchObject({ kind: 'rate_limited' });
    } finally {
      await store.close();
    }
  });
});

describe('ipKey', () => {
  it('keeps IPv4 addresses, also written as IPv4-mapped IPv6', () => {
    expect(ipKey('203.0.113.7')).toBe('203.0.113.7');
    expect(ipKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(ipKey('::ffff:cb00:7107')).toBe('203.0.113.7');
  });

  it('keys IPv6 addresses by their /64', () => {
    expect(ipKey('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(ipKey('2001:DB8:1:2:ffff:ffff:ffff:9')).toBe('2001:db8:1:2::/64');
    expect(ipKey('2001:0db8:0001:0002:0:0:0:1')).toBe('2001:db8:1:2::/64');
    expect(ipKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(ipKey('::1')).toBe('0:0:0:0::/64');
    expect(ipKey('2001:db8:1:3::1')).not.toBe(ipKey('2001:db8:1:2::1'));
  });
});
