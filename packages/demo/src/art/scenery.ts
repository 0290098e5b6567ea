/** Scenery for the home banners: clouds, hills, pegs, shelves, baskets, plants, arches, rails. */
import { n } from './draw';
import { darken, lighten, mix } from './palette';

export const WOOD = '#d2a877';

export function cloud(x: number, y: number, s: number, col = '#ffffff', o = 0.85): string {
  return `<path d="M${n(x - 90 * s)} ${n(y + 20 * s)}C${n(x - 120 * s)} ${n(y + 20 * s)} ${n(x - 118 * s)} ${n(y - 22 * s)} ${n(x - 84 * s)} ${n(y - 18 * s)}C${n(x - 80 * s)} ${n(y - 56 * s)} ${n(x - 20 * s)} ${n(y - 62 * s)} ${n(x - 4 * s)} ${n(y - 30 * s)}C${n(x + 14 * s)} ${n(y - 70 * s)} ${n(x + 84 * s)} ${n(y - 60 * s)} ${n(x + 80 * s)} ${n(y - 14 * s)}C${n(x + 120 * s)} ${n(y - 16 * s)} ${n(x + 124 * s)} ${n(y + 20 * s)} ${n(x + 90 * s)} ${n(y + 20 * s)}Z" fill="${col}" fill-opacity="${o}"/>`;
}

/** Gentle rolling ground filling the canvas below y. */
export function hills(w: number, h: number, y: number, a: string, b: string): string {
  return (
    `<path d="M0 ${n(y + 30)}C${n(w * 0.25)} ${n(y - 40)} ${n(w * 0.55)} ${n(y + 50)} ${n(w)} ${n(y - 10)}V${h}H0Z" fill="${a}"/>` +
    `<path d="M0 ${n(y + 80)}C${n(w * 0.3)} ${n(y + 30)} ${n(w * 0.7)} ${n(y + 110)} ${n(w)} ${n(y + 50)}V${h}H0Z" fill="${b}"/>`
  );
}

/** The clothes-peg drawing, to go once into <defs> (then `peg` places copies). */
export const PEG_DEF =
  `<g id="peg"><rect x="-7" y="-16" width="14" height="46" rx="4" fill="${WOOD}" stroke="${darken(WOOD, 0.25)}" stroke-width="1.5"/>` +
  `<rect x="-2" y="-12" width="3" height="38" fill="${lighten(WOOD, 0.4)}" fill-opacity=".7"/><circle cy="6" r="4" fill="#b8b2a8"/></g>`;

/** A wooden clothes peg clipped at (x, y); needs PEG_DEF in the document's defs. */
export const peg = (x: number, y: number): string => `<use href="#peg" x="${n(x)}" y="${n(y)}"/>`;

/** Small sprig of wild flowers in the grass. */
export function wildflowers(x: number, y: number, s: number, cols: string[]): string {
  let out = '';
  for (let i = 0; i < 5; i++) {
    const dx = (i - 2) * 16 * s;
    const hgt = (40 + ((i * 13) % 3) * 14) * s;
    out += `<path d="M${n(x + dx)} ${n(y)}Q${n(x + dx - 6 * s)} ${n(y - hgt / 2)} ${n(x + dx + 2 * s)} ${n(y - hgt)}" stroke="#7f9c6c" stroke-width="${n(2.5 * s)}" fill="none"/>`;
    out += `<circle cx="${n(x + dx + 2 * s)}" cy="${n(y - hgt)}" r="${n(7 * s)}" fill="${cols[i % cols.length] ?? '#fff'}"/>`;
    out += `<circle cx="${n(x + dx + 2 * s)}" cy="${n(y - hgt)}" r="${n(2.5 * s)}" fill="#f6e3a8"/>`;
  }
  return out;
}

/** A stack of folded garments, bottom-centre at (x, y). */
export function foldedStack(x: number, y: number, s: number, cols: string[]): string {
  let out = '';
  let top = y;
  cols.forEach((c, i) => {
    const w = (150 - i * 8) * s;
    const h = 34 * s;
    top -= h + 2 * s;
    const lo = darken(c, 0.14);
    out += `<rect x="${n(x - w / 2 + 3 * s)}" y="${n(top + 4 * s)}" width="${n(w)}" height="${n(h)}" rx="${n(10 * s)}" fill="#000" fill-opacity=".08"/>`;
    out += `<rect x="${n(x - w / 2)}" y="${n(top)}" width="${n(w)}" height="${n(h)}" rx="${n(10 * s)}" fill="${c}"/>`;
    out += `<path d="M${n(x - w / 2 + 8 * s)} ${n(top + h * 0.5)}H${n(x + w / 2 - 8 * s)}" stroke="${lo}" stroke-width="${n(2 * s)}" stroke-opacity=".6"/>`;
    out += `<path d="M${n(x - w / 2 + 6 * s)} ${n(top + 5 * s)}H${n(x + w / 2 - 6 * s)}" stroke="${lighten(c, 0.4)}" stroke-width="${n(2 * s)}" stroke-dasharray="${n(5 * s)} ${n(4 * s)}"/>`;
  });
  return out;
}

/** A plant in a terracotta pot, pot bottom-centre at (x, y). */
export function plant(x: number, y: number, s: number, pot = '#d9957a'): string {
  const leaf = (a: number, l: number, col: string): string => {
    const r = (a * Math.PI) / 180;
    const tx = x + Math.cos(r) * l * s;
    const ty = y - 96 * s + Math.sin(r) * l * s;
    const cx1 = x + Math.cos(r - 0.5) * l * 0.6 * s;
    const cy1 = y - 96 * s + Math.sin(r - 0.5) * l * 0.6 * s;
    const cx2 = x + Math.cos(r + 0.5) * l * 0.6 * s;
    const cy2 = y - 96 * s + Math.sin(r + 0.5) * l * 0.6 * s;
    return `<path d="M${n(x)} ${n(y - 96 * s)}Q${n(cx1)} ${n(cy1)} ${n(tx)} ${n(ty)}Q${n(cx2)} ${n(cy2)} ${n(x)} ${n(y - 96 * s)}Z" fill="${col}"/>`;
  };
  let out = '';
  const angles = [-150, -125, -100, -80, -58, -35, -165, -15];
  angles.forEach((a, i) => (out += leaf(a, 120 + (i % 3) * 30, i % 2 ? '#7f9c6c' : '#93ad80')));
  out += `<path d="M${n(x - 58 * s)} ${n(y - 100 * s)}H${n(x + 58 * s)}L${n(x + 46 * s)} ${n(y)}H${n(x - 46 * s)}Z" fill="${pot}"/>`;
  out += `<rect x="${n(x - 64 * s)}" y="${n(y - 112 * s)}" width="${n(128 * s)}" height="${n(22 * s)}" rx="${n(5 * s)}" fill="${darken(pot, 0.08)}"/>`;
  return out;
}

/** A round woven basket, bottom-centre at (x, y); `inside` is drawn peeking out of it. */
export function basket(x: number, y: number, s: number, inside = ''): string {
  const w = 260 * s;
  const h = 150 * s;
  const cane = '#d8b683';
  const lo = darken(cane, 0.2);
  let weave = '';
  for (let i = 1; i < 6; i++) {
    const yy = y - h + (i * h) / 6;
    weave += `<path d="M${n(x - w / 2 + 6 * s)} ${n(yy)}Q${n(x)} ${n(yy + 16 * s)} ${n(x + w / 2 - 6 * s)} ${n(yy)}" stroke="${lo}" stroke-width="${n(2 * s)}" fill="none" stroke-opacity=".55"/>`;
  }
  for (let i = -5; i <= 5; i++)
    weave += `<path d="M${n(x + i * 22 * s)} ${n(y - h + 4 * s)}L${n(x + i * 19 * s)} ${n(y - 4 * s)}" stroke="${lighten(cane, 0.35)}" stroke-width="${n(5 * s)}" stroke-opacity=".5"/>`;
  return (
    `<ellipse cx="${n(x)}" cy="${n(y + 4 * s)}" rx="${n(w * 0.55)}" ry="${n(16 * s)}" fill="#000" fill-opacity=".09"/>` +
    `<ellipse cx="${n(x)}" cy="${n(y - h)}" rx="${n(w / 2)}" ry="${n(26 * s)}" fill="${darken(cane, 0.35)}"/>` +
    inside +
    `<path d="M${n(x - w / 2)} ${n(y - h)}Q${n(x)} ${n(y - h + 52 * s)} ${n(x + w / 2)} ${n(y - h)}L${n(x + w * 0.42)} ${n(y - 10 * s)}Q${n(x)} ${n(y + 10 * s)} ${n(x - w * 0.42)} ${n(y - 10 * s)}Z" fill="${cane}"/>` +
    weave +
    `<path d="M${n(x - w / 2)} ${n(y - h)}Q${n(x)} ${n(y - h + 52 * s)} ${n(x + w / 2)} ${n(y - h)}" stroke="${lo}" stroke-width="${n(9 * s)}" fill="none" stroke-linecap="round"/>`
  );
}

/** Nested pastel arches standing on the floor at y, centred on x. */
export function arches(x: number, y: number, s: number, cols: string[]): string {
  return cols
    .map((c, i) => {
      const w = (460 - i * 70) * s;
      const top = y - (620 - i * 70) * s;
      return `<path d="M${n(x - w / 2)} ${n(y)}V${n(top + w / 2)}A${n(w / 2)} ${n(w / 2)} 0 0 1 ${n(x + w / 2)} ${n(top + w / 2)}V${n(y)}Z" fill="${c}"/>`;
    })
    .join('');
}

/** A slim clothes rail from x1 to x2 at height y, standing on the floor at fy. */
export function rail(x1: number, x2: number, y: number, fy: number, s: number): string {
  const brass = '#c9a66b';
  const lo = darken(brass, 0.25);
  return (
    `<path d="M${n(x1)} ${n(fy)}V${n(y)}M${n(x2)} ${n(fy)}V${n(y)}" stroke="${lo}" stroke-width="${n(8 * s)}" stroke-linecap="round"/>` +
    `<path d="M${n(x1 - 30 * s)} ${n(fy)}H${n(x1 + 30 * s)}M${n(x2 - 30 * s)} ${n(fy)}H${n(x2 + 30 * s)}" stroke="${lo}" stroke-width="${n(8 * s)}" stroke-linecap="round"/>` +
    `<path d="M${n(x1 - 10 * s)} ${n(y)}H${n(x2 + 10 * s)}" stroke="${brass}" stroke-width="${n(9 * s)}" stroke-linecap="round"/>` +
    `<path d="M${n(x1 - 6 * s)} ${n(y - 2 * s)}H${n(x2 + 6 * s)}" stroke="${lighten(brass, 0.5)}" stroke-width="${n(2.5 * s)}" stroke-linecap="round"/>`
  );
}

/** A wire hook and wooden hanger bar hanging from a rail at (x, ry), bar top at y. */
export function railHanger(x: number, ry: number, y: number, half: number, s: number): string {
  const bar = `M${n(x - half)} ${n(y + 40 * s)}Q${n(x - half * 0.5)} ${n(y + 4 * s)} ${n(x)} ${n(y - 6 * s)}Q${n(x + half * 0.5)} ${n(y + 4 * s)} ${n(x + half)} ${n(y + 40 * s)}`;
  return (
    `<path d="M${n(x)} ${n(y - 6 * s)}V${n(ry + 16 * s)}C${n(x)} ${n(ry - 6 * s)} ${n(x + 18 * s)} ${n(ry - 10 * s)} ${n(x + 14 * s)} ${n(ry + 4 * s)}" fill="none" stroke="#b9b2a8" stroke-width="${n(4 * s)}" stroke-linecap="round"/>` +
    `<path d="${bar}" fill="none" stroke="${darken(WOOD, 0.2)}" stroke-width="${n(16 * s)}" stroke-linecap="round"/>` +
    `<path d="${bar}" fill="none" stroke="${WOOD}" stroke-width="${n(12 * s)}" stroke-linecap="round"/>`
  );
}

/** A low wooden stool, seat centre-top at (x, y). */
export function stool(x: number, y: number, s: number): string {
  const lo = darken(WOOD, 0.22);
  return (
    `<path d="M${n(x - 90 * s)} ${n(y + 20 * s)}L${n(x - 110 * s)} ${n(y + 150 * s)}M${n(x + 90 * s)} ${n(y + 20 * s)}L${n(x + 110 * s)} ${n(y + 150 * s)}M${n(x - 40 * s)} ${n(y + 20 * s)}L${n(x - 46 * s)} ${n(y + 140 * s)}M${n(x + 40 * s)} ${n(y + 20 * s)}L${n(x + 46 * s)} ${n(y + 140 * s)}" stroke="${lo}" stroke-width="${n(12 * s)}" stroke-linecap="round"/>` +
    `<rect x="${n(x - 120 * s)}" y="${n(y)}" width="${n(240 * s)}" height="${n(26 * s)}" rx="${n(10 * s)}" fill="${WOOD}"/>` +
    `<rect x="${n(x - 112 * s)}" y="${n(y + 4 * s)}" width="${n(224 * s)}" height="${n(5 * s)}" rx="${n(2 * s)}" fill="${lighten(WOOD, 0.4)}"/>`
  );
}

/** Pennant bunting along a sagging string from (x1, y1) to (x2, y2). */
export function bunting(
  x1: number,
  y1: number,
  x2: number,
  y2: number,
  sag: number,
  cols: string[],
  s: number,
): string {
  let out = `<path d="M${n(x1)} ${n(y1)}Q${n((x1 + x2) / 2)} ${n((y1 + y2) / 2 + sag * 2)} ${n(x2)} ${n(y2)}" fill="none" stroke="#b9a58c" stroke-width="${n(2 * s)}"/>`;
  const count = 9;
  for (let i = 1; i < count; i++) {
    const t = i / count;
    const x = x1 + (x2 - x1) * t;
    const y = (1 - t) * (1 - t) * y1 + 2 * t * (1 - t) * ((y1 + y2) / 2 + sag * 2) + t * t * y2;
    const c = cols[i % cols.length] ?? '#f0b9c3';
    out += `<path d="M${n(x - 22 * s)} ${n(y)}L${n(x + 22 * s)} ${n(y)}L${n(x)} ${n(y + 48 * s)}Z" fill="${c}"/>`;
    out += `<path d="M${n(x - 14 * s)} ${n(y + 6 * s)}L${n(x + 14 * s)} ${n(y + 6 * s)}L${n(x)} ${n(y + 36 * s)}Z" fill="none" stroke="${mix(c, '#ffffff', 0.5)}" stroke-width="${n(1.5 * s)}" stroke-dasharray="${n(3 * s)} ${n(3 * s)}"/>`;
  }
  return out;
}

/** A rolled-up blanket seen end-on: a spiral of cloth. */
export function roll(x: number, y: number, r: number, col: string): string {
  const lo = darken(col, 0.18);
  let spiral = `M${n(x)} ${n(y)}`;
  for (let i = 1; i <= 28; i++) {
    const a = i * 0.55;
    const rr = (r * 0.9 * i) / 28;
    spiral += `L${n(x + Math.cos(a) * rr)} ${n(y + Math.sin(a) * rr)}`;
  }
  return (
    `<circle cx="${n(x + 3)}" cy="${n(y + 6)}" r="${n(r)}" fill="#000" fill-opacity=".1"/>` +
    `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}" fill="${col}" stroke="${lo}" stroke-width="2"/>` +
    `<path d="${spiral}" fill="none" stroke="${lo}" stroke-width="${n(Math.max(1.5, r * 0.06))}" stroke-linecap="round"/>`
  );
}
