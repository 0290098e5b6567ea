import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * How much more of an unread body is dropped, and for how long, before the
 * connection is cut: more than a fast client has in flight when the answer
 * reaches it (socket buffers hold several MB), so it reads the answer first.
 */
const LINGER_BYTES = 16 * 1024 * 1024;
const LINGER_MS = 2_000;

/**
 * For an answer given before the request's body was read to its end (too
 * large, or never wanted): once the answer is sent, what more arrives is
 * dropped, at most 16 MB or for 2 s, and then the connection is cut. Cut at
 * once (what `Connection: close` does) while the client is still sending,
 * the connection is reset, and the client often loses the answer with it:
 * it sees a broken connection instead of the 413. A body that ends in time
 * leaves the connection open for the next request.
 */
export function dropRestOfBody(req: IncomingMessage, res: ServerResponse): void {
  if (req.readableEnded) return;
  res.once('finish', () => {
    let dropped = 0;
    // Destroying a request not read to its end destroys its socket.
    const timer = setTimeout(() => req.destroy(), LINGER_MS).unref();
    req.on('data', (chunk: Buffer) => {
      dropped += chunk.length;
      if (dropped > LINGER_BYTES) req.destroy();
    });
    req.once('close', () => clearTimeout(timer));
    req.resume();
  });
}
