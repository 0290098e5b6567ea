import { describe, expect, it } from 'vitest';
import { fromShopOrigin, isUnsafeMethod } from './same-origin';

const SHOP = 'https://shop.example';

describe('fromShopOrigin', () => {
  it("trusts the shop's own Origin, else Sec-Fetch-Site when no Origin is sent", () => {
    expect(fromShopOrigin({ origin: SHOP }, SHOP)).toBe(true);
    expect(fromShopOrigin({ 'sec-fetch-site': 'same-origin' }, SHOP)).toBe(true);
  });

  it('refuses another origin, an opaque one, a same-site neighbour and a request with neither header', () => {
    expect(fromShopOrigin({ origin: 'https://evil.example' }, SHOP)).toBe(false);
    expect(fromShopOrigin({ origin: 'http://shop.example' }, SHOP)).toBe(false);
    expect(fromShopOrigin({ origin: 'null' }, SHOP)).toBe(false);
    // A matching Sec-Fetch-Site does not rescue a foreign Origin.
    expect(fromShopOrigin({ origin: 'https://evil.example', 'sec-fetch-site': 'same-origin' }, SHOP)).toBe(false);
    expect(fromShopOrigin({ 'sec-fetch-site': 'same-site' }, SHOP)).toBe(false);
    expect(fromShopOrigin({}, SHOP)).toBe(false);
  });

  it('applies to the methods that change something', () => {
    expect(['POST', 'put', 'PATCH', 'DELETE'].every(isUnsafeMethod)).toBe(true);
    expect(['GET', 'HEAD', 'OPTIONS'].some(isUnsafeMethod)).toBe(false);
  });
});
