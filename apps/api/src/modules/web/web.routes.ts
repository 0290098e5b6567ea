import { createHmac, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { fileURLToPath, pathToFileURL } from 'node:url';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import { ADMIN_ROUTES, MESSAGES, SHARED_PAGE_HEADER, adminTokenOf, type AdminMe } from '@shop/contract';
import type { ApiFetch } from '@shop/contract/lite';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerBuild, createRequestHandler as CreateRequestHandler } from 'react-router';
import type { AppContext } from '../../context';
import { noSuchAddress } from '../../lib/errors';
import { fromShopOrigin } from '../../lib/same-origin';
import { PRIVATE_NO_STORE, publicCacheControl } from '../../lib/http-cache';
import { RENDER_HEADER, openRender } from '../../lib/render-sessions';
import { BuildAssets } from './build-assets';
import { codeLink } from './code-link';
import { storefrontCsp } from './csp';
import { FORM_POST_MAX_BYTES, PICTURE_FORM_MAX_BYTES, countedBody, sendTooLarge, takesFiles } from './form-body';
import { KeptCache, PageCache } from './page-cache';
import {
  isAnonymous,
  keepable,
  keptHtml,
  pageKey,
  pageOf,
  sendKeptPage,
  sendPage,
  sendRenderedPage,
} from './page-serving';
import { sendSharedPage, sessionOnly, sharedPageOf, shopperOf, type SharedPage } from './shared-pages';
import { deferScripts } from './scripts-after-load';

/** The storefront's build (apps/web/build), from the sources or from the API's build. */
export function webBuildDir(): string | undefined {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.resolve(here, '../../../../web/build'), path.resolve(here, '../../web/build')];
  return candidates.find((dir) => existsSync(path.join(dir, 'server', 'index.js')));
}

/** A catalogue answer the storefront's renders share (inProcessApi): as the API sent it. */
export interface KeptAnswer {
  headers: [string, string][];
  body: Buffer;
  size: number;
}

/**
 * The key an in-process call's answer is kept under, or null when it is not
 * everyone's: only anonymous GETs, and not search, which counts every
 * shopper's searches against their address (catalog.routes.ts). The key drops
 * /api/v1, so a product's answer sits at /product/<slug> like its page and the
 * kept answers follow the page cache's rules (page-cache.ts).
 */
function keptKey(url: string, init: Parameters<ApiFetch>[1] = {}): string | null {
  const prefix = '/api/v1';
  if ((init.method ?? 'GET') !== 'GET' || init.body !== undefined || init.headers?.authorization) return null;
  if (!url.startsWith(`${prefix}/`) || url.startsWith(`${prefix}/products/search`)) return null;
  return url.slice(prefix.length);
}

/**
 * `clientIp`: the shopper's address, so the API's per-address limits count the shopper, not the server.
 * `renderId`: the page's calls share one session lookup (lib/render-sessions.ts).
 * `kept`: catalogue answers (public, from the catalogue cache) kept for every render of this process
 * while the catalogue stays as it was, so a page asks the API for its header's categories, the product
 * and its neighbours only after a change (docs/benchmarks.md, "Signed-in pages").
 */
export function inProcessApi(
  app: FastifyInstance,
  clientIp?: string,
  renderId?: string,
  kept?: KeptCache<KeptAnswer>,
): ApiFetch {
  const call: ApiFetch = (url, init) => inject(app, url, init, clientIp, renderId).then(responseOf);
  return async (url, init = {}) => {
    const key = kept && keptKey(url, init);
    if (!key) return call(url, init);
    let mine: Response | undefined;
    const answer =
      kept.get(key) ??
      (await kept.fill(key, async () => {
        const res = await inject(app, url, init, clientIp, renderId);
        if (res.statusCode === 200 && String(res.headers['cache-control']).startsWith('public')) {
          const headers = Object.entries(res.headers).map(([k, v]) => [k, String(v)] as [string, string]);
          return { headers, body: res.rawPayload, size: res.rawPayload.length + 512 };
        }
        mine = responseOf(res);
        return null;
      }));
    if (answer) return new Response(answer.body, { status: 200, headers: answer.headers });
    // Not everyone's: this caller's own answer, or (waiting on another's call) one of its own.
    return mine ?? call(url, init);
  };
}

function inject(
  app: FastifyInstance,
  url: string,
  init: Parameters<ApiFetch>[1] = {},
  clientIp?: string,
  renderId?: string,
) {
  return app.inject({
    method: (init.method ?? 'GET') as 'GET',
    url,
    headers: renderId ? { ...init.headers, [RENDER_HEADER]: renderId } : init.headers,
    ...(clientIp ? { remoteAddress: clientIp } : {}),
    // A picture's bytes (the back office's uploads) go as they are, never as JSON.
    ...(init.body === undefined
      ? {}
      : {
          payload:
            typeof init.body === 'string'
              ? init.body
              : Buffer.from(init.body.buffer, init.body.byteOffset, init.body.byteLength),
        }),
  });
}

function responseOf(res: Awaited<ReturnType<typeof inject>>): Response {
  const headers = new Headers();
  for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) headers.set(k, String(v));
  return new Response(res.statusCode === 204 || res.statusCode === 304 ? null : res.rawPayload, {
    status: res.statusCode,
    headers,
  });
}

/**
 * What the storefront's loaders and actions get besides the request
 * (apps/web/app/lib/api.server.ts reads it): the API in process, as the
 * shopper (their address counts in the API's limits), how to write the shop's
 * cookies, and the page's CSP nonce.
 */
export interface StorefrontContext {
  api: ApiFetch;
  /** PUBLIC_URL is https: cookies are Secure (and the session cookie __Host-). */
  secureCookies: boolean;
  /** Signs the storefront's short-lived cookies (messages, the password-reset step). */
  cookieSecret: string;
  cspNonce: string;
}

/**
 * A Fetch request for React Router from Node's request (as @react-router/node
 * builds it), addressed to the shop's public origin (PUBLIC_URL) whatever Host
 * header came: every absolute link a loader makes from `request.url`
 * (canonical, Open Graph, JSON-LD, sitemap, robots) and React Router's check
 * of a form post's Origin then use the shop's own address.
 */
export function fetchRequest(
  req: IncomingMessage,
  signal: AbortSignal,
  origin: string,
  body?: ReadableStream<Uint8Array>,
  shared = false,
): Request {
  const method = req.method ?? 'GET';
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    // Whether a page is rendered for sharing is the server's to say, never the client's.
    if (req.rawHeaders[i]!.toLowerCase() === SHARED_PAGE_HEADER) continue;
    headers.append(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
  }
  if (shared) headers.set(SHARED_PAGE_HEADER, '1');
  // Appended to the origin, so neither '//host/...' nor an absolute-form target can name another host.
  const target = req.url?.startsWith('/') ? req.url : '/';
  const url = new URL(`${origin}${target}`);
  const init: RequestInit & { duplex?: 'half' } = { method, headers, signal };
  if (method !== 'GET' && method !== 'HEAD') {
    init.body = body ?? (Readable.toWeb(req) as ReadableStream<Uint8Array>);
    init.duplex = 'half';
  }
  return new Request(url, init);
}

/** The type of React Router's answers to a navigation's request for a page's data (`<page>.data`). */
const ROUTER_DATA = 'text/x-script';

/**
 * Serves the storefront: hashed assets with a year-long cache, then every
 * other non-API address rendered on the server by React Router. Pages, scripts
 * and styles go out compressed (brotli or gzip), which the speed budget needs
 * (docs/benchmarks-lighthouse.md).
 */
export async function registerWeb(
  app: FastifyInstance,
  ctx: AppContext,
  dir: string | undefined = webBuildDir(),
): Promise<boolean> {
  if (!dir) {
    ctx.log.warn('no storefront build found (apps/web/build): serving the API only');
    return false;
  }
  const build = (await import(pathToFileURL(path.join(dir, 'server', 'index.js')).href)) as ServerBuild;
  // React Router as the storefront's build loads it (a peer of @react-router/node), not bundled into the API.
  const reactRouter = 'react-router';
  const { createRequestHandler } = (await import(reactRouter)) as { createRequestHandler: typeof CreateRequestHandler };
  const shop = new URL(ctx.env.PUBLIC_URL);
  const secureCookies = shop.protocol === 'https:';
  // Its own key, derived from the app secret, rather than the secret that signs invoice links.
  const cookieSecret = createHmac('sha256', ctx.secret).update('storefront cookies').digest('base64url');
  // Error texts and stacks reach a page only in development.
  const handle = createRequestHandler(build, ctx.env.NODE_ENV === 'development' ? 'development' : 'production');
  const origin = shop.origin;
  const csp = storefrontCsp(ctx.env);
  // A page cannot paint before its stylesheet, yet in <head> the stylesheet comes after the
  // script preloads (React hoists those), so on a phone's few connections it loaded last.
  // A preload in the response header asks for it first.
  const preloadStyles = (build.assets.routes.root?.css ?? [])
    .map((href) => `<${href}>; rel=preload; as=style`)
    .join(', ');

  const pages = ctx.env.PAGE_CACHE_MB > 0 ? new PageCache(ctx.cache, ctx.env.PAGE_CACHE_MB * 1024 * 1024) : undefined;
  // The catalogue answers renders share: a tenth of the pages' budget, which is plenty (a few KB each).
  const answers =
    ctx.env.PAGE_CACHE_MB > 0
      ? new KeptCache<KeptAnswer>(ctx.cache, (ctx.env.PAGE_CACHE_MB * 1024 * 1024) / 10)
      : undefined;
  // Signed-in shoppers' pages, kept by what they show of the shopper (shared-pages.ts): a quarter of the budget.
  const sharedPages =
    ctx.env.PAGE_CACHE_MB > 0
      ? new KeptCache<SharedPage>(ctx.cache, (ctx.env.PAGE_CACHE_MB * 1024 * 1024) / 4)
      : undefined;
  const publicPage = publicCacheControl(ctx.env);
  /** A staff member signed in to the back office who may change the catalogue (and so post its pictures). */
  const mayPostPictures = async (req: FastifyRequest) => {
    const token = adminTokenOf(req.headers.cookie, secureCookies);
    if (!token) return false;
    const me = await app.inject({
      method: 'GET',
      url: `/api/v1${ADMIN_ROUTES['admin.auth.me'].path}`,
      headers: { authorization: `Bearer ${token}` },
      remoteAddress: req.ip,
    });
    return me.statusCode === 200 && me.json<AdminMe>().permissions.includes('catalog.write');
  };
  /** How much a form post may carry (form-body.ts): the pictures' limit only on their pages, for staff who may post them. */
  const formPostLimit = async (req: FastifyRequest) =>
    takesFiles(req.url) && (await mayPostPictures(req)) ? PICTURE_FORM_MAX_BYTES : FORM_POST_MAX_BYTES;
  /** The page React Router renders for this request (`shared`: to keep for shoppers), with the nonce its scripts carry. */
  const render = async (
    req: FastifyRequest,
    signal: AbortSignal,
    body?: ReadableStream<Uint8Array>,
    shared = false,
  ) => {
    const nonce = randomBytes(16).toString('base64');
    const session = openRender();
    const api = inProcessApi(app, req.ip, session.id, answers);
    const context: StorefrontContext = { api, secureCookies, cookieSecret, cspNonce: nonce };
    try {
      // Loaders and actions are done once the response starts (its body only streams the render).
      const response = await handle(fetchRequest(req.raw, signal, origin, body, shared), { ...context });
      return { response, nonce };
    } finally {
      session.close();
    }
  };

  // One scope for the storefront, so compression leaves the API's answers as they are.
  await app.register(async (web) => {
    // Registered before @fastify/static, as that plugin asks.
    await web.register(compress, { global: true, encodings: ['br', 'gzip'], threshold: 1024 });

    // The rest of the build's client folder (favicon.svg): from disk, cached for an hour.
    await web.register(fastifyStatic, {
      root: path.join(dir, 'client'),
      prefix: '/',
      wildcard: false,
      globIgnore: ['assets/**'],
      index: false,
      decorateReply: false,
      setHeaders(res) {
        res.header('cache-control', 'public, max-age=3600');
      },
    });

    // Hashed assets: a year-long cache, from memory.
    const assets = new BuildAssets(path.join(dir, 'client', 'assets'));
    web.get<{ Params: { '*': string } }>('/assets/*', { compress: false }, async (req, reply) => {
      const asset = await assets.get(req.params['*']);
      if (!asset) return reply.callNotFound();
      reply
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('etag', asset.etag)
        .header('vary', [reply.getHeader('vary'), 'accept-encoding'].filter(Boolean).join(', '))
        .type(asset.type);
      if (req.headers['if-none-match'] === asset.etag) return reply.status(304).send();
      const accepts = String(req.headers['accept-encoding'] ?? '');
      if (asset.br && /\bbr\b/.test(accepts)) return reply.header('content-encoding', 'br').send(asset.br);
      if (asset.gzip && /\bgzip\b/.test(accepts)) return reply.header('content-encoding', 'gzip').send(asset.gzip);
      return reply.send(asset.bytes);
    });

    await web.register((scope, _opts, done) => {
      // A link carrying a discount code: kept in a cookie, and the same page without it (code-link.ts).
      scope.addHook('onRequest', (req, reply, next) => {
        const link = req.method === 'GET' || req.method === 'HEAD' ? codeLink(req.url, secureCookies) : null;
        if (!link) return next();
        if (link.cookie) reply.header('set-cookie', link.cookie);
        reply.header('cache-control', PRIVATE_NO_STORE).redirect(link.location, 303);
      });
      // A kept page goes out before routing goes any further (page-serving.ts).
      if (pages) {
        scope.addHook('onRequest', (req, reply, next) => {
          if (!sendKeptPage(req, reply, pages, publicPage)) next();
        });
      }
      // React Router reads request bodies (form posts) itself.
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', (_req, _payload, next) => next(null));
      scope.route({
        method: ['GET', 'HEAD', 'POST'],
        url: '/*',
        handler: async (req, reply) => {
          if (req.url.startsWith('/api/')) {
            return reply.status(404).send(noSuchAddress(req.method, req.url));
          }
          const limit = req.method === 'POST' ? await formPostLimit(req) : 0;
          if (req.method === 'POST' && Number(req.headers['content-length'] ?? 0) > limit) {
            return sendTooLarge(reply, limit);
          }
          // A form posted from another site is refused before any action runs (docs/product.md#screens).
          if (req.method === 'POST' && !fromShopOrigin(req.headers, origin)) {
            return reply.status(403).type('text/plain; charset=utf-8').send(MESSAGES.crossSiteRefused);
          }
          const anonymous = isAnonymous(req.headers);
          const key = pages && anonymous && req.method !== 'POST' ? pageKey(req.url, req.headers) : null;
          const controller = new AbortController();
          reply.raw.once('close', () => controller.abort());
          // A form post's body is counted as it arrives: past the limit React Router's reading fails and stops.
          const body = req.method === 'POST' ? countedBody(req.raw, limit, () => controller.abort()) : undefined;
          let rendered: { response: Response; nonce: string } | undefined;
          try {
            // A signed-in shopper's page: the one kept for what it shows of them, with their own account.
            const token = sharedPages && req.method === 'GET' && !anonymous && sessionOnly(req.headers, secureCookies);
            const page = token ? pageKey(req.url, req.headers) : null;
            const shopper = page ? await shopperOf(ctx, token as string) : null;
            if (page && shopper) {
              const keyed = page + shopper.key;
              const hit = sharedPages!.get(keyed);
              const kept =
                hit ??
                (await sharedPages!.fill(keyed, async () => {
                  const mine = await render(req, controller.signal, undefined, true);
                  if (!keepable(mine.response)) return (void (await mine.response.body?.cancel()), null);
                  const { headers, bytes } = await keptHtml(mine.response, mine.nonce, csp, preloadStyles);
                  return sharedPageOf(headers, bytes);
                }));
              if (kept) return sendSharedPage(req, reply, kept, shopper.user, hit ? 'shared-hit' : 'shared-miss');
              // Not one to keep: rendered for this request alone, as any signed-in page (below).
              rendered ??= await render(req, controller.signal);
            }
            if (key) {
              // Hits were answered by the onRequest hook above; HEAD of a page not kept is rendered.
              if (req.method === 'GET') {
                // One render for everyone asking meanwhile; kept when it is a page for everyone.
                const page = await pages!.fill(key, async () => {
                  const mine = await render(req, controller.signal);
                  if (!keepable(mine.response)) return ((rendered = mine), null);
                  return pageOf(mine.response, mine.nonce, csp, preloadStyles);
                });
                if (page) return sendPage(req, reply, page, publicPage);
              }
            }
            rendered ??= await render(req, controller.signal, body?.stream);
          } catch (err) {
            body?.settle(reply.raw);
            if (body?.overLimit()) return sendTooLarge(reply, limit);
            req.log.error({ err }, 'rendering the storefront failed');
            return reply.status(500).type('text/plain').send('Internal Server Error');
          }
          body?.settle(reply.raw);
          if (body?.overLimit()) {
            await rendered.response.body?.cancel();
            return sendTooLarge(reply, limit);
          }
          const { response, nonce } = rendered;
          reply.status(response.status);
          for (const [name, value] of response.headers) if (name !== 'set-cookie') reply.header(name, value);
          const html = response.headers.get('content-type')?.startsWith('text/html');
          if (html) reply.header('content-security-policy', csp({ nonce }));
          if (preloadStyles && html) reply.header('link', preloadStyles);
          const cookies = response.headers.getSetCookie();
          if (cookies.length > 0) reply.header('set-cookie', cookies);
          // Shared caches may keep what is everyone's; nothing of a shopper's own is kept anywhere.
          const everyone = anonymous && pageKey(req.url, req.headers) !== null && keepable(response);
          reply.header('cache-control', everyone ? publicPage : PRIVATE_NO_STORE).header('vary', 'Cookie');
          if (!response.body || req.method === 'HEAD') return reply.send();
          // A page comes whole (entry.server.tsx) and goes out in one piece, as does a page's data for a
          // navigation in the browser (React Router's, all resolved: no loader defers any).
          if (html || response.headers.get('content-type') === ROUTER_DATA) {
            const bytes = Buffer.from(await response.arrayBuffer());
            return sendRenderedPage(req, reply, html ? deferScripts(bytes, nonce) : bytes);
          }
          return reply.send(Readable.fromWeb(response.body as NodeReadableStream<Uint8Array>));
        },
      });
      done();
    });
  });
  return true;
}
