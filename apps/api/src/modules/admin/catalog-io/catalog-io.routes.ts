import {
  CATALOG_CSV_MAX_CHARS,
  CatalogImportBody,
  ImportPictures,
  ImportReport,
  PICTURE_ZIP_MAX_BYTES,
} from '@shop/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../context';
import { AppError } from '../../../lib/errors';
import { adminWork } from '../auth/guard';
import { catalogCsv } from './export';
import { importCatalog } from './import';
import { storeZipPictures } from './zip-pictures';

const tags = ['admin'];

/** The catalogue as CSV, out and in (docs/back-office.md 'Import / export'). */
export function adminCatalogIoRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/catalog/export.csv', { config: { access: 'catalog.write' }, schema: { tags } }, async (_req, reply) => {
    const day = new Date(Date.now() + 330 * 60 * 1000).toISOString().slice(0, 10);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="catalogue-${day}.csv"`)
      .header('cache-control', 'private, no-store')
      .send(await catalogCsv(ctx.db));
  });

  r.post(
    '/catalog/import',
    {
      config: { access: 'catalog.write' },
      bodyLimit: CATALOG_CSV_MAX_CHARS * 2 + 1_000_000,
      schema: { tags, body: CatalogImportBody, response: { 200: ImportReport } },
    },
    (req) => importCatalog(adminWork(req), req.body),
  );

  app.register((scope, _opts, done) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: PICTURE_ZIP_MAX_BYTES }, (_req, body, next) =>
      next(null, body),
    );
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/catalog/import/pictures',
      {
        config: { access: 'catalog.write' },
        bodyLimit: PICTURE_ZIP_MAX_BYTES,
        schema: { tags, response: { 200: ImportPictures } },
      },
      (req) => {
        if (!Buffer.isBuffer(req.body)) throw new AppError('invalid', 'Send the zip file as the body');
        return storeZipPictures(adminWork(req), req.body);
      },
    );
    done();
  });
}
