import { ENDPOINTS, GROUP_KINDS } from '@shop/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../context';
import { route } from '../../../lib/endpoint-route';
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

/** /admin/categories and /admin/collections: the same routes for both (docs/back-office.md). */
export function adminGroupRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, ENDPOINTS['admin.products.search'], {}, async (req) => ({
    data: await searchProducts(ctx.db, req.query.q),
  }));

  for (const kind of GROUP_KINDS) {
    route(app, ENDPOINTS[`admin.${kind}.list`], {}, async () => ({ data: await listGroups(ctx.db, kind) }));
    route(app, ENDPOINTS[`admin.${kind}.get`], {}, (req) => groupDetail(ctx.db, kind, req.params.id));
    route(app, ENDPOINTS[`admin.${kind}.create`], {}, async (req, reply) =>
      reply.code(201).send(await createGroup(adminWork(req), kind, req.body)),
    );
    route(app, ENDPOINTS[`admin.${kind}.update`], {}, (req) =>
      updateGroup(adminWork(req), kind, req.params.id, req.body),
    );
    route(app, ENDPOINTS[`admin.${kind}.move`], {}, async (req) => ({
      data: await moveGroup(adminWork(req), kind, req.params.id, req.body.direction),
    }));
    route(app, ENDPOINTS[`admin.${kind}.visibility`], {}, (req) =>
      setGroupVisible(adminWork(req), kind, req.params.id, req.body.is_visible),
    );
    route(app, ENDPOINTS[`admin.${kind}.delete`], {}, async (req) => {
      const gone = await deleteGroup(adminWork(req), kind, req.params.id);
      return { message: `${gone.name} deleted` };
    });
    route(app, ENDPOINTS[`admin.${kind}.addProduct`], {}, (req) =>
      addProduct(adminWork(req), kind, req.params.id, req.body.product_id),
    );
    route(app, ENDPOINTS[`admin.${kind}.removeProduct`], {}, (req) =>
      removeProduct(adminWork(req), kind, req.params.id, req.params.productId),
    );
  }
}
