import { describe, expect, it } from 'vitest';
import { isAnonymous, pageKey } from './page-serving';

describe('which requests the page cache answers', () => {
  it('takes a request with no cookie, or only Google Analytics’ own, as anonymous', () => {
    expect(isAnonymous({})).toBe(true);
    expect(isAnonymous({ cookie: '_ga=GA1.1.1; _gid=x' })).toBe(true);
    expect(isAnonymous({ cookie: 'session=abc' })).toBe(false);
    expect(isAnonymous({ cookie: '_ga=1; flash=hello' })).toBe(false);
    expect(isAnonymous({ authorization: 'Bearer x' })).toBe(false);
  });

  it('keeps one version of a page per analytics answer, and takes the answer as no reason to render', () => {
    expect(isAnonymous({ cookie: 'analytics_consent=denied' })).toBe(true);
    const none = pageKey('/product/frock');
    const denied = pageKey('/product/frock', { cookie: 'analytics_consent=denied' });
    const granted = pageKey('/product/frock', { cookie: '_ga=1; analytics_consent=granted' });
    expect(new Set([none, denied, granted]).size).toBe(3);
    // An answer the shop does not know is the page of a shopper who has not answered.
    expect(pageKey('/product/frock', { cookie: 'analytics_consent=maybe' })).toBe(none);
  });

  it('orders the query so that one page has one key, and leaves out pages that are not everyone’s', () => {
    expect(pageKey('/shop?b=2&a=1')).toBe(pageKey('/shop?a=1&b=2'));
    expect(pageKey('/cart')).toBeNull();
    expect(pageKey('/admin/orders')).toBeNull();
  });
});
