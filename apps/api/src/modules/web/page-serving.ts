import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { etagMatches } from '../../lib/http-cache';
import { inlineScriptHashes, type InlineScripts } from './csp';
import { preparePage, type CachedPage } from './page-cache';
import { deferScripts } from './scripts-after-load';

/**
 * Which storefront requests the page cache answers, and how a rendered page
 * becomes a kept one (docs/decisions/0010-page-cache.md).
 */

/** The pages that are the same for every anonymous shopper: the catalogue, search, policies, sitemap, robots. */
const CACHEABLE =
  /^\/(?:|shop|categories(?:\/[^/]+)?|collections(?:\/[^/]+)?|search|products-search|product\/[^/]+|about|terms-and-conditions|cancellation-and-refunds|shipping-policy|sitemap\.xml|robots\.txt)$/;

/** Cookies the shop never reads (Google Analytics' own): they leave a request anonymous. */
const IGNORED_COOKIE = /^(?:_ga|_gid|_gat|_gcl)/;

/**
 * Anonymous: no credentials and no cookie the shop reads. Any other cookie
 * (the session, an admin's, a message left for the next page, the
 * password-reset step, or one added later) makes the request the shopper's
 * own, so a new cookie can never leak into a shared page.
 */
export function isAnonymous(headers: IncomingHttpHeaders): boolean {
  if (headers.authorization) return false;
  const cookie = headers.cookie;
  if (!cookie) return true;
  return cookie.split(';').every((pair) => {
    const name = pair.split('=', 1)[0]!.trim();
    return name === '' || IGNORED_COOKIE.test(name);
  });
}

/** The path and the query with its parameters in a stable order: `?b=2&a=1` and `?a=1&b=2` are one page. */
export function pageKey(url: string): string | null {
  if (url.length > 2048) return null;
  const q = url.indexOf('?');
  const pathname = q === -1 ? url : url.slice(0, q);
  if (!CACHEABLE.test(pathname)) return null;
  if (q === -1) return pathname;
  const params = new URLSearchParams(url.slice(q + 1));
  params.sort(); // stable: repeated parameters keep their order
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/** A response every anonymous shopper may be given: a whole 200, setting no cookie. */
export function keepable(response: Response): boolean {
  return (
    response.status === 200 &&
    response.body !== null &&
    response.headers.getSetCookie().length === 0 &&
    !/no-store|private/.test(response.headers.get('cache-control') ?? '')
  );
}

const NOT_KEPT = new Set(['set-cookie', 'cache-control', 'content-length', 'content-encoding', 'etag', 'vary']);

/**
 * A rendered page made ready to keep: its scripts held until load (as
 * scriptsAfterLoad does to a streamed page), its nonce removed (a kept page
 * is everyone's, so its nonce would be no secret) and its inline scripts
 * allowed by their hashes instead.
 */
export async function pageOf(
  response: Response,
  nonce: string,
  csp: (inline: InlineScripts) => string,
  link: string,
): Promise<CachedPage> {
  const headers: Record<string, string> = {};
  for (const [name, value] of response.headers) if (!NOT_KEPT.has(name)) headers[name] = value;
  let bytes = Buffer.from(await response.arrayBuffer());
  if (headers['content-type']?.startsWith('text/html')) {
    const html = deferScripts(bytes.toString('utf8'), nonce).replaceAll(` nonce="${nonce}"`, '');
    headers['content-security-policy'] = csp({ hashes: inlineScriptHashes(html) });
    if (link) headers.link = link;
    bytes = Buffer.from(html, 'utf8');
  }
  return preparePage(headers, bytes);
}

/** Sends a kept page: its bytes in the encoding the client takes, or a 304 when it has them. */
export function sendPage(
  req: FastifyRequest,
  reply: FastifyReply,
  page: CachedPage,
  cacheControl: string,
  state: 'hit' | 'miss',
): FastifyReply {
  reply
    .headers(page.headers)
    .header('cache-control', cacheControl)
    .header('etag', page.etag)
    .header('vary', 'Accept-Encoding, Cookie')
    .header('x-page-cache', state);
  if (etagMatches(req.headers['if-none-match'], page.etag)) return reply.status(304).send();
  const accepts = req.headers['accept-encoding'] ?? '';
  const [encoding, body] = /\bbr\b/.test(accepts)
    ? ['br', page.br]
    : /\bgzip\b/.test(accepts)
      ? ['gzip', page.gzip]
      : [undefined, page.identity];
  if (encoding) reply.header('content-encoding', encoding);
  if (req.method === 'HEAD') return reply.send();
  return reply.send(body);
}
