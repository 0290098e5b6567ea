import { ENDPOINTS } from '@shop/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../context';
import { route } from '../../../lib/endpoint-route';
import { shopSettings } from '../../settings/settings.service';
import { adminWork } from '../auth/guard';
import { stockPage } from './stock.query';
import { saveStock, setSale } from './stock.service';
import { waitingPage } from './waiting.query';

/** The stock grid (docs/back-office.md "Stock"): read by the shop, changed by the owner. */
export function adminStockRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, ENDPOINTS['admin.stock.get'], {}, async (req) =>
    stockPage(ctx.db, req.query, (await shopSettings(ctx)).low_stock_threshold),
  );
  route(app, ENDPOINTS['admin.stock.save'], {}, (req) => saveStock(adminWork(req), req.body));
  route(app, ENDPOINTS['admin.stock.sale'], {}, (req) => setSale(adminWork(req), req.body));
  route(app, ENDPOINTS['admin.backInStock.list'], {}, (req) => waitingPage(ctx.db, req.query));
}
