/** Drawing context and small SVG building blocks shared by all the garment drawings. */
import { mirrorD, n } from './path';
import type { Pt } from './path';

export * from './path';
import { accentFor, lighten, darken, pick, prng, shades } from './palette';
import type { Rand, Shades } from './palette';
import { lightDef, printDef, textureDef, textureLayers } from './texture';
import type { PrintKind, TextureKind } from './texture';
import { IDENTITY, patternTransform } from './matrix';
import type { Mat } from './matrix';

export interface Ctx {
  /** prefix for ids, unique within one SVG document */
  id: string;
  c: Shades;
  trim: string;
  trim2: string;
  /** embroidery thread, contrasting with the fabric */
  thread: string;
  r: Rand;
  /** a small integer picked from the seed, to switch between design variants */
  v: number;
  defs: Map<string, string>;
  /** path data already placed in defs, and its id */
  paths: Map<string, string>;
  /** garment → device transform, so pattern tiles can be pixel-aligned (see patternTransform) */
  mat: Mat;
}

export function makeCtx(id: string, hex: string, seed: number, mat: Mat = IDENTITY): Ctx {
  const r = prng(seed);
  const c = shades(hex);
  const trim = accentFor(c.base, r);
  const trim2 = accentFor(c.base, r, [trim]);
  const thread = c.isDark ? pick(r, ['#f6e7c8', '#e9c46a', '#f4c7cf']) : accentFor(c.base, r, [trim]);
  return { id, c, trim, trim2, thread, r, v: Math.floor(r() * 1000), defs: new Map(), paths: new Map(), mat };
}

/** The same context with another fabric colour (for a contrast piece), sharing defs and id. */
export function withFabric(ctx: Ctx, hex: string): Ctx {
  return { ...ctx, c: shades(hex) };
}

/** Collects the <defs> of a context. */
/**
 * Collects the <defs> of a context. Pass the same `seen` set for every garment of one document so
 * the shared defs (colour-neutral textures and light) are written once.
 */
export function defsOf(ctx: Ctx, seen: Set<string> = new Set()): string {
  let out = '';
  for (const [id, markup] of ctx.defs) {
    if (seen.has(id)) continue;
    seen.add(id);
    out += markup;
  }
  return out;
}

/** Registers a def; `shared` ones are colour-neutral and keep one id across a whole document. */
function def(ctx: Ctx, key: string, make: (id: string) => string, shared = false): string {
  const id = shared ? `s-${key}` : `${ctx.id}${key}`;
  if (!ctx.defs.has(id)) ctx.defs.set(id, make(id));
  return `url(#${id})`;
}

/** The gradient layers of a fabric texture. */
export const textureUrls = (ctx: Ctx, t: TextureKind): string[] =>
  Array.from({ length: textureLayers(t) }, (_, i) => def(ctx, `${t}${i}`, (id) => textureDef(id, t, i), true));

export function printUrl(ctx: Ctx, p: PrintKind, ink: string, ink2: string, scale = 1): string {
  const key = `p${p}${ink.slice(1)}${ink2.slice(1)}${Math.round(scale * 10)}`;
  return def(ctx, key, (id) => printDef(id, p, ink, ink2, (w, h) => patternTransform(ctx.mat, w, h, scale)));
}

export interface FabricOpts {
  texture?: TextureKind | 'none';
  print?: string;
  /** outline width; 0 for none */
  edge?: number;
  fill?: string;
}

/** A fabric piece: colour, weave texture, optional print, soft lighting and a thin outline. */
export function fabric(ctx: Ctx, d: string, o: FabricOpts = {}): string {
  const tex = o.texture ?? 'weave';
  const edge = o.edge ?? 2;
  const u = `<use ${ref(ctx, d)}`;
  let s = `${u} fill="${o.fill ?? ctx.c.base}"/>`;
  if (o.print) s += `${u} fill="${o.print}"/>`;
  if (tex !== 'none') for (const url of textureUrls(ctx, tex)) s += `${u} fill="${url}"/>`;
  s += `${u} fill="${def(ctx, 'L', lightDef, true)}"/>`;
  if (edge > 0)
    s += `${u} fill="none" stroke="${ctx.c.line}" stroke-width="${edge}" stroke-linejoin="round" stroke-opacity=".55"/>`;
  return s;
}

/** A path defined once in <defs> (shapes are drawn several times: fill, texture, light, edge, shadow). */
export function ref(ctx: Ctx, d: string): string {
  let id = ctx.paths.get(d);
  if (!id) {
    id = `${ctx.id}d${ctx.paths.size}`;
    ctx.paths.set(d, id);
    ctx.defs.set(id, `<path id="${id}" d="${d}"/>`);
  }
  return `href="#${id}"`;
}

/** Clips markup to a path (the clipPath goes into the context's defs). */
export function clip(ctx: Ctx, d: string, markup: string): string {
  const url = def(ctx, `c${ctx.defs.size}`, (id) => `<clipPath id="${id}"><use ${ref(ctx, d)}/></clipPath>`);
  return `<g clip-path="${url}">${markup}</g>`;
}

/** Dashed top-stitching. */
export const seam = (ctx: Ctx, d: string, w = 1.6, color?: string): string =>
  `<path d="${d}" fill="none" stroke="${color ?? ctx.c.stitch}" stroke-width="${w}" stroke-dasharray="${n(w * 3.2)} ${n(w * 2.4)}" stroke-linecap="round" stroke-opacity=".85"/>`;

/** A soft fold or crease: a darker stroke with a faint highlight beside it. */
export function fold(ctx: Ctx, d: string, w = 4, o = 0.28): string {
  const dark = ctx.c.isDark ? darken(ctx.c.base, 0.45) : ctx.c.lo2;
  const u = `<use ${ref(ctx, d)} fill="none" stroke-linecap="round"`;
  return (
    `${u} stroke="${ctx.c.hi2}" stroke-width="${n(w * 0.7)}" stroke-opacity="${n(o * 0.9)}" transform="translate(${n(w * 0.6)} 0)"/>` +
    `${u} stroke="${dark}" stroke-width="${w}" stroke-opacity="${o}"/>`
  );
}

export function button(x: number, y: number, r: number, col: string): string {
  const rim = darken(col, 0.3);
  const h = r * 0.32;
  // the four holes as zero-length round-capped strokes: one element instead of four circles
  const holes = [-1, 1].flatMap((sy) => [-1, 1].map((sx) => `M${n(x + sx * h)} ${n(y + sy * h)}h0`)).join('');
  return (
    `<circle cx="${n(x)}" cy="${n(y + r * 0.18)}" r="${n(r)}" fill="#000" fill-opacity=".18"/>` +
    `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}" fill="${col}" stroke="${rim}" stroke-width="${n(r * 0.18)}"/>` +
    `<path d="${holes}" stroke="${rim}" stroke-width="${n(r * 0.32)}" stroke-linecap="round"/>`
  );
}

/** A ribbon bow centred at (x, y), `s` is the half-width. */
export function bow(x: number, y: number, s: number, col: string, rot = 0): string {
  const lo = darken(col, 0.2);
  const hi = lighten(col, 0.3);
  const loop = (dir: number): string =>
    `<path d="M0 0C${n(dir * s * 0.4)} ${n(-s * 0.55)} ${n(dir * s)} ${n(-s * 0.7)} ${n(dir * s)} ${n(-s * 0.1)}C${n(dir * s)} ${n(s * 0.45)} ${n(dir * s * 0.45)} ${n(s * 0.4)} 0 0Z" fill="${col}" stroke="${lo}" stroke-width="${n(s * 0.05)}"/>` +
    `<path d="M${n(dir * s * 0.2)} ${n(-s * 0.12)}C${n(dir * s * 0.5)} ${n(-s * 0.35)} ${n(dir * s * 0.75)} ${n(-s * 0.35)} ${n(dir * s * 0.8)} ${n(-s * 0.1)}" fill="none" stroke="${hi}" stroke-width="${n(s * 0.06)}" stroke-linecap="round"/>` +
    `<ellipse cx="${n(dir * s * 0.3)}" cy="${n(s * 0.04)}" rx="${n(s * 0.13)}" ry="${n(s * 0.2)}" fill="${lo}" fill-opacity=".45"/>`;
  const tail = (dir: number): string =>
    `<path d="M0 0L${n(dir * s * 0.55)} ${n(s * 1.05)}L${n(dir * s * 0.3)} ${n(s * 0.98)}L${n(dir * s * 0.2)} ${n(s * 1.15)}L${n(-dir * s * 0.1)} ${n(s * 0.1)}Z" fill="${lo}"/>`;
  return (
    `<g transform="translate(${n(x)} ${n(y)}) rotate(${rot})">` +
    tail(-1) +
    tail(1) +
    loop(-1) +
    loop(1) +
    `<ellipse rx="${n(s * 0.2)}" ry="${n(s * 0.24)}" fill="${col}" stroke="${lo}" stroke-width="${n(s * 0.06)}"/>` +
    `<path d="M${n(-s * 0.08)} ${n(-s * 0.14)}Q0 0 ${n(-s * 0.06)} ${n(s * 0.15)}" fill="none" stroke="${lo}" stroke-width="${n(s * 0.03)}"/></g>`
  );
}

/** A small five-petal flower. */
export function flower(x: number, y: number, s: number, petal: string, centre: string): string {
  let p = '';
  for (let i = 0; i < 5; i++) {
    const a = (i / 5) * Math.PI * 2 - Math.PI / 2;
    p += `<circle cx="${n(x + Math.cos(a) * s * 0.55)}" cy="${n(y + Math.sin(a) * s * 0.55)}" r="${n(s * 0.48)}"/>`;
  }
  return `<g fill="${petal}" stroke="${darken(petal, 0.18)}" stroke-width="${n(s * 0.06)}">${p}</g><circle cx="${n(x)}" cy="${n(y)}" r="${n(s * 0.3)}" fill="${centre}"/>`;
}

/** Embroidered lazy-daisy flower made of stitched petals. */
export function daisy(x: number, y: number, s: number, thread: string, centre: string): string {
  let p = '';
  for (let i = 0; i < 6; i++) {
    const a = (i / 6) * 360;
    p += `<ellipse cx="0" cy="${n(-s * 0.55)}" rx="${n(s * 0.2)}" ry="${n(s * 0.42)}" transform="rotate(${a})"/>`;
  }
  return `<g transform="translate(${n(x)} ${n(y)})" fill="none" stroke="${thread}" stroke-width="${n(Math.max(1.2, s * 0.1))}">${p}</g><circle cx="${n(x)}" cy="${n(y)}" r="${n(s * 0.18)}" fill="${centre}"/>`;
}

/** Mirrors markup about x = cx. */
export const mirror = (markup: string, cx = 400): string =>
  `<g transform="matrix(-1 0 0 1 ${n(2 * cx)} 0)">${markup}</g>`;

/** A lace / scallop trim hanging below the polyline `pts` (depth `h`), with eyelets. */
export function lace(pts: readonly Pt[], h: number, col: string): string {
  const first = pts[0];
  if (!first) return '';
  let d = `M${n(first[0])} ${n(first[1] - 4)}`;
  let holes = '';
  for (let i = 1; i < pts.length; i++) {
    const a = pts[i - 1];
    const b = pts[i];
    if (!a || !b) continue;
    const mx = (a[0] + b[0]) / 2;
    const my = (a[1] + b[1]) / 2;
    d += `C${n(a[0])} ${n(a[1] + h * 1.3)} ${n(b[0])} ${n(b[1] + h * 1.3)} ${n(b[0])} ${n(b[1])}`;
    holes += `<circle cx="${n(mx)}" cy="${n(my + h * 0.45)}" r="${n(h * 0.16)}"/>`;
  }
  const last = pts[pts.length - 1] ?? first;
  d += `L${n(last[0])} ${n(last[1] - 4)}`;
  for (let i = pts.length - 2; i >= 0; i--) {
    const p = pts[i];
    if (p) d += `L${n(p[0])} ${n(p[1] - 4)}`;
  }
  const edge = darken(col, 0.18);
  return `<path d="${d}Z" fill="${col}" stroke="${edge}" stroke-width="1.5"/><g fill="${edge}" fill-opacity=".55">${holes}</g>`;
}

/** A metallic gota / zari border along a path: a wide gold band with a dotted and zigzag pattern. */
export function gota(d: string, w: number, gold = '#d6a94a'): string {
  const lo = darken(gold, 0.25);
  const hi = lighten(gold, 0.45);
  return (
    `<path d="${d}" fill="none" stroke="${lo}" stroke-width="${n(w + 3)}" stroke-linecap="round"/>` +
    `<path d="${d}" fill="none" stroke="${gold}" stroke-width="${n(w)}" stroke-linecap="round"/>` +
    `<path d="${d}" fill="none" stroke="${hi}" stroke-width="${n(w * 0.34)}" stroke-dasharray="${n(w * 0.25)} ${n(w * 0.35)}" stroke-linecap="round"/>` +
    `<path d="${d}" fill="none" stroke="${lo}" stroke-width="${n(Math.max(1, w * 0.08))}" stroke-dasharray="${n(w * 0.5)} ${n(w * 0.5)}" transform="translate(0 ${n(w * 0.36)})"/>`
  );
}

/** Parallel rows of zig-zag smocking stitches inside a box. */
export function smocking(x1: number, x2: number, y1: number, rows: number, gap: number, thread: string): string {
  let d = '';
  const step = 14;
  for (let r = 0; r < rows; r++) {
    const y = y1 + r * gap;
    d += `M${n(x1)} ${n(y)}`;
    for (let x = x1 + step, k = 1; x <= x2; x += step, k++) d += `L${n(x)} ${n(y + (k % 2 ? 6 : 0))}`;
  }
  return `<path d="${d}" fill="none" stroke="${thread}" stroke-width="2.2" stroke-linejoin="round" stroke-linecap="round"/>`;
}

/** A soft ellipse of shade, e.g. under a sleeve. */
export const shadeBlob = (cx: number, cy: number, rx: number, ry: number, col: string, o = 0.25): string =>
  `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rx)}" ry="${n(ry)}" fill="${col}" fill-opacity="${o}"/>`;

/** A drawn garment in the canonical 800x1000 frame. */
export interface Art {
  svg: string;
  /** silhouette path data (absolute M/L/Q/C only), for the shadow and the bounds */
  sil: string[];
  /** an interesting point for the close-up view */
  focus: Pt;
  /** shoulder line (y and half-width) if the piece can hang on a hanger */
  hang?: { y: number; w: number };
  /** the drawing casts its own shadow: `sil` only gives the bounds */
  ownShadow?: boolean;
}

/** Print inks that read on the fabric: the trim and a second accent (or a light tint on dark cloth). */
export function inks(ctx: Ctx): [string, string] {
  return [ctx.trim, ctx.c.isDark ? lighten(ctx.c.base, 0.55) : ctx.trim2];
}

/** A print fill for the fabric, or undefined for plain cloth. */
export function printFor(ctx: Ctx, options: readonly (PrintKind | 'none')[], scale = 1): string | undefined {
  const p = pick(ctx.r, options);
  if (p === 'none') return undefined;
  let [ink, ink2] = inks(ctx);
  // checks and stripes read best as the colour plus white (or plus the trim on pale cloth)
  if (p === 'gingham' || p === 'stripes' || p === 'bands')
    [ink, ink2] = [ctx.c.isLight ? ctx.trim : '#fffaf3', ctx.trim];
  return printUrl(ctx, p, ink, ink2, scale);
}

/** Right-hand markup plus its mirror image (path data mirrored, so patterns stay aligned). */
export const both = (make: (f: (d: string) => string) => string): string => make(mirrorD) + make((d) => d);
