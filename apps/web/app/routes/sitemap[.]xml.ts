import { ROUTES } from '@shop/contract/lite';
import { MAX_PAGE_SIZE } from '@shop/contract';
import type { Route } from './+types/sitemap[.]xml';
import { read } from '~/lib/call.server';

const STATIC_PAGES = [
  '/',
  '/shop',
  '/categories',
  '/collections',
  '/about',
  '/contact',
  '/terms-and-conditions',
  '/cancellation-and-refunds',
  '/shipping-policy',
];

/** Safety stop for paging through the catalogue (60 x 500 products). */
const MAX_PAGES = 500;

const escapeXml = (s: string) =>
  s.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

/** Every product: one address each, the variant the listings show for it. */
async function productPaths({ context, request }: Pick<Route.LoaderArgs, 'context' | 'request'>): Promise<string[]> {
  const paths: string[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const res = await read({ context, request }, ROUTES['catalog.variants'], { query: { limit: MAX_PAGE_SIZE, page } });
    for (const item of res.data) paths.push(`/product/${item.product_variants.slug}`);
    if (page >= res.meta.pages || res.data.length === 0) break;
  }
  return paths;
}

/** /sitemap.xml: pages, categories, collections (by slug) and products, with absolute URLs. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const origin = new URL(request.url).origin;
  const [categories, collections, products] = await Promise.all([
    read({ context, request }, ROUTES['catalog.categories']),
    read({ context, request }, ROUTES['catalog.collections']),
    productPaths({ context, request }),
  ]);
  const paths = [
    ...STATIC_PAGES,
    ...categories.data.map((c) => `/categories/${c.slug}`),
    ...collections.data.map((c) => `/collections/${c.slug}`),
    ...products,
  ];
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...[...new Set(paths)].map((p) => `  <url><loc>${escapeXml(`${origin}${p}`)}</loc></url>`),
    '</urlset>',
    '',
  ].join('\n');
  return new Response(body, {
    headers: { 'content-type': 'application/xml', 'cache-control': 'public, max-age=3600' },
  });
}
