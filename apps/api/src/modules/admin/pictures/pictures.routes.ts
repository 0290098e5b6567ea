import { ENDPOINTS, imageUrl } from '@shop/contract';
import type { FastifyInstance } from 'fastify';
import { route, type RawBody } from '../../../lib/endpoint-route';
import { AppError } from '../../../lib/errors';
import { PICTURE_MAX_BYTES, storePicture } from '../../images/intake';
import { audit } from '../../audit/audit.service';
import { adminWork } from '../auth/guard';

/** What the OpenAPI document says the body is. */
const rawBody: RawBody = {
  types: [
    'image/jpeg',
    'image/png',
    'image/webp',
    'image/heic',
    'image/heif',
    'image/avif',
    'application/octet-stream',
  ],
  description:
    'The picture file itself as the body, not JSON or a form: a JPEG, PNG, WebP, HEIC or AVIF picture ' +
    `(read from its bytes, whatever the content type says) of at most ${PICTURE_MAX_BYTES} bytes (15 MB) ` +
    'and 40 megapixels. A larger one is refused: 413 once the body passes the limit, unread beyond it.',
};

/**
 * Picture upload for the catalogue's back office: the body is the file itself
 * (any content type; what it is is read from its bytes), `?alt=` its text.
 * The answer's key is then given to a product colour, a category, a banner.
 */
export function adminPictureRoutes(app: FastifyInstance) {
  app.register((scope, _opts, done) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: PICTURE_MAX_BYTES + 1 }, (_req, body, next) =>
      next(null, body),
    );
    const options = { bodyLimit: PICTURE_MAX_BYTES + 1, rawBody };
    route(scope, ENDPOINTS['admin.pictures.upload'], options, async (req, reply) => {
      if (!Buffer.isBuffer(req.body)) throw new AppError('invalid', 'Send the picture file as the body');
      const w = adminWork(req);
      const bytes = req.body;
      const picture = await w.transaction(async (t) => {
        const stored = await storePicture(t.db, bytes, req.query.alt);
        await audit(t, {
          action: 'picture.upload',
          entityType: 'product',
          entityId: `picture:${stored.key}`,
          after: { alt: stored.alt, width: stored.width, height: stored.height, bytes: bytes.length },
        });
        return stored;
      });
      return reply.code(201).send({ ...picture, url: imageUrl(picture.key) });
    });
    done();
  });
}
