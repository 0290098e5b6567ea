import { describe, it, expect } from 'vitest';
import {
  DEMO_BANNERS,
  DEMO_CATEGORIES,
  DEMO_COLLECTIONS,
  DEMO_COLORS,
  DEMO_HOME,
  DEMO_PRODUCTS,
  DEMO_SHIPPING_RATES,
  DEMO_SIZES,
} from './data';

const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const HEX = /^#[0-9A-Fa-f]{6}$/;
const FREE_SIZE = 'Free Size';

/** Picture kinds that fit each category. */
const KINDS_BY_CATEGORY: Record<string, readonly string[]> = {
  'frocks-dresses': ['frock'],
  'rompers-jhablas': ['romper', 'jhabla'],
  'ethnic-wear': ['kurta-set', 'lehenga'],
  'co-ord-sets': ['shorts-set', 'shirt'],
  dungarees: ['dungaree'],
  nightwear: ['nightsuit'],
  knitwear: ['sweater'],
  'hair-accessories': ['hair-band', 'hair-clip'],
  bibs: ['bib'],
  bags: ['bag'],
  'booties-caps': ['booties', 'cap'],
  'swaddles-blankets': ['swaddle'],
};

const ALL_KINDS = [
  'frock',
  'romper',
  'jhabla',
  'kurta-set',
  'lehenga',
  'dungaree',
  'shirt',
  'shorts-set',
  'nightsuit',
  'sweater',
  'bib',
  'hair-band',
  'hair-clip',
  'bag',
  'booties',
  'cap',
  'swaddle',
];

const categoryBySlug = new Map(DEMO_CATEGORIES.map((c) => [c.slug, c]));
const collectionSlugs = new Set(DEMO_COLLECTIONS.map((c) => c.slug));
const colorNames = new Set(DEMO_COLORS.map((c) => c.name));
const productSlugs = new Set(DEMO_PRODUCTS.map((p) => p.slug));
const isAccessory = (categorySlug: string) => categoryBySlug.get(categorySlug)?.parent === 'Accessories';

const expectUnique = (values: readonly string[]) => {
  const seen = new Set<string>();
  const dupes = values.filter((v) => (seen.has(v) ? true : (seen.add(v), false)));
  expect(dupes).toEqual([]);
};

const discountOf = (mrp: number, price: number) => (mrp - price) / mrp;

describe('DEMO_SIZES', () => {
  it('lists every size in display order', () => {
    expect(DEMO_SIZES).toEqual([
      '0-3M',
      '3-6M',
      '6-12M',
      '12-18M',
      '18-24M',
      '2-3Y',
      '3-4Y',
      '4-5Y',
      '5-6Y',
      '6-7Y',
      '7-8Y',
      '8-9Y',
      '9-10Y',
      '10-11Y',
      'Free Size',
    ]);
  });
});

describe('DEMO_COLORS', () => {
  it('has 16-20 uniquely named colours with valid hex values', () => {
    expect(DEMO_COLORS.length).toBeGreaterThanOrEqual(16);
    expect(DEMO_COLORS.length).toBeLessThanOrEqual(20);
    expectUnique(DEMO_COLORS.map((c) => c.name));
    expectUnique(DEMO_COLORS.map((c) => c.hex.toUpperCase()));
    for (const c of DEMO_COLORS) {
      expect(c.name.trim()).toBe(c.name);
      expect(c.hex, c.name).toMatch(HEX);
    }
  });
});

describe('DEMO_CATEGORIES', () => {
  it('has 12 categories, about 7 clothing and about 5 accessories', () => {
    expect(DEMO_CATEGORIES).toHaveLength(12);
    const clothing = DEMO_CATEGORIES.filter((c) => c.parent === null);
    const accessories = DEMO_CATEGORIES.filter((c) => c.parent === 'Accessories');
    expect(clothing.length + accessories.length).toBe(12);
    expect(clothing.length).toBeGreaterThanOrEqual(6);
    expect(clothing.length).toBeLessThanOrEqual(8);
    expect(accessories.length).toBeGreaterThanOrEqual(4);
    expect(accessories.length).toBeLessThanOrEqual(6);
  });

  it('has unique kebab-case slugs, unique names, valid hex, fitting kind and a description', () => {
    expectUnique(DEMO_CATEGORIES.map((c) => c.slug));
    expectUnique(DEMO_CATEGORIES.map((c) => c.name));
    for (const c of DEMO_CATEGORIES) {
      expect(c.slug).toMatch(KEBAB);
      expect(c.hex, c.slug).toMatch(HEX);
      expect(c.description.length, c.slug).toBeGreaterThan(20);
      expect(KINDS_BY_CATEGORY[c.slug], c.slug).toBeDefined();
      expect(KINDS_BY_CATEGORY[c.slug], c.slug).toContain(c.kind);
    }
  });
});

describe('DEMO_COLLECTIONS', () => {
  it('has exactly 6 collections with unique kebab-case slugs and names', () => {
    expect(DEMO_COLLECTIONS).toHaveLength(6);
    expectUnique(DEMO_COLLECTIONS.map((c) => c.slug));
    expectUnique(DEMO_COLLECTIONS.map((c) => c.name));
    for (const c of DEMO_COLLECTIONS) expect(c.slug).toMatch(KEBAB);
  });

  it('has a 3-colour palette, 2-3 known kinds and a 1-2 sentence description', () => {
    for (const c of DEMO_COLLECTIONS) {
      expect(c.palette, c.slug).toHaveLength(3);
      for (const hex of c.palette) expect(hex, c.slug).toMatch(HEX);
      expect(c.kinds.length, c.slug).toBeGreaterThanOrEqual(2);
      expect(c.kinds.length, c.slug).toBeLessThanOrEqual(3);
      for (const k of c.kinds) expect(ALL_KINDS, c.slug).toContain(k);
      const sentences = c.description.split(/[.!?](?:\s|$)/).filter((s) => s.trim());
      expect(sentences.length, c.slug).toBeGreaterThanOrEqual(1);
      expect(sentences.length, c.slug).toBeLessThanOrEqual(2);
    }
  });
});

describe('DEMO_PRODUCTS', () => {
  it('has at least 60 products with unique kebab-case slugs and unique names', () => {
    expect(DEMO_PRODUCTS.length).toBeGreaterThanOrEqual(60);
    expectUnique(DEMO_PRODUCTS.map((p) => p.slug));
    expectUnique(DEMO_PRODUCTS.map((p) => p.name.toLowerCase()));
    for (const p of DEMO_PRODUCTS) {
      expect(p.slug).toMatch(KEBAB);
      expect(p.name.trim(), p.slug).toBe(p.name);
      expect(p.name.length, p.slug).toBeGreaterThan(5);
    }
  });

  it('references a real category with a fitting picture kind', () => {
    for (const p of DEMO_PRODUCTS) {
      expect(categoryBySlug.has(p.category), p.slug).toBe(true);
      expect(KINDS_BY_CATEGORY[p.category], p.slug).toContain(p.kind);
    }
  });

  it('references 0-2 distinct real collections', () => {
    for (const p of DEMO_PRODUCTS) {
      expect(p.collections.length, p.slug).toBeLessThanOrEqual(2);
      expectUnique(p.collections);
      for (const c of p.collections) expect(collectionSlugs.has(c), `${p.slug}: ${c}`).toBe(true);
    }
  });

  it('puts at least 3 products in every category and 3-5 in each accessory category', () => {
    for (const c of DEMO_CATEGORIES) {
      const n = DEMO_PRODUCTS.filter((p) => p.category === c.slug).length;
      expect(n, c.slug).toBeGreaterThanOrEqual(3);
      if (c.parent === 'Accessories') expect(n, c.slug).toBeLessThanOrEqual(5);
    }
  });

  it('puts 8-15 products in every collection', () => {
    for (const c of DEMO_COLLECTIONS) {
      const n = DEMO_PRODUCTS.filter((p) => p.collections.includes(c.slug)).length;
      expect(n, c.slug).toBeGreaterThanOrEqual(8);
      expect(n, c.slug).toBeLessThanOrEqual(15);
    }
  });

  it('has a 2-4 sentence description, 3-5 care lines and 3-5 highlights', () => {
    for (const p of DEMO_PRODUCTS) {
      const sentences = p.description.split(/[.!?](?:\s|$)/).filter((s) => s.trim());
      expect(sentences.length, p.slug).toBeGreaterThanOrEqual(2);
      expect(sentences.length, p.slug).toBeLessThanOrEqual(4);
      expect(p.care_details.length, p.slug).toBeGreaterThanOrEqual(3);
      expect(p.care_details.length, p.slug).toBeLessThanOrEqual(5);
      expect(p.highlights.length, p.slug).toBeGreaterThanOrEqual(3);
      expect(p.highlights.length, p.slug).toBeLessThanOrEqual(5);
      for (const line of [...p.care_details, ...p.highlights]) {
        expect(line.trim().length, p.slug).toBeGreaterThan(0);
        expect(line.length, p.slug).toBeLessThanOrEqual(60);
      }
    }
  });

  it('uses 1-3 distinct known colours', () => {
    for (const p of DEMO_PRODUCTS) {
      expect(p.colors.length, p.slug).toBeGreaterThanOrEqual(1);
      expect(p.colors.length, p.slug).toBeLessThanOrEqual(3);
      expectUnique(p.colors);
      for (const c of p.colors) expect(colorNames.has(c), `${p.slug}: ${c}`).toBe(true);
    }
  });

  it('uses a contiguous run of known sizes, Free Size only on its own', () => {
    for (const p of DEMO_PRODUCTS) {
      expect(p.sizes.length, p.slug).toBeGreaterThanOrEqual(1);
      const idx = p.sizes.map((s) => DEMO_SIZES.indexOf(s));
      for (const i of idx) expect(i, p.slug).toBeGreaterThanOrEqual(0);
      const first = idx[0] ?? -1;
      expect(idx, p.slug).toEqual(idx.map((_, k) => first + k));
      if (p.sizes.includes(FREE_SIZE)) expect(p.sizes, p.slug).toEqual([FREE_SIZE]);
    }
  });

  it('gives clothing real sizes and mostly Free Size to accessories', () => {
    const accessories = DEMO_PRODUCTS.filter((p) => isAccessory(p.category));
    for (const p of DEMO_PRODUCTS) {
      if (!isAccessory(p.category)) expect(p.sizes, p.slug).not.toContain(FREE_SIZE);
    }
    const freeSize = accessories.filter((p) => p.sizes.includes(FREE_SIZE));
    expect(freeSize.length).toBeGreaterThan(accessories.length / 2);
  });

  it('has 3-8 variants with one stock entry (0-40, whole) per variant', () => {
    for (const p of DEMO_PRODUCTS) {
      const variants = p.colors.length * p.sizes.length;
      expect(variants, p.slug).toBeGreaterThanOrEqual(3);
      expect(variants, p.slug).toBeLessThanOrEqual(8);
      expect(p.stock, p.slug).toHaveLength(variants);
      for (const s of p.stock) {
        expect(Number.isInteger(s), p.slug).toBe(true);
        expect(s, p.slug).toBeGreaterThanOrEqual(0);
        expect(s, p.slug).toBeLessThanOrEqual(40);
      }
    }
  });

  it('has 8-12% of variants out of stock and 2-3 products entirely out of stock', () => {
    const all = DEMO_PRODUCTS.flatMap((p) => p.stock);
    const share = all.filter((s) => s === 0).length / all.length;
    expect(share).toBeGreaterThanOrEqual(0.08);
    expect(share).toBeLessThanOrEqual(0.12);
    const soldOut = DEMO_PRODUCTS.filter((p) => p.stock.every((s) => s === 0));
    expect(soldOut.length).toBeGreaterThanOrEqual(2);
    expect(soldOut.length).toBeLessThanOrEqual(3);
  });

  it('has whole-rupee prices in the boutique ranges with selling_price <= mrp', () => {
    for (const p of DEMO_PRODUCTS) {
      expect(Number.isInteger(p.mrp), p.slug).toBe(true);
      expect(Number.isInteger(p.selling_price), p.slug).toBe(true);
      expect(p.selling_price, p.slug).toBeGreaterThan(0);
      expect(p.selling_price, p.slug).toBeLessThanOrEqual(p.mrp);
      if (isAccessory(p.category)) {
        expect(p.mrp, p.slug).toBeGreaterThanOrEqual(199);
        expect(p.mrp, p.slug).toBeLessThanOrEqual(1299);
      } else if (p.kind === 'lehenga') {
        expect(p.mrp, p.slug).toBeGreaterThanOrEqual(2999);
        expect(p.mrp, p.slug).toBeLessThanOrEqual(6499);
      } else {
        expect(p.mrp, p.slug).toBeGreaterThanOrEqual(799);
        expect(p.mrp, p.slug).toBeLessThanOrEqual(4999);
      }
    }
    expect(DEMO_PRODUCTS.some((p) => p.selling_price > 2500)).toBe(true);
  });

  it('discounts about 40% of products by 10-35%, to prices ending in 9 or 0', () => {
    const discounted = DEMO_PRODUCTS.filter((p) => p.selling_price < p.mrp);
    const share = discounted.length / DEMO_PRODUCTS.length;
    expect(share).toBeGreaterThanOrEqual(0.35);
    expect(share).toBeLessThanOrEqual(0.45);
    for (const p of discounted) {
      const d = discountOf(p.mrp, p.selling_price);
      expect(d, p.slug).toBeGreaterThanOrEqual(0.1);
      expect(d, p.slug).toBeLessThanOrEqual(0.35);
      expect([0, 9], p.slug).toContain(p.selling_price % 10);
    }
  });

  it('has popularity scores in 0-1000', () => {
    for (const p of DEMO_PRODUCTS) {
      expect(Number.isInteger(p.popularity), p.slug).toBe(true);
      expect(p.popularity, p.slug).toBeGreaterThanOrEqual(0);
      expect(p.popularity, p.slug).toBeLessThanOrEqual(1000);
    }
  });

  it('spells frock, lehenga, jhabla and kurta the ordinary way', () => {
    const names = DEMO_PRODUCTS.map((p) => p.name);
    expect(names.filter((n) => /\bFrock\b/.test(n)).length).toBeGreaterThanOrEqual(3);
    expect(names.filter((n) => /\bLehenga\b/.test(n)).length).toBeGreaterThanOrEqual(3);
    expect(names.some((n) => /\bJhabla\b/.test(n))).toBe(true);
    expect(names.some((n) => /\bKurta\b/.test(n))).toBe(true);
    for (const n of names) expect(n, n).not.toMatch(/\b(frok|lehnga|lahenga|jabla|kurtha)\b/i);
  });
});

describe('DEMO_BANNERS', () => {
  it('has exactly 3 banners linking to real shop paths', () => {
    expect(DEMO_BANNERS).toHaveLength(3);
    for (const b of DEMO_BANNERS) {
      expect(b.title.length).toBeGreaterThan(0);
      expect(b.subtitle.length).toBeGreaterThan(0);
      expect(b.cta.length).toBeGreaterThan(0);
      expect(b.palette.length, b.title).toBeGreaterThanOrEqual(2);
      for (const hex of b.palette) expect(hex, b.title).toMatch(HEX);
      const m = /^\/(?:shop|collections\/([a-z0-9-]+)|categories\/([a-z0-9-]+))$/.exec(b.link);
      expect(m, b.link).not.toBeNull();
      if (m?.[1] !== undefined) expect(collectionSlugs.has(m[1]), b.link).toBe(true);
      if (m?.[2] !== undefined) expect(categoryBySlug.has(m[2]), b.link).toBe(true);
    }
  });
});

describe('DEMO_HOME', () => {
  it('has a slider of 8-10 real, distinct product slugs', () => {
    expect(DEMO_HOME.slider.length).toBeGreaterThanOrEqual(8);
    expect(DEMO_HOME.slider.length).toBeLessThanOrEqual(10);
    expectUnique(DEMO_HOME.slider);
    for (const s of DEMO_HOME.slider) expect(productSlugs.has(s), s).toBe(true);
  });

  it('has a celebrity closet of 6-8 real, distinct, dressy clothing pieces', () => {
    expect(DEMO_HOME.celebrityCloset.length).toBeGreaterThanOrEqual(6);
    expect(DEMO_HOME.celebrityCloset.length).toBeLessThanOrEqual(8);
    expectUnique(DEMO_HOME.celebrityCloset);
    for (const s of DEMO_HOME.celebrityCloset) {
      const p = DEMO_PRODUCTS.find((x) => x.slug === s);
      expect(p, s).toBeDefined();
      if (p) expect(isAccessory(p.category), s).toBe(false);
    }
  });

  it('focuses a real collection with a 2-3 sentence text', () => {
    expect(collectionSlugs.has(DEMO_HOME.focused.collection)).toBe(true);
    const sentences = DEMO_HOME.focused.content.split(/[.!?](?:\s|$)/).filter((s) => s.trim());
    expect(sentences.length).toBeGreaterThanOrEqual(2);
    expect(sentences.length).toBeLessThanOrEqual(3);
  });
});

describe('DEMO_SHIPPING_RATES', () => {
  it('has exactly the four rupee rates', () => {
    const sorted = [...DEMO_SHIPPING_RATES].sort((a, b) =>
      `${a.zone}/${a.shipping_type}`.localeCompare(`${b.zone}/${b.shipping_type}`),
    );
    expect(sorted).toEqual([
      { zone: 'domestic', shipping_type: 'express', amount: 450 },
      { zone: 'domestic', shipping_type: 'standard', amount: 250 },
      { zone: 'international', shipping_type: 'express', amount: 600 },
      { zone: 'international', shipping_type: 'standard', amount: 500 },
    ]);
  });
});
