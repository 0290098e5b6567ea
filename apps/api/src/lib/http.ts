import type { FastifyReply } from 'fastify';
import type { CatalogCache } from './cache';
import { etagMatches } from './http-cache';

/** Sends JSON that is already serialised (a cached answer) as it is. */
export const sendJson = (reply: FastifyReply, json: string) => reply.type('application/json; charset=utf-8').send(json);

/**
 * An answer that is the same for everyone, from the catalogue cache (loaded on a miss, forgotten on
 * every catalogue or settings write), with its ETag and the header that lets a CDN keep it too
 * (lib/http-cache.ts); 304 when the asker has it already. `productOf`: see CatalogCache.answer.
 */
export async function sendKept(
  reply: FastifyReply,
  cache: CatalogCache,
  cacheControl: string,
  key: string,
  load: () => Promise<unknown>,
  productOf?: (value: unknown) => number,
) {
  const { json, etag } = await cache.answer(key, load, productOf);
  reply.header('cache-control', cacheControl).header('etag', etag);
  if (etagMatches(reply.request.headers['if-none-match'], etag)) return reply.status(304).send();
  return sendJson(reply, json);
}
