import { describe, expect, it } from 'vitest';
import { safeEqual } from './safe-equal';

describe('safeEqual', () => {
  it('is true only for the same text, whatever the lengths', () => {
    expect(safeEqual('abc_DEF-123', 'abc_DEF-123')).toBe(true);
    expect(safeEqual('abc_DEF-124', 'abc_DEF-123')).toBe(false);
    expect(safeEqual('abc', 'abc_DEF-123')).toBe(false);
    expect(safeEqual('', 'x')).toBe(false);
    expect(safeEqual('é', 'e\u0301')).toBe(false);
  });
});
