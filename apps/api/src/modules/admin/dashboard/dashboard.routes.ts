import { ENDPOINTS } from '@shop/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../context';
import { route } from '../../../lib/endpoint-route';
import { adminWork } from '../auth/guard';
import { dashboard, setLowStockThreshold } from './dashboard.service';

export function adminDashboardRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, ENDPOINTS['admin.dashboard.get'], {}, () => dashboard(ctx));
  route(app, ENDPOINTS['admin.settings.lowStock'], {}, async (req) => {
    await setLowStockThreshold(adminWork(req), req.body.threshold);
    return { message: 'Low-stock threshold saved' };
  });
}
