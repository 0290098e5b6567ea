import { imageUrl, toPaise } from '@shop/contract';
import type { DbOrTx } from '../../db/client';
import { feedVariants, type FeedVariant } from '../catalog/feed.query';
import { listRates } from '../shipping/shipping.service';

/** The age groups Google and Meta both know, for children's clothes (see `ageGroupOf`). */
export type AgeGroup = 'newborn' | 'infant' | 'toddler' | 'kids';

/** One variant as both feeds describe it; each feed writes it in its own words (google-merchant.ts, meta-catalog.ts). */
export interface FeedItem {
  id: string;
  groupId: string;
  title: string;
  description: string;
  link: string;
  imageLink: string;
  additionalImageLinks: string[];
  pricePaise: number;
  /** The selling price when it is below the MRP, else null. */
  salePricePaise: number | null;
  inStock: boolean;
  brand: string;
  color: string;
  size: string;
  ageGroup: AgeGroup;
  /** The catalogue does not say whom a piece is for. */
  gender: 'unisex';
  productType: string;
}

export interface Feed {
  shopName: string;
  /** The shop's address (PUBLIC_URL's origin), every link absolute from it. */
  origin: string;
  items: FeedItem[];
  /** India's standard rate, or null when none is set. */
  indiaShippingPaise: number | null;
}

/** Google's limits, which Meta's exceed: an id of 50 characters, a title of 150, a description of 5,000. */
const MAX_ID = 50;
const MAX_TITLE = 150;
const MAX_DESCRIPTION = 5000;
/** Pictures at the width the product page gives search engines (its JSON-LD). */
const IMAGE_WIDTH = 1280;

/** At most `max` characters, never cutting an emoji in two. */
function clip(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length <= max ? text : chars.slice(0, max).join('').trimEnd();
}

/** Tags that break a line: a space where they were; other tags go without one. */
const BLOCK_TAG = /<\/?(?:p|br|div|li|ul|ol|h[1-6]|tr|td|table|hr)\b[^<>]*>/gi;
const ANY_TAG = /<\/?[a-z][^<>]*>/gi;

/**
 * Plain text on one line: descriptions are typed as text, but one pasted from
 * elsewhere may carry tags, which neither feed takes. A '<' that starts no tag
 * ('2 < 3 years') stays.
 */
export const plainText = (text: string) =>
  text.replace(BLOCK_TAG, ' ').replace(ANY_TAG, '').replace(/\s+/g, ' ').trim();

/**
 * The age group a size names: months or years of age ('0-3M', '2-3Y'), by the
 * youngest age it fits, on Google's bands (newborn up to 3 months, infant up to
 * a year, toddler up to 5 years, kids after). A size that names no age ('Free
 * Size') is for kids, the shop's default.
 */
export function ageGroupOf(size: string): AgeGroup {
  const m = /^\s*(\d+)\s*(?:-\s*\d+\s*)?(m|y)/i.exec(size);
  if (!m) return 'kids';
  const months = Number(m[1]) * (m[2]!.toLowerCase() === 'y' ? 12 : 1);
  if (months < 3) return 'newborn';
  if (months < 12) return 'infant';
  if (months < 60) return 'toddler';
  return 'kids';
}

function toItem(v: FeedVariant, origin: string, shopName: string): FeedItem {
  const absolute = (path: string) => new URL(path, origin).href;
  const [main, ...more] = v.images.map((key) => absolute(imageUrl(key, IMAGE_WIDTH)));
  // The owner's meta title names the product; the variant's colour and size still follow, as Google asks of variants.
  const title = clip(`${v.metaTitle ?? v.name} - ${v.color}, ${v.size}`, MAX_TITLE);
  return {
    id: v.sku.length <= MAX_ID ? v.sku : `variant-${v.variantId}`,
    groupId: String(v.productId),
    title,
    // The whole description serves a listing better than a 160-character summary, which only fills in for none.
    description: clip(plainText(v.description) || v.metaDescription || title, MAX_DESCRIPTION),
    link: absolute(`/product/${v.slug}`),
    imageLink: main!,
    additionalImageLinks: more.slice(0, 10),
    pricePaise: v.mrpPaise,
    salePricePaise: v.sellingPricePaise < v.mrpPaise ? v.sellingPricePaise : null,
    inStock: v.stock > 0,
    brand: shopName,
    color: v.color,
    size: v.size,
    ageGroup: ageGroupOf(v.size),
    gender: 'unisex',
    productType: v.category,
  };
}

/** What both feeds are made of, read from the catalogue as shoppers see it now. */
export async function loadFeed(db: DbOrTx, shop: { name: string; publicUrl: string }): Promise<Feed> {
  const origin = new URL(shop.publicUrl).origin;
  const [variants, rates] = await Promise.all([feedVariants(db), listRates(db)]);
  const india = rates.find((r) => r.zone === 'domestic' && r.shipping_type === 'standard');
  return {
    shopName: shop.name,
    origin,
    items: variants.map((v) => toItem(v, origin, shop.name)),
    indiaShippingPaise: india ? toPaise(india.amount) : null,
  };
}

/** Paise as a feed's price: '1299.50 INR'. */
export const feedPrice = (paise: number) => `${Math.floor(paise / 100)}.${String(paise % 100).padStart(2, '0')} INR`;
