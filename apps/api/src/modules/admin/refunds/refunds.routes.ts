import { ENDPOINTS } from '@shop/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../lib/endpoint-route';
import { adminWork } from '../auth/guard';
import { listRefundIssues, resolveIncident, retryRefund, transferMade } from './refunds.service';

/** Refunds that need a person (docs/back-office.md): admins only ('refunds.manage'). */
export function adminRefundRoutes(app: FastifyInstance) {
  route(app, ENDPOINTS['admin.refunds.list'], {}, (req) => listRefundIssues(adminWork(req)));
  route(app, ENDPOINTS['admin.refunds.retry'], {}, (req) => retryRefund(adminWork(req), req.params.id, req.body.note));
  route(app, ENDPOINTS['admin.refunds.transfer'], {}, (req) =>
    transferMade(adminWork(req), req.params.id, req.body.reference),
  );
  route(app, ENDPOINTS['admin.refunds.resolveIncident'], {}, (req) =>
    resolveIncident(adminWork(req), req.params.id, req.body.note),
  );
}
