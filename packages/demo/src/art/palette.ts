/** Colour helpers and a seeded PRNG for the demo art. Pure and dependency-free. */

export type Rgb = [number, number, number];

const FALLBACK: Rgb = [217, 199, 184];
const HEX6 = /^#[0-9a-f]{6}$/i;

/** Parses `#rgb`, `#rrggbb` (with or without `#`); anything else falls back to a soft sand. */
export function parseHex(hex: string): Rgb {
  // The common case first, without the string copies below: seeding mixes colours for every picture.
  if (HEX6.test(hex)) {
    const n = parseInt(hex.slice(1), 16);
    return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  }
  let h = hex.trim().replace(/^#/, '');
  if (/^[0-9a-f]{3}$/i.test(h)) h = h.replace(/./g, (ch) => ch + ch);
  if (!/^[0-9a-f]{6}$/i.test(h)) return [...FALLBACK];
  const n = parseInt(h, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

export function toHex(rgb: Rgb): string {
  return (
    '#' +
    rgb
      .map((v) =>
        Math.max(0, Math.min(255, Math.round(v)))
          .toString(16)
          .padStart(2, '0'),
      )
      .join('')
  );
}

/** Normalises any accepted input to `#rrggbb`. */
export const norm = (hex: string): string => toHex(parseHex(hex));

/** Linear mix: t = 0 gives `a`, t = 1 gives `b`. */
export function mix(a: string, b: string, t: number): string {
  const x = parseHex(a);
  const y = parseHex(b);
  return toHex([x[0] + (y[0] - x[0]) * t, x[1] + (y[1] - x[1]) * t, x[2] + (y[2] - x[2]) * t]);
}

export const lighten = (hex: string, t: number): string => mix(hex, '#ffffff', t);
/** Darkens towards a warm near-black, which reads nicer than pure black on fabric. */
export const darken = (hex: string, t: number): string => mix(hex, '#1d1512', t);

/** WCAG relative luminance, 0 (black) .. 1 (white). */
export function luminance(hex: string): number {
  const [r, g, b] = parseHex(hex).map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Rough perceptual distance (0..~765) between two colours. */
export function distance(a: string, b: string): number {
  const x = parseHex(a);
  const y = parseHex(b);
  const rm = (x[0] + y[0]) / 2;
  const dr = x[0] - y[0];
  const dg = x[1] - y[1];
  const db = x[2] - y[2];
  return Math.sqrt((2 + rm / 256) * dr * dr + 4 * dg * dg + (2 + (255 - rm) / 256) * db * db);
}

/** Hue-preserving saturation tweak: t < 0 desaturates, t > 0 saturates. */
export function saturate(hex: string, t: number): string {
  const [r, g, b] = parseHex(hex);
  const grey = (r + g + b) / 3;
  return toHex([r + (r - grey) * t, g + (g - grey) * t, b + (b - grey) * t]);
}

export type Rand = () => number;

/** mulberry32: tiny, fast, good enough for picking details. */
export function prng(seed: number): Rand {
  let a = (Math.floor(seed) ^ 0x9e3779b9) >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a string hash, used to mix a kind/colour into a seed. */
export function hash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

export function pick<T>(r: Rand, items: readonly T[]): T {
  const item = items[Math.floor(r() * items.length) % items.length];
  if (item === undefined) throw new Error('pick from empty list');
  return item;
}

/** The shades derived from one fabric colour. */
export interface Shades {
  base: string;
  /** lighter/darker fabric, for facings, cuffs, highlights and folds */
  hi: string;
  hi2: string;
  lo: string;
  lo2: string;
  /** outline and seam colour: always visible against the fabric itself */
  line: string;
  /** stitch colour for top-stitching */
  stitch: string;
  lum: number;
  isDark: boolean;
  isLight: boolean;
}

export function shades(hex: string): Shades {
  const base = norm(hex);
  const lum = luminance(base);
  const isDark = lum < 0.09;
  const isLight = lum > 0.72;
  return {
    base,
    hi: lighten(base, isDark ? 0.16 : 0.3),
    hi2: lighten(base, isDark ? 0.32 : 0.55),
    lo: isDark ? lighten(base, 0.07) : darken(base, isLight ? 0.1 : 0.16),
    lo2: isDark ? darken(base, 0.35) : darken(base, isLight ? 0.2 : 0.32),
    line: isDark ? lighten(base, 0.28) : darken(base, isLight ? 0.24 : 0.34),
    stitch: isDark ? lighten(base, 0.45) : isLight ? darken(base, 0.3) : lighten(base, 0.5),
    lum,
    isDark,
    isLight,
  };
}

/** Accent colours for trims, threads and props. */
export const ACCENTS = [
  '#d6a94a', // gold
  '#fbf5ea', // ivory
  '#e98a73', // coral
  '#3f8f8b', // teal
  '#b5476b', // berry
  '#86b2da', // sky
  '#6f9a5b', // leaf
  '#2e416a', // navy
  '#f0b9c3', // blush
  '#c8643b', // rust
] as const;

/** Picks an accent that stands out clearly from `base` (seeded among the good ones). */
export function accentFor(base: string, r: Rand, exclude: string[] = []): string {
  const ok = ACCENTS.filter((a) => distance(a, base) > 170 && exclude.every((e) => distance(a, e) > 90));
  return pick(r, ok.length ? ok : ['#fbf5ea', '#2e416a']);
}

export interface Backdrop {
  top: string;
  bottom: string;
  glow: string;
  shadow: string;
}

const CREAM: Backdrop = { top: '#f8f1e7', bottom: '#efe3d2', glow: '#fffaf2', shadow: '#7a5a3c' };

const BACKDROPS: readonly Backdrop[] = [
  CREAM,
  { top: '#f9ebe6', bottom: '#f0dad2', glow: '#fff6f2', shadow: '#7d4a43' }, // blush
  { top: '#f3e8d8', bottom: '#e8d7bf', glow: '#fbf4e8', shadow: '#6f5336' }, // sand
  { top: '#f1efe6', bottom: '#e4e3d4', glow: '#fbfaf3', shadow: '#545540' }, // sage mist
  { top: '#f5ede8', bottom: '#e9ddd6', glow: '#fdf8f4', shadow: '#5f4c46' }, // linen
];

/** Deeper (still warm and light) backdrops for white / cream / pastel garments. */
const DEEP_BACKDROPS: readonly Backdrop[] = [
  { top: '#ead8c4', bottom: '#dcc3a8', glow: '#f3e6d6', shadow: '#5a3f27' }, // latte
  { top: '#ecd3cc', bottom: '#ddbcb3', glow: '#f6e4df', shadow: '#5e3530' }, // dusty rose
  { top: '#dfe0cf', bottom: '#cdd0b8', glow: '#eceee0', shadow: '#3f4430' }, // sage
  { top: '#e4d7c8', bottom: '#d3c1ad', glow: '#efe6dc', shadow: '#4c3b2c' }, // taupe
  { top: '#e2e5e3', bottom: '#cfd6d6', glow: '#eef1ef', shadow: '#3d4a4c' }, // mist
  { top: '#d9dfe5', bottom: '#c6d0d9', glow: '#e8ecf0', shadow: '#36424f' }, // dusk blue
];

/**
 * A backdrop contrasting with the garment colour. Light backdrops are preferred (they suit the
 * shop) unless the garment itself is pale; the seed varies the pick among the good ones.
 */
export function backdropFor(hex: string, seed: number): Backdrop {
  const base = norm(hex);
  const pale = luminance(base) > 0.6;
  const r = prng(seed * 7 + 3);
  let best: Backdrop = CREAM;
  let bestScore = -Infinity;
  for (const [set, deep] of [
    [BACKDROPS, false],
    [DEEP_BACKDROPS, true],
  ] as const) {
    for (const b of set) {
      const contrast = Math.min(distance(b.top, base), distance(b.bottom, base));
      const score = Math.min(contrast, 260) + (deep === pale ? 70 : 0) + r() * (contrast > 120 ? 45 : 8);
      if (score > bestScore) [best, bestScore] = [b, score];
    }
  }
  return best;
}
