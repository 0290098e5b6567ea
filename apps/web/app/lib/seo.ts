import { SHOP_NAME } from './config';

export interface PageSeo {
  title: string;
  description: string;
  /** Absolute canonical URL. */
  url: string;
  image?: string;
  type?: 'website' | 'product';
  jsonLd?: Record<string, unknown>[];
}

/**
 * Title, description, canonical, Open Graph and Twitter tags for a page. The
 * shop's name follows the title unless the title names it already (an owner's
 * meta title may, docs/product.md 'Search engine fields').
 */
export function seoMeta({ title, description, url, image, type = 'website', jsonLd = [] }: PageSeo) {
  const fullTitle = title.includes(SHOP_NAME) ? title : `${title} | ${SHOP_NAME}`;
  return [
    { title: fullTitle },
    { name: 'description', content: description },
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:site_name', content: SHOP_NAME },
    { property: 'og:type', content: type },
    { property: 'og:title', content: fullTitle },
    { property: 'og:description', content: description },
    { property: 'og:url', content: url },
    ...(image
      ? [
          { property: 'og:image', content: image },
          { name: 'twitter:image', content: image },
        ]
      : []),
    { name: 'twitter:card', content: image ? 'summary_large_image' : 'summary' },
    { name: 'twitter:title', content: fullTitle },
    { name: 'twitter:description', content: description },
    ...jsonLd.map((data) => ({ 'script:ld+json': data })),
  ];
}

/** BreadcrumbList JSON-LD from [name, absolute url] pairs. */
export const breadcrumbLd = (items: [string, string][]) => ({
  '@context': 'https://schema.org',
  '@type': 'BreadcrumbList',
  itemListElement: items.map(([name, item], i) => ({ '@type': 'ListItem', position: i + 1, name, item })),
});

/**
 * The page's absolute URL (its origin and path, without the query). The shop
 * server addresses every request to PUBLIC_URL (web.routes.ts `fetchRequest`),
 * so a request's origin is the shop's, never a Host header someone sent.
 */
export const canonical = (requestUrl: string, path?: string) => {
  const u = new URL(requestUrl);
  return `${u.origin}${path ?? u.pathname}`;
};

export const absolute = (requestUrl: string, path: string) => new URL(path, requestUrl).toString();
