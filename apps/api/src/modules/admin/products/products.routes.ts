import { ENDPOINTS } from '@shop/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../lib/endpoint-route';
import { adminWork } from '../auth/guard';
import { adminProduct, listAdminProducts, productOptions } from './products.query';
import {
  createColor,
  createProduct,
  deleteProduct,
  duplicateProduct,
  moveProduct,
  updateProduct,
} from './products.service';
import { saveVariants } from './variants.service';

const MOVED = {
  publish: 'Published: on the shop now',
  unpublish: 'Unpublished: off the shop',
  archive: 'Archived: off the shop and the default list',
  unarchive: 'Unarchived: still unpublished until you publish it',
} as const;

/** The catalogue's products (docs/back-office.md 'Products'): read by the shop's staff, changed by the owner. */
export function adminProductRoutes(app: FastifyInstance) {
  route(app, ENDPOINTS['admin.products.list'], {}, async (req) => {
    const work = adminWork(req);
    return listAdminProducts(work.db, work.app.env, req.query);
  });

  route(app, ENDPOINTS['admin.products.options'], {}, async (req) => productOptions(adminWork(req).db));

  route(app, ENDPOINTS['admin.products.create'], {}, async (req, reply) => {
    const product = await createProduct(adminWork(req), req.body);
    return reply.code(201).send({ message: 'Product created (unpublished)', product });
  });

  route(app, ENDPOINTS['admin.products.get'], {}, async (req) => adminProduct(adminWork(req).db, req.params.id));

  route(app, ENDPOINTS['admin.products.update'], {}, async (req) => ({
    message: 'Product saved',
    product: await updateProduct(adminWork(req), req.params.id, req.body),
  }));

  route(app, ENDPOINTS['admin.products.saveVariants'], {}, async (req) => ({
    message: 'Variants saved',
    product: await saveVariants(adminWork(req), req.params.id, req.body),
  }));

  for (const move of ['publish', 'unpublish', 'archive', 'unarchive'] as const) {
    route(app, ENDPOINTS[`admin.products.${move}`], {}, async (req) => ({
      message: MOVED[move],
      product: await moveProduct(adminWork(req), req.params.id, move, req.body?.version),
    }));
  }

  route(app, ENDPOINTS['admin.products.duplicate'], {}, async (req, reply) => {
    const product = await duplicateProduct(adminWork(req), req.params.id);
    return reply.code(201).send({ message: 'Copy made (unpublished, no stock)', product });
  });

  route(app, ENDPOINTS['admin.products.delete'], {}, async (req) => {
    await deleteProduct(adminWork(req), req.params.id, req.query.version);
    return { message: 'Product deleted' };
  });

  route(app, ENDPOINTS['admin.colors.create'], {}, async (req, reply) =>
    reply.code(201).send(await createColor(adminWork(req), req.body)),
  );
}
