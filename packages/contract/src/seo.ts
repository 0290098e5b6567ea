import { z } from 'zod';

/**
 * What search engines and link previews read of a product, category or
 * collection page (docs/product.md 'Search engine fields'): the owner's meta
 * title and description when set, else the page's own words. The API answers
 * it with each page (`seo`) and the feeds read the same fields, so the
 * defaults live here and nowhere else.
 */

export const META_TITLE_MAX = 70;
export const META_DESCRIPTION_MAX = 160;

/** Trimmed, at most `max`; empty (or null) means 'use the default' and is kept as null. Left out: unchanged. */
const metaText = (field: string, max: number) =>
  z
    .string({ error: `${field} must be text` })
    .trim()
    .max(max, `${field} is at most ${max} characters`)
    .nullable()
    .transform((v) => (v ? v : null))
    .optional();

export const MetaTitle = metaText('meta title', META_TITLE_MAX);
export const MetaDescription = metaText('meta description', META_DESCRIPTION_MAX);

/** The page's title (the shop's name is added after it by the page) and its description. */
export const Seo = z.object({ title: z.string(), description: z.string() });
export type Seo = z.infer<typeof Seo>;

interface MetaFields {
  meta_title: string | null;
  meta_description: string | null;
}

/** About `max` characters of a text on one line, cut at a word. */
export function summary(text: string, max = 155): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.lastIndexOf(' ', max - 1);
  return `${clean.slice(0, cut > 0 ? cut : max - 1)}…`;
}

/** A product page (one colour of it): by default its name and colour, and the start of its description. */
export function productSeo(p: MetaFields & { name: string; description: string }, color: string): Seo {
  return {
    title: p.meta_title ?? (color ? `${p.name} - ${color}` : p.name),
    description: p.meta_description ?? summary(p.description),
  };
}

/** A category page: by default its name, and its description or a line made of its name. */
export function categorySeo(c: MetaFields & { name: string; description: string }, shopName: string): Seo {
  return {
    title: c.meta_title ?? c.name,
    description:
      c.meta_description ?? (c.description || `Handcrafted ${c.name.toLowerCase()} for children from ${shopName}.`),
  };
}

/** A collection page: by default its name, and its description or a line made of its name. */
export function collectionSeo(c: MetaFields & { name: string; description: string }): Seo {
  return {
    title: c.meta_title ?? c.name,
    description: c.meta_description ?? (c.description || `The ${c.name} collection, handcrafted for children.`),
  };
}
