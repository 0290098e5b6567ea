/**
 * Size guides by category (docs/product.md, 'Size guide'): the child's
 * measurements for each age size, in centimetres (inches are worked out for
 * display). Plain data, no zod: the product page imports it (@shop/contract/lite).
 */
export interface SizeGuide {
  title: string;
  /** How to measure, and how the pieces of this category fit. */
  notes: string[];
  columns: { key: string; label: string }[];
  /** One row per size of the shop ('2-3Y'), each column's value in cm. */
  rows: { size: string; cm: Record<string, number> }[];
}

const CLOTHING_COLUMNS = [
  { key: 'height', label: 'Height' },
  { key: 'chest', label: 'Chest' },
  { key: 'waist', label: 'Waist' },
];

/** [size, height, chest, waist] in cm: the demo shop's own block, close to Indian children's growth charts. */
const BODY: [string, number, number, number][] = [
  ['0-3M', 62, 41, 41],
  ['3-6M', 68, 43, 43],
  ['6-12M', 76, 46, 45],
  ['12-18M', 83, 48, 47],
  ['18-24M', 90, 50, 48],
  ['2-3Y', 98, 53, 50],
  ['3-4Y', 104, 55, 51],
  ['4-5Y', 110, 57, 52],
  ['5-6Y', 116, 59, 53],
  ['6-7Y', 122, 61, 55],
  ['7-8Y', 128, 64, 56],
  ['8-9Y', 134, 67, 58],
  ['9-10Y', 140, 70, 60],
  ['10-11Y', 146, 73, 62],
];
const bodyRows = BODY.map(([size, height, chest, waist]) => ({ size, cm: { height, chest, waist } }));

const MEASURE =
  'Measure your child in light clothes: height without shoes, chest around the fullest part under the arms, waist around the natural waistline.';

const clothing = (title: string, fit: string): SizeGuide => ({
  title,
  notes: [MEASURE, fit, 'Between two sizes, choose the larger: handmade cotton is best a little roomy.'],
  columns: CLOTHING_COLUMNS,
  rows: bodyRows,
});

/** By category slug; categories of free-size pieces (bags, bibs, swaddles) have none. */
export const SIZE_GUIDES: Record<string, SizeGuide> = {
  'frocks-dresses': clothing('Frocks & Dresses', 'Frocks fall just below the knee and have room across the chest.'),
  'rompers-jhablas': clothing('Rompers & Jhablas', 'Rompers and jhablas are cut loose for nappies and crawling.'),
  'ethnic-wear': clothing('Ethnic Wear', 'Kurtas reach mid-thigh; pyjamas and salwars have an elasticated waist.'),
  'co-ord-sets': clothing('Co-ord Sets', 'Tops are relaxed; shorts and trousers have an elasticated waist.'),
  dungarees: clothing('Dungarees', 'Straps button at two lengths, so a pair grows with your child.'),
  nightwear: clothing(
    'Nightwear',
    'Cut a little loose for sleep; the cotton softens, and shrinks barely, with washing.',
  ),
  knitwear: clothing('Knitwear', 'Hand knits stretch: if your child is between sizes, the smaller also fits.'),
  'booties-caps': {
    title: 'Booties & Caps',
    notes: [
      'Foot: stand your child on paper, mark heel and longest toe, measure between. Head: measure around, just above the ears and eyebrows.',
      'Booties are soft-soled, for babies not yet walking outdoors.',
    ],
    columns: [
      { key: 'foot', label: 'Foot length' },
      { key: 'head', label: 'Head' },
    ],
    rows: [
      { size: '0-3M', cm: { foot: 9.5, head: 38 } },
      { size: '3-6M', cm: { foot: 10.5, head: 41 } },
      { size: '6-12M', cm: { foot: 11.5, head: 44 } },
      { size: '12-18M', cm: { foot: 12.5, head: 46 } },
      { size: '18-24M', cm: { foot: 13.5, head: 47 } },
      { size: '2-3Y', cm: { foot: 14.5, head: 48 } },
      { size: '3-4Y', cm: { foot: 15.5, head: 49 } },
    ],
  },
};

/** Centimetres as inches, to the nearest tenth (the table shows both). */
export const inches = (cm: number) => Math.round((cm / 2.54) * 10) / 10;
