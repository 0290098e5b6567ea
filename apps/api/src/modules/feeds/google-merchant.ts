import { feedPrice, type Feed, type FeedItem } from './feed-items';

/**
 * Text as XML 1.0 takes it: the five special characters escaped, and what it
 * cannot hold even escaped (control characters, a half of an emoji) dropped.
 */
export function escapeXml(text: string): string {
  return text
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);
}

const tag = (name: string, value: string) => `<g:${name}>${escapeXml(value)}</g:${name}>`;

/** Google's age groups are the feed's own words; availability is 'in_stock' or 'out_of_stock'. */
function itemXml(item: FeedItem, feed: Feed): string {
  const fields = [
    tag('id', item.id),
    tag('item_group_id', item.groupId),
    tag('title', item.title),
    tag('description', item.description),
    tag('link', item.link),
    tag('image_link', item.imageLink),
    ...item.additionalImageLinks.map((link) => tag('additional_image_link', link)),
    tag('price', feedPrice(item.pricePaise)),
    ...(item.salePricePaise === null ? [] : [tag('sale_price', feedPrice(item.salePricePaise))]),
    tag('availability', item.inStock ? 'in_stock' : 'out_of_stock'),
    tag('brand', item.brand),
    tag('condition', 'new'),
    tag('age_group', item.ageGroup),
    tag('gender', item.gender),
    tag('color', item.color),
    tag('size', item.size),
    tag('identifier_exists', 'no'),
    tag('google_product_category', 'Apparel & Accessories'),
    tag('product_type', item.productType),
    ...(feed.indiaShippingPaise === null
      ? []
      : [
          `<g:shipping>${tag('country', 'IN')}${tag('service', 'Standard')}${tag('price', feedPrice(feed.indiaShippingPaise))}</g:shipping>`,
        ]),
  ];
  return `<item>\n${fields.map((f) => `  ${f}`).join('\n')}\n</item>`;
}

/** The Google Merchant Center feed: RSS 2.0 with Google's `g:` fields, one item per variant. */
export function googleMerchantXml(feed: Feed): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0">',
    '<channel>',
    `<title>${escapeXml(feed.shopName)}</title>`,
    `<link>${escapeXml(`${feed.origin}/`)}</link>`,
    `<description>${escapeXml(`Products of ${feed.shopName}`)}</description>`,
    ...feed.items.map((item) => itemXml(item, feed)),
    '</channel>',
    '</rss>',
    '',
  ].join('\n');
}
