import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  PRODUCT,
  anchorOf,
  anchorsIn,
  applyToText,
  citationsIn,
  citationsOfText,
  repositoryCitations,
  ruleAnchors,
} from './cite-product.mjs';

const product = readFileSync(new URL(`../${PRODUCT}`, import.meta.url), 'utf8');

describe('cite-product', () => {
  it('finds no comment or document citing a document outside the repository', () => {
    expect(repositoryCitations().map(({ file, found }) => `${file}:${found[0].line}: ${found[0].old}`)).toEqual([]);
  });

  it('names only sections that docs/product.md has', () => {
    const known = anchorsIn(product);
    expect(known.size).toBeGreaterThan(20);
    expect([...ruleAnchors()].filter((a) => !known.has(a))).toEqual([]);
  });

  it('makes anchors as GitHub does', () => {
    expect(anchorOf('Order states')).toBe('order-states');
    expect(anchorOf('GST')).toBe('gst');
    expect(anchorOf('API: the conventions')).toBe('api-the-conventions');
  });

  it.each([
    ['/** A cart line (spec §2): picture, name, size, colour */', 'spec §2', ['cart']],
    ['// Spec §2: DD-MM-YYYY hh:mm A.', 'Spec §2', ['orders']],
    ['/** The URL map of spec §2 */', 'spec §2', ['screens']],
    [" * Places an order from the shopper's cart (decisions §3), all in one", 'decisions §3', ['orders']],
    ['/** The rate table of decisions §5; every shop needs one */', 'decisions §5', ['shipping']],
    ["// Spec §5/§8: a 400 shows the first of the server's errors.", 'Spec §5/§8', ['messages']],
    [' * Add to Cart / Remove From Cart / Out of Stock (spec §2, §5), then the', 'spec §2, §5', ['catalogue']],
    [' * Every move an order may make (decisions §4). This module is the only', 'decisions §4', ['order-states']],
  ])('maps %s', (line, old, anchors) => {
    expect(citationsIn(line)).toEqual([{ old, index: line.indexOf(old), anchors }]);
  });

  it('reads the lines around a citation that says too little itself', () => {
    const line = '  // The server says the same (decisions §3).';
    const text = ['  await cod.click();', "  await expectToast(page, 'Cash on Delivery is not available');", '', line];
    expect(citationsOfText(text.join('\n'))).toEqual([
      { old: 'decisions §3', index: line.indexOf('decisions'), anchors: ['checkout'], line: 4 },
    ]);
    expect(citationsIn(line)[0].anchors).toEqual(['api']);
  });

  it('rewrites every citation of a text and leaves the rest', () => {
    const text = [
      '/** Spec §9 / decisions §5: India Express. */',
      "const RATE = 450; // not 'spec' without a section",
      "/** The shop's words (spec §8, corrected per decisions §5). */",
    ].join('\n');
    expect(applyToText(text)).toBe(
      [
        '/** docs/product.md#shipping / docs/product.md#shipping: India Express. */',
        "const RATE = 450; // not 'spec' without a section",
        "/** The shop's words (docs/product.md#messages, corrected per docs/product.md#messages). */",
      ].join('\n'),
    );
    expect(citationsOfText(applyToText(text))).toEqual([]);
  });
});
