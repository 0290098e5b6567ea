/** Small appliqué / embroidery motifs (centred on 0,0, about 100 units across before scaling). */
import { flower, n } from './draw';
import { darken, lighten } from './palette';

export type MotifKind = 'heart' | 'star' | 'moon' | 'cloud' | 'boat' | 'bunny' | 'flower' | 'elephant';
export const MOTIFS: readonly MotifKind[] = ['heart', 'star', 'moon', 'cloud', 'boat', 'bunny', 'flower', 'elephant'];

const SHAPES: Record<Exclude<MotifKind, 'flower'>, string> = {
  heart: 'M0 40C-60 0 -46 -44 -16 -40Q0 -38 0 -20Q0 -38 16 -40C46 -44 60 0 0 40Z',
  star: 'M0 -46L13 -16L46 -13L21 8L28 41L0 24L-28 41L-21 8L-46 -13L-13 -16Z',
  moon: 'M10 -44A44 44 0 1 0 44 14A34 34 0 1 1 10 -44Z',
  cloud: 'M-44 24C-58 24 -58 2 -42 0C-44 -20 -18 -28 -8 -14C-2 -34 30 -34 32 -10C50 -12 56 22 36 24Z',
  boat: 'M-46 8H46L30 34H-30ZM-4 2V-46L32 0ZM-10 2L-10 -34L-36 2Z',
  bunny:
    'M-22 -12C-30 -40 -26 -58 -16 -58C-6 -58 -6 -34 -8 -18Q0 -20 8 -18C6 -34 6 -58 16 -58C26 -58 30 -40 22 -12C40 0 36 38 0 38C-36 38 -40 0 -22 -12Z',
  elephant: 'M-40 30V0C-40 -26 -20 -36 2 -34C22 -44 46 -30 42 -6C40 8 34 10 30 10V36H18V20H-4V36H-16V20Q-26 22 -28 30Z',
};

/** An appliqué patch: filled shape with a stitched outline (and a face for the animals). */
export function applique(
  kind: MotifKind,
  x: number,
  y: number,
  size: number,
  col: string,
  stitch: string,
  rot = 0,
): string {
  const k = size / 100;
  if (kind === 'flower') return flower(x, y, size * 0.32, col, stitch);
  const d = SHAPES[kind];
  let extra = '';
  if (kind === 'bunny')
    extra = `<circle cx="-9" cy="6" r="3.5" fill="${darken(col, 0.6)}"/><circle cx="9" cy="6" r="3.5" fill="${darken(col, 0.6)}"/><ellipse cx="0" cy="15" rx="4" ry="3" fill="${lighten(darken(col, 0.1), 0.1)}"/><path d="M-16 -36Q-14 -50 -16 -52M16 -36Q14 -50 16 -52" stroke="${lighten(col, 0.5)}" stroke-width="6" stroke-linecap="round"/>`;
  if (kind === 'elephant')
    extra = `<circle cx="20" cy="-14" r="3.5" fill="${darken(col, 0.6)}"/><path d="M4 -30C-10 -24 -10 0 6 2" fill="none" stroke="${darken(col, 0.2)}" stroke-width="3"/>`;
  if (kind === 'boat')
    extra = `<path d="M-30 22H30" stroke="${lighten(col, 0.55)}" stroke-width="4" stroke-dasharray="6 5"/>`;
  return (
    `<g transform="translate(${n(x)} ${n(y)}) rotate(${rot}) scale(${Math.round(k * 100) / 100})">` +
    `<path d="${d}" fill="#000" fill-opacity=".12" transform="translate(2 4)"/>` +
    `<path d="${d}" fill="${col}"/>${extra}` +
    `<path d="${d}" fill="none" stroke="${stitch}" stroke-width="${n(2.6 / Math.max(k, 0.3))}" stroke-dasharray="${n(6 / Math.max(k, 0.3))} ${n(4 / Math.max(k, 0.3))}" transform="translate(0 0) scale(.86)"/>` +
    `</g>`
  );
}
