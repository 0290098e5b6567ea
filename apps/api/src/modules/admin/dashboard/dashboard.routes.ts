import { Dashboard, LowStockBody, MessageBody } from '@shop/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../context';
import { adminWork } from '../auth/guard';
import { dashboard, setLowStockThreshold } from './dashboard.service';

export function adminDashboardRoutes(app: FastifyInstance, ctx: AppContext) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/dashboard',
      { config: { access: 'dashboard.read' }, schema: { tags: ['admin'], response: { 200: Dashboard } } },
      () => dashboard(ctx.db, ctx.env),
    );
  app.withTypeProvider<ZodTypeProvider>().put(
    '/settings/low-stock',
    {
      config: { access: 'settings.write' },
      schema: { tags: ['admin'], body: LowStockBody, response: { 200: MessageBody } },
    },
    async (req) => {
      await setLowStockThreshold(adminWork(req), req.body.threshold);
      return { message: 'Low-stock threshold saved' };
    },
  );
}
