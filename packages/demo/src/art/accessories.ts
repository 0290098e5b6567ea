/** Small accessories: bib, hair-band, hair-clip, bag. Canonical 800x1000 frame. */
import { both, bow, button, daisy, fabric, flower, fold, n, printFor, seam, smoothD, sym, withFabric } from './draw';
import type { Art, Ctx, Pt } from './draw';
import { applique, MOTIFS } from './motifs';
import { darken, lighten, mix } from './palette';

export function bib(ctx: Ctx): Art {
  const { c, v } = ctx;
  const d = sym(
    [400, 396],
    [
      [442, 396, 472, 370, 476, 330],
      [478, 300],
      [478, 262, 494, 240, 518, 240],
      [544, 240, 558, 262, 558, 292],
      [560, 326, 630, 370, 636, 470],
      [646, 640, 560, 780, 400, 782],
    ],
  );
  const print = v % 3 === 2 ? printFor(ctx, ['dots', 'ditsy', 'stars', 'hearts']) : undefined;
  const edge = c.isLight ? ctx.trim : v % 2 ? '#fbf6ec' : ctx.trim;
  let s = fabric(ctx, d, { print, texture: 'muslin' });
  s += fold(ctx, 'M300 520Q320 640 380 720', 5, 0.1) + fold(ctx, 'M520 460Q500 600 440 700', 5, 0.1);
  s += `<path d="${d}" fill="none" stroke="${darken(edge, 0.15)}" stroke-width="16" stroke-linejoin="round"/>`;
  s += `<path d="${d}" fill="none" stroke="${edge}" stroke-width="12" stroke-linejoin="round"/>`;
  s += seam(ctx, d, 1.4, c.isDark ? lighten(edge, 0.2) : darken(edge, 0.3));
  s += button(518, 270, 10, '#f4efe6') + button(282, 270, 10, '#f4efe6');
  if (!print) {
    const style = (v >> 2) % 2;
    if (style === 0) {
      const motif = MOTIFS[(v >> 3) % MOTIFS.length] ?? 'bunny';
      s += applique(motif, 400, 590, 190, ctx.trim2, lighten(ctx.trim2, 0.6));
    } else {
      s += `<path d="M310 640C350 560 450 560 490 640" fill="none" stroke="${darken(ctx.thread, 0.1)}" stroke-width="3" stroke-dasharray="7 5"/>`;
      for (const [x, y, r] of [
        [320, 620, 22],
        [400, 560, 30],
        [480, 620, 22],
        [360, 580, 14],
        [440, 580, 14],
      ] as const)
        s += daisy(x, y, r, ctx.thread, ctx.trim);
    }
  }
  return { svg: s, sil: [d], focus: [420, 560] };
}

/** Points on an ellipse from angle a0 to a1 (degrees, y down). */
function arcPts(cx: number, cy: number, rx: number, ry: number, a0: number, a1: number, steps: number): Pt[] {
  const pts: Pt[] = [];
  for (let i = 0; i <= steps; i++) {
    const a = ((a0 + ((a1 - a0) * i) / steps) * Math.PI) / 180;
    pts.push([cx + rx * Math.cos(a), cy + ry * Math.sin(a)]);
  }
  return pts;
}

export function hairBand(ctx: Ctx): Art {
  const { c, v } = ctx;
  const outer = arcPts(400, 640, 262, 330, 158, 382, 28);
  const inner = arcPts(400, 640, 214, 282, 382, 158, 28);
  const o1 = outer[0] ?? [0, 0];
  const oN = outer[outer.length - 1] ?? [0, 0];
  const i1 = inner[0] ?? [0, 0];
  const band =
    smoothD(outer) +
    `Q${n(oN[0] + 10)} ${n(oN[1] + 28)} ${n(i1[0])} ${n(i1[1])}` +
    smoothD(inner).replace(/^M[^Q]*/, '') +
    `Q${n(o1[0] - 10)} ${n(o1[1] + 28)} ${n(o1[0])} ${n(o1[1])}Z`;
  const print = printFor(ctx, ['none', 'ditsy', 'dots', 'gingham', 'none']);
  let s = fabric(ctx, band, { print });
  s += `<path d="${smoothD(arcPts(400, 640, 238, 306, 162, 378, 24))}" fill="none" stroke="${c.stitch}" stroke-width="1.6" stroke-dasharray="5 4" stroke-opacity=".7"/>`;
  s += `<path d="${smoothD(arcPts(400, 640, 250, 318, 200, 340, 16))}" fill="none" stroke="#fff" stroke-opacity=".25" stroke-width="6" stroke-linecap="round"/>`;
  const style = v % 3;
  let focus: Pt = [560, 380];
  if (style === 0) {
    s += bow(556, 372, 120, c.base, 38);
    s += `<circle cx="556" cy="372" r="14" fill="${c.hi}" fill-opacity=".5"/>`;
  } else if (style === 1) {
    // a cluster of fabric flowers with leaves
    const leaf = '#7f9c6c';
    for (const [x, y, r] of [
      [500, 330, 38],
      [590, 410, 36],
      [500, 420, 24],
    ] as const)
      s += `<ellipse cx="${x + r}" cy="${y - r * 0.4}" rx="${r * 0.9}" ry="${r * 0.4}" fill="${leaf}" transform="rotate(-30 ${x + r} ${y - r * 0.4})"/>`;
    s += flower(540, 350, 62, ctx.trim, lighten(ctx.trim2, 0.2));
    s += flower(610, 440, 44, mix(ctx.trim2, '#ffffff', 0.2), ctx.trim);
    s += flower(480, 300, 36, lighten(ctx.trim, 0.35), ctx.trim2);
    s += `<circle cx="540" cy="350" r="12" fill="${lighten(ctx.trim2, 0.5)}"/>`;
    focus = [540, 370];
  } else {
    // top knot
    const knot = 'M340 300C350 250 450 250 460 300C470 350 330 350 340 300Z';
    s += fabric(withFabric(ctx, c.lo), 'M318 330C300 270 340 240 372 262L356 336Z', { print });
    s += fabric(withFabric(ctx, c.lo), 'M482 330C500 270 460 240 428 262L444 336Z', { print });
    s += fabric(ctx, knot, { print }) + fold(ctx, 'M360 292Q400 316 440 292', 4, 0.3);
    focus = [400, 320];
  }
  return { svg: s, sil: [band], focus };
}

export function hairClip(ctx: Ctx): Art {
  const { c, v } = ctx;
  const metal = '#c9c4bb';
  const clip = (x: number, y: number, rot: number): string =>
    `<g transform="translate(${x} ${y}) rotate(${rot})">` +
    `<path d="M-172 -9Q-180 0 -172 9L160 6Q176 0 160 -6Z" fill="#000" fill-opacity=".13" transform="translate(5 11)"/>` +
    `<path d="M-172 -9Q-180 0 -172 9L160 6Q176 0 160 -6Z" fill="${metal}" stroke="#a39d93" stroke-width="2"/>` +
    `<path d="M-164 -2L150 -1" stroke="#fff" stroke-opacity=".7" stroke-width="2"/>` +
    `<path d="M-150 13L146 10" stroke="#8d877e" stroke-width="3" stroke-linecap="round"/></g>`;
  const flowers = v % 2 === 1;
  const a = c.base;
  const b = v % 4 < 2 ? c.base : ctx.trim;
  const spots: [number, number, number, string][] = [
    [320, 430, -8, a],
    [480, 660, 8, b],
  ];
  const shadowInk = '#3a2a20';
  let s = '';
  for (const [x, y, r, col] of spots) {
    s += clip(x, y, r);
    const piece = (ink: string, mid: string): string =>
      flowers ? flower(x, y, 104, ink, mid) : bow(x, y, 132, ink, r);
    s += `<g opacity=".14" transform="translate(6 12)">${piece(shadowInk, shadowInk)}</g>`;
    s += piece(col, lighten(ctx.trim2, 0.2));
    if (flowers)
      for (let i = 0; i < 8; i++) {
        const t = (i / 8) * Math.PI * 2;
        s += `<circle cx="${n(x + Math.cos(t) * 20)}" cy="${n(y + Math.sin(t) * 20)}" r="5" fill="${c.isLight ? ctx.trim : '#fbf6ec'}"/>`;
      }
    else s += `<circle cx="${x}" cy="${y}" r="11" fill="${lighten(col, 0.4)}" fill-opacity=".6"/>`;
  }
  // bounds only: the clips cast their own shadows
  return { svg: s, sil: ['M140 320L500 320L660 550L660 820L320 820L140 580Z'], focus: [330, 430], ownShadow: true };
}

export function bag(ctx: Ctx): Art {
  const { c, v } = ctx;
  const body = 'M262 440H538Q586 440 586 488V716Q586 772 530 772H270Q214 772 214 716V488Q214 440 262 440Z';
  const handle = 'M284 452C284 250 516 250 516 452L486 452C486 290 314 290 314 452Z';
  const flap = 'M228 446Q232 436 262 436H538Q568 436 572 446L572 560Q400 632 228 560Z';
  const print = printFor(ctx, ['none', 'gingham', 'dots', 'ditsy', 'none']);
  const edge = c.isLight ? ctx.trim : '#fbf6ec';
  let s = fabric(ctx, handle, { texture: 'twill' }) + seam(ctx, 'M300 450C300 276 500 276 500 450', 1.3);
  s += fabric(ctx, body, { print });
  s += both((f) => fold(ctx, f('M540 600Q546 660 540 740'), 5, 0.14));
  s += seam(ctx, 'M232 500V712Q232 756 272 756H528Q568 756 568 712V500', 1.4);
  const flapCtx = withFabric(ctx, v % 2 ? c.base : c.lo);
  s += fabric(flapCtx, flap, { print });
  s += `<path d="M228 560Q400 632 572 560" fill="none" stroke="${edge}" stroke-width="9" stroke-linecap="round"/>`;
  s += seam(ctx, 'M244 548Q400 612 556 548', 1.3);
  s += button(400, 588, 16, edge);
  const motif = MOTIFS[(v >> 1) % MOTIFS.length] ?? 'heart';
  s += applique(motif, 400, 684, 90, ctx.trim2, lighten(ctx.trim2, 0.6));
  // tassel charm on the handle
  s += `<path d="M500 446Q520 500 514 540" fill="none" stroke="${ctx.trim}" stroke-width="3"/>`;
  s += `<path d="M514 540l-14 48h28Z" fill="${ctx.trim}"/><circle cx="514" cy="540" r="9" fill="${lighten(ctx.trim, 0.3)}"/>`;
  return { svg: s, sil: [body, handle], focus: [400, 600] };
}
