import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { pipeline } from 'node:stream/promises';
import { describe, expect, it } from 'vitest';
import { scriptsAfterLoad } from './web.routes';

const page = [
  '<!DOCTYPE html><html><head><link rel="modulepreload" href="/assets/entry.client-A.js"/>',
  '<link rel="modulepreload" href="/assets/root-B.js"/><link rel="stylesheet" href="/assets/app.css"/></head>',
  '<body><h1>Frocks · ₹1,299</h1><script nonce="N0nce+/=">window.__reactRouterContext = {};</script>',
  '<script nonce="N0nce+/=" type="module" async="">import * as route0 from "/assets/root-B.js";</script></body></html>',
].join('');

/** The page through the transform, cut into chunks of `size` bytes (splitting tags and characters). */
async function streamed(size: number): Promise<string> {
  const bytes = Buffer.from(page);
  const chunks = Array.from({ length: Math.ceil(bytes.length / size) }, (_, i) =>
    bytes.subarray(i * size, (i + 1) * size),
  );
  const transform = scriptsAfterLoad('N0nce+/=');
  const out = text(transform);
  await pipeline(Readable.from(chunks), transform);
  return out;
}

describe('scriptsAfterLoad', () => {
  it.each([1, 3, 7, 64, 10_000])('holds the scripts back until load, in chunks of %i bytes', async (size) => {
    const html = await streamed(size);
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

  it('sends on what React writes in one go as one piece, not piece by piece', async () => {
    const transform = scriptsAfterLoad('N0nce+/=');
    const pieces: string[] = [];
    transform.on('data', (piece: Buffer | string) => pieces.push(String(piece)));
    const ended = new Promise((resolve) => transform.on('end', resolve));
    const bytes = Buffer.from(page);
    for (let i = 0; i < bytes.length; i += 16) transform.write(bytes.subarray(i, i + 16));
    await new Promise((r) => setImmediate(r));
    transform.end();
    await ended;
    expect(Math.ceil(bytes.length / 16)).toBeGreaterThan(20);
    expect(pieces.length).toBeLessThanOrEqual(2);
    expect(pieces.join('')).toContain('<h1>Frocks · ₹1,299</h1>');
  });
});
