/** Composes garments into finished pictures: product views, category and collection tiles. */
import { boundsOf, defsOf, makeCtx, n, ref } from './draw';
import type { Art, Box, Ctx } from './draw';
import { chain, matStr, mul, rotate, scale, scaleOf, translate } from './matrix';
import type { Mat } from './matrix';
import { backdropFor, hash, lighten, luminance, mix, norm, pick, prng } from './palette';
import type { Backdrop } from './palette';
import { DRAW } from './registry';
import type { ArtView, GarmentKind } from './registry';
import { hanger, propsFor } from './props';

export const svgDoc = (w: number, h: number, body: string): string =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${body}</svg>`;

/**
 * A soft backdrop: a gradient that brightens towards the middle. (A radial glow or a linen grain
 * would look a touch nicer but cost 5-10 ms per picture in librsvg, or much more at odd sizes.)
 */
export function backdrop(id: string, w: number, h: number, bd: Backdrop): { defs: string; svg: string } {
  const defs = `<linearGradient id="${id}bg" x1="0" y1="0" x2=".3" y2="1"><stop offset="0" stop-color="${bd.top}"/><stop offset=".42" stop-color="${mix(bd.top, bd.glow, 0.7)}"/><stop offset="1" stop-color="${bd.bottom}"/></linearGradient>`;
  return { defs, svg: `<rect width="${w}" height="${h}" fill="url(#${id}bg)"/>` };
}

/**
 * Soft drop shadow of a silhouette drawn at scale `k`: stacked, widening strokes instead of a blur
 * filter (a blur costs ~90 ms per picture in librsvg; this costs a few).
 */
export function shadow(art: Art, ctx: Ctx, col: string, k: number, o = 0.24): string {
  if (art.ownShadow) return '';
  const paths = art.sil.map((d) => `<use ${ref(ctx, d)}/>`).join('');
  const layer = (w: number, op: number, dy: number): string =>
    `<g opacity="${op.toFixed(3)}" fill="${col}" stroke="${col}" stroke-width="${n(w / k)}" stroke-linejoin="round" transform="translate(${n(4 / k)} ${n(dy / k)})">${paths}</g>`;
  return layer(26, o * 0.3, 15) + layer(6, o * 0.5, 9);
}

/** Matrix placing bounds `b` centred on (cx, cy) inside a w x h box (never enlarging past `max`). */
export function fitMat(b: Box, cx: number, cy: number, w: number, h: number, max = 1.15): Mat {
  const k = Math.min(w / (b.x2 - b.x1), h / (b.y2 - b.y1), max);
  return chain(translate(cx, cy), scale(k), translate(-(b.x1 + b.x2) / 2, -(b.y1 + b.y2) / 2));
}

export interface Placed {
  art: Art;
  ctx: Ctx;
  m: Mat;
}

/**
 * Draws `kind` placed by `place` (given the drawing's bounds). Drawn twice: once to measure, once
 * with the final transform known, so that fabric patterns can be pixel-aligned.
 */
export function placeKind(
  kind: GarmentKind,
  id: string,
  hex: string,
  seed: number,
  place: (b: Box, art: Art) => Mat,
): Placed {
  const probe = DRAW[kind](makeCtx(id, hex, seed));
  const m = place(boundsOf(probe.sil), probe);
  const ctx = makeCtx(id, hex, seed, m);
  return { art: DRAW[kind](ctx), ctx, m };
}

/** Markup of a placed garment with its soft shadow. */
export function placedSvg(p: Placed, shadowCol: string, o = 0.24): string {
  return `<g transform="${matStr(p.m)}">${shadow(p.art, p.ctx, shadowCol, scaleOf(p.m), o)}${p.art.svg}</g>`;
}

/**
 * A product picture, 800x1000 (4:5), the garment tinted by `hex`: 'front' is the whole flat-lay,
 * 'detail' a 2.2x close-up of an interesting part, 'styled' the piece on a hanger (or flat) with
 * props. `seed` varies the design details (print, trims, collar, motif) and the backdrop.
 */
export function productSvg(kind: GarmentKind, hex: string, view: ArtView, seed: number): string {
  const s = Math.floor(Math.abs(seed)) >>> 0;
  const gseed = (s ^ hash(kind)) >>> 0;
  const bd = backdropFor(hex, s);
  const bg = backdrop('b', 800, 1000, bd);
  let body: string;
  let p: Placed;
  if (view === 'front') {
    p = placeKind(kind, 'g', hex, gseed, (b) => fitMat(b, 400, 505, 580, 740));
    body = placedSvg(p, bd.shadow);
  } else if (view === 'detail') {
    p = placeKind(kind, 'g', hex, gseed, (b, art) => {
      const fit = fitMat(b, 400, 505, 580, 740);
      const [fx, fy] = art.focus;
      const px = fit[0] * fx + fit[4];
      const py = fit[3] * fy + fit[5];
      return chain(translate(400, 500), scale(2.2), translate(-px, -py), fit);
    });
    body = placedSvg(p, bd.shadow, 0.2);
  } else {
    const r = prng(s * 31 + 7);
    const wood = pick(r, ['#c89a6a', '#d8b48a', '#b9865a']);
    let hang: { x: number; y: number; w: number } | undefined;
    p = placeKind(kind, 'g', hex, gseed, (b, art) => {
      if (!art.hang) return fitMat(b, 400, 500, 520, 600);
      const m = fitMat(b, 400, 560, 500, 640);
      hang = { x: 400, y: m[3] * art.hang.y + m[5], w: art.hang.w * m[0] + 40 };
      return m;
    });
    const props = propsFor(r, p.ctx, bd, !!hang);
    body = props.back;
    if (hang) body += hanger(hang.x, hang.y, hang.w, wood);
    body += placedSvg(p, bd.shadow, hang ? 0.2 : 0.24) + props.front;
  }
  return svgDoc(800, 1000, `<defs>${bg.defs}${defsOf(p.ctx)}</defs>${bg.svg}${body}`);
}

/** A square 800x800 tile for a category page, showing the kind in `hex` on a soft round plinth. */
export function categorySvg(kind: GarmentKind, hex: string): string {
  const seed = hash(kind + norm(hex));
  const p = placeKind(kind, 'g', hex, seed, (b) => fitMat(b, 400, 405, 520, 560));
  const bd = backdropFor(hex, seed);
  const bg = backdrop('b', 800, 800, bd);
  const disc = `<circle cx="400" cy="410" r="310" fill="${lighten(bd.bottom, 0.35)}" fill-opacity=".8"/><circle cx="400" cy="410" r="310" fill="none" stroke="${mix(bd.bottom, bd.shadow, 0.15)}" stroke-width="2" stroke-dasharray="2 10" stroke-linecap="round"/>`;
  const body = disc + placedSvg(p, bd.shadow);
  return svgDoc(800, 800, `<defs>${bg.defs}${defsOf(p.ctx)}</defs>${bg.svg}${body}`);
}

const LAYOUTS: Record<2 | 3, { x: number; y: number; w: number; h: number; rot: number }[]> = {
  2: [
    { x: 290, y: 400, w: 380, h: 560, rot: -7 },
    { x: 555, y: 470, w: 300, h: 420, rot: 8 },
  ],
  3: [
    { x: 300, y: 350, w: 360, h: 480, rot: -6 },
    { x: 560, y: 300, w: 240, h: 300, rot: 9 },
    { x: 545, y: 590, w: 260, h: 300, rot: -4 },
  ],
};

/** A square 800x800 tile for a collection: a composition of 2-3 kinds over a palette. */
export function collectionSvg(kinds: GarmentKind[], palette: string[], seed: number): string {
  const s = Math.floor(Math.abs(seed)) >>> 0;
  const pal = (palette.length ? palette : ['#f4a6b7', '#f5f0e6', '#5b8c5a']).map(norm);
  const list = (kinds.length ? kinds : (['frock', 'booties'] as GarmentKind[])).slice(0, 3);
  const layout = LAYOUTS[list.length >= 3 ? 3 : 2];
  // the lightest palette colour, softened into a warm cream
  const lightest = [...pal].sort((a, b) => luminance(b) - luminance(a))[0] ?? '#f5f0e6';
  const ground = mix(lightest, '#f6ecdf', luminance(lightest) > 0.6 ? 0.45 : 0.8);
  const bd: Backdrop = { top: lighten(ground, 0.3), bottom: ground, glow: '#fffaf2', shadow: '#5d4636' };
  const bg = backdrop('b', 800, 800, bd);
  const r = prng(s);
  let defs = bg.defs;
  const seen = new Set<string>();
  let body = `<circle cx="${n(560 + r() * 80)}" cy="${n(200 + r() * 60)}" r="230" fill="${mix(pal[1] ?? ground, '#ffffff', 0.6)}" fill-opacity=".55"/>`;
  body += `<circle cx="${n(170 + r() * 60)}" cy="${n(640 + r() * 40)}" r="170" fill="${mix(pal[2] ?? ground, '#ffffff', 0.65)}" fill-opacity=".5"/>`;
  const one = list.length === 1 ? [list[0], list[0]] : list;
  one.forEach((kind, i) => {
    const slot = layout[i];
    if (!kind || !slot) return;
    const hex = pal[(i + 1) % pal.length] ?? pal[0] ?? '#f4a6b7';
    const p = placeKind(kind, `k${i}`, hex, ((s + i * 101) ^ hash(kind)) >>> 0, (b) =>
      mul(rotate(slot.rot, slot.x, slot.y), fitMat(b, slot.x, slot.y, slot.w, slot.h)),
    );
    defs += defsOf(p.ctx, seen);
    body += placedSvg(p, bd.shadow);
  });
  return svgDoc(800, 800, `<defs>${defs}</defs>${bg.svg}${body}`);
}
