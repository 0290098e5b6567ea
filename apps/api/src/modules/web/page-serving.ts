import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { etagMatches } from '../../lib/http-cache';
import { inlineScriptHashes, type InlineScripts } from './csp';
import { preparePage, type CachedPage, type PageCache } from './page-cache';
import { quickBrotli, quickGzip } from './compression';
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
 * The shopper's answer about analytics (docs/product.md, Analytics) chooses
 * between versions of an anonymous page (the banner, or Google's script): it
 * is part of the page's key rather than a reason not to keep it.
 */
const CONSENT_COOKIE = 'analytics_consent';

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
    return name === '' || name === CONSENT_COOKIE || IGNORED_COOKIE.test(name);
  });
}

/** Which version of an anonymous page the request's cookies choose ('' for the shopper who has not answered). */
function pageVariant(cookie: string | undefined): string {
  const value = /(?:^|;\s*)analytics_consent=([^;]*)/.exec(cookie ?? '')?.[1];
  return value === 'granted' || value === 'denied' ? `#consent=${value}` : '';
}

/**
 * The path and the query with its parameters in a stable order (`?b=2&a=1`
 * and `?a=1&b=2` are one page), and the version the cookies choose.
 */
export function pageKey(url: string, headers: IncomingHttpHeaders = {}): string | null {
  if (url.length > 2048) return null;
  const q = url.indexOf('?');
  const pathname = q === -1 ? url : url.slice(0, q);
  if (!CACHEABLE.test(pathname)) return null;
  const variant = pageVariant(headers.cookie);
  if (q === -1) return pathname + variant;
  const params = new URLSearchParams(url.slice(q + 1));
  params.sort(); // stable: repeated parameters keep their order
  const query = params.toString();
  return (query ? `${pathname}?${query}` : pathname) + variant;
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
 * every rendered page gets), its nonce removed (a kept page
 * is everyone's, so its nonce would be no secret) and the inline scripts
 * that carried it allowed by their hashes instead.
 */
export async function keptHtml(
  response: Response,
  nonce: string,
  csp: (inline: InlineScripts) => string,
  link: string,
): Promise<{ headers: Record<string, string>; bytes: Buffer }> {
  const headers: Record<string, string> = {};
  for (const [name, value] of response.headers) if (!NOT_KEPT.has(name)) headers[name] = value;
  let bytes = Buffer.from(await response.arrayBuffer());
  if (headers['content-type']?.startsWith('text/html')) {
    const rendered = deferScripts(bytes, nonce).toString('utf8');
    // Hashed while the renderer's scripts still carry the nonce: only theirs are allowed.
    headers['content-security-policy'] = csp({ hashes: inlineScriptHashes(rendered, nonce) });
    const html = rendered.replaceAll(` nonce="${nonce}"`, '');
    if (link) headers.link = link;
    bytes = Buffer.from(html, 'utf8');
  }
  return { headers, bytes };
}

/** A kept page for anonymous shoppers: `keptHtml`, compressed once in each encoding. */
export async function pageOf(
  response: Response,
  nonce: string,
  csp: (inline: InlineScripts) => string,
  link: string,
): Promise<CachedPage> {
  const { headers, bytes } = await keptHtml(response, nonce, csp, link);
  return preparePage(headers, bytes);
}

/** The encoding a page goes out in: brotli when the client takes it, else gzip, else none. */
function encodingFor(req: FastifyRequest): 'br' | 'gzip' | undefined {
  const accepts = req.headers['accept-encoding'] ?? '';
  return /\bbr\b/.test(accepts) ? 'br' : /\bgzip\b/.test(accepts) ? 'gzip' : undefined;
}

/**
 * Sends a page (or its data) rendered for this request alone (a signed-in shopper's): the
 * whole page compressed in one call at a quick quality (brotli 3: 0.3 ms for
 * a product page of 80 KB, 4% larger than the 4 it had streamed at, which took
 * twice as long), rather than a step through the compressor for every piece.
 */
export function sendRenderedPage(req: FastifyRequest, reply: FastifyReply, page: Buffer): FastifyReply {
  const encoding = page.length < 1024 ? undefined : encodingFor(req);
  reply.header('vary', 'Accept-Encoding, Cookie');
  if (!encoding) return reply.send(page);
  return reply.header('content-encoding', encoding).send(encoding === 'br' ? quickBrotli(page) : quickGzip(page));
}

/** A kept page's answer to this request: its bytes in the encoding the client takes, or a 304 when it has them. */
function pageAnswer(
  req: FastifyRequest,
  page: CachedPage,
  cacheControl: string,
  state: 'hit' | 'miss',
): { status: 200 | 304; headers: Record<string, string | number>; body: Buffer | undefined } {
  const headers: Record<string, string | number> = {
    ...page.headers,
    'cache-control': cacheControl,
    etag: page.etag,
    vary: 'Accept-Encoding, Cookie',
    'x-page-cache': state,
  };
  if (etagMatches(req.headers['if-none-match'], page.etag)) return { status: 304, headers, body: undefined };
  const encoding = encodingFor(req);
  const body = encoding === 'br' ? page.br : encoding === 'gzip' ? page.gzip : page.identity;
  if (encoding) headers['content-encoding'] = encoding;
  headers['content-length'] = body.length;
  return { status: 200, headers, body: req.method === 'HEAD' ? undefined : body };
}

/** Sends a page kept just now (a miss), through Fastify like any answer. */
export function sendPage(
  req: FastifyRequest,
  reply: FastifyReply,
  page: CachedPage,
  cacheControl: string,
): FastifyReply {
  const { status, headers, body } = pageAnswer(req, page, cacheControl, 'miss');
  delete headers['content-length'];
  return reply.status(status).headers(headers).send(body);
}

/**
 * Answers a request from the page cache before Fastify does anything more
 * (an onRequest hook, after the security headers): a hit is written
 * straight to the socket, with the headers set so far. False: not a hit,
 * the request goes on.
 */
export function sendKeptPage(
  req: FastifyRequest,
  reply: FastifyReply,
  pages: PageCache,
  cacheControl: string,
): boolean {
  if ((req.method !== 'GET' && req.method !== 'HEAD') || !isAnonymous(req.headers)) return false;
  const key = pageKey(req.url, req.headers);
  const page = key ? pages.get(key) : undefined;
  if (!page) return false;
  const { status, headers, body } = pageAnswer(req, page, cacheControl, 'hit');
  if (status === 304) delete headers['content-length'];
  reply.hijack();
  reply.raw.writeHead(status, { ...(reply.getHeaders() as Record<string, string>), ...headers });
  reply.raw.end(body);
  return true;
}
