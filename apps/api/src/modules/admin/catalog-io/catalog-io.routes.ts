import { CATALOG_CSV_MAX_CHARS, ENDPOINTS, PICTURE_ZIP_MAX_BYTES } from '@shop/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../context';
import { route, type RawBody } from '../../../lib/endpoint-route';
import { AppError } from '../../../lib/errors';
import { auditRead } from '../../audit/audit.service';
import { adminWork } from '../auth/guard';
import { catalogCsv } from './export';
import { importCatalog } from './import';
import { ZIP_UNPACKED_MAX_BYTES } from './unzip-pictures';
import { storeZipPictures } from './zip-pictures';

/** What the OpenAPI document says the body is. */
const rawBody: RawBody = {
  types: ['application/zip', 'application/x-zip-compressed', 'application/octet-stream'],
  description:
    `A zip file of pictures itself as the body, not JSON or a form: at most ${PICTURE_ZIP_MAX_BYTES} bytes (60 MB); ` +
    'a larger body is answered 413. Each picture is taken as an upload is (15 MB at most), and all of them ' +
    `together may unpack to at most ${ZIP_UNPACKED_MAX_BYTES} bytes.`,
};

/** The catalogue as CSV, out and in (docs/back-office.md 'Import / export'). */
export function adminCatalogIoRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, ENDPOINTS['admin.catalog.export'], {}, async (req, reply) => {
    await auditRead(adminWork(req), { action: 'catalog.export', entityType: 'product', entityId: 'export' });
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
    route(scope, ENDPOINTS['admin.catalog.importPictures'], { bodyLimit: PICTURE_ZIP_MAX_BYTES, rawBody }, (req) => {
      if (!Buffer.isBuffer(req.body)) throw new AppError('invalid', 'Send the zip file as the body');
      return storeZipPictures(adminWork(req), req.body);
    });
    done();
  });
}
