import { describe, expect, it, vi } from 'vitest';
import type { ApiFetch } from '@shop/contract/lite';
import { loader } from './home';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const banner = {
  id: 1,
  title: 'Festive',
  subtitle: 'Hand-smocked',
  cta: 'Shop',
  link: '/shop',
  large_image: '/images/a',
  mobile_image: '/images/b',
};
const collection = { id: 1, name: 'Festive Edit', slug: 'festive-edit', image: '/images/c' };

/** The API in process, with one of the home page's calls failing. */
function apiFailing(failing: string): ApiFetch {
  return (path) => {
    if (path === `/api/v1${failing}`) return Promise.resolve(json({ message: 'boom', errors: ['boom'] }, 500));
    if (path === '/api/v1/banners') return Promise.resolve(json({ data: [banner] }));
    if (path === '/api/v1/collections') return Promise.resolve(json({ data: [collection] }));
    return Promise.resolve(
      json({ homeFirstRowCarouselProducts: [], celebrityClosetProducts: [], focusedCollection: [] }),
    );
  };
}

const args = (api: ApiFetch) =>
  ({
    request: new Request('http://shop.test/'),
    context: { api, secureCookies: false, cookieSecret: 'test' },
    params: {},
  }) as unknown as Parameters<typeof loader>[0];

describe('the home page loader', () => {
  it('leaves out the section whose catalogue call failed and keeps the rest (docs/product.md#messages)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const withoutHome = await loader(args(apiFailing('/home-customization-products')));
    expect(withoutHome.banners).toHaveLength(1);
    expect(withoutHome.collections).toHaveLength(1);
    expect(withoutHome.sliderProducts).toEqual([]);
    expect(withoutHome.focused).toBeNull();

    const withoutBanners = await loader(args(apiFailing('/banners')));
    expect(withoutBanners.banners).toEqual([]);
    expect(withoutBanners.collections).toHaveLength(1);
  });
});
