/** Small styling props: a wooden hanger, leaf sprigs, a kraft tag, wooden toys, buttons, a cotton reel. */
import { button, n } from './draw';
import type { Ctx } from './draw';
import { darken, lighten, mix, pick } from './palette';
import type { Backdrop, Rand } from './palette';

/** A wooden hanger whose bar top sits at (x, y), hooked over a rail at the top of the frame. */
export function hanger(x: number, y: number, half: number, wood: string): string {
  const lo = darken(wood, 0.25);
  const hi = lighten(wood, 0.35);
  const rail =
    `<rect x="-10" y="52" width="820" height="20" rx="10" fill="${wood}"/>` +
    `<rect x="-10" y="54" width="820" height="6" rx="3" fill="${hi}" fill-opacity=".6"/>` +
    `<rect x="-10" y="72" width="820" height="7" fill="#000" fill-opacity=".06"/>`;
  const hook = `<path d="M${x} ${n(y - 18)}V${n(y - 60)}C${x} ${n(y - 92)} ${x - 30} 40 ${x - 4} 40C${x + 22} 40 ${x + 26} 62 ${x + 16} 74" fill="none" stroke="#b9b2a8" stroke-width="6" stroke-linecap="round"/><path d="M${x - 2} ${n(y - 22)}V${n(y - 60)}" stroke="#fff" stroke-opacity=".5" stroke-width="2"/>`;
  const bar = `M${n(x - half)} ${n(y + 44)}Q${n(x - half * 0.5)} ${n(y + 4)} ${x} ${n(y - 8)}Q${n(x + half * 0.5)} ${n(y + 4)} ${n(x + half)} ${n(y + 44)}`;
  return (
    rail +
    hook +
    `<path d="${bar}" fill="none" stroke="${lo}" stroke-width="22" stroke-linecap="round"/>` +
    `<path d="${bar}" fill="none" stroke="${wood}" stroke-width="17" stroke-linecap="round"/>` +
    `<path d="${bar}" fill="none" stroke="${hi}" stroke-width="4" stroke-linecap="round" transform="translate(0 -4)" stroke-opacity=".7"/>` +
    `<circle cx="${x}" cy="${n(y - 10)}" r="9" fill="#c9c2b8" stroke="#a39b90" stroke-width="2"/>`
  );
}

/** A sprig of round eucalyptus-like leaves. */
export function sprig(x: number, y: number, s: number, rot: number, leaf: string): string {
  const stem = darken(leaf, 0.3);
  // stem: a gentle curve along +x; leaves in pairs, pointing forward, shrinking to the tip
  const at = (t: number): [number, number] => [t * 240 * s, Math.sin(t * 2.6) * 22 * s];
  let leaves = '';
  let shade = '';
  for (let i = 0; i < 9; i++) {
    const t = 0.12 + (i / 8) * 0.86;
    const [px, py] = at(t);
    const side = i % 2 ? 1 : -1;
    const len = (34 - i * 2.2) * s;
    const ang = side * (52 - i * 3);
    const col = i % 3 === 1 ? lighten(leaf, 0.18) : leaf;
    const d = `M0 0Q${n(len * 0.5)} ${n(-len * 0.42)} ${n(len)} 0Q${n(len * 0.5)} ${n(len * 0.42)} 0 0Z`;
    const tr = `translate(${n(px)} ${n(py)}) rotate(${ang})`;
    shade += `<path d="${d}" transform="translate(3 6) ${tr}"/>`;
    leaves += `<path d="${d}" fill="${col}" transform="${tr}"/><path d="M${n(len * 0.1)} 0H${n(len * 0.8)}" stroke="${stem}" stroke-opacity=".45" stroke-width="${n(1.2 * s)}" transform="${tr}"/>`;
  }
  const [ex, ey] = at(1);
  const [mx, my] = at(0.5);
  return (
    `<g transform="translate(${n(x)} ${n(y)}) rotate(${rot})">` +
    `<g fill="#000" fill-opacity=".08">${shade}</g>` +
    `<path d="M0 0Q${n(mx)} ${n(my * 2)} ${n(ex)} ${n(ey)}" stroke="${stem}" stroke-width="${n(3 * s)}" fill="none" stroke-linecap="round"/>` +
    `${leaves}</g>`
  );
}

/** A kraft paper swing tag with a twine loop and a stitched heart (no text). */
export function tag(x: number, y: number, rot: number, string: string): string {
  const kraft = '#d9b98e';
  return (
    `<g transform="translate(${n(x)} ${n(y)}) rotate(${rot})">` +
    `<path d="M4 22C-30 14 -58 -16 -34 -38C-14 -54 12 -30 -6 -10C-20 4 -40 -4 -52 -20" fill="none" stroke="${string}" stroke-width="2.5" stroke-linecap="round"/>` +
    `<path d="M-2 6h92a8 8 0 0 1 8 8v112a8 8 0 0 1-8 8H-2a8 8 0 0 1-8-8V14a8 8 0 0 1 8-8Z" transform="translate(5 6)" fill="#000" fill-opacity=".1"/>` +
    `<path d="M-2 6h92a8 8 0 0 1 8 8v112a8 8 0 0 1-8 8H-2a8 8 0 0 1-8-8V14a8 8 0 0 1 8-8Z" fill="${kraft}"/>` +
    `<circle cx="4" cy="22" r="6" fill="${darken(kraft, 0.25)}"/><circle cx="4" cy="22" r="3.5" fill="${lighten(kraft, 0.5)}"/>` +
    `<path d="M44 96C20 78 24 58 38 60Q44 61 44 70Q44 61 50 60C64 58 68 78 44 96Z" fill="none" stroke="${string}" stroke-width="2.4" stroke-dasharray="4 3"/>` +
    `<path d="M-2 6h92a8 8 0 0 1 8 8v112a8 8 0 0 1-8 8H-2a8 8 0 0 1-8-8V14a8 8 0 0 1 8-8Z" fill="none" stroke="${darken(kraft, 0.15)}" stroke-width="1.5"/></g>`
  );
}

/** Two stacked wooden toy blocks with carved shapes. */
export function blocks(x: number, y: number, a: string, b: string): string {
  const cube = (cx: number, cy: number, s: number, col: string, rot: number, shape: string): string =>
    `<g transform="translate(${cx} ${cy}) rotate(${rot})">` +
    `<rect x="${-s / 2 + 5}" y="${-s / 2 + 8}" width="${s}" height="${s}" rx="10" fill="#000" fill-opacity=".12"/>` +
    `<rect x="${-s / 2}" y="${-s / 2}" width="${s}" height="${s}" rx="10" fill="${col}"/>` +
    `<rect x="${-s / 2 + 8}" y="${-s / 2 + 8}" width="${s - 16}" height="${s - 16}" rx="6" fill="none" stroke="${lighten(col, 0.4)}" stroke-width="3"/>` +
    `<path d="${shape}" fill="${darken(col, 0.22)}" transform="scale(${s / 100})"/></g>`;
  const star = 'M0 -24L7 -8L24 -7L11 4L15 21L0 12L-15 21L-11 4L-24 -7L-7 -8Z';
  const heart = 'M0 20C-30 0 -22 -22 -8 -20Q0 -18 0 -8Q0 -18 8 -20C22 -22 30 0 0 20Z';
  return cube(x, y, 92, a, -6, star) + cube(x + 18, y - 84, 76, b, 8, heart);
}

/** A wooden cotton reel with thread. */
export function reel(x: number, y: number, rot: number, thread: string): string {
  const wood = '#d8b48a';
  return (
    `<g transform="translate(${n(x)} ${n(y)}) rotate(${rot})">` +
    `<rect x="-38" y="-36" width="84" height="80" rx="8" fill="#000" fill-opacity=".1"/>` +
    `<rect x="-44" y="-44" width="88" height="16" rx="6" fill="${wood}"/><rect x="-44" y="28" width="88" height="16" rx="6" fill="${wood}"/>` +
    `<rect x="-36" y="-28" width="72" height="56" fill="${thread}"/>` +
    `<path d="M-36 -20H36M-36 -10H36M-36 0H36M-36 10H36M-36 20H36" stroke="${darken(thread, 0.2)}" stroke-width="2" stroke-opacity=".5"/>` +
    `<path d="M-36 -24H36" stroke="${lighten(thread, 0.4)}" stroke-width="3" stroke-opacity=".6"/>` +
    `<path d="M36 12Q70 30 60 70Q52 96 80 110" fill="none" stroke="${thread}" stroke-width="2.5"/></g>`
  );
}

/** A little wooden pull-along duck. */
export function duck(x: number, y: number, s: number, col: string): string {
  const wood = '#d8b48a';
  return (
    `<g transform="translate(${n(x)} ${n(y)}) scale(${s})">` +
    `<ellipse cx="6" cy="64" rx="78" ry="10" fill="#000" fill-opacity=".1"/>` +
    `<path d="M-70 20C-70 -10 -40 -8 -20 0C-22 -40 10 -56 32 -40C46 -30 46 -12 40 -2L66 -8L58 8L40 10C46 40 20 54 -10 54C-50 54 -70 44 -70 20Z" fill="${col}"/>` +
    `<path d="M-44 14C-30 36 0 36 14 18C0 26 -26 26 -44 14Z" fill="${darken(col, 0.15)}"/>` +
    `<circle cx="22" cy="-22" r="5" fill="#3b2a22"/><path d="M40 -2L66 -8L58 8L40 10Z" fill="#e98a3f"/>` +
    `<circle cx="-36" cy="56" r="12" fill="${wood}" stroke="${darken(wood, 0.3)}" stroke-width="3"/><circle cx="24" cy="56" r="12" fill="${wood}" stroke="${darken(wood, 0.3)}" stroke-width="3"/></g>`
  );
}

/** A few loose buttons. */
export function buttons(x: number, y: number, cols: string[]): string {
  return cols.map((c, i) => button(x + i * 34 - (i % 2) * 12, y + (i % 2) * 26, 12 - (i % 3) * 2, c)).join('');
}

type Slot = { x: number; y: number; f: number };

const grow = (x: number, y: number, k: number, markup: string): string =>
  `<g transform="translate(${n(x)} ${n(y)}) scale(${k}) translate(${n(-x)} ${n(-y)})">${markup}</g>`;

/**
 * Props for the styled view, varied by `r`: a leafy sprig across a top corner for flat-lays, and
 * two small things (tag, toy blocks, cotton reel, wooden duck, buttons) in the bottom corners.
 */
export function propsFor(r: Rand, ctx: Ctx, bd: Backdrop, hanging: boolean): { back: string; front: string } {
  const leaf = pick(r, ['#7f9c6c', '#93a97e', '#6f8f72', '#a3b18a']);
  const soft = mix(ctx.trim, '#ffffff', 0.35);
  const makers: ((p: Slot) => string)[] = [
    (p) => sprig(p.x - 60 * p.f, p.y + 10, 1.1, p.f > 0 ? -24 : 204, leaf),
    (p) => tag(p.x - 50, p.y - 110, p.f * 12, darken(bd.bottom, 0.35)),
    (p) => blocks(p.x, p.y, soft, mix(ctx.trim2, '#ffffff', 0.4)),
    (p) => reel(p.x, p.y, p.f * 12, ctx.trim),
    (p) => duck(p.x, p.y, 0.9, mix(ctx.trim2, '#f3d27a', 0.5)),
    (p) => buttons(p.x - 40, p.y, [ctx.trim, '#fbf6ec', ctx.trim2, '#d8b48a']),
  ];
  const slots: Slot[] = [
    { x: 150, y: 866, f: 1 },
    { x: 652, y: 862, f: -1 },
  ];
  const chosen: number[] = [];
  while (chosen.length < 2) {
    const i = Math.floor(r() * makers.length);
    if (!chosen.includes(i)) chosen.push(i);
  }
  let back = '';
  chosen.forEach((mi, si) => {
    const make = makers[mi];
    const slot = slots[si];
    if (make && slot) back += grow(slot.x, slot.y, 1.3, make(slot));
  });
  if (!hanging) {
    const right = r() < 0.5;
    back += sprig(right ? 800 : 0, 40, 1.2, right ? 140 : 40, leaf);
  }
  return { back, front: '' };
}
