import { Dashboard } from '@shop/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../context';
import { dashboard } from './dashboard.service';

export function adminDashboardRoutes(app: FastifyInstance, ctx: AppContext) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/dashboard',
      { config: { access: 'dashboard.read' }, schema: { tags: ['admin'], response: { 200: Dashboard } } },
      () => dashboard(ctx.db),
    );
}
