/**
 * Demo catalogue art: product pictures, category/collection tiles and home banners drawn as SVG
 * (flat-lay boutique style, no text). Pure, deterministic functions without dependencies.
 *
 * Rendering with sharp: `sharp(Buffer.from(svg)).webp({ quality: 82, effort: 2 })` takes ~50 ms of
 * CPU for a product picture (about 22 ms rasterising + the encode; sharp's default effort 4 roughly
 * doubles the encode). Any output size works (`.resize({ width })`); fabric textures are gradients
 * and prints are large pixel-pinned pattern tiles, because librsvg paints small pattern tiles that
 * fall between device pixels extremely slowly.
 */
export { GARMENT_KINDS } from './kinds';
export type { ArtView, GarmentKind } from './kinds';
export { productSvg, categorySvg, collectionSvg } from './scene';
export { bannerSvg } from './banners';
