import { describe, expect, it } from 'vitest';
import type { ApiFetch } from '@shop/contract/lite';
import { thrownStatus } from '~/lib/loader-errors';
import { loader } from './product';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const notFound = () => json({ message: 'Product not found', errors: ['Product not found'] }, 404);

/** The API in process: no product under any slug; `moved` answers where an old slug lives now. */
const api =
  (moved: Record<string, string>): ApiFetch =>
  (path) => {
    const old = /^\/api\/v1\/product-redirects\/(.+)$/.exec(path)?.[1];
    if (old && moved[old]) return Promise.resolve(json({ slug: moved[old] }));
    return Promise.resolve(notFound());
  };

const args = (fetch: ApiFetch, url: string, slug: string) =>
  ({
    request: new Request(url),
    context: { api: fetch, secureCookies: false, cookieSecret: 'test' },
    params: { slug },
  }) as unknown as Parameters<typeof loader>[0];

async function thrown(p: Promise<unknown>): Promise<unknown> {
  try {
    await p;
  } catch (err) {
    return err;
  }
  throw new Error('the loader did not throw');
}

describe('the product page loader', () => {
  it('answers an old slug with a 301 to the current one, the query kept', async () => {
    const fetch = api({ 'old-frock-pink-2-3y': 'new-frock-pink-2-3y' });
    const res = await thrown(
      loader(args(fetch, 'http://shop.test/product/old-frock-pink-2-3y?ref=mail', 'old-frock-pink-2-3y')),
    );
    expect(res).toBeInstanceOf(Response);
    expect((res as Response).status).toBe(301);
    expect((res as Response).headers.get('location')).toBe('/product/new-frock-pink-2-3y?ref=mail');
  });

  it('leaves an unknown slug a 404', async () => {
    const res = await thrown(loader(args(api({}), 'http://shop.test/product/never-was', 'never-was')));
    expect(thrownStatus(res)).toBe(404);
  });
});
