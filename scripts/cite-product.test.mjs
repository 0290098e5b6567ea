import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  PRODUCT,
  anchorOf,
  anchorsIn,
  applyToText,
  citationsIn,
  citationsOfText,
  issueCitationsIn,
  repositoryCitations,
  repositoryIssueCitations,
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

describe('issue numbers', () => {
  it('finds no comment or document citing an issue or pull request by number', () => {
    expect(repositoryIssueCitations().map(({ file, line, old }) => `${file}:${line}: ${old}`)).toEqual([]);
  });

  it.each([
    ['// Products (issue #14 items 1-2).', ['issue #14']],
    ['    // Issue #14 item 9: the back office reaches every process.', ['Issue #14']],
    ["/** Nothing to cancel (#17: no endless 'Loading...'). */", ['#17']],
    ['// The words show beside the icons (#17); the link goes on.', ['#17']],
    ['Date: 2026-11-28 (issue #12; #17 items 1–7)', ['issue #12', '#17']],
    ['-- Existing addresses take the name (issue 17).', ['issue 17']],
    ['// Fixed in PR #3, see #23 for the rest.', ['PR #3', '#23']],
    ["test.describe('your account (item 10)', () => {", ['(item 10']],
    ['See [#21](https://example.test/issues/21).', ['#21']],
  ])('finds the issue cited in %s', (line, found) => {
    expect(issueCitationsIn(line)).toEqual(found);
  });

  it.each([
    `<path fill="#000" fill-opacity=".13"/>`,
    "expectWellFormed(bannerSvg(-1, 'mobile', ['#123']), 800, 1000);",
    '  color: #fff;',
    "page.locator('#main');",
    'docs/product.md#screens and owner/repo#5 and page#12 and &#38;',
    'Every issue of the shop is listed; items 1 to 3 go first.',
  ])('leaves %s', (line) => {
    expect(issueCitationsIn(line)).toEqual([]);
  });

  it('reads every tracked text file of a repository, migrations too, and names the line', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'cite-issues-'));
    try {
      const git = (...args) => execFileSync('git', args, { cwd: root, stdio: 'pipe' });
      git('init', '-q');
      mkdirSync(path.join(root, 'drizzle'));
      writeFileSync(path.join(root, 'a.ts'), 'const a = 1;\n// Kept short (issue #9).\n');
      writeFileSync(path.join(root, 'drizzle', '0001.sql'), '-- Backfilled (#4).\nselect 1;\n');
      writeFileSync(path.join(root, 'b.ts'), '// Not tracked (#5).\n');
      writeFileSync(path.join(root, 'c.md'), 'A colour, `#fff`, and a section, product.md#cart.\n');
      git('add', 'a.ts', 'drizzle/0001.sql', 'c.md');
      expect(repositoryIssueCitations(root)).toEqual([
        { file: 'a.ts', line: 2, old: 'issue #9' },
        { file: 'drizzle/0001.sql', line: 1, old: '#4' },
      ]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
