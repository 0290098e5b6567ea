import { csvRow, type Cell } from '../../lib/csv';
import { feedPrice, type Feed, type FeedItem } from './feed-items';

/** The columns of Meta's commerce catalogue, in this order. */
export const META_COLUMNS = [
  'id',
  'title',
  'description',
  'availability',
  'condition',
  'price',
  'link',
  'image_link',
  'brand',
  'item_group_id',
  'sale_price',
  'additional_image_link',
  'color',
  'size',
  'age_group',
  'gender',
] as const;
type MetaColumn = (typeof META_COLUMNS)[number];

function itemCells(item: FeedItem): Record<MetaColumn, Cell> {
  return {
    id: item.id,
    title: item.title,
    description: item.description,
    availability: item.inStock ? 'in stock' : 'out of stock',
    condition: 'new',
    price: feedPrice(item.pricePaise),
    link: item.link,
    image_link: item.imageLink,
    brand: item.brand,
    item_group_id: item.groupId,
    sale_price: item.salePricePaise === null ? '' : feedPrice(item.salePricePaise),
    additional_image_link: item.additionalImageLinks.join(','),
    color: item.color,
    size: item.size,
    age_group: item.ageGroup,
    gender: item.gender,
  };
}

/**
 * The Meta (Facebook, Instagram) catalogue feed: CSV as the back office's
 * reports write it (RFC 4180, text a spreadsheet would run as a formula
 * defused), without their byte-order mark, which a machine reader does not need.
 */
export function metaCatalogCsv(feed: Feed): string {
  return [
    csvRow(META_COLUMNS),
    ...feed.items.map((item) => {
      const cells = itemCells(item);
      return csvRow(META_COLUMNS.map((column) => cells[column]));
    }),
  ].join('');
}
