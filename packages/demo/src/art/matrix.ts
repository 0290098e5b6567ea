/** 2D affine matrices [a b c d e f], as in SVG `matrix(a b c d e f)`. */
export type Mat = readonly [number, number, number, number, number, number];

export const IDENTITY: Mat = [1, 0, 0, 1, 0, 0];

/** m · k (apply k first, then m). */
export const mul = (m: Mat, k: Mat): Mat => [
  m[0] * k[0] + m[2] * k[1],
  m[1] * k[0] + m[3] * k[1],
  m[0] * k[2] + m[2] * k[3],
  m[1] * k[2] + m[3] * k[3],
  m[0] * k[4] + m[2] * k[5] + m[4],
  m[1] * k[4] + m[3] * k[5] + m[5],
];

export function inverse(m: Mat): Mat {
  const d = m[0] * m[3] - m[1] * m[2] || 1;
  return [m[3] / d, -m[1] / d, -m[2] / d, m[0] / d, (m[2] * m[5] - m[3] * m[4]) / d, (m[1] * m[4] - m[0] * m[5]) / d];
}

export const translate = (x: number, y: number): Mat => [1, 0, 0, 1, x, y];
export const scale = (sx: number, sy = sx): Mat => [sx, 0, 0, sy, 0, 0];
export function rotate(deg: number, cx = 0, cy = 0): Mat {
  const a = (deg * Math.PI) / 180;
  const c = Math.cos(a);
  const s = Math.sin(a);
  return mul(translate(cx, cy), mul([c, s, -s, c, 0, 0], translate(-cx, -cy)));
}

/** Product of several matrices, applied right to left. */
export const chain = (...ms: Mat[]): Mat => ms.reduce((acc, m) => mul(acc, m), IDENTITY);

/** Uniform scale factor of a matrix. */
export const scaleOf = (m: Mat): number => Math.sqrt(Math.abs(m[0] * m[3] - m[1] * m[2]));

/** Precise form for transforms: pattern alignment depends on it. */
export const matStr = (m: Mat): string => `matrix(${m.map((v) => String(Number(v.toPrecision(10)))).join(' ')})`;

/**
 * patternTransform for a tile of w x h user units drawn under `m` (user → device). librsvg renders
 * pattern fills slowly (tile by tile, up to seconds) unless each tile lands on whole device pixels
 * at whole-pixel offsets, so we pin the tile to a whole-pixel size in device space, a hair above the
 * integer (the fast path is kept for sizes slightly over, not under). The tile keeps roughly the
 * size it would have had (times `k`), but stays axis-aligned on screen.
 */
export function patternTransform(m: Mat, w: number, h: number, k = 1): string {
  const s = scaleOf(m) * k;
  const sx = (Math.max(1, Math.round(w * s)) / w) * (1 + 1e-4);
  const sy = (Math.max(1, Math.round(h * s)) / h) * (1 + 1e-4);
  return matStr(mul(inverse(m), scale(sx, sy)));
}
