import type { Route } from './+types/robots[.]txt';

/** Shoppers' own pages are kept out of search engines; everything else is welcome. */
const PRIVATE = [
  '/cart',
  '/checkout',
  '/orders',
  '/my-profile',
  '/profile',
  '/addresses',
  '/address/',
  '/wishlist',
  '/pay',
  '/order-details',
  '/cancel-confirm',
  '/api/',
];

export function loader({ request }: Route.LoaderArgs) {
  const origin = new URL(request.url).origin;
  const body = [
    'User-agent: *',
    'Allow: /',
    ...PRIVATE.map((p) => `Disallow: ${p}`),
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
  return new Response(body, {
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'public, max-age=86400' },
  });
}
