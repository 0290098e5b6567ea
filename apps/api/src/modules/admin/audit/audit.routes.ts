import { ENDPOINTS } from '@shop/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../context';
import { route } from '../../../lib/endpoint-route';
import { listAudit } from '../../audit/audit.service';

export function adminAuditRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, ENDPOINTS['admin.activity.list'], {}, (req) => listAudit(ctx.db, req.query));
}
