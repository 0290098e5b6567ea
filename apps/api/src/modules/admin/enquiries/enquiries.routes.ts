import {
  EnquiriesPage,
  EnquiriesQuery,
  EnquiryDetail,
  EnquiryIdParams,
  EnquiryResponse,
  EnquiryStatusBody,
  ReplyBody,
} from '@shop/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../context';
import { adminWork } from '../auth/guard';
import { enquiryDetail, listEnquiries } from './enquiries.query';
import { replyToEnquiry, setEnquiryStatus } from './enquiries.service';

const tags = ['admin'];

/** The enquiries inbox (docs/back-office.md): staff and admins. */
export function adminEnquiryRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: 'enquiries.manage' } as const;

  r.get(
    '/enquiries',
    { config, schema: { tags, querystring: EnquiriesQuery, response: { 200: EnquiriesPage } } },
    (req) => listEnquiries(ctx.db, req.query),
  );
  r.get(
    '/enquiries/:id',
    { config, schema: { tags, params: EnquiryIdParams, response: { 200: EnquiryDetail } } },
    (req) => enquiryDetail(ctx.db, req.params.id),
  );
  r.post(
    '/enquiries/:id/reply',
    { config, schema: { tags, params: EnquiryIdParams, body: ReplyBody, response: { 200: EnquiryResponse } } },
    (req) => replyToEnquiry(adminWork(req), req.params.id, req.body),
  );
  r.post(
    '/enquiries/:id/status',
    { config, schema: { tags, params: EnquiryIdParams, body: EnquiryStatusBody, response: { 200: EnquiryResponse } } },
    (req) => setEnquiryStatus(adminWork(req), req.params.id, req.body.status),
  );
}
