import { ENDPOINTS } from '@shop/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../context';
import { route } from '../../../lib/endpoint-route';
import { adminWork } from '../auth/guard';
import { productPictures, setColourPictures } from './colour-pictures.service';

/** A product's pictures per colour (docs/back-office.md 'Pictures'). */
export function adminColourPictureRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, ENDPOINTS['admin.products.pictures'], {}, (req) => productPictures(ctx.db, req.params.id));

  route(app, ENDPOINTS['admin.products.setColourPictures'], {}, (req) =>
    setColourPictures(adminWork(req), req.params.id, req.params.colorId, req.body),
  );
}
