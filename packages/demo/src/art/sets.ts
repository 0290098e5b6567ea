/** Two-piece sets and knits: shorts-set, nightsuit, sweater. Canonical 800x1000 frame. */
import {
  both,
  bow,
  button,
  clip,
  fabric,
  fold,
  inks,
  mirrorD,
  printFor,
  printUrl,
  seam,
  sym,
  withFabric,
} from './draw';
import type { Art, Ctx } from './draw';
import { applique, MOTIFS } from './motifs';
import { darken, lighten, mix, pick } from './palette';
import type { PrintKind } from './texture';

export function shortsSet(ctx: Ctx): Art {
  const { c, v } = ctx;
  const style = v % 3;
  const ivory = c.isLight ? mix(ctx.trim, '#ffffff', 0.5) : '#fbf6ec';
  const topCtx = withFabric(ctx, style === 1 ? c.base : style === 0 ? ivory : c.hi2);
  const topPrint =
    style === 0
      ? printUrl(ctx, 'bands', c.isLight ? ctx.trim : c.base, ctx.trim)
      : style === 1
        ? printFor(ctx, ['ditsy', 'dots', 'leaves', 'hearts'])
        : undefined;
  // shorts
  const shorts = sym(
    [400, 556],
    [
      [502, 556],
      [514, 620, 526, 700, 534, 790],
      [416, 808],
      [412, 760, 408, 724, 400, 694],
    ],
  );
  let s = fabric(ctx, shorts);
  s += both(
    (f) =>
      fabric(withFabric(ctx, c.lo), f('M534 790L416 808L414 786L531 768Z'), { edge: 1.3 }) +
      seam(ctx, f('M504 590Q520 610 528 650'), 1.4) +
      fold(ctx, f('M470 640Q476 700 480 770'), 4, 0.14),
  );
  s += seam(ctx, 'M408 580V680', 1.4);
  s += fabric(withFabric(ctx, c.lo), 'M296 532H504V564H296Z', { texture: 'rib', edge: 1.5 });
  s += bow(400, 552, 30, ivory === topCtx.c.base ? ctx.trim : ivory, 0);
  // tee
  const tee = sym(
    [400, 204],
    [
      [424, 204, 440, 192, 444, 178],
      [500, 192],
      [506, 230, 510, 256, 514, 276],
      [520, 500],
      [460, 506, 400, 506],
    ],
  );
  const sleeve = 'M496 190L582 236Q592 244 586 256L558 306Q550 316 538 310L514 276Z';
  s += both(
    (f) =>
      fabric(topCtx, f(sleeve), { print: topPrint }) +
      fabric(withFabric(ctx, style === 1 ? c.lo : c.base), f('M586 256L558 306L544 298L571 249Z'), { edge: 1.2 }),
  );
  s += fabric(topCtx, tee, { print: topPrint });
  s += both((f) => fold(topCtx, f('M496 320Q492 420 500 490'), 4, 0.12));
  s += `<path d="M356 180C360 204 378 214 400 214C422 214 440 204 444 180" fill="none" stroke="${style === 1 ? c.lo : c.base}" stroke-width="12" stroke-linecap="round"/>`;
  s += seam(topCtx, 'M282 494Q340 502 400 502Q460 502 518 494', 1.3);
  if (style !== 1) {
    const motif = MOTIFS[(v >> 1) % MOTIFS.length] ?? 'boat';
    const ink = style === 0 || c.isLight ? ctx.trim : c.base;
    s += applique(motif, 400, 340, 96, ink, lighten(ink, 0.6));
  }
  return { svg: s, sil: [tee, sleeve, mirrorD(sleeve), shorts], focus: [400, 330], hang: { y: 186, w: 100 } };
}

export function nightsuit(ctx: Ctx): Art {
  const { c, v } = ctx;
  const kind = pick<PrintKind>(ctx.r, ['stars', 'moons', 'clouds', 'hearts', 'dots', 'stars']);
  const [ink, ink2] = inks(ctx);
  const print = printUrl(ctx, kind, c.isDark ? '#f2d98a' : ink, c.isDark ? lighten(c.base, 0.6) : ink2);
  const pipe = c.isDark ? '#fbf6ec' : ctx.trim;
  const pants = sym(
    [400, 520],
    [
      [500, 520],
      [508, 660, 516, 800, 520, 922],
      [420, 922],
      [414, 800, 408, 700, 400, 680],
    ],
  );
  let s = fabric(ctx, pants, { print });
  s += both(
    (f) =>
      `<path d="${f('M422 904H518')}" stroke="${pipe}" stroke-width="7" stroke-linecap="round"/>` +
      fold(ctx, f('M470 600Q480 720 486 880'), 5, 0.14),
  );
  const top = sym(
    [400, 206],
    [
      [422, 206, 438, 194, 442, 182],
      [504, 196],
      [512, 250, 516, 280, 520, 306],
      [526, 580],
      [460, 588, 400, 588],
    ],
  );
  const sleeve = 'M502 194C548 216 578 258 592 306L624 530L572 542L546 362L520 306Z';
  s += both(
    (f) =>
      fabric(ctx, f(sleeve), { print }) +
      fold(ctx, f('M552 320Q576 420 596 520'), 4, 0.15) +
      `<path d="${f('M621 520L574 532')}" stroke="${pipe}" stroke-width="7" stroke-linecap="round"/>`,
  );
  s += fabric(ctx, top, { print });
  s += both((f) => fold(ctx, f('M492 380Q488 480 496 570'), 5, 0.12));
  s += `<path d="M274 584Q340 592 400 592Q460 592 526 584" fill="none" stroke="${pipe}" stroke-width="6" stroke-linecap="round"/>`;
  // front opening with piping and buttons, pocket, collar
  s += `<path d="M404 214V588" stroke="${pipe}" stroke-width="6"/>`;
  s += [260, 330, 400, 470, 540].map((y) => button(416, y, 8, pipe)).join('');
  const pocket = 'M444 300H500V352Q500 362 490 362H454Q444 362 444 352Z';
  s += fabric(ctx, pocket, { print, edge: 1.5 }) + `<path d="M444 302H500" stroke="${pipe}" stroke-width="6"/>`;
  const collar = 'M400 214L442 182Q462 188 482 198L462 254Q428 246 402 218Z';
  s += both(
    (f) =>
      fabric(ctx, f(collar), { print, edge: 1.5 }) +
      `<path d="${f('M442 184Q462 190 482 198L462 254Q428 246 402 218')}" fill="none" stroke="${pipe}" stroke-width="5" stroke-linejoin="round"/>`,
  );
  if (v % 2) s += applique('moon', 470, 440, 34, ctx.trim2, lighten(ctx.trim2, 0.6));
  return { svg: s, sil: [top, sleeve, mirrorD(sleeve), pants], focus: [440, 290], hang: { y: 188, w: 104 } };
}

export function sweater(ctx: Ctx): Art {
  const { c, v } = ctx;
  const rib = withFabric(ctx, c.lo);
  const body = sym(
    [400, 228],
    [
      [424, 228, 444, 212, 448, 190],
      [514, 210],
      [524, 262, 530, 300, 532, 330],
      [536, 620],
      [400, 620],
    ],
  );
  const sleeve = 'M512 208C558 226 592 270 606 330L640 560L582 574L548 372L532 330Z';
  let s = both(
    (f) =>
      fabric(ctx, f(sleeve), { texture: 'knit' }) +
      fold(ctx, f('M560 350Q586 450 604 550'), 4, 0.16) +
      fabric(rib, f('M640 560L582 574L594 630L652 616Z'), { texture: 'rib', edge: 1.5 }),
  );
  s += fabric(ctx, body, { texture: 'knit' });
  s += fabric(rib, 'M264 614H536V668Q400 674 264 668Z', { texture: 'rib', edge: 1.5 });
  const style = v % 3;
  const accent = c.isDark ? '#f3e6c8' : c.isLight ? ctx.trim : '#fbf6ec';
  if (style === 0) {
    // cable panel down the front
    const lo = c.isDark ? lighten(c.base, 0.2) : darken(c.base, 0.25);
    const hi = lighten(c.base, c.isDark ? 0.35 : 0.35);
    let cable = '';
    for (let y = 262; y < 600; y += 48) {
      cable += `<path d="M382 ${y}C382 ${y + 26} 418 ${y + 22} 418 ${y + 48}" fill="none" stroke="${lo}" stroke-width="13" stroke-linecap="round"/>`;
      cable += `<path d="M418 ${y}C418 ${y + 26} 382 ${y + 22} 382 ${y + 48}" fill="none" stroke="${hi}" stroke-width="10" stroke-linecap="round"/>`;
    }
    s += cable + both((f) => `<path d="${f('M438 252V610')}" stroke="${lo}" stroke-width="3" stroke-dasharray="3 5"/>`);
  } else if (style === 1) {
    // fair-isle band of hearts and dots
    let band = `<path d="M260 296H540M260 372H540" stroke="${accent}" stroke-width="6"/>`;
    for (let x = 276; x < 530; x += 38)
      band += `<path d="M${x + 12} 344C${x - 4} 332 ${x + 2} 318 ${x + 12} 326C${x + 22} 318 ${x + 28} 332 ${x + 12} 344Z" fill="${ctx.trim}"/><circle cx="${x + 31}" cy="334" r="3" fill="${accent}"/>`;
    band += `<path d="M260 310H540M260 358H540" stroke="${accent}" stroke-width="3" stroke-dasharray="4 6"/>`;
    s += clip(ctx, body, band);
  } else {
    // cardigan: button band
    s += fabric(rib, 'M388 226H412V668H388Z', { texture: 'rib', edge: 1.2 });
    s += [280, 350, 420, 490, 560, 630].map((y) => button(400, y, 8, accent)).join('');
    s += both((f) => `<path d="${f('M450 430H500V470H450Z')}" fill="${c.lo}" fill-opacity=".5"/>`);
  }
  // ribbed neck band
  s += fabric(
    rib,
    'M352 190C358 214 376 228 400 228C424 228 442 214 448 190L464 196C456 228 430 246 400 246C370 246 344 228 336 196Z',
    { texture: 'rib', edge: 1.5 },
  );
  return { svg: s, sil: [body, sleeve, mirrorD(sleeve)], focus: [430, 330], hang: { y: 194, w: 112 } };
}
