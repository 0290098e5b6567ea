import { ENDPOINTS } from '@shop/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../context';
import { route } from '../../../lib/endpoint-route';
import { adminWork } from '../auth/guard';
import { enquiryDetail, listEnquiries } from './enquiries.query';
import { replyToEnquiry, setEnquiryStatus } from './enquiries.service';

/** The enquiries inbox (docs/back-office.md): staff and admins. */
export function adminEnquiryRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, ENDPOINTS['admin.enquiries.list'], {}, (req) => listEnquiries(ctx.db, req.query));
  route(app, ENDPOINTS['admin.enquiries.get'], {}, (req) => enquiryDetail(ctx.db, req.params.id));
  route(app, ENDPOINTS['admin.enquiries.reply'], {}, (req) => replyToEnquiry(adminWork(req), req.params.id, req.body));
  route(app, ENDPOINTS['admin.enquiries.setStatus'], {}, (req) =>
    setEnquiryStatus(adminWork(req), req.params.id, req.body.status),
  );
}
