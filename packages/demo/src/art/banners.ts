/** Home page banners: airy scenes with little garments, leaving room for an HTML headline. */
import { defsOf, n } from './draw';
import type { Art, Box } from './draw';
import type { GarmentKind } from './kinds';
import { chain, matStr, rotate, scale, translate } from './matrix';
import { darken, distance, lighten, luminance, mix, norm } from './palette';
import { placeKind, shadow, svgDoc } from './scene';
import {
  arches,
  basket,
  bunting,
  cloud,
  foldedStack,
  hills,
  peg,
  PEG_DEF,
  plant,
  roll,
  rail,
  railHanger,
  stool,
  WOOD,
  wildflowers,
} from './scenery';

/** The area a scene may fill: the right of the wide banner, the bottom of the mobile one. */
interface Stage {
  w: number;
  h: number;
  /** maps stage fractions (0..1) to canvas coordinates */
  x: (f: number) => number;
  y: (f: number) => number;
  /** size scale */
  s: number;
  mobile: boolean;
  /** defs already written to the document */
  seen: Set<string>;
}

interface Hung {
  svg: string;
  defs: string;
  /** where the top (hanger bar / shoulder line) ended up, and its half-width */
  top: { x: number; y: number; half: number };
}

/** Garment anchored by its top centre (shoulder line if it has one) at (x, y), within w x h. */
function hang(
  seen: Set<string>,
  kind: GarmentKind,
  id: string,
  hex: string,
  seed: number,
  x: number,
  y: number,
  w: number,
  h: number,
  rot = 0,
): Hung {
  let half = 0;
  const p = placeKind(kind, id, hex, seed, (b: Box, art: Art) => {
    const top = art.hang?.y ?? b.y1;
    const k = Math.min(w / (b.x2 - b.x1), h / (b.y2 - top));
    half = (art.hang?.w ?? (b.x2 - b.x1) * 0.3) * k;
    return chain(translate(x, y), rotate(rot), scale(k), translate(-(b.x1 + b.x2) / 2, -top));
  });
  const k = Math.sqrt(Math.abs(p.m[0] * p.m[3] - p.m[1] * p.m[2]));
  return {
    svg: `<g transform="${matStr(p.m)}">${shadow(p.art, p.ctx, '#5d4636', k, 0.2)}${p.art.svg}</g>`,
    defs: defsOf(p.ctx, seen),
    top: { x, y, half },
  };
}

/** Palette colour i, nudged so it stands out from the backdrop. */
function tone(pal: string[], i: number, ground: string): string {
  const usable = pal.filter((c) => distance(c, ground) > 110);
  const c = usable[i % Math.max(1, usable.length)];
  if (c) return c;
  const p = pal[i % pal.length] ?? '#f4a6b7';
  return luminance(ground) > 0.5 ? darken(p, 0.3) : lighten(p, 0.3);
}

type Scene = (st: Stage, pal: string[], W: number, H: number) => { back: string; body: string; defs: string };

const clothesline: Scene = (st, pal, W, H) => {
  const sky = mix(pal[1] ?? '#86b2da', '#fbf6ee', 0.82);
  const back = `<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${mix(sky, '#cfe3ee', 0.35)}"/><stop offset="1" stop-color="#fbf3e8"/></linearGradient>`;
  let body = `<rect width="${W}" height="${H}" fill="url(#sky)"/>`;
  body += `<circle cx="${n(st.x(0.82))}" cy="${n(st.y(0.16))}" r="${n(70 * st.s)}" fill="#fff3d6" fill-opacity=".9"/>`;
  body += cloud(st.x(0.5), st.y(0.12), 0.9 * st.s) + cloud(st.x(0.96), st.y(0.3), 0.7 * st.s, '#ffffff', 0.7);
  const groundY = st.mobile ? H - 110 : H - 120;
  body += hills(W, H, groundY, mix(pal[2] ?? '#93ad80', '#e8eed8', 0.72), mix(pal[2] ?? '#93ad80', '#dfe8cc', 0.6));
  const x1 = st.x(st.mobile ? -0.05 : 0.04);
  const x2 = st.x(1.05);
  const y1 = st.y(st.mobile ? 0.1 : 0.14);
  const y2 = st.y(st.mobile ? 0.04 : 0.08);
  const sag = 60 * st.s;
  const ropeY = (x: number): number => {
    const t = (x - x1) / (x2 - x1);
    return (1 - t) * (1 - t) * y1 + 2 * t * (1 - t) * ((y1 + y2) / 2 + sag * 2) + t * t * y2;
  };
  if (!st.mobile)
    body += `<path d="M${n(x1)} ${n(groundY + 40)}V${n(y1 - 16)}" stroke="${darken(WOOD, 0.15)}" stroke-width="14" stroke-linecap="round"/>`;
  body += `<path d="M${n(x1)} ${n(y1)}Q${n((x1 + x2) / 2)} ${n((y1 + y2) / 2 + sag * 2)} ${n(x2)} ${n(y2)}" fill="none" stroke="#c2ab8e" stroke-width="${n(3 * st.s)}"/>`;
  const items: [GarmentKind, number, number][] = st.mobile
    ? [
        ['frock', 0.18, 340],
        ['romper', 0.5, 290],
        ['dungaree', 0.82, 330],
      ]
    : [
        ['frock', 0.15, 420],
        ['romper', 0.34, 350],
        ['bib', 0.51, 250],
        ['dungaree', 0.68, 400],
        ['shirt', 0.87, 340],
      ];
  let defs = back + PEG_DEF;
  items.forEach(([kind, f, size], i) => {
    const x = st.x(f);
    const y = ropeY(x) - 6 * st.s;
    const g = hang(
      st.seen,
      kind,
      `h${i}`,
      tone(pal, i, sky),
      11 + i * 7,
      x,
      y,
      size * 0.78 * st.s,
      size * st.s,
      i % 2 ? 2 : -2,
    );
    defs += g.defs;
    body += g.svg + peg(x - g.top.half * 0.8, y + 2) + peg(x + g.top.half * 0.8, y + 2);
  });
  const flowers = [pal[0] ?? '#f4a6b7', '#fbf6ee', pal[3] ?? '#e0a526'];
  body +=
    wildflowers(st.x(0.3), groundY + 70, st.s, flowers) + wildflowers(st.x(0.78), groundY + 58, st.s * 0.9, flowers);
  return { back: '', body, defs };
};

const shelf: Scene = (st, pal, W, H) => {
  const wall = mix(pal[0] ?? '#f4a6b7', '#fbf3ea', 0.84);
  const floorY = st.mobile ? H - 90 : H - 110;
  const defs = `<linearGradient id="wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${lighten(wall, 0.4)}"/><stop offset="1" stop-color="${wall}"/></linearGradient>`;
  let body = `<rect width="${W}" height="${H}" fill="url(#wall)"/>`;
  body += `<rect y="${floorY}" width="${W}" height="${H - floorY}" fill="${mix(wall, '#d9bf9c', 0.45)}"/>`;
  body += `<rect y="${floorY}" width="${W}" height="6" fill="#000" fill-opacity=".05"/>`;
  const s = st.s;
  const sy = st.y(st.mobile ? 0.3 : 0.36);
  const sx1 = st.x(st.mobile ? 0.05 : 0.02);
  const sx2 = st.x(st.mobile ? 0.55 : 0.5);
  const sf = (f: number): number => sx1 + (sx2 - sx1) * f;
  body += foldedStack(sf(0.2), sy, s, ['#fbf6ee', tone(pal, 0, wall), tone(pal, 2, wall)]);
  body += foldedStack(sf(0.55), sy, s, [tone(pal, 3, wall), tone(pal, 1, wall)]);
  body += plant(sf(0.84), sy, 0.55 * s);
  body += `<rect x="${n(sx1)}" y="${n(sy)}" width="${n(sx2 - sx1)}" height="${n(22 * s)}" rx="${n(4 * s)}" fill="${WOOD}"/>`;
  body += `<rect x="${n(sx1)}" y="${n(sy + 22 * s)}" width="${n(sx2 - sx1)}" height="${n(12 * s)}" fill="#000" fill-opacity=".07"/>`;
  for (const f of [0.2, 0.8]) {
    const bx = sf(f);
    body += `<path d="M${n(bx)} ${n(sy + 22 * s)}V${n(sy + 60 * s)}H${n(bx + 40 * s)}" fill="none" stroke="${darken(WOOD, 0.3)}" stroke-width="${n(6 * s)}"/>`;
  }
  let gdefs = defs;
  // a peg rail with garments on hangers
  const py = st.y(st.mobile ? 0.05 : 0.1);
  const pegs: [GarmentKind, number, number, number][] = st.mobile
    ? [['frock', 0.78, 270, 360]]
    : [
        ['frock', 0.66, 270, 360],
        ['sweater', 0.88, 230, 280],
      ];
  const rx1 = st.x(st.mobile ? 0.62 : 0.55);
  body += `<rect x="${n(rx1)}" y="${n(py - 16 * s)}" width="${n(W - rx1 + 10)}" height="${n(32 * s)}" rx="${n(6 * s)}" fill="${WOOD}"/>`;
  body += `<rect x="${n(rx1)}" y="${n(py + 16 * s)}" width="${n(W - rx1 + 10)}" height="${n(8 * s)}" fill="#000" fill-opacity=".06"/>`;
  pegs.forEach(([kind, f, w, h], i) => {
    const px = st.x(f);
    const g = hang(st.seen, kind, `h${i}`, tone(pal, i, wall), 23 + i, px, py + 50 * s, w * s, h * s);
    body += `<circle cx="${n(px)}" cy="${n(py)}" r="${n(11 * s)}" fill="${lighten(WOOD, 0.2)}" stroke="${darken(WOOD, 0.3)}" stroke-width="3"/>`;
    body += railHanger(px, py - 4 * s, py + 50 * s, g.top.half + 14 * s, s) + g.svg;
    gdefs += g.defs;
  });
  // a basket of little things on the floor
  const bx = sf(0.45);
  const rolls =
    roll(bx - 62 * s, floorY - 196 * s, 46 * s, tone(pal, 1, wall)) +
    roll(bx + 58 * s, floorY - 192 * s, 44 * s, tone(pal, 2, wall)) +
    roll(bx, floorY - 214 * s, 50 * s, '#fbf6ee');
  body += basket(bx, floorY + 10 * s, 1.1 * s, rolls);
  if (!st.mobile) body += plant(st.x(0.56), floorY + 8, 1.0);
  return { back: '', body, defs: gdefs };
};

const arch: Scene = (st, pal, W, H) => {
  const ground = mix(pal[1] ?? '#f5f0e6', '#f8efe3', 0.7);
  const floorY = st.mobile ? H - 100 : H - 100;
  const s = st.s;
  const defs = `<linearGradient id="room" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${lighten(ground, 0.5)}"/><stop offset="1" stop-color="${ground}"/></linearGradient>`;
  let body = `<rect width="${W}" height="${H}" fill="url(#room)"/>`;
  body += `<rect y="${floorY}" width="${W}" height="${H - floorY}" fill="${mix(ground, '#d8c3a5', 0.4)}"/>`;
  const ax = st.x(0.5);
  body += arches(ax, floorY, (st.mobile ? 1.05 : 1.1) * s, [
    mix(pal[0] ?? '#f4a6b7', '#ffffff', 0.55),
    mix(pal[2] ?? '#5b8c5a', '#ffffff', 0.62),
    mix(pal[3] ?? pal[0] ?? '#e0a526', '#ffffff', 0.6),
  ]);
  body += `<ellipse cx="${n(ax)}" cy="${n(floorY + 40 * s)}" rx="${n(420 * s)}" ry="${n(40 * s)}" fill="${mix(pal[0] ?? '#f4a6b7', '#ffffff', 0.4)}" fill-opacity=".6"/>`;
  const ry = st.y(st.mobile ? 0.12 : 0.14);
  const rx1 = ax - (st.mobile ? 250 : 300) * s;
  const rx2 = ax + (st.mobile ? 250 : 300) * s;
  body += rail(rx1, rx2, ry, floorY, s);
  const kinds: GarmentKind[] = st.mobile ? ['kurta-set', 'frock'] : ['kurta-set', 'frock', 'dungaree'];
  const xs = st.mobile ? [-0.45, 0.45] : [-0.62, 0, 0.62];
  let gdefs = defs;
  kinds.forEach((kind, i) => {
    const x = ax + (xs[i] ?? 0) * 280 * s;
    const top = ry + 54 * s;
    const g = hang(st.seen, kind, `h${i}`, tone(pal, i + 1, ground), 31 + i, x, top, 220 * s, 420 * s);
    body += railHanger(x, ry, top, g.top.half + 12 * s, s) + g.svg;
    gdefs += g.defs;
  });
  body += plant(ax - (st.mobile ? 300 : 470) * s, floorY + 10 * s, (st.mobile ? 0.85 : 1.05) * s);
  if (!st.mobile) {
    body += stool(ax + 410, floorY - 150, 0.9);
    body += foldedStack(ax + 410, floorY - 150, 0.95, [tone(pal, 0, ground), '#fbf6ee', tone(pal, 2, ground)]);
    body += bunting(
      st.x(0.12),
      st.y(0.02),
      st.x(0.95),
      st.y(0.0),
      18,
      pal.map((c) => mix(c, '#ffffff', 0.2)),
      0.9,
    );
  }
  return { back: '', body, defs: gdefs };
};

const SCENES: Scene[] = [clothesline, shelf, arch];

/**
 * Home page banner art: 'large' is 1920x800 (desktop), 'mobile' is 800x1000. index 0..2 gives three
 * scenes (a clothes line, a shelf with a basket and a peg rail, a pastel arch with a clothes rail);
 * the left ~45% of 'large' and the top 40% of 'mobile' are left calm for an HTML headline.
 */
export function bannerSvg(index: number, variant: 'large' | 'mobile', palette: string[]): string {
  const pal = (palette.length ? palette : ['#f4a6b7', '#f5f0e6', '#5b8c5a', '#e0a526']).map(norm);
  while (pal.length < 4) pal.push(pal[pal.length % Math.max(1, pal.length)] ?? '#f5f0e6');
  const scene = SCENES[((Math.floor(index) % 3) + 3) % 3] ?? clothesline;
  const large = variant === 'large';
  const W = large ? 1920 : 800;
  const H = large ? 800 : 1000;
  const st: Stage = large
    ? { w: 1000, h: 800, x: (f) => 900 + f * 1000, y: (f) => f * 800, s: 1, mobile: false, seen: new Set() }
    : { w: 800, h: 600, x: (f) => f * 800, y: (f) => 400 + f * 600, s: 1, mobile: true, seen: new Set() };
  const { body, defs } = scene(st, pal, W, H);
  return svgDoc(W, H, `<defs>${defs}</defs>${body}`);
}
