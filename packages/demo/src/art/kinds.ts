/** The kinds of product the demo art can draw, and the picture views. */

export type GarmentKind =
  | 'frock'
  | 'romper'
  | 'jhabla'
  | 'kurta-set'
  | 'lehenga'
  | 'dungaree'
  | 'shirt'
  | 'shorts-set'
  | 'nightsuit'
  | 'sweater'
  | 'bib'
  | 'hair-band'
  | 'hair-clip'
  | 'bag'
  | 'booties'
  | 'cap'
  | 'swaddle';

export const GARMENT_KINDS: readonly GarmentKind[] = [
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

export type ArtView = 'front' | 'detail' | 'styled';
