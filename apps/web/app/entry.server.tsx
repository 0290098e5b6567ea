import { Writable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import type { AppLoadContext, EntryContext } from 'react-router';
import { ServerRouter } from 'react-router';

export const streamTimeout = 5_000;

/**
 * React Router's server entry, with the response's Content-Security-Policy
 * nonce (made per response by the shop server, web.routes.ts, and passed in the
 * load context): ServerRouter hands it to <Scripts>, <ScrollRestoration> and the
 * data it writes, React to the scripts it writes itself.
 *
 * The page is answered whole, once everything is rendered, as one buffer. The
 * loaders have finished before rendering starts and nothing on a page waits
 * for data, so streaming sent the same page no sooner: it only passed React's
 * 2 KB pieces one by one through four streams and the compressor, which cost
 * a signed-in page a fifth of its CPU time (docs/benchmarks.md, "Signed-in pages").
 * Crawlers were given the whole page already.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.cspNonce;

  return new Promise<Response>((resolve, reject) => {
    const chunks: Uint8Array[] = [];
    let shellRendered = false;
    // Abort the render after streamTimeout (a render that never settles answers with what it has).
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);
    const body = new Writable({
      write(chunk: Uint8Array, _encoding, done) {
        chunks.push(chunk); // React never writes into a piece it has handed over
        done();
      },
      final(done) {
        clearTimeout(timeoutId);
        timeoutId = undefined;
        responseHeaders.set('Content-Type', 'text/html');
        resolve(new Response(Buffer.concat(chunks), { headers: responseHeaders, status: responseStatusCode }));
        done();
      },
    });

    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />,
      {
        nonce,
        onShellReady() {
          shellRendered = true;
        },
        onAllReady() {
          pipe(body);
        },
        onShellError(error: unknown) {
          clearTimeout(timeoutId);
          reject(error instanceof Error ? error : new Error(String(error)));
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors while rendering the shell reject above and are logged by React Router.
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
