import {
  AcceptReturnBody,
  EnquiryIdParams,
  RejectReturnBody,
  ReturnDecisionResponse,
  ReturnDetail,
  ReturnsPage,
  ReturnsQuery,
} from '@shop/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminWork, currentStaff } from '../auth/guard';
import { listReturns, returnDetail } from './returns.query';
import { acceptReturn, rejectReturn } from './returns.service';

const tags = ['admin'];

/** The returns queue and its decisions (docs/back-office.md); `:id` is the return request's enquiry. */
export function adminReturnRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const read = { access: 'orders.read' } as const;
  const decide = { access: 'returns.decide' } as const;

  r.get(
    '/returns',
    { config: read, schema: { tags, querystring: ReturnsQuery, response: { 200: ReturnsPage } } },
    (req) => listReturns(adminWork(req), req.query),
  );
  r.get(
    '/returns/:id',
    { config: read, schema: { tags, params: EnquiryIdParams, response: { 200: ReturnDetail } } },
    (req) => returnDetail(adminWork(req), req.params.id),
  );
  r.post(
    '/returns/:id/accept',
    {
      config: decide,
      schema: { tags, params: EnquiryIdParams, body: AcceptReturnBody, response: { 200: ReturnDecisionResponse } },
    },
    (req) => acceptReturn(adminWork(req), req.params.id, req.body, currentStaff(req).role),
  );
  r.post(
    '/returns/:id/reject',
    {
      config: decide,
      schema: { tags, params: EnquiryIdParams, body: RejectReturnBody, response: { 200: ReturnDecisionResponse } },
    },
    (req) => rejectReturn(adminWork(req), req.params.id, req.body),
  );
}
