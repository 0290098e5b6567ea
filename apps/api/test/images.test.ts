import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { ListingPage, resizeImageUrl } from '@shop/contract';
import { createTestShop, type TestShop } from './helpers';

let shop: TestShop;
let image1: string;
beforeAll(async () => {
  shop = await createTestShop();
  const res = await shop.app.inject('/api/v1/products/productvariant?limit=1');
  image1 = ListingPage.parse(res.json()).data[0]!.product_variants.image1;
});
afterAll(() => shop?.close());

describe('images', () => {
  it.each([320, 640, 960] as const)('renders a product picture as WebP %d px wide', async (width) => {
    const res = await shop.app.inject(resizeImageUrl(image1, width));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBe(width);
    expect(meta.height).toBe(width * 1.25);
  });

  it('answers a repeat with the same bytes and a 304 for a matching ETag', async () => {
    const first = await shop.app.inject(image1);
    const second = await shop.app.inject(image1);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    const etag = first.headers.etag as string;
    const revalidated = await shop.app.inject({ url: image1, headers: { 'if-none-match': etag } });
    expect(revalidated.statusCode).toBe(304);
  });

  it.each([
    '/images/641/p/nothing.webp',
    '/images/640/p/no-such-picture.webp',
    '/images/640/../../etc/passwd.webp',
    '/images/640/p/%2e%2e%2fsecret.webp',
    image1 ? '/images/640/p/x.png' : '/images/640/p/x.png',
  ])('answers 404 for %s', async (url) => {
    const res = await shop.app.inject(url);
    expect(res.statusCode).toBe(404);
  });
});
