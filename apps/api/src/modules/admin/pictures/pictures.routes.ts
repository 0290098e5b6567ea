import { ENDPOINTS, imageUrl } from '@shop/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../lib/endpoint-route';
import { AppError } from '../../../lib/errors';
import { PICTURE_MAX_BYTES, storePicture } from '../../images/intake';
import { adminWork } from '../auth/guard';

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
    route(scope, ENDPOINTS['admin.pictures.upload'], { bodyLimit: PICTURE_MAX_BYTES + 1 }, async (req, reply) => {
      if (!Buffer.isBuffer(req.body)) throw new AppError('invalid', 'Send the picture file as the body');
      const w = adminWork(req);
      const picture = await w.transaction((t) => storePicture(t.db, req.body as Buffer, req.query.alt));
      return reply.code(201).send({ ...picture, url: imageUrl(picture.key) });
    });
    done();
  });
}
