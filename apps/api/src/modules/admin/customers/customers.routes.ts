import { ENDPOINTS } from '@shop/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../context';
import { route } from '../../../lib/endpoint-route';
import { adminWork } from '../auth/guard';
import { customerDetail, listCustomers, setCustomerDisabled } from './customers.service';
import { grantCredit } from '../../credit/credit.service';

/** Shoppers (docs/back-office.md): admins only. */
export function adminCustomerRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, ENDPOINTS['admin.customers.list'], {}, (req) => listCustomers(ctx.db, req.query));
  route(app, ENDPOINTS['admin.customers.get'], {}, (req) => customerDetail(adminWork(req), req.params.id));
  route(app, ENDPOINTS['admin.customers.disable'], {}, (req) =>
    setCustomerDisabled(adminWork(req), req.params.id, true, req.body.note),
  );
  route(app, ENDPOINTS['admin.customers.enable'], {}, (req) =>
    setCustomerDisabled(adminWork(req), req.params.id, false, req.body.note),
  );
  route(app, ENDPOINTS['admin.customers.grantCredit'], {}, (req) =>
    grantCredit(adminWork(req), req.params.id, req.body),
  );
}
