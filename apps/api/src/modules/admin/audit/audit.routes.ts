import { AuditPage, AuditQuery } from '@shop/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../context';
import { listAudit } from './audit.service';

export function adminAuditRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/activity',
    {
      config: { access: 'activity.read' },
      schema: { tags: ['admin'], querystring: AuditQuery, response: { 200: AuditPage } },
    },
    (req) => listAudit(ctx.db, req.query),
  );
}
