/** Ethnic sets and dungarees: kurta-set, lehenga, dungaree. Canonical 800x1000 frame. */
import {
  both,
  button,
  clip,
  daisy,
  fabric,
  fold,
  gota,
  hemPts,
  mirrorD,
  n,
  printFor,
  seam,
  sym,
  wavy,
  withFabric,
} from './draw';
import type { Art, Ctx } from './draw';
import { applique, MOTIFS } from './motifs';
import { darken, distance, lighten, mix } from './palette';

const GOLD_ZARI = '#d6a94a';

/** Zari colour: gold, or silver on cloth too close to gold to show it. */
const zari = (ctx: Ctx): string => (distance(ctx.c.base, GOLD_ZARI) < 130 ? '#e9e4da' : GOLD_ZARI);

export function kurtaSet(ctx: Ctx): Art {
  const { c, v } = ctx;
  const GOLD = zari(ctx);
  const pj = withFabric(ctx, c.isLight ? mix(ctx.trim, '#ffffff', 0.35) : '#f4ecdc');
  const pants = sym(
    [400, 540],
    [
      [486, 540],
      [496, 680, 506, 800, 514, 918],
      [420, 918],
      [414, 820, 408, 740, 400, 700],
    ],
  );
  let s = fabric(pj, pants);
  // back of the standing collar, seen above the neckline
  s += fabric(withFabric(ctx, c.lo), 'M356 158Q400 168 444 158L444 192Q400 216 356 192Z', { edge: 1.5 });
  const churidar = v % 2 === 0;
  if (churidar) {
    let wrinkles = '';
    for (let y = 800; y < 912; y += 14) wrinkles += `M424 ${y}Q468 ${y + 9} 510 ${y - 2}`;
    s += both((f) => fold(pj, f(wrinkles), 3, 0.3));
  } else s += both((f) => gota(f('M422 906L512 906'), 12, GOLD));
  s += both((f) => fold(pj, f('M470 600Q486 700 490 780'), 4, 0.15));

  const body = sym(
    [400, 206],
    [
      [420, 206, 436, 196, 440, 184],
      [504, 198],
      [512, 250, 516, 280, 520, 306],
      [524, 450, 530, 600, 540, 742],
      [470, 752, 400, 752],
    ],
  );
  const print = printFor(ctx, ['butti', 'none', 'butti', 'leaves', 'stripes'], 0.9);
  const sleeve = 'M502 196C546 216 576 256 590 304L626 520L574 534L544 360L520 306Z';
  s += both(
    (f) =>
      fabric(ctx, f(sleeve), { print }) +
      fold(ctx, f('M548 300Q570 400 590 500'), 4, 0.15) +
      gota(f('M624 514L576 527'), 12, GOLD),
  );
  s += fabric(ctx, body, { print });
  s += both((f) => fold(ctx, f('M490 420Q486 560 500 700'), 5, 0.12));
  // side slits with bar tacks
  s += both(
    (f) =>
      `<path d="${f('M533 650L540 742')}" stroke="${c.line}" stroke-width="2.5"/>` +
      seam(ctx, f('M524 650L530 740'), 1.3),
  );
  s += clip(ctx, body, gota('M240 730Q400 752 560 730', 16, GOLD));
  // embroidered yoke when the cloth is plain
  if (!print) {
    for (const [x, y, r] of [
      [440, 262, 14],
      [460, 300, 10],
      [446, 336, 12],
      [360, 262, 14],
      [340, 300, 10],
      [354, 336, 12],
    ] as const)
      s += daisy(x, y, r, ctx.thread, GOLD);
    s += seam(ctx, 'M430 226Q470 280 446 360M370 226Q330 280 354 360', 1.6, ctx.thread);
  }
  // placket, potli buttons and mandarin collar
  s += `<path d="M388 206H412V380H388Z" fill="${c.lo}" fill-opacity=".5"/>`;
  s += gota('M386 206V380', 5, GOLD) + gota('M414 206V380', 5, GOLD);
  s += [236, 276, 316, 356].map((y) => button(400, y, 6.5, GOLD)).join('');
  s += fabric(ctx, 'M360 186Q380 206 400 206Q420 206 440 186L442 170Q420 192 400 192Q380 192 358 170Z', { edge: 1.5 });
  s += gota('M360 173Q380 194 400 194Q420 194 440 173', 5, GOLD);
  return {
    svg: s,
    sil: [body, sleeve, mirrorD(sleeve), pants],
    focus: [420, 290],
    hang: { y: 186, w: 104 },
  };
}

export function lehenga(ctx: Ctx): Art {
  const { c, v } = ctx;
  const GOLD = zari(ctx);
  const dupCol = mix(c.isLight ? ctx.trim : ctx.trim2, '#ffffff', 0.35);
  // sheer dupatta laid diagonally behind the outfit
  const dup = 'M96 226C280 300 520 560 744 730Q730 800 690 852C480 720 250 470 50 360Q60 280 96 226Z';
  let s = `<path d="${dup}" fill="${dupCol}" fill-opacity=".78"/>`;
  s += gota('M96 226C280 300 520 560 744 730', 8, GOLD) + gota('M690 852C480 720 250 470 50 360', 8, GOLD);
  for (const [x, y] of [
    [70, 280],
    [704, 830],
  ] as const)
    s += `<path d="M${x} ${y}l-14 26M${x + 8} ${y + 6}l-8 28M${x - 8} ${y - 6}l-18 22" stroke="${GOLD}" stroke-width="3" stroke-linecap="round"/>`;
  for (let i = 0; i < 9; i++) {
    const t = i / 8;
    s += `<circle cx="${n(120 + t * 560)}" cy="${n(320 + t * 470 - Math.sin(t * 3) * 20)}" r="4" fill="${GOLD}"/>`;
  }

  const hem = hemPts(680, 120, 860, 902, 14);
  const skirt = 'M312 372L488 372C540 480 640 720 680 860' + wavy(hem, 7) + 'C160 720 260 480 312 372Z';
  const print = printFor(ctx, ['butti', 'butti', 'stars', 'none'], 0.9);
  s += fabric(ctx, skirt, { print, texture: 'twill' });
  s += fold(
    ctx,
    [-4, -3, -2, -1, 1, 2, 3, 4]
      .map((i) => `M${400 + i * 20} 392Q${n(400 + i * 42)} 640 ${n(400 + i * 66)} ${n(872 - Math.abs(i) * 5)}`)
      .join(''),
    5,
    0.15,
  );
  s += clip(
    ctx,
    skirt,
    `<path d="M${hem.map(([x, y]) => `${n(x)} ${n(y - 20)}`).join('L')}" fill="none" stroke="${darken(GOLD, 0.25)}" stroke-width="44"/>` +
      gota(`M${hem.map(([x, y]) => `${n(x)} ${n(y - 18)}`).join('L')}`, 34, GOLD) +
      gota(`M${hem.map(([x, y]) => `${n(x * 0.93 + 28)} ${n(y - 74)}`).join('L')}`, 8, GOLD),
  );
  // waistband with hanging latkans
  s += fabric(withFabric(ctx, c.lo), 'M308 364Q400 374 492 364L494 392Q400 402 306 392Z', { edge: 1.5 });
  s += gota('M310 378Q400 388 490 378', 10, GOLD);
  s += `<path d="M476 392Q490 440 482 486M486 392Q504 430 506 478" fill="none" stroke="${ctx.trim}" stroke-width="3"/>`;
  for (const [x, y] of [
    [482, 486],
    [506, 478],
  ] as const)
    s += `<path d="M${x} ${y}l-9 30h18Z" fill="${ctx.trim}"/><circle cx="${x}" cy="${y}" r="6" fill="${GOLD}"/>`;

  // choli: short blouse with cap sleeves
  const choliCtx = v % 2 ? ctx : withFabric(ctx, c.isDark ? lighten(c.base, 0.15) : darken(c.base, 0.12));
  const choli = sym(
    [400, 214],
    [
      [424, 214, 440, 198, 446, 180],
      [500, 194],
      [506, 230, 508, 256, 514, 276],
      [512, 300, 510, 320, 508, 336],
      [460, 344, 400, 340],
    ],
  );
  const sleeve = 'M496 192C540 184 574 208 584 248L526 284L512 266C508 240 504 214 496 192Z';
  s += both((f) => fabric(choliCtx, f(sleeve)) + gota(f('M584 248L526 284'), 9, GOLD));
  s += fabric(choliCtx, choli);
  s += gota('M292 334Q340 344 400 340Q460 344 508 334', 9, GOLD);
  s += gota('M354 182C360 206 376 214 400 214C424 214 440 206 446 182', 6, GOLD);
  s += daisy(400, 270, 16, GOLD, ctx.trim) + daisy(364, 290, 9, GOLD, ctx.trim) + daisy(436, 290, 9, GOLD, ctx.trim);
  return {
    svg: s,
    sil: [skirt, choli, sleeve, mirrorD(sleeve), dup],
    focus: [560, 760],
    hang: { y: 188, w: 100 },
  };
}

export function dungaree(ctx: Ctx): Art {
  const { c, v } = ctx;
  const stitch = c.isLight ? ctx.trim : v % 2 ? '#e3b04b' : lighten(c.base, 0.55);
  const strap = 'M430 300L452 160Q456 148 470 150L488 153Q500 156 498 170L466 304Z';
  let s = both(
    (f) => fabric(ctx, f(strap), { texture: 'twill' }) + seam(ctx, f('M440 296L460 166M458 298L480 166'), 1.3, stitch),
  );
  const legs = sym(
    [400, 456],
    [
      [478, 456],
      [536, 456],
      [540, 490],
      [550, 640, 556, 760, 558, 880],
      [424, 880],
      [420, 780, 412, 690, 400, 640],
    ],
  );
  const bib = sym(
    [400, 290],
    [
      [446, 290],
      [460, 290, 464, 298, 464, 312],
      [466, 470],
      [400, 470],
    ],
  );
  s += fabric(ctx, legs, { texture: 'twill' });
  s += both(
    (f) =>
      fold(ctx, f('M500 560Q510 700 500 840'), 5, 0.14) +
      seam(ctx, f('M470 500Q496 546 540 556'), 1.5, stitch) +
      seam(ctx, f('M548 600L552 840'), 1.3, stitch),
  );
  s += seam(ctx, 'M412 486V600Q412 620 400 636', 1.5, stitch);
  // turn-up cuffs
  s += both(
    (f) =>
      fabric(withFabric(ctx, c.hi), f('M424 842L557 842L558 884L424 884Z'), { texture: 'twill', edge: 1.5 }) +
      seam(ctx, f('M428 850H554'), 1.2, stitch),
  );
  s += fabric(withFabric(ctx, c.lo), 'M263 452L537 452L540 488L260 488Z', { texture: 'twill', edge: 1.5 });
  s += fabric(ctx, bib, { texture: 'twill' });
  s += seam(ctx, 'M344 302V462M456 302V462M350 298H450', 1.5, stitch);
  // bib pocket with an appliqué, metal buttons and side buttons
  const pocket = 'M358 336H442V398Q442 412 428 412H372Q358 412 358 398Z';
  s += fabric(ctx, pocket, { texture: 'twill', edge: 1.5 }) + seam(ctx, 'M364 346H436', 1.3, stitch);
  const motif = MOTIFS[(v >> 2) % MOTIFS.length] ?? 'star';
  s += applique(motif, 400, 378, 44, ctx.trim, lighten(ctx.trim, 0.6));
  s += both((f) => `<path d="${f('M440 300L466 304L464 322L438 318Z')}" fill="${darken(c.base, 0.1)}"/>`);
  for (const x of [450, 350]) s += button(x, 312, 9, '#cfc8bd');
  for (const x of [522, 278]) s += button(x, 470, 8, '#cfc8bd');
  return {
    svg: s,
    sil: [legs, bib, strap, mirrorD(strap)],
    focus: [400, 370],
    hang: { y: 156, w: 70 },
  };
}
