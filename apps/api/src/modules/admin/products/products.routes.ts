import {
  AdminColor,
  AdminProductAnswer,
  AdminProductDetail,
  AdminProductQuery,
  AdminProductsPage,
  MessageBody,
  NewColorBody,
  ProductFields,
  ProductIdParams,
  ProductOptions,
  ProductUpdateBody,
  VariantsBody,
  VersionBody,
} from '@shop/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
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

const tags = ['admin'];
const OptionalVersion = z.object({ version: z.coerce.number().int().positive().optional() }).strict();

const MOVED = {
  publish: 'Published: on the shop now',
  unpublish: 'Unpublished: off the shop',
  archive: 'Archived: off the shop and the default list',
  unarchive: 'Unarchived: still unpublished until you publish it',
} as const;

/** The catalogue's products (docs/back-office.md 'Products'): read by the shop's staff, changed by the owner. */
export function adminProductRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/products',
    {
      config: { access: 'catalog.read' },
      schema: { tags, querystring: AdminProductQuery, response: { 200: AdminProductsPage } },
    },
    async (req) => {
      const work = adminWork(req);
      return listAdminProducts(work.db, work.app.env, req.query);
    },
  );

  r.get(
    '/products/options',
    { config: { access: 'catalog.read' }, schema: { tags, response: { 200: ProductOptions } } },
    async (req) => productOptions(adminWork(req).db),
  );

  r.post(
    '/products',
    {
      config: { access: 'catalog.write' },
      schema: { tags, body: ProductFields, response: { 201: AdminProductAnswer } },
    },
    async (req, reply) => {
      const product = await createProduct(adminWork(req), req.body);
      return reply.code(201).send({ message: 'Product created (unpublished)', product });
    },
  );

  r.get(
    '/products/:id',
    {
      config: { access: 'catalog.read' },
      schema: { tags, params: ProductIdParams, response: { 200: AdminProductDetail } },
    },
    async (req) => adminProduct(adminWork(req).db, req.params.id),
  );

  r.put(
    '/products/:id',
    {
      config: { access: 'catalog.write' },
      schema: { tags, params: ProductIdParams, body: ProductUpdateBody, response: { 200: AdminProductAnswer } },
    },
    async (req) => ({
      message: 'Product saved',
      product: await updateProduct(adminWork(req), req.params.id, req.body),
    }),
  );

  r.put(
    '/products/:id/variants',
    {
      config: { access: 'catalog.write' },
      schema: { tags, params: ProductIdParams, body: VariantsBody, response: { 200: AdminProductAnswer } },
    },
    async (req) => ({
      message: 'Variants saved',
      product: await saveVariants(adminWork(req), req.params.id, req.body),
    }),
  );

  for (const move of ['publish', 'unpublish', 'archive', 'unarchive'] as const) {
    r.post(
      `/products/:id/${move}`,
      {
        config: { access: 'catalog.write' },
        schema: {
          tags,
          params: ProductIdParams,
          body: VersionBody.partial().optional(),
          response: { 200: AdminProductAnswer },
        },
      },
      async (req) => ({
        message: MOVED[move],
        product: await moveProduct(adminWork(req), req.params.id, move, req.body?.version),
      }),
    );
  }

  r.post(
    '/products/:id/duplicate',
    {
      config: { access: 'catalog.write' },
      schema: { tags, params: ProductIdParams, response: { 201: AdminProductAnswer } },
    },
    async (req, reply) => {
      const product = await duplicateProduct(adminWork(req), req.params.id);
      return reply.code(201).send({ message: 'Copy made (unpublished, no stock)', product });
    },
  );

  r.delete(
    '/products/:id',
    {
      config: { access: 'catalog.write' },
      schema: { tags, params: ProductIdParams, querystring: OptionalVersion, response: { 200: MessageBody } },
    },
    async (req) => {
      await deleteProduct(adminWork(req), req.params.id, req.query.version);
      return { message: 'Product deleted' };
    },
  );

  r.post(
    '/colors',
    { config: { access: 'catalog.write' }, schema: { tags, body: NewColorBody, response: { 201: AdminColor } } },
    async (req, reply) => reply.code(201).send(await createColor(adminWork(req), req.body)),
  );
}
