import { Transform } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';

const MODULE_PRELOAD = '<link rel="modulepreload"';
const DEFERRED_PRELOAD = '<link rel="x-deferred-modulepreload"';
// React Router renders its module script with the page's nonce first (entry.server.tsx passes it).
const moduleScript = (nonce: string) => `<script nonce="${nonce}" type="module" async="">`;
const deferredScript = (nonce: string) => `<script nonce="${nonce}" type="module/deferred">`;

/**
 * Starts the page's scripts once the window has loaded (its stylesheet, fonts
 * and first pictures) and the next frame is painted, or 3 s after the document
 * was parsed should that take longer: the preloads become modulepreloads again and React Router's module
 * script runs, which hydrates the page.
 */
const startScriptsAfterLoad = (nonce: string) => `<script nonce="${nonce}">(function () {
  var started = false;
  function start() {
    if (started) return;
    started = true;
    document.querySelectorAll('link[rel="x-deferred-modulepreload"]').forEach(function (l) { l.rel = 'modulepreload'; });
    var deferred = document.querySelector('script[type="module/deferred"]');
    if (!deferred) return;
    var script = document.createElement('script');
    script.type = 'module';
    script.nonce = deferred.nonce; // the page's CSP runs only scripts with it (a cached page's: with its hash)
    script.textContent = deferred.textContent;
    deferred.replaceWith(script);
  }
  function afterAFrame() { requestAnimationFrame(function () { setTimeout(start, 0); }); }
  // Once loaded and painted: the first picture (loaded by then) is on the screen.
  addEventListener('load', function () {
    if (!window.PerformanceObserver || performance.getEntriesByName('first-contentful-paint').length) return afterAFrame();
    new PerformanceObserver(function (list, observer) { observer.disconnect(); afterAFrame(); })
      .observe({ type: 'paint', buffered: true });
  });
  document.addEventListener('DOMContentLoaded', function () { setTimeout(start, 3000); });
})();</script>`;

const afterLoad = (nonce: string) => `${startScriptsAfterLoad(nonce)}${deferredScript(nonce)}`;

/** What scriptsAfterLoad does, to a whole page at once (a page kept by the page cache). */
export function deferScripts(
  html: string,
  nonce: string,
  script = moduleScript(nonce),
  replacement = afterLoad(nonce),
): string {
  return html.replaceAll(MODULE_PRELOAD, DEFERRED_PRELOAD).replaceAll(script, replacement);
}

/**
 * Holds the page's scripts back until what the shopper sees first has loaded,
 * as the HTML streams out. React Router preloads some 25 scripts and runs them
 * as soon as they arrive; on a phone's connection they took the bandwidth the
 * stylesheet, the fonts and the largest picture needed, and hydrating kept the
 * main thread from painting that picture. The server has rendered the whole
 * page, so the scripts (which make it interactive) can come just after.
 * Until then links work as plain links. docs/benchmarks-lighthouse.md has the figures.
 *
 * What React writes in one go (in pieces of 2 KB) goes on as one piece, at the
 * next turn of the event loop: each piece cost a step through the compressor
 * and a write to the socket, a fifth of a signed-in page's CPU time
 * (docs/benchmarks.md, "Signed-in pages").
 */
export function scriptsAfterLoad(nonce: string): Transform {
  const script = moduleScript(nonce);
  const replacement = afterLoad(nonce);
  // Whatever could be the start of a tag split between two chunks waits for the next one.
  const keep = Math.max(MODULE_PRELOAD.length, script.length) - 1;
  const decoder = new StringDecoder('utf8'); // a character may be split between chunks too
  let tail = '';
  const defer = (text: string) => deferScripts(text, nonce, script, replacement);
  let pending = '';
  let scheduled = false;
  const transform = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      const text = defer(tail + decoder.write(chunk));
      tail = text.slice(-keep);
      pending += text.slice(0, -keep);
      if (!scheduled) {
        scheduled = true;
        setImmediate(() => {
          scheduled = false;
          if (pending) transform.push(pending);
          pending = '';
        });
      }
      done();
    },
    flush(done) {
      const rest = pending + defer(tail + decoder.end());
      pending = '';
      done(null, rest);
    },
  });
  return transform;
}
