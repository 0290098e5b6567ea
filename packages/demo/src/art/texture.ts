/** SVG <pattern>/<gradient> definitions: neutral fabric textures and coloured prints. */

export type TextureKind = 'weave' | 'knit' | 'rib' | 'twill' | 'muslin';
export type PrintKind =
  'ditsy' | 'dots' | 'butti' | 'stripes' | 'bands' | 'gingham' | 'stars' | 'moons' | 'hearts' | 'leaves' | 'clouds';

export const PRINTS: readonly PrintKind[] = [
  'ditsy',
  'dots',
  'butti',
  'stripes',
  'bands',
  'gingham',
  'stars',
  'moons',
  'hearts',
  'leaves',
  'clouds',
];

const r1 = (v: number): string => String(Math.round(v * 10) / 10);

/** Gives the patternTransform for a tile of w x h (see matrix.ts: tiles must be pixel-aligned). */
export type TileTransform = (w: number, h: number) => string;

/**
 * A print pattern. librsvg paints pattern tiles that do not land on whole device pixels very
 * slowly, roughly per tile, which happens whenever the picture is rendered at another size (sharp
 * rasterises SVG at the target size when resizing). So the motif tile is repeated into a big tile
 * of at least 160 units, which keeps such renders cheap; at the native size the patternTransform
 * pins the tile to whole pixels, which keeps them fast.
 */
const pattern = (id: string, w: number, h: number, body: string, pt: TileTransform): string => {
  const kx = Math.ceil(160 / w);
  const ky = Math.ceil(160 / h);
  // one motif tile, a row of kx tiles, then ky rows: kx + ky <use>s rather than kx * ky
  let row = '';
  for (let i = 0; i < kx; i++) row += `<use href="#${id}u"${i ? ` x="${i * w}"` : ''}/>`;
  let rows = '';
  for (let j = 0; j < ky; j++) rows += `<use href="#${id}r"${j ? ` y="${j * h}"` : ''}/>`;
  return (
    `<g id="${id}u">${body}</g><g id="${id}r">${row}</g>` +
    `<pattern id="${id}" width="${w * kx}" height="${h * ky}" patternUnits="userSpaceOnUse" patternTransform="${pt(w * kx, h * ky)}">${rows}</pattern>`
  );
};

type Band = readonly [from: number, to: number, colour: string, opacity: number];
type Stop = readonly [offset: number, colour: string, opacity: number];
/** Hard-edged bands, or free stops for soft shading. */
type Stripes = {
  readonly v: readonly [number, number];
  readonly bands?: readonly Band[];
  readonly stops?: readonly Stop[];
};

/**
 * Neutral fabric textures (white/black with alpha, so they suit any colour) made of repeating
 * linear gradients: fine stripes that cost the same at any render size, unlike <pattern> tiles.
 */
const TEXTURES: Record<TextureKind, readonly Stripes[]> = {
  weave: [
    {
      v: [0, 4],
      stops: [
        [0, '#fff', 0.1],
        [0.5, '#fff', 0],
        [1, '#fff', 0.1],
      ],
    },
    {
      v: [4, 0],
      stops: [
        [0, '#000', 0.05],
        [0.5, '#000', 0],
        [1, '#000', 0.05],
      ],
    },
  ],
  twill: [
    {
      v: [3, 3],
      bands: [
        [0, 0.35, '#fff', 0.14],
        [0.55, 0.8, '#000', 0.07],
      ],
    },
  ],
  rib: [
    {
      v: [10, 0],
      bands: [
        [0, 0.2, '#000', 0.16],
        [0.4, 0.64, '#fff', 0.18],
      ],
    },
  ],
  muslin: [
    {
      v: [0, 6],
      stops: [
        [0, '#fff', 0],
        [0.25, '#fff', 0.15],
        [0.5, '#fff', 0],
        [1, '#fff', 0],
      ],
    },
    {
      v: [6, 0],
      stops: [
        [0, '#000', 0.045],
        [0.5, '#000', 0],
        [1, '#000', 0.045],
      ],
    },
  ],
  // knitted columns: a soft rounded rib between dark gaps, and faint rows of stitches
  knit: [
    {
      v: [12, 0],
      stops: [
        [0, '#000', 0.2],
        [0.14, '#000', 0],
        [0.32, '#fff', 0.14],
        [0.5, '#fff', 0.22],
        [0.68, '#fff', 0.14],
        [0.86, '#000', 0],
        [1, '#000', 0.2],
      ],
    },
    {
      v: [0, 9],
      stops: [
        [0, '#000', 0.05],
        [0.3, '#000', 0],
        [0.7, '#fff', 0.05],
        [1, '#000', 0.05],
      ],
    },
  ],
};

/** The number of layers (gradients) a texture uses. */
export const textureLayers = (t: TextureKind): number => TEXTURES[t].length;

/** Layer `i` of texture `t` as a repeating linearGradient. */
export function textureDef(id: string, t: TextureKind, i: number): string {
  const s = TEXTURES[t][i] ?? TEXTURES[t][0];
  if (!s) return '';
  let stops = (s.stops ?? [])
    .map(([o, col, op]) => `<stop offset="${o}" stop-color="${col}" stop-opacity="${op}"/>`)
    .join('');
  for (const [a, b, col, op] of s.bands ?? []) {
    stops += `<stop offset="${a}" stop-color="${col}" stop-opacity="0"/><stop offset="${a}" stop-color="${col}" stop-opacity="${op}"/>`;
    stops += `<stop offset="${b}" stop-color="${col}" stop-opacity="${op}"/><stop offset="${b}" stop-color="${col}" stop-opacity="0"/>`;
  }
  return `<linearGradient id="${id}" gradientUnits="userSpaceOnUse" x1="0" y1="0" x2="${s.v[0]}" y2="${s.v[1]}" spreadMethod="repeat">${stops}</linearGradient>`;
}

/** Soft light from the top-left, falling to a gentle shade at the bottom. */
export const lightDef = (id: string): string =>
  `<linearGradient id="${id}" x1=".25" y1="0" x2=".75" y2="1"><stop offset="0" stop-color="#fff" stop-opacity=".2"/><stop offset=".5" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".12"/></linearGradient>`;

function star(x: number, y: number, r: number): string {
  let d = '';
  for (let i = 0; i < 10; i++) {
    const a = (i / 10) * Math.PI * 2 - Math.PI / 2;
    const rr = i % 2 ? r * 0.45 : r;
    d += `${i ? 'L' : 'M'}${r1(x + Math.cos(a) * rr)} ${r1(y + Math.sin(a) * rr)}`;
  }
  return d + 'Z';
}

const dotFlower = (x: number, y: number, s: number, ink: string, mid: string): string => {
  let p = '';
  for (let i = 0; i < 5; i++) {
    const a = (i / 5) * Math.PI * 2;
    p += `<circle cx="${r1(x + Math.cos(a) * s)}" cy="${r1(y + Math.sin(a) * s)}" r="${r1(s * 0.8)}"/>`;
  }
  return `<g fill="${ink}">${p}</g><circle cx="${r1(x)}" cy="${r1(y)}" r="${r1(s * 0.55)}" fill="${mid}"/>`;
};

const leaf = (x: number, y: number, s: number, rot: number, ink: string): string =>
  `<path d="M0 0Q${r1(s * 0.6)} ${r1(-s * 0.5)} ${r1(s * 1.4)} 0Q${r1(s * 0.6)} ${r1(s * 0.5)} 0 0Z" fill="${ink}" transform="translate(${r1(x)} ${r1(y)}) rotate(${rot})"/>`;

const heart = (x: number, y: number, s: number): string =>
  `M${r1(x)} ${r1(y + s * 0.9)}C${r1(x - s * 1.4)} ${r1(y)} ${r1(x - s * 0.9)} ${r1(y - s)} ${r1(x)} ${r1(y - s * 0.35)}C${r1(x + s * 0.9)} ${r1(y - s)} ${r1(x + s * 1.4)} ${r1(y)} ${r1(x)} ${r1(y + s * 0.9)}Z`;

/** A paisley / buta block-print motif. */
export const buta = (x: number, y: number, s: number, ink: string, ink2: string, rot = 0): string =>
  `<g transform="translate(${r1(x)} ${r1(y)}) rotate(${rot}) scale(${r1(s / 10)})">` +
  `<path d="M0 10C-8 10 -9 0 -4 -4C0 -7 2 -10 1 -14C7 -9 8 -2 6 4C5 8 3 10 0 10Z" fill="${ink}"/>` +
  `<circle cx="-0.5" cy="3" r="2.6" fill="${ink2}"/><path d="M-4 4Q-3 -2 0 -5" fill="none" stroke="${ink2}" stroke-width="1.2"/></g>`;

/** Coloured print tiles on a transparent ground. */
export function printDef(id: string, p: PrintKind, ink: string, ink2: string, t: TileTransform): string {
  switch (p) {
    case 'ditsy':
      return pattern(
        id,
        56,
        56,
        dotFlower(12, 14, 4.2, ink, ink2) +
          leaf(18, 20, 6, 35, ink2) +
          dotFlower(40, 42, 4.2, ink, ink2) +
          leaf(34, 47, 6, 200, ink2) +
          `<circle cx="42" cy="12" r="1.8" fill="${ink}"/><circle cx="13" cy="44" r="1.8" fill="${ink2}"/>`,
        t,
      );
    case 'dots':
      return pattern(
        id,
        30,
        30,
        `<circle cx="7.5" cy="7.5" r="3.4" fill="${ink}"/><circle cx="22.5" cy="22.5" r="3.4" fill="${ink}"/>`,
        t,
      );
    case 'butti':
      return pattern(
        id,
        60,
        64,
        buta(15, 16, 8, ink, ink2, -12) +
          buta(45, 48, 8, ink, ink2, -12) +
          `<circle cx="45" cy="14" r="1.6" fill="${ink}"/><circle cx="15" cy="46" r="1.6" fill="${ink}"/>`,
        t,
      );
    case 'stripes':
      return pattern(
        id,
        26,
        26,
        `<rect x="0" y="0" width="7" height="26" fill="${ink}" fill-opacity=".75"/><rect x="12" y="0" width="1.6" height="26" fill="${ink2}" fill-opacity=".8"/>`,
        t,
      );
    case 'bands':
      return pattern(
        id,
        24,
        24,
        `<rect width="24" height="8" fill="${ink}" fill-opacity=".85"/><rect y="14" width="24" height="1.6" fill="${ink2}" fill-opacity=".7"/>`,
        t,
      );
    case 'gingham':
      return pattern(
        id,
        26,
        26,
        `<rect width="13" height="26" fill="${ink}" fill-opacity=".32"/><rect width="26" height="13" fill="${ink}" fill-opacity=".32"/>`,
        t,
      );
    case 'stars':
      return pattern(
        id,
        64,
        64,
        `<path d="${star(16, 18, 7)}${star(48, 50, 7)}" fill="${ink}"/><circle cx="48" cy="16" r="2" fill="${ink2}"/><circle cx="14" cy="50" r="2" fill="${ink2}"/><circle cx="32" cy="34" r="1.3" fill="${ink2}"/>`,
        t,
      );
    case 'moons':
      return pattern(
        id,
        70,
        70,
        `<path d="M22 8A12 12 0 1 0 30 30A10 10 0 1 1 22 8Z" fill="${ink}"/><path d="${star(52, 50, 6)}" fill="${ink2}"/><circle cx="54" cy="16" r="2" fill="${ink2}"/><circle cx="14" cy="56" r="1.6" fill="${ink}"/>`,
        t,
      );
    case 'hearts':
      return pattern(
        id,
        48,
        48,
        `<path d="${heart(12, 12, 5.5)}${heart(36, 36, 5.5)}" fill="${ink}"/><circle cx="36" cy="11" r="1.6" fill="${ink2}"/><circle cx="12" cy="37" r="1.6" fill="${ink2}"/>`,
        t,
      );
    case 'leaves':
      return pattern(
        id,
        60,
        60,
        `<path d="M8 26Q16 16 26 10M38 56Q46 46 56 40" fill="none" stroke="${ink2}" stroke-width="1.6"/>` +
          leaf(12, 22, 8, -70, ink) +
          leaf(18, 16, 8, -10, ink) +
          leaf(42, 52, 8, -70, ink) +
          leaf(48, 46, 8, -10, ink),
        t,
      );
    case 'clouds':
      return pattern(
        id,
        72,
        64,
        `<path d="M8 22a6 6 0 0 1 8-7a8 8 0 0 1 15 1a5 5 0 0 1 2 9H10a4 4 0 0 1-2-3Z" fill="${ink}"/><path d="M44 54a6 6 0 0 1 8-7a8 8 0 0 1 15 1a5 5 0 0 1 2 9H46a4 4 0 0 1-2-3Z" fill="${ink}"/><circle cx="56" cy="18" r="2" fill="${ink2}"/><circle cx="22" cy="48" r="2" fill="${ink2}"/>`,
        t,
      );
  }
}
