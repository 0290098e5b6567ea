/** Dresses and tops: frock, romper, jhabla, shirt. Drawn in the canonical 800x1000 frame. */
import {
  both,
  bow,
  button,
  clip,
  daisy,
  fabric,
  flower,
  fold,
  hemPts,
  lace,
  mirrorD,
  n,
  printFor,
  seam,
  smocking,
  sym,
  wavy,
  withFabric,
} from './draw';
import type { Art, Ctx } from './draw';
import { applique, MOTIFS } from './motifs';
import { lighten } from './palette';

const polyline = (pts: readonly (readonly [number, number])[], dy: number): string =>
  'M' + pts.map(([x, y]) => `${n(x)} ${n(y + dy)}`).join('L');

export function frock(ctx: Ctx): Art {
  const { c, v } = ctx;
  const bodice = sym(
    [400, 240],
    [
      [428, 240, 446, 214, 450, 186],
      [486, 196],
      [480, 232, 486, 268, 506, 292],
      [498, 330, 493, 372, 490, 410],
      [400, 410],
    ],
  );
  const hem = hemPts(652, 148, 800, 852, 10);
  const skirt = `M310 404L490 404C528 520 600 680 652 800` + wavy(hem, 12) + `C202 680 272 520 310 404Z`;
  const print = printFor(ctx, ['none', 'ditsy', 'dots', 'gingham', 'hearts', 'ditsy']);

  const puff = v % 2 === 0;
  const sleeveD = puff
    ? 'M474 192C524 160 598 182 608 240C614 276 598 302 574 312L510 298C500 260 486 222 474 192Z'
    : 'M476 192C522 184 578 206 598 256Q580 254 572 272Q556 264 544 284Q528 276 508 292C500 256 488 222 476 192Z';
  let s = both(
    (f) =>
      fabric(ctx, f(sleeveD), { print }) +
      (puff
        ? fold(ctx, f('M520 206Q560 230 566 300'), 3, 0.22) +
          fold(ctx, f('M500 210Q530 250 536 300'), 3, 0.2) +
          fabric(withFabric(ctx, c.lo), f('M508 292L576 304Q586 312 578 322L506 312Z'), { edge: 1.5 })
        : fold(ctx, f('M516 204Q546 230 544 282'), 3, 0.2) + fold(ctx, f('M540 204Q572 226 578 262'), 3, 0.16)),
  );
  s += fabric(ctx, skirt, { print });
  s += fold(
    ctx,
    [-3, -2, -1, 0, 1, 2, 3]
      .map((i) => `M${400 + i * 25} 430Q${n(400 + i * 41)} 620 ${n(400 + i * 78)} ${n(826 - Math.abs(i) * 7)}`)
      .join(''),
    5,
    0.16,
  );
  const hemTrim = v % 3;
  if (hemTrim === 0)
    s =
      lace(
        hem.map(([x, y]) => [x, y - 4] as const),
        22,
        c.isLight ? '#fffdf8' : '#fbf6ec',
      ) + s;
  else if (hemTrim === 1)
    s += clip(
      ctx,
      skirt,
      `<path d="${polyline(hem, -26)}" fill="none" stroke="${ctx.trim}" stroke-width="10" stroke-linejoin="round"/>` +
        seam(ctx, polyline(hem, -26), 2, lighten(ctx.trim, 0.5)),
    );
  else s += clip(ctx, skirt, seam(ctx, polyline(hem, -16), 2.4, ctx.thread));

  s += fabric(ctx, bodice);
  const bod = Math.floor(v / 3) % 3;
  if (bod === 0) s += smocking(338, 462, 300, 5, 18, ctx.thread);
  else if (bod === 1)
    s += seam(ctx, 'M388 256V404M412 256V404', 1.4) + [300, 340, 380].map((y) => button(400, y, 8, ctx.trim)).join('');
  else
    s +=
      daisy(372, 318, 20, ctx.thread, ctx.trim) +
      daisy(428, 352, 16, ctx.trim, ctx.thread) +
      daisy(436, 300, 11, ctx.thread, ctx.trim);
  s += seam(ctx, 'M452 190L486 200M348 190L314 200', 1.5);

  const band = 'M306 398Q400 408 494 398L497 424Q400 434 303 424Z';
  s += fabric(withFabric(ctx, ctx.trim), band, { edge: 1.5 });
  s += v % 4 < 2 ? bow(v % 2 ? 400 : 468, 412, 44, ctx.trim, -6) : flower(468, 412, 22, ctx.trim2, ctx.trim);

  const collarCol = c.isLight ? ctx.trim : '#fbf6ec';
  if (Math.floor(v / 9) % 2 === 0) {
    const col = withFabric(ctx, collarCol);
    s += both(
      (f) =>
        fabric(col, f('M400 240C428 240 446 214 450 188C476 198 490 232 468 256C448 276 414 270 400 244Z'), {
          edge: 1.5,
        }) + seam(col, f('M452 200C468 212 472 238 458 252C442 264 418 262 404 248'), 1.3),
    );
  } else {
    s += lace(
      [
        [452, 188],
        [440, 220],
        [424, 236],
        [400, 242],
        [376, 236],
        [360, 220],
        [348, 188],
      ],
      14,
      collarCol,
    );
  }
  return { svg: s, sil: [bodice, skirt, sleeveD, mirrorD(sleeveD)], focus: [420, 330], hang: { y: 192, w: 96 } };
}

export function romper(ctx: Ctx): Art {
  const { c, v } = ctx;
  const body = sym(
    [400, 236],
    [
      [426, 236, 442, 214, 446, 190],
      [500, 206],
      [506, 240, 508, 272, 512, 300],
      [520, 380, 522, 460, 520, 520],
      [520, 570, 548, 610, 572, 680],
      [516, 734, 440, 750],
      [422, 724, 410, 672, 400, 662],
    ],
  );
  const print = printFor(ctx, ['none', 'stripes', 'dots', 'stars', 'none', 'clouds']);
  const sleeve = 'M496 204L574 248Q586 256 580 268L548 322Q540 334 526 328L510 300Z';
  const cuff = withFabric(ctx, print ? c.base : ctx.trim);
  let s = both(
    (f) =>
      fabric(ctx, f(sleeve), { print }) +
      fabric(cuff, f('M580 268L548 322Q540 334 526 328L534 314Q556 290 566 262Z'), { edge: 1.2, texture: 'rib' }) +
      fold(ctx, f('M512 232Q536 262 530 300'), 3, 0.2),
  );
  s += fabric(ctx, body, { print });
  s += both(
    (f) =>
      fabric(cuff, f('M572 680Q516 734 440 750L437 730Q506 716 562 662Z'), { edge: 1.2, texture: 'rib' }) +
      fold(ctx, f('M512 400Q506 500 516 600'), 5, 0.14),
  );
  // crotch placket with snaps
  s += `<path d="M440 750C422 724 410 672 400 662C390 672 378 724 360 750" fill="none" stroke="${c.lo}" stroke-width="18" stroke-linejoin="round"/>`;
  s += seam(ctx, 'M451 744C432 718 418 666 400 652C382 666 368 718 349 744', 1.3);
  s += [
    [432, 734],
    [414, 694],
    [386, 694],
    [368, 734],
  ]
    .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="6" fill="#e9e4dc" stroke="#a59e94" stroke-width="2"/>`)
    .join('');
  // neck: binding or Peter Pan collar; buttoned placket
  const collar = withFabric(ctx, c.isLight ? ctx.trim : '#fbf6ec');
  if (v % 2 === 0) {
    s += both((f) =>
      fabric(collar, f('M400 236C426 236 442 214 446 190C474 196 488 228 468 252C448 270 414 266 400 240Z'), {
        edge: 1.5,
      }),
    );
  } else {
    s += `<path d="M354 190C358 214 374 236 400 236C426 236 442 214 446 190" fill="none" stroke="${ctx.trim}" stroke-width="9" stroke-linecap="round"/>`;
  }
  s +=
    `<path d="M390 250H410V352H390Z" fill="${c.hi}" fill-opacity=".35"/>` + seam(ctx, 'M390 250V352M410 250V352', 1.3);
  s += [276, 306, 336].map((y) => button(400, y, 7, ctx.trim)).join('');
  // chest appliqué
  const motif = MOTIFS[v % MOTIFS.length] ?? 'heart';
  s += applique(motif, 458, 430, 74, ctx.trim2, lighten(ctx.trim2, 0.6), -6);
  s += seam(ctx, 'M354 196C362 222 378 242 400 242C422 242 438 222 446 196', 1.3);
  return { svg: s, sil: [body, sleeve, mirrorD(sleeve)], focus: [430, 380], hang: { y: 198, w: 104 } };
}

export function jhabla(ctx: Ctx): Art {
  const { c } = ctx;
  const body = sym(
    [400, 196],
    [
      [426, 196, 440, 190, 448, 182],
      [520, 200],
      [610, 236],
      [604, 322],
      [540, 318],
      [536, 360, 540, 382, 546, 404],
      [572, 642],
      [480, 656, 400, 656],
    ],
  );
  const print = printFor(ctx, ['butti', 'butti', 'ditsy', 'dots', 'leaves']);
  const pipe = ctx.trim;
  let s = fabric(ctx, body, { print, texture: 'muslin' });
  s += both(
    (f) => fold(ctx, f('M536 250Q560 280 566 318'), 4, 0.18) + fold(ctx, f('M520 450Q530 560 540 636'), 5, 0.12),
  );
  // inside of the back neck, seen through the wrap
  s += `<path d="M352 184Q400 198 448 184L404 262Q394 256 352 184Z" fill="${c.lo}"/>`;
  s += `<path d="M352 184Q400 198 448 184" fill="none" stroke="${pipe}" stroke-width="7" stroke-linecap="round"/>`;
  // the under flap edge and the overlapping front edge, both piped
  s += `<path d="M448 184Q430 226 400 258" fill="none" stroke="${pipe}" stroke-width="7" stroke-linecap="round"/>`;
  const flap = 'M352 184Q396 320 548 424';
  s += `<path d="${flap}" fill="none" stroke="#000" stroke-opacity=".12" stroke-width="12" transform="translate(3 5)"/>`;
  s += `<path d="${flap}" fill="none" stroke="${pipe}" stroke-width="8" stroke-linecap="round"/>`;
  s += seam(ctx, 'M364 188Q404 314 540 410', 1.4, lighten(pipe, 0.4));
  // piping on cuffs and hem
  s += both((f) => `<path d="${f('M610 236L604 322')}" stroke="${pipe}" stroke-width="8" stroke-linecap="round"/>`);
  s += `<path d="M228 642Q320 656 400 656Q480 656 572 642" fill="none" stroke="${pipe}" stroke-width="8" stroke-linecap="round"/>`;
  // fabric ties at the side
  const tie = ctx.trim;
  s += `<path d="M548 424C590 440 600 500 584 560" fill="none" stroke="${tie}" stroke-width="9" stroke-linecap="round"/>`;
  s += `<path d="M548 424C600 420 630 470 640 520" fill="none" stroke="${tie}" stroke-width="9" stroke-linecap="round"/>`;
  s += `<circle cx="548" cy="424" r="9" fill="${tie}"/>`;
  s += `<path d="M540 418Q552 414 560 428Q552 436 540 430Z" fill="${lighten(tie, 0.25)}"/>`;
  return {
    svg: s,
    sil: [body],
    focus: [470, 330],
    hang: { y: 190, w: 130 },
  };
}

export function shirt(ctx: Ctx): Art {
  const { c, v } = ctx;
  const body = sym(
    [400, 214],
    [
      [424, 214, 440, 200, 444, 184],
      [506, 200],
      [512, 250, 516, 280, 520, 306],
      [528, 600],
      [505, 626, 465, 646, 400, 650],
    ],
  );
  const print = printFor(ctx, ['gingham', 'stripes', 'none', 'gingham', 'ditsy', 'dots'], 0.8);
  const long = v % 2 === 1;
  const sleeve = long
    ? 'M504 198C552 220 584 262 600 310L640 530L588 546L548 372L522 300Z'
    : 'M504 198L590 262Q598 272 590 282L554 336Q546 346 534 338L520 306Z';
  let s = both(
    (f) =>
      fabric(ctx, f(sleeve), { print }) +
      (long
        ? fabric(ctx, f('M640 530L588 546L599 586L651 570Z'), { edge: 1.5 }) +
          button(621, 560, 6, '#f3eee6') +
          fold(ctx, f('M556 320Q580 420 600 520'), 4, 0.16)
        : fabric(ctx, f('M590 282L554 336L540 326L574 274Z'), { print, edge: 1.5 }) +
          fold(ctx, f('M526 240Q552 270 548 320'), 3, 0.18)),
  );
  s += fabric(ctx, body, { print });
  s += both((f) => fold(ctx, f('M490 400Q482 500 490 590'), 5, 0.12));
  s += seam(ctx, 'M278 600C300 624 340 640 400 643C460 640 500 624 522 600', 1.3);
  // placket and buttons
  s +=
    `<path d="M388 220H412V649H388Z" fill="${c.hi}" fill-opacity=".25"/>` + seam(ctx, 'M388 222V648M412 222V648', 1.3);
  const btn = c.isDark ? '#f3eee6' : c.isLight ? ctx.trim : lighten(c.base, 0.6);
  s += [262, 332, 402, 472, 542, 612].map((y) => button(400, y, 7.5, btn)).join('');
  // chest pocket
  const pocket = 'M440 300H500V360Q500 372 488 372H452Q440 372 440 360Z';
  s += fabric(ctx, pocket, { print, edge: 1.6 }) + seam(ctx, 'M446 312H494', 1.3);
  if (!print) s += daisy(470, 342, 14, ctx.thread, ctx.trim);
  // collar
  const collar = withFabric(ctx, v % 3 === 0 && !c.isLight ? '#fbf6ec' : c.base);
  s += `<path d="M360 186Q400 204 440 186L420 216H380Z" fill="${c.lo}"/>`;
  s += both(
    (f) =>
      fabric(collar, f('M400 222L442 182Q462 188 480 196L456 262Q424 250 400 226Z'), { edge: 1.6 }) +
      seam(collar, f('M446 192Q460 196 470 202L452 250'), 1.2),
  );
  return { svg: s, sil: [body, sleeve, mirrorD(sleeve)], focus: [452, 300], hang: { y: 196, w: 112 } };
}
