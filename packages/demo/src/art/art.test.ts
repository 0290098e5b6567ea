import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { GARMENT_KINDS, bannerSvg, categorySvg, collectionSvg, productSvg } from './index';
import type { ArtView } from './index';

const VIEWS: readonly ArtView[] = ['front', 'detail', 'styled'];
const PALETTE = ['#f4a6b7', '#f5f0e6', '#5b8c5a', '#e0a526'];

/** Structural checks: one root <svg>, every referenced id defined once, no text. */
function expectWellFormed(svg: string, width: number, height: number): void {
  expect(
    svg.startsWith(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    ),
  ).toBe(true);
  expect(svg.endsWith('</svg>')).toBe(true);
  expect(svg.match(/<svg[\s>]/g)).toHaveLength(1);
  expect(svg).not.toMatch(/<text[\s>]/);
  expect(svg).not.toMatch(/NaN|undefined|Infinity/);
  const ids = [...svg.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]);
  expect(new Set(ids).size).toBe(ids.length);
  const refs = [...svg.matchAll(/url\(#([^)]+)\)|href="#([^"]+)"/g)].map((m) => m[1] ?? m[2]);
  for (const ref of refs) expect(ids).toContain(ref);
}

async function rendered(svg: string): Promise<{ width: number; height: number }> {
  const { info } = await sharp(Buffer.from(svg)).raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height };
}

describe('productSvg', () => {
  for (const kind of GARMENT_KINDS) {
    describe(kind, () => {
      for (const view of VIEWS) {
        it(`${view}: deterministic, well-formed, renders at 800x1000`, async () => {
          const svg = productSvg(kind, '#f4a6b7', view, 7);
          expect(productSvg(kind, '#f4a6b7', view, 7)).toBe(svg);
          expectWellFormed(svg, 800, 1000);
          expect(svg.length).toBeLessThan(40_000);
          expect(await rendered(svg)).toEqual({ width: 800, height: 1000 });
        });
      }

      it('differs by colour and by seed', () => {
        const rose = productSvg(kind, '#f4a6b7', 'front', 3);
        expect(productSvg(kind, '#1f3a5f', 'front', 3)).not.toBe(rose);
        expect(productSvg(kind, '#f5f0e6', 'front', 3)).not.toBe(rose);
        const seeds = new Set([1, 2, 3, 4, 5, 6].map((s) => productSvg(kind, '#e0a526', 'front', s)));
        expect(seeds.size).toBeGreaterThan(1);
      });
    });
  }

  it('copes with odd colour input', async () => {
    for (const hex of ['#fff', '000000', '#000', 'not-a-colour', '#FFFFFF']) {
      const svg = productSvg('frock', hex, 'front', 1);
      expectWellFormed(svg, 800, 1000);
      expect(await rendered(svg)).toEqual({ width: 800, height: 1000 });
    }
  });

  it('pins print patterns to whole pixels (librsvg paints misaligned tiles very slowly)', () => {
    for (const kind of GARMENT_KINDS)
      for (const seed of [1, 2, 3]) {
        const svg = productSvg(kind, '#5b8c5a', 'detail', seed);
        for (const [p] of svg.matchAll(/<pattern [^>]*>/g)) expect(p).toContain('patternTransform="matrix(');
      }
  });

  it('stays cheap to render at other sizes (sharp rasterises SVG at the target size)', async () => {
    const svg = Buffer.from(productSvg('lehenga', '#5b8c5a', 'front', 2));
    for (const width of [533, 1200]) {
      const before = process.cpuUsage();
      const { info } = await sharp(svg).resize({ width }).raw().toBuffer({ resolveWithObject: true });
      const used = process.cpuUsage(before);
      expect(info.width).toBe(width);
      // CPU time, not wall time, so a busy machine does not make this flaky; the slow path took > 1 s
      expect((used.user + used.system) / 1000).toBeLessThan(700);
    }
  });
});

describe('categorySvg', () => {
  it('draws every kind as a deterministic 800x800 tile', async () => {
    for (const kind of GARMENT_KINDS) {
      const svg = categorySvg(kind, '#5b8c5a');
      expect(categorySvg(kind, '#5b8c5a')).toBe(svg);
      expect(categorySvg(kind, '#1f3a5f')).not.toBe(svg);
      expectWellFormed(svg, 800, 800);
    }
    expect(await rendered(categorySvg('booties', '#e0a526'))).toEqual({ width: 800, height: 800 });
  });
});

describe('collectionSvg', () => {
  it('composes 1-3 kinds over a palette', async () => {
    const a = collectionSvg(['frock', 'hair-band', 'booties'], PALETTE, 1);
    expect(collectionSvg(['frock', 'hair-band', 'booties'], PALETTE, 1)).toBe(a);
    expect(collectionSvg(['frock', 'hair-band', 'booties'], ['#1f3a5f', '#e0a526', '#f5f0e6'], 1)).not.toBe(a);
    expectWellFormed(a, 800, 800);
    expect(await rendered(a)).toEqual({ width: 800, height: 800 });
    for (const kinds of [['kurta-set'], ['romper', 'bib']] as const) {
      const svg = collectionSvg([...kinds], PALETTE, 4);
      expectWellFormed(svg, 800, 800);
      expect(await rendered(svg)).toEqual({ width: 800, height: 800 });
    }
    expectWellFormed(collectionSvg([], [], 0), 800, 800);
  });
});

describe('bannerSvg', () => {
  for (const index of [0, 1, 2]) {
    it(`scene ${index}: large 1920x800 and mobile 800x1000, all different`, async () => {
      const large = bannerSvg(index, 'large', PALETTE);
      const mobile = bannerSvg(index, 'mobile', PALETTE);
      expect(bannerSvg(index, 'large', PALETTE)).toBe(large);
      expect(large).not.toBe(bannerSvg((index + 1) % 3, 'large', PALETTE));
      expectWellFormed(large, 1920, 800);
      expectWellFormed(mobile, 800, 1000);
      expect(large.length).toBeLessThan(60_000);
      expect(await rendered(large)).toEqual({ width: 1920, height: 800 });
      expect(await rendered(mobile)).toEqual({ width: 800, height: 1000 });
    });
  }

  it('accepts any index and an empty palette', () => {
    expectWellFormed(bannerSvg(5, 'large', []), 1920, 800);
    expectWellFormed(bannerSvg(-1, 'mobile', ['#123']), 800, 1000);
  });
});
