import { describe, expect, it } from 'vitest';
import { deferScripts } from './scripts-after-load';

const page = [
  '<!DOCTYPE html><html><head><link rel="modulepreload" href="/assets/entry.client-A.js"/>',
  '<link rel="modulepreload" href="/assets/root-B.js"/><link rel="stylesheet" href="/assets/app.css"/></head>',
  '<body><h1>Frocks · ₹1,299</h1><script nonce="N0nce+/=">window.__reactRouterContext = {};</script>',
  '<script nonce="N0nce+/=" type="module" async="">import * as route0 from "/assets/root-B.js";</script></body></html>',
].join('');

describe('deferScripts', () => {
  it('holds the scripts back until load', () => {
    const html = deferScripts(Buffer.from(page), 'N0nce+/=').toString();
    // Nothing fetches or runs a module before the loader says so.
    expect(html).not.toContain('rel="modulepreload"');
    expect(html).not.toContain('<script type="module"');
    expect(html.match(/<link rel="x-deferred-modulepreload"/g)).toHaveLength(2);
    expect(html).toContain(
      '<script nonce="N0nce+/=" type="module/deferred">import * as route0 from "/assets/root-B.js";</script>',
    );
    // The loader comes right before the module it starts; everything else is untouched.
    expect(html.indexOf("addEventListener('load'")).toBeLessThan(html.indexOf('module/deferred">'));
    expect(html).toContain('<h1>Frocks · ₹1,299</h1>');
    expect(html).toContain('<link rel="stylesheet" href="/assets/app.css"/>');
    // The loader carries the page's nonce, and hands it to the module script it starts.
    expect(html).toMatch(/<script nonce="N0nce\+\/=">\(function \(\) \{[\s\S]*script\.nonce = deferred\.nonce;/);
    expect(html.replace(/<script nonce="N0nce\+\/=">\(function \(\) \{[\s\S]*?\}\)\(\);<\/script>/, '')).toBe(
      page
        .replaceAll('rel="modulepreload"', 'rel="x-deferred-modulepreload"')
        .replace(
          '<script nonce="N0nce+/=" type="module" async="">',
          '<script nonce="N0nce+/=" type="module/deferred">',
        ),
    );
  });
});
