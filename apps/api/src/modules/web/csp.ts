import { createHash } from 'node:crypto';
import type { Env } from '../../env';

/** Razorpay's checkout opens its sheet, and 3-D Secure or netbanking pages, in frames from these hosts. */
const RAZORPAY_FRAMES = ['https://api.razorpay.com', 'https://checkout.razorpay.com'];
/** Google Analytics 4 (Google's own list for gtag.js). */
const GA_SCRIPTS = ['https://*.googletagmanager.com'];
const GA_CONNECT = [
  'https://*.google-analytics.com',
  'https://*.analytics.google.com',
  'https://*.googletagmanager.com',
];
const GA_IMAGES = ['https://*.google-analytics.com', 'https://*.googletagmanager.com'];

/**
 * The storefront pages' Content-Security-Policy, as a function of each
 * response's inline scripts: a rendered page's nonce (`'nonce-…'`), or a
 * cached page's hashes of its inline scripts (`'sha256-…'`: a kept page cannot
 * carry a fresh nonce, docs/decisions/0010-page-cache.md). Scripts from the
 * shop itself or allowed by those, the
 * payment provider's checkout and, when configured, Google Analytics; nothing
 * else. Styles allow inline ones: both checkout sheets inject theirs, and
 * an injected style cannot run code.
 */
export function storefrontCsp(env: Env): (inline: InlineScripts) => string {
  const razorpay = env.PAYMENT_PROVIDER === 'razorpay';
  const ga = !!env.GA_MEASUREMENT_ID;
  // The test provider's checkout is served by the shop itself ('self').
  const checkout = razorpay ? [new URL(env.RAZORPAY_CHECKOUT_URL).origin] : [];
  const frames = razorpay ? [...new Set([...RAZORPAY_FRAMES, ...checkout])] : [];
  const list = (...sources: string[]) => [...new Set(sources)].join(' ');
  const fixed = [
    `style-src 'self' 'unsafe-inline'`,
    `img-src ${list("'self'", 'data:', ...(ga ? GA_IMAGES : []))}`,
    `font-src 'self'`,
    `connect-src ${list("'self'", ...checkout, ...(razorpay ? RAZORPAY_FRAMES : []), ...(ga ? GA_CONNECT : []))}`,
    `frame-src ${list("'self'", ...frames)}`,
    `object-src 'none'`,
    `base-uri 'self'`,
    `form-action ${list("'self'", ...(razorpay ? RAZORPAY_FRAMES : []))}`,
    `frame-ancestors 'self'`,
  ].join('; ');
  const scripts = list("'self'", ...checkout, ...(ga ? GA_SCRIPTS : []));
  return (inline) => {
    const allowed = 'nonce' in inline ? `'nonce-${inline.nonce}'` : inline.hashes.map((h) => `'sha256-${h}'`).join(' ');
    return `default-src 'self'; script-src ${allowed ? `${allowed} ` : ''}${scripts}; ${fixed}`;
  };
}

export type InlineScripts = { nonce: string } | { hashes: string[] };

/**
 * The SHA-256 (base64) of each inline script the renderer produced, as a CSP
 * hash source names it: only those carrying this render's nonce. A script that
 * reached the page any other way (through content) cannot know the nonce, made
 * fresh for each render, so a cached page's policy never allows it.
 */
export function inlineScriptHashes(html: string, nonce: string): string[] {
  const hashes = new Set<string>();
  const own = ` nonce="${nonce}"`;
  for (const [, attributes, text] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (!attributes!.includes(own)) continue;
    // External scripts need no hash; data blocks (JSON-LD) never run.
    if (/\bsrc\s*=/i.test(attributes!) || /\btype\s*=\s*"application\/(ld\+)?json"/i.test(attributes!) || !text)
      continue;
    hashes.add(createHash('sha256').update(text, 'utf8').digest('base64'));
  }
  return [...hashes];
}
