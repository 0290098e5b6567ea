import { IMAGE_WIDTHS, type ImageWidth } from '@shop/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { errorBody } from '../../lib/errors';
import { etagOf } from './images.service';

const notFoundBody = errorBody('not_found', 'Image not found');

export function imageRoutes(app: FastifyInstance, { images }: AppContext) {
  app.get<{ Params: { width: string; '*': string } }>('/images/:width/*', async (req, reply) => {
    const width = Number(req.params.width) as ImageWidth;
    const rest = req.params['*'];
    if (!IMAGE_WIDTHS.includes(width) || !rest.endsWith('.webp')) return reply.status(404).send(notFoundBody);
    const bytes = await images.get(rest.slice(0, -'.webp'.length), width);
    if (!bytes) return reply.status(404).send(notFoundBody);

    const etag = etagOf(bytes);
    // The URL names one picture forever: a changed picture gets a new key.
    reply.header('Cache-Control', 'public, max-age=31536000, immutable').header('ETag', etag);
    if (req.headers['if-none-match'] === etag) return reply.status(304).send();
    return reply.type('image/webp').send(bytes);
  });
}
