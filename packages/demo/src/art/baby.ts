/** Baby pieces: booties, cap, swaddle. Canonical 800x1000 frame. */
import { bow, button, ellipseD, fabric, flower, fold, moveD, n, printFor, seam, sym, withFabric } from './draw';
import type { Art, Ctx } from './draw';
import { applique } from './motifs';
import { darken, lighten, mix } from './palette';

const BOOT = {
  upper:
    'M20 -10C2 -40 0 -120 24 -172L34 -226Q94 -244 152 -222C158 -176 176 -146 212 -126C268 -110 304 -84 300 -38C298 -8 272 0 240 0L40 0C28 0 22 -4 20 -10Z',
  sole: 'M12 -16C16 2 36 6 60 6L244 6C288 6 308 -10 304 -40L296 -34C292 -14 272 -8 240 -8L40 -8C28 -8 20 -10 12 -16Z',
  cuff: 'M28 -196Q94 -214 156 -194L152 -222Q94 -244 34 -226Z',
  opening: 'M38 -224Q94 -212 150 -220Q96 -236 38 -224Z',
  strap: 'M142 -206Q196 -178 206 -130L184 -122Q174 -164 130 -186Z',
};

/** One bootie facing right, its heel-bottom at (x, y), scaled by s. */
function bootie(ctx: Ctx, x: number, y: number, s: number): string {
  const { c, v } = ctx;
  const m = (d: string): string => moveD(d, x, y, s);
  const p = (px: number, py: number): string => `${n(x + px * s)} ${n(y + py * s)}`;
  const sole = withFabric(ctx, c.isDark ? '#d9c2a0' : mix(c.base, '#7a5a3c', 0.45));
  let out = fabric(ctx, m(BOOT.upper), { texture: v % 3 === 0 ? 'knit' : 'weave' });
  out += fold(ctx, m('M60 -60Q140 -40 230 -60'), 4, 0.14);
  out += seam(ctx, m('M36 -22L240 -22C270 -22 288 -30 290 -48'), 1.5, c.stitch);
  out += fabric(sole, m(BOOT.sole), { texture: 'twill', edge: 1.2 });
  out += fabric(withFabric(ctx, c.isLight ? ctx.trim : c.lo), m(BOOT.cuff), { texture: 'rib', edge: 1.2 });
  out += `<path d="${m(BOOT.opening)}" fill="${darken(c.base, 0.35)}"/>`;
  const style = (v >> 1) % 3;
  if (style === 0) {
    out += fabric(ctx, m(BOOT.strap), { edge: 1.5 }) + button(x + 192 * s, y - 138 * s, 9 * s, ctx.trim);
  } else if (style === 1) {
    out += bow(x + 200 * s, y - 118 * s, 34 * s, ctx.trim, -10);
  } else {
    out += `<path d="M${p(170, -150)}Q${p(236, -150)} ${p(270, -96)}" fill="none" stroke="${ctx.thread}" stroke-width="${n(2.4 * s)}" stroke-dasharray="${n(6 * s)} ${n(4 * s)}"/>`;
    out += flower(x + 236 * s, y - 74 * s, 20 * s, ctx.trim, ctx.trim2);
  }
  return out;
}

export function booties(ctx: Ctx): Art {
  const back = bootie(ctx, 196, 548, 1.02);
  const front = bootie(ctx, 290, 790, 1.02);
  const sil = [moveD(BOOT.upper, 196, 548, 1.02), moveD(BOOT.upper, 290, 790, 1.02)];
  return { svg: back + front, sil, focus: [470, 650] };
}

export function cap(ctx: Ctx): Art {
  const { c, v } = ctx;
  const style = v % 3;
  if (style !== 2) {
    // knitted beanie with a folded rib cuff and a pompom or ears
    const dome = sym(
      [400, 262],
      [
        [512, 262, 600, 356, 604, 540],
        [400, 540],
      ],
    );
    const cuff = 'M188 520Q400 548 612 520L618 650Q400 680 182 650Z';
    let s = '';
    if (style === 0) {
      const pom = lighten(c.isLight ? ctx.trim : c.base, 0.2);
      s += `<circle cx="400" cy="236" r="72" fill="${darken(pom, 0.15)}"/>`;
      for (let i = 0; i < 36; i++) {
        const a = (i / 36) * Math.PI * 2;
        const r = 58 + ((i * 7) % 5) * 3;
        s += `<path d="M${n(400 + Math.cos(a) * 20)} ${n(236 + Math.sin(a) * 20)}L${n(400 + Math.cos(a) * r)} ${n(236 + Math.sin(a) * r)}" stroke="${i % 2 ? pom : lighten(pom, 0.3)}" stroke-width="9" stroke-linecap="round"/>`;
      }
      s += `<circle cx="400" cy="236" r="40" fill="${pom}"/><circle cx="388" cy="224" r="16" fill="#fff" fill-opacity=".25"/>`;
    } else {
      for (const x of [258, 542])
        s +=
          fabric(ctx, ellipseD(x, 318, 62, 60), { texture: 'knit' }) +
          `<path d="${ellipseD(x, 322, 34, 32)}" fill="${c.isLight ? ctx.trim : lighten(c.base, 0.3)}"/>`;
    }
    s += fabric(ctx, dome, { texture: 'knit' });
    s += fold(ctx, 'M300 340Q270 420 268 520', 6, 0.14) + fold(ctx, 'M500 340Q530 420 532 520', 6, 0.14);
    s += fabric(withFabric(ctx, c.lo), cuff, { texture: 'rib', edge: 1.5 });
    s += `<path d="M188 522Q400 550 612 522" fill="none" stroke="${c.hi}" stroke-width="4" stroke-opacity=".6"/>`;
    s += applique(style === 0 ? 'star' : 'heart', 520, 590, 50, ctx.trim, lighten(ctx.trim, 0.6));
    const extra = style === 0 ? [ellipseD(400, 236, 72, 72)] : [ellipseD(258, 318, 62, 60), ellipseD(542, 318, 62, 60)];
    return { svg: s, sil: [dome, cuff, ...extra], focus: [450, 540] };
  }
  // sun hat: crown over a wide brim, ribbon band with a bow
  const brim = ellipseD(400, 600, 270, 120);
  const crown = 'M258 590C252 440 300 350 400 350C500 350 548 440 542 590C500 614 300 614 258 590Z';
  const print = printFor(ctx, ['none', 'gingham', 'ditsy', 'dots']);
  let s = fabric(ctx, brim, { print, edge: 2 });
  s += `<path d="${ellipseD(400, 604, 236, 96)}" fill="none" stroke="${c.stitch}" stroke-width="1.6" stroke-dasharray="5 4" stroke-opacity=".8"/>`;
  s += `<path d="${ellipseD(400, 606, 204, 76)}" fill="none" stroke="${c.stitch}" stroke-width="1.6" stroke-dasharray="5 4" stroke-opacity=".6"/>`;
  s += `<path d="M264 596C300 620 500 620 536 596" fill="none" stroke="#000" stroke-opacity=".12" stroke-width="16"/>`;
  s += fabric(ctx, crown, { print }) + fold(ctx, 'M330 380Q300 460 300 580', 5, 0.14);
  s += `<path d="M258 548C300 574 500 574 542 548L542 588C500 614 300 614 258 588Z" fill="${ctx.trim}"/>`;
  s += bow(500, 580, 54, ctx.trim, 8);
  return { svg: s, sil: [brim, crown], focus: [480, 560] };
}

export function swaddle(ctx: Ctx): Art {
  const { c, v } = ctx;
  const print = printFor(ctx, ['stars', 'leaves', 'clouds', 'ditsy', 'dots', 'none']);
  const top =
    'M196 330Q400 318 612 330Q632 332 632 352Q640 540 630 728Q628 748 608 748Q400 760 196 748Q172 746 172 726Q164 540 172 352Q174 330 196 330Z';
  let s = '';
  // the folded stack: layers peeking out below, with soft crinkled edges
  for (const [dx, dy, col] of [
    [14, 30, c.lo],
    [7, 15, c.base],
  ] as const)
    s += fabric(withFabric(ctx, col), moveD(top, dx, dy), {
      print: col === c.base ? print : undefined,
      texture: 'muslin',
      edge: 1.6,
    });
  s += fabric(ctx, top, { print, texture: 'muslin' });
  s += fold(ctx, 'M186 356Q178 540 186 724', 9, 0.18);
  s += fold(ctx, 'M230 450Q420 470 600 440', 5, 0.1) + fold(ctx, 'M240 650Q420 668 600 640', 5, 0.1);
  s += seam(ctx, 'M204 346Q400 336 604 346Q616 540 606 730Q400 742 200 732Q190 540 192 350', 1.4, c.stitch);
  // corner turned over, showing the reverse side
  const flap = 'M632 352Q636 470 626 524Q556 432 468 332Q560 326 612 330Q632 332 632 352Z';
  s += `<path d="M626 524Q556 432 468 332" fill="none" stroke="#000" stroke-opacity=".13" stroke-width="12" transform="translate(-4 6)"/>`;
  s += fabric(withFabric(ctx, c.isLight ? mix(ctx.trim, '#ffffff', 0.55) : c.hi2), flap, {
    texture: 'muslin',
    edge: 1.6,
  });
  s += fold(ctx, 'M600 380Q570 370 540 350', 4, 0.15);
  // ribbon wrapped around, tied in a bow
  const ribbon = v % 2 ? ctx.trim : mix(ctx.trim2, '#ffffff', 0.15);
  s += `<path d="M170 584Q400 572 634 584" fill="none" stroke="${darken(ribbon, 0.2)}" stroke-width="30"/>`;
  s += `<path d="M170 584Q400 572 634 584" fill="none" stroke="${ribbon}" stroke-width="24"/>`;
  s += `<path d="M170 575Q400 563 634 575" fill="none" stroke="#fff" stroke-opacity=".3" stroke-width="3"/>`;
  s += bow(420, 580, 72, ribbon, -4);
  return { svg: s, sil: [moveD(top, 14, 30), top], focus: [470, 540] };
}
