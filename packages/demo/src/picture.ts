import { bannerSvg, categorySvg, collectionSvg, productSvg, type ArtView, type GarmentKind } from './art';

/**
 * A drawn picture of the demo catalogue: the art function and its arguments.
 * Seeding stores the drawing itself; databases seeded before kept only this
 * spec (the `images.art` column), which start-up turns into the drawing once.
 */
export type ArtSpec =
  | { fn: 'product'; kind: GarmentKind; hex: string; view: ArtView; seed: number }
  | { fn: 'category'; kind: GarmentKind; hex: string }
  | { fn: 'collection'; kinds: GarmentKind[]; palette: string[]; seed: number }
  | { fn: 'banner'; index: number; variant: 'large' | 'mobile'; palette: string[] };

/** A picture as the images table keeps an upload: base64 of the file, its type and size. */
export interface DrawnPicture {
  data: string;
  mime: 'image/svg+xml';
  width: number;
  height: number;
}

const SIZE = {
  product: { width: 800, height: 1000 },
  square: { width: 800, height: 800 },
  wide: { width: 1920, height: 800 },
} as const;

function svgAndSize(spec: ArtSpec): { svg: string; width: number; height: number } {
  switch (spec.fn) {
    case 'product':
      return { svg: productSvg(spec.kind, spec.hex, spec.view, spec.seed), ...SIZE.product };
    case 'category':
      return { svg: categorySvg(spec.kind, spec.hex), ...SIZE.square };
    case 'collection':
      return { svg: collectionSvg(spec.kinds, spec.palette, spec.seed), ...SIZE.square };
    case 'banner':
      return {
        svg: bannerSvg(spec.index, spec.variant, spec.palette),
        ...(spec.variant === 'large' ? SIZE.wide : SIZE.product),
      };
  }
}

/** The SVG source of a drawn picture, ready for the images table. */
export function drawPicture(spec: ArtSpec): DrawnPicture {
  const { svg, width, height } = svgAndSize(spec);
  return { data: Buffer.from(svg).toString('base64'), mime: 'image/svg+xml', width, height };
}
