import { ENDPOINTS } from '@shop/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../lib/endpoint-route';
import { adminWork } from '../auth/guard';
import { listReturns, returnDetail } from './returns.query';
import { acceptReturn, receiveReturn, rejectReturn } from './returns.service';

/** The returns queue and its decisions (docs/back-office.md); `:id` is the return request's enquiry. */
export function adminReturnRoutes(app: FastifyInstance) {
  route(app, ENDPOINTS['admin.returns.list'], {}, (req) => listReturns(adminWork(req), req.query));
  route(app, ENDPOINTS['admin.returns.get'], {}, (req) => returnDetail(adminWork(req), req.params.id));
  route(app, ENDPOINTS['admin.returns.accept'], {}, (req) => acceptReturn(adminWork(req), req.params.id, req.body));
  route(app, ENDPOINTS['admin.returns.reject'], {}, (req) => rejectReturn(adminWork(req), req.params.id, req.body));
  route(app, ENDPOINTS['admin.returns.received'], {}, (req) => receiveReturn(adminWork(req), req.params.id));
}
