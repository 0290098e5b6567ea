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

/**
 * Holds the page's scripts back until what the shopper sees first has loaded.
 * React Router preloads some 25 scripts and runs them as soon as they arrive;
 * on a phone's connection they took the bandwidth the stylesheet, the fonts
 * and the largest picture needed, and hydrating kept the main thread from
 * painting that picture. The server has rendered the whole page, so the
 * scripts (which make it interactive) can come just after. Until then links
 * work as plain links. docs/benchmarks-lighthouse.md has the figures.
 */
export function deferScripts(html: Buffer, nonce: string): Buffer {
  const preloads = replaceBytes(html, MODULE_PRELOAD, DEFERRED_PRELOAD, Infinity);
  return replaceBytes(preloads, moduleScript(nonce), afterLoad(nonce), 1);
}

/** The page's bytes with up to `times` occurrences of `from` replaced (found as bytes: the page is never decoded). */
function replaceBytes(bytes: Buffer, from: string, to: string, times: number): Buffer {
  const pattern = Buffer.from(from);
  const replacement = Buffer.from(to);
  const parts: Buffer[] = [];
  let at = 0;
  for (
    let found = bytes.indexOf(pattern);
    found !== -1 && parts.length < 2 * times;
    found = bytes.indexOf(pattern, at)
  ) {
    parts.push(bytes.subarray(at, found), replacement);
    at = found + pattern.length;
  }
  if (parts.length === 0) return bytes;
  parts.push(bytes.subarray(at));
  return Buffer.concat(parts);
}
