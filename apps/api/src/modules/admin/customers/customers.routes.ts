import {
  CustomerActionBody,
  CustomerActionResponse,
  CustomerDetail,
  CustomersPage,
  CustomersQuery,
  EnquiryIdParams,
} from '@shop/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../context';
import { adminWork } from '../auth/guard';
import { customerDetail, listCustomers, setCustomerDisabled } from './customers.service';

const tags = ['admin'];

/** Shoppers (docs/back-office.md): admins only. */
export function adminCustomerRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const read = { access: 'customers.read' } as const;
  const write = { access: 'customers.disable' } as const;
  const action = { tags, params: EnquiryIdParams, body: CustomerActionBody, response: { 200: CustomerActionResponse } };

  r.get(
    '/customers',
    { config: read, schema: { tags, querystring: CustomersQuery, response: { 200: CustomersPage } } },
    (req) => listCustomers(ctx.db, req.query),
  );
  r.get(
    '/customers/:id',
    { config: read, schema: { tags, params: EnquiryIdParams, response: { 200: CustomerDetail } } },
    (req) => customerDetail(adminWork(req), req.params.id),
  );
  r.post('/customers/:id/disable', { config: write, schema: action }, (req) =>
    setCustomerDisabled(adminWork(req), req.params.id, true, req.body.note),
  );
  r.post('/customers/:id/enable', { config: write, schema: action }, (req) =>
    setCustomerDisabled(adminWork(req), req.params.id, false, req.body.note),
  );
}
