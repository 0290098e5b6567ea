import {
  AdminGroup,
  AdminGroupDetail,
  AdminGroupList,
  GROUP_KINDS,
  GroupBody,
  GroupParams,
  GroupProductBody,
  GroupProductParams,
  MessageBody,
  GroupMoveBody,
  ProductSearchQuery,
  ProductSearchResult,
  VisibilityBody,
} from '@shop/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../context';
import { adminWork } from '../auth/guard';
import {
  addProduct,
  createGroup,
  deleteGroup,
  groupDetail,
  listGroups,
  moveGroup,
  removeProduct,
  searchProducts,
  setGroupVisible,
  updateGroup,
} from './groups.service';

const tags = ['admin'];
const read = { access: 'catalog.read' } as const;
const write = { access: 'catalog.write' } as const;

/** /admin/categories and /admin/collections: the same routes for both (docs/back-office.md). */
export function adminGroupRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/product-search',
    { config: read, schema: { tags, querystring: ProductSearchQuery, response: { 200: ProductSearchResult } } },
    async (req) => ({ data: await searchProducts(ctx.db, req.query.q) }),
  );

  for (const kind of GROUP_KINDS) {
    const base = `/${kind}`;
    r.get(base, { config: read, schema: { tags, response: { 200: AdminGroupList } } }, async () => ({
      data: await listGroups(ctx.db, kind),
    }));
    r.get(
      `${base}/:id`,
      { config: read, schema: { tags, params: GroupParams, response: { 200: AdminGroupDetail } } },
      (req) => groupDetail(ctx.db, kind, req.params.id),
    );
    r.post(
      base,
      { config: write, schema: { tags, body: GroupBody, response: { 201: AdminGroup } } },
      async (req, reply) => reply.code(201).send(await createGroup(adminWork(req), kind, req.body)),
    );
    r.put(
      `${base}/:id`,
      { config: write, schema: { tags, params: GroupParams, body: GroupBody, response: { 200: AdminGroup } } },
      (req) => updateGroup(adminWork(req), kind, req.params.id, req.body),
    );
    r.post(
      `${base}/:id/move`,
      { config: write, schema: { tags, params: GroupParams, body: GroupMoveBody, response: { 200: AdminGroupList } } },
      async (req) => ({ data: await moveGroup(adminWork(req), kind, req.params.id, req.body.direction) }),
    );
    r.post(
      `${base}/:id/visibility`,
      { config: write, schema: { tags, params: GroupParams, body: VisibilityBody, response: { 200: AdminGroup } } },
      (req) => setGroupVisible(adminWork(req), kind, req.params.id, req.body.is_visible),
    );
    r.delete(
      `${base}/:id`,
      { config: write, schema: { tags, params: GroupParams, response: { 200: MessageBody } } },
      async (req) => {
        const gone = await deleteGroup(adminWork(req), kind, req.params.id);
        return { message: `${gone.name} deleted` };
      },
    );
    r.post(
      `${base}/:id/products`,
      {
        config: write,
        schema: { tags, params: GroupParams, body: GroupProductBody, response: { 200: AdminGroupDetail } },
      },
      (req) => addProduct(adminWork(req), kind, req.params.id, req.body.product_id),
    );
    r.delete(
      `${base}/:id/products/:productId`,
      { config: write, schema: { tags, params: GroupProductParams, response: { 200: AdminGroupDetail } } },
      (req) => removeProduct(adminWork(req), kind, req.params.id, req.params.productId),
    );
  }
}
