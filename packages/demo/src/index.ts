/**
 * The demo catalogue: its data and the kit that draws its pictures. The API
 * loads it at start-up and seeding only; no request reads it.
 */
export * from './data';
export { GARMENT_KINDS, type ArtView, type GarmentKind } from './art';
export { drawPicture, type ArtSpec, type DrawnPicture } from './picture';
