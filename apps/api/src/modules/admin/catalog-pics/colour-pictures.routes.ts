import { ColourPicturesBody, IdParam, ProductColourParams, ProductPictures } from '@shop/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../context';
import { adminWork } from '../auth/guard';
import { productPictures, setColourPictures } from './colour-pictures.service';

const tags = ['admin'];

/** A product's pictures per colour (docs/back-office.md 'Pictures'). */
export function adminColourPictureRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/products/:id/pictures',
    {
      config: { access: 'catalog.read' },
      schema: { tags, params: z.object({ id: IdParam }).strict(), response: { 200: ProductPictures } },
    },
    (req) => productPictures(ctx.db, req.params.id),
  );

  r.put(
    '/products/:id/pictures/:colorId',
    {
      config: { access: 'catalog.write' },
      schema: { tags, params: ProductColourParams, body: ColourPicturesBody, response: { 200: ProductPictures } },
    },
    (req) => setColourPictures(adminWork(req), req.params.id, req.params.colorId, req.body),
  );
}
