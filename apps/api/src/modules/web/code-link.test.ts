import { describe, expect, it } from 'vitest';
import { codeLink } from './code-link';

describe('a link carrying a discount code', () => {
  it('keeps the code, upper-cased, and sends the shopper to the same page without it', () => {
    expect(codeLink('/?code=diwali20', false)).toEqual({
      location: '/',
      cookie: 'discount_code=DIWALI20; Path=/; Max-Age=604800; HttpOnly; SameSite=Lax',
    });
    const link = codeLink('/product/kurta?size=2&code=FIRST-10&colour=red', true)!;
    expect(link.location).toBe('/product/kurta?size=2&colour=red');
    expect(link.cookie).toMatch(/^discount_code=FIRST-10; .*; Secure$/);
  });

  it('drops a code no shop code could be, and still strips it from the address', () => {
    for (const bad of ['a', 'x'.repeat(33), 'DIWALI%2020', '%3Cscript%3E', 'a;b=c', '']) {
      expect(codeLink(`/shop?code=${bad}`, false)).toEqual({ location: '/shop', cookie: null });
    }
  });

  it('leaves every other address alone', () => {
    expect(codeLink('/shop', false)).toBeNull();
    expect(codeLink('/search?q=code', false)).toBeNull();
    // An invitation to the back office: its code is the invitation's, not a discount.
    expect(codeLink('/admin/invite?email=a%40b.in&code=Zx9_abc-123', false)).toBeNull();
  });
});
