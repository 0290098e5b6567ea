// Comments cited 'spec §N' and 'decisions §N', two documents a clone of the repository does not
// have; docs/product.md now says the same in the repository. This maps each such citation to a
// section of product.md and can rewrite it in place (every one was, 2026-11-26; the test keeps
// new ones out).
//
// Comments also cited issue numbers ('issue #14 items 1-2', '(#17)'): a reader of the code cannot
// open the tracker, and the number says nothing of the reason. Those were rewritten by hand to say
// the reason, or the section of the repository's docs that does (2026-11-27); they are listed
// here too, and the test keeps new ones out. --apply leaves them: only a person can say the reason.
//
//   node scripts/cite-product.mjs           lists them (path:line: old -> new; path:line: issue #N)
//   node scripts/cite-product.mjs --apply   rewrites every citation (then run prettier on the files it names)
//
// Both check first that every section the rules name is a heading of docs/product.md.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const PRODUCT = 'docs/product.md';
const SKIP = new Set([PRODUCT, 'scripts/cite-product.mjs', 'scripts/cite-product.test.mjs']);
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TEXT_FILE = /\.(ts|tsx|js|mjs|md|css|html)$/;
/** Issue citations are looked for in migrations as well (their comments are read too). */
const ISSUE_TEXT_FILE = /\.(ts|tsx|js|mjs|cjs|md|css|html|sql)$/;
const ISSUE_SKIP = new Set(['scripts/cite-product.mjs', 'scripts/cite-product.test.mjs']);

/** 'spec §2', 'Spec §5/§8', 'spec §2, §5', 'decisions §4' (the section numbers in group 2). */
const CITATION = /\b(spec|decisions) ?(§ ?\d+(?:(?: ?, ?| ?\/ ?)§ ?\d+)*)/gi;

/**
 * Per document and section: [pattern, anchor] pairs tried in order on the citing line (then on
 * the lines around it), and the section's default anchor last.
 */
export const RULES = {
  spec: {
    1: ['overview'],
    2: [
      [/cart line/, 'cart'],
      [/dd-mm-yyyy/, 'orders'],
      [/contact page/, 'contact'],
      [/where a search goes|query in the url/, 'search'],
      [/email rides/, 'otp'],
      [/banner|picture tiles|collection tiles|focused collection/, 'home'],
      [/header|footer|drawer|phone menu|account control|search icon|shop menu|accessories ends/, 'layout'],
      [/product card|product page|columns|choosers|add to cart|first tap/, 'catalogue'],
      'screens',
    ],
    3: [
      [/local storage/, 'sessions'],
      [/home/, 'home'],
      [/cart or wishlist line/, 'cart'],
      [/first line|list rows/, 'orders'],
      'catalogue',
    ],
    4: [
      [/delivered|orange/, 'orders'],
      [/logging in|button says/, 'messages'],
      [/login/, 'sessions'],
      [/sum of quantity/, 'cart'],
      [/catalogue/, 'catalogue'],
      'order-states',
    ],
    5: [[/first of/, 'messages'], [/checks before checkout/, 'cart'], [/add to cart/, 'catalogue'], 'validation'],
    6: ['sessions'],
    7: [[/provider|checkout script|razorpay/, 'payments'], 'api'],
    8: ['messages'],
    9: [
      [/otp|one-time code|digits/, 'otp'],
      [/menus/, 'layout'],
      [/banner|cards from|tiles/, 'home'],
      [/percent|mrp/, 'catalogue'],
      [/accessor/, 'catalogue'],
      [/toast/, 'layout'],
      [/india|express|shipping/, 'shipping'],
      'limits',
    ],
  },
  decisions: {
    1: ['overview'],
    2: ['api'],
    3: [
      [/page-view|pageview|analytics/, 'analytics'],
      [/return/, 'returns'],
      [/cash on delivery/, 'checkout'],
      [/payment|provider|webhook/, 'payments'],
      [/places an order|\border\b/, 'orders'],
      [/cart/, 'cart'],
      'api',
    ],
    4: [[/cancels/, 'cancellation'], 'order-states'],
    5: [
      [/razorpay|provider/, 'payments'],
      [/\brates?\b/, 'shipping'],
      [/page_view|analytics|google/, 'analytics'],
      [/address/, 'addresses'],
      [/spelling|corrected|word for word/, 'messages'],
      [/india|express/, 'shipping'],
      'screens',
    ],
    6: [
      [/refund/, 'refunds'],
      [/not found/, 'api'],
      [/email|password|login/, 'accounts'],
      [/paid|provider|payment/, 'payments'],
      'api',
    ],
    7: ['back-office'],
    8: ['settings'],
  },
};

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as dashes. */
export const anchorOf = (heading) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');

export const anchorsIn = (markdown) =>
  new Set([...markdown.matchAll(/^#{1,6} +(.+?) *#*$/gm)].map((m) => anchorOf(m[1])));

/** Every anchor the rules can answer. */
export const ruleAnchors = () =>
  new Set(
    Object.values(RULES).flatMap((sections) =>
      Object.values(sections).flatMap((rules) => rules.map((r) => (typeof r === 'string' ? r : r[1]))),
    ),
  );

function anchorFor(doc, section, line, context) {
  const rules = RULES[doc]?.[section];
  if (!rules) throw new Error(`No rule for ${doc} §${section}`);
  for (const text of [line, context]) {
    const hit = rules.find((r) => typeof r !== 'string' && r[0].test(text.toLowerCase()));
    if (hit) return hit[1];
  }
  return rules.find((r) => typeof r === 'string');
}

/**
 * The citations of one line: what they say, where they are, and the sections of product.md they
 * mean (in order, without repeats). `context` is the text of the neighbouring lines, for lines
 * that say too little themselves.
 */
export function citationsIn(line, context = '') {
  return [...line.matchAll(CITATION)].map((m) => {
    const doc = m[1].toLowerCase();
    const sections = [...m[2].matchAll(/\d+/g)].map((n) => Number(n[0]));
    const anchors = [...new Set(sections.map((s) => anchorFor(doc, s, line, context)))];
    return { old: m[0], index: m.index, anchors };
  });
}

export const citationText = (anchors) => anchors.map((a) => `${PRODUCT}#${a}`).join(', ');

/** A comment often names its subject a few lines above the citation, or on the next line. */
const around = (lines, i) => lines.slice(Math.max(0, i - 4), i + 2).join(' ');

/** The citations of a file's text, line by line (1-based line numbers). */
export function citationsOfText(text) {
  const lines = text.split('\n');
  return lines.flatMap((line, i) => citationsIn(line, around(lines, i)).map((c) => ({ ...c, line: i + 1 })));
}

/** The text with every citation replaced by its product.md sections. */
export function applyToText(text) {
  const lines = text.split('\n');
  return lines
    .map((line, i) => {
      let out = line;
      for (const c of citationsIn(line, around(lines, i)).reverse()) {
        out = out.slice(0, c.index) + citationText(c.anchors) + out.slice(c.index + c.old.length);
      }
      return out;
    })
    .join('\n');
}

const trackedFiles = (root) => execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' }).split('\n');

/** Every citation of an outside document in the repository's tracked text files. */
export function repositoryCitations(root = ROOT) {
  const files = trackedFiles(root).filter((f) => TEXT_FILE.test(f) && !SKIP.has(f));
  return files.flatMap((file) => {
    const found = citationsOfText(readFileSync(path.join(root, file), 'utf8'));
    return found.length ? [{ file, found }] : [];
  });
}

/**
 * An issue or pull request cited by number: 'issue #17', 'Issue 14 item 9', 'issues #12 and #17',
 * '(#21)', '#23:', 'PR #3', '(item 10)'. Not one: a colour ('#fff', "#123", `fill="#000"`), a
 * fragment or an anchor ('page#12', 'owner/repo#5', '&#38;', '#main').
 */
const ISSUE_CITATION =
  /\b(?:issues?|pull requests?|PRs?|tickets?)[ \t]*#?\d+|(?<![\w#&/'"=-])#\d{1,4}(?![\w-])|\(items? \d+/gi;

/** The issue citations of one line, as written. */
export const issueCitationsIn = (line) => [...line.matchAll(ISSUE_CITATION)].map((m) => m[0]);

/** Every issue or pull request cited by number in the repository's tracked text files. */
export function repositoryIssueCitations(root = ROOT) {
  const files = trackedFiles(root).filter((f) => ISSUE_TEXT_FILE.test(f) && !ISSUE_SKIP.has(f));
  return files.flatMap((file) =>
    readFileSync(path.join(root, file), 'utf8')
      .split('\n')
      .flatMap((line, i) => issueCitationsIn(line).map((old) => ({ file, line: i + 1, old }))),
  );
}

function main() {
  const known = anchorsIn(readFileSync(path.join(ROOT, PRODUCT), 'utf8'));
  const missing = [...ruleAnchors()].filter((a) => !known.has(a));
  if (missing.length) {
    console.error(`${PRODUCT} has no section for: ${missing.map((a) => `#${a}`).join(', ')}`);
    process.exit(1);
  }
  const cited = repositoryCitations();
  for (const { file, found } of cited) {
    for (const c of found) console.log(`${file}:${c.line}: ${c.old} -> ${citationText(c.anchors)}`);
  }
  if (process.argv.includes('--apply') && cited.length) {
    for (const { file } of cited) {
      const full = path.join(ROOT, file);
      writeFileSync(full, applyToText(readFileSync(full, 'utf8')));
    }
    console.log(`Rewrote the citations of ${cited.length} files; now run:`);
    console.log(`npx prettier --write ${cited.map((c) => c.file).join(' ')}`);
  } else {
    console.log(`${cited.reduce((n, c) => n + c.found.length, 0)} citations in ${cited.length} files`);
  }
  const issues = repositoryIssueCitations();
  for (const c of issues) console.log(`${c.file}:${c.line}: ${c.old} (say the reason instead)`);
  console.log(`${issues.length} issue citations`);
  if (issues.length) process.exitCode = 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
