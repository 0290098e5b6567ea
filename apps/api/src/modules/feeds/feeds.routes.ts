import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { etagMatches, publicCacheControl } from '../../lib/http-cache';
import { loadFeed, type Feed } from './feed-items';
import { googleMerchantXml } from './google-merchant';
import { metaCatalogCsv } from './meta-catalog';

/** The product feeds at their stable addresses (docs/product.md 'Product feeds'). */
export const FEEDS: readonly { path: string; type: string; write: (feed: Feed) => string }[] = [
  { path: '/feeds/google-merchant.xml', type: 'application/xml; charset=utf-8', write: googleMerchantXml },
  { path: '/feeds/meta-catalog.csv', type: 'text/csv; charset=utf-8', write: metaCatalogCsv },
];

/**
 * Outside /api/v1, beside the storefront's pages. Each feed is kept in the
 * catalogue cache as the text sent, so every catalogue write (a price, stock
 * that runs out, a product taken off sale, a shipping rate) makes the next
 * fetch current, and a CDN may keep it as it keeps the catalogue's answers.
 * A feed runs to hundreds of kilobytes: it goes out compressed to those who take it.
 */
export async function feedRoutes(app: FastifyInstance, ctx: AppContext) {
  const cacheControl = publicCacheControl(ctx.env);
  const shop = { name: ctx.env.SHOP_NAME, publicUrl: ctx.env.PUBLIC_URL };
  await app.register(async (feeds) => {
    await feeds.register(compress, { global: true, encodings: ['br', 'gzip'], threshold: 1024 });
    for (const { path, type, write } of FEEDS) {
      feeds.get(path, async (req, reply) => {
        const load = async () => write(await loadFeed(ctx.db, shop));
        const { json: body, etag } = await ctx.cache.answer(`feed:${path}`, load, undefined, String);
        reply.header('cache-control', cacheControl).header('etag', etag);
        if (etagMatches(req.headers['if-none-match'], etag)) return reply.status(304).send();
        return reply.type(type).send(body);
      });
    }
  });
}
