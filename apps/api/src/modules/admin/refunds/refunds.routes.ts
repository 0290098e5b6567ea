import { RefundActionBody, RefundActionResponse, RefundIdParams, RefundIssues } from '@shop/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminWork } from '../auth/guard';
import { listRefundIssues, resolveIncident, retryRefund } from './refunds.service';

const tags = ['admin'];

/** Refunds that need a person (docs/back-office.md): admins only ('refunds.manage'). */
export function adminRefundRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: 'refunds.manage' } as const;
  const action = { tags, params: RefundIdParams, body: RefundActionBody, response: { 200: RefundActionResponse } };

  r.get('/refunds', { config, schema: { tags, response: { 200: RefundIssues } } }, (req) =>
    listRefundIssues(adminWork(req)),
  );
  r.post('/refunds/:id/retry', { config, schema: action }, (req) =>
    retryRefund(adminWork(req), req.params.id, req.body.note),
  );
  r.post('/refunds/incidents/:id/resolve', { config, schema: action }, (req) =>
    resolveIncident(adminWork(req), req.params.id, req.body.note),
  );
}
