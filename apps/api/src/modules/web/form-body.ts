import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyReply } from 'fastify';
import { dropRestOfBody } from '../../lib/linger';

/**
 * The largest form post a page takes. React Router reads bodies itself (no
 * Fastify body limit applies), so the shop counts them: the longest forms
 * without files (a stock page of 200 rows, a shipping sheet of 100 orders)
 * come to some 40 kB.
 */
export const FORM_POST_MAX_BYTES = 100 * 1024;

/**
 * The back office's picture forms send up to 3 pictures of 15 MB at once:
 * this much only on the pages that take files, and only for a signed-in staff
 * member who may change the catalogue (checked before the body is read).
 */
export const PICTURE_FORM_MAX_BYTES = 3 * 15 * 1024 * 1024 + 1024 * 1024;

/** The back office's pages whose forms post files (multipart): pictures, categories, collections, home, import. */
const FILE_PAGES =
  /^\/admin\/(?:products\/[^/]+\/pictures|categories(?:\/[^/]+)?|collections(?:\/[^/]+)?|home|catalog\/import)$/;

/** Whether a post to this address is one of those pages' (a navigation's `.data` request included). */
export function takesFiles(url: string): boolean {
  const q = url.indexOf('?');
  const pathname = (q === -1 ? url : url.slice(0, q)).replace(/\.data$/, '').replace(/\/_?$/, '');
  return FILE_PAGES.test(pathname);
}

/** The 413 of a form post over its limit, in words (the pictures' own when the pictures limit applied). */
export function sendTooLarge(reply: FastifyReply, limit: number): FastifyReply {
  return reply
    .status(413)
    .type('text/plain; charset=utf-8')
    .send(
      limit >= PICTURE_FORM_MAX_BYTES
        ? 'The files are too large: at most 3 pictures of 15 MB at once'
        : `The form is too large: at most ${Math.round(limit / 1024)} kB`,
    );
}

export interface CountedBody {
  /** The request's body for React Router's Fetch request: it errors at the limit. */
  stream: ReadableStream<Uint8Array>;
  /** The body passed the limit: what was read is dropped, the rest never read. */
  overLimit(): boolean;
  /**
   * Once the answer is decided: a body not read to its end (past the limit,
   * or an action that read none) is dropped after the answer, within bounds
   * (lib/linger.ts).
   */
  settle(res: ServerResponse): void;
}

/**
 * Node's request body as a web stream, counted as it arrives: past `limit`
 * bytes it stops reading (the request is paused, nothing more is taken from
 * the socket) and errors, so a body sent in chunks, which declares no
 * length, is never held beyond the limit. `onOver` is told at once. It reads
 * only as fast as it is read (64 kB ahead at most).
 */
export function countedBody(req: IncomingMessage, limit: number, onOver: () => void): CountedBody {
  let received = 0;
  let over = false;
  let ended = false;
  const stop = () => {
    req.off('data', onData);
    req.pause();
  };
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  function onData(chunk: Buffer) {
    received += chunk.length;
    if (received > limit) {
      over = true;
      stop();
      controller.error(new RangeError(`The form post passed its limit of ${limit} bytes`));
      onOver();
      return;
    }
    controller.enqueue(new Uint8Array(chunk));
    if ((controller.desiredSize ?? 0) <= 0) req.pause();
  }
  const stream = new ReadableStream<Uint8Array>(
    {
      start(c) {
        controller = c;
        req.on('data', onData);
        req.pause();
        req.once('end', () => {
          ended = true;
          if (!over) controller.close();
        });
        req.once('error', (err) => {
          if (!over && !ended) controller.error(err);
        });
      },
      pull() {
        if (!over) req.resume();
      },
      cancel: stop,
    },
    { highWaterMark: 64 * 1024, size: (chunk) => chunk.byteLength },
  );
  const settle = (res: ServerResponse) => {
    if (ended) return;
    stop();
    dropRestOfBody(req, res);
  };
  return { stream, overLimit: () => over, settle };
}
