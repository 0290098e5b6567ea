/** Maps each garment kind to its drawing. */
import type { Art, Ctx } from './draw';
import { frock, jhabla, romper, shirt } from './garments';
import type { GarmentKind } from './kinds';
import { dungaree, kurtaSet, lehenga } from './outfits';
import { nightsuit, shortsSet, sweater } from './sets';
import { bag, bib, hairBand, hairClip } from './accessories';
import { booties, cap, swaddle } from './baby';

export type { ArtView, GarmentKind } from './kinds';

export const DRAW: Record<GarmentKind, (ctx: Ctx) => Art> = {
  frock,
  romper,
  jhabla,
  'kurta-set': kurtaSet,
  lehenga,
  dungaree,
  shirt,
  'shorts-set': shortsSet,
  nightsuit,
  sweater,
  bib,
  'hair-band': hairBand,
  'hair-clip': hairClip,
  bag,
  booties,
  cap,
  swaddle,
};
