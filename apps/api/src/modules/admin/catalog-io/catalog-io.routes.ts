import { CATALOG_CSV_MAX_CHARS, ENDPOINTS, PICTURE_ZIP_MAX_BYTES } from '@shop/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../context';
import { route } from '../../../lib/endpoint-route';
import { AppError } from '../../../lib/errors';
import { adminWork } from '../auth/guard';
import { catalogCsv } from './export';
import { importCatalog } from './import';
import { storeZipPictures } from './zip-pictures';

/** The catalogue as CSV, out and in (docs/back-office.md 'Import / export'). */
export function adminCatalogIoRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, ENDPOINTS['admin.catalog.export'], {}, async (_req, reply) => {
    const day = new Date(Date.now() + 330 * 60 * 1000).toISOString().slice(0, 10);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="catalogue-${day}.csv"`)
      .header('cache-control', 'private, no-store')
      .send(await catalogCsv(ctx.db));
  });

  route(app, ENDPOINTS['admin.catalog.import'], { bodyLimit: CATALOG_CSV_MAX_CHARS * 2 + 1_000_000 }, (req) =>
    importCatalog(adminWork(req), req.body),
  );

  app.register((scope, _opts, done) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: PICTURE_ZIP_MAX_BYTES }, (_req, body, next) =>
      next(null, body),
    );
    route(scope, ENDPOINTS['admin.catalog.importPictures'], { bodyLimit: PICTURE_ZIP_MAX_BYTES }, (req) => {
      if (!Buffer.isBuffer(req.body)) throw new AppError('invalid', 'Send the zip file as the body');
      return storeZipPictures(adminWork(req), req.body);
    });
    done();
  });
}
