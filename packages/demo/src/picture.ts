import { bannerSvg, categorySvg, collectionSvg, productSvg, type ArtView, type GarmentKind } from './art';

/** How a drawn picture is described in the images table: the art function and its arguments. */
export type ArtSpec =
  | { fn: 'product'; kind: GarmentKind; hex: string; view: ArtView; seed: number }
  | { fn: 'category'; kind: GarmentKind; hex: string }
  | { fn: 'collection'; kinds: GarmentKind[]; palette: string[]; seed: number }
  | { fn: 'banner'; index: number; variant: 'large' | 'mobile'; palette: string[] };

export const ART_SIZE: Record<ArtSpec['fn'], (spec: ArtSpec) => { width: number; height: number }> = {
  product: () => ({ width: 800, height: 1000 }),
  category: () => ({ width: 800, height: 800 }),
  collection: () => ({ width: 800, height: 800 }),
  banner: (s) =>
    s.fn === 'banner' && s.variant === 'large' ? { width: 1920, height: 800 } : { width: 800, height: 1000 },
};

export function artSvg(spec: ArtSpec): string {
  switch (spec.fn) {
    case 'product':
      return productSvg(spec.kind, spec.hex, spec.view, spec.seed);
    case 'category':
      return categorySvg(spec.kind, spec.hex);
    case 'collection':
      return collectionSvg(spec.kinds, spec.palette, spec.seed);
    case 'banner':
      return bannerSvg(spec.index, spec.variant, spec.palette);
  }
}
