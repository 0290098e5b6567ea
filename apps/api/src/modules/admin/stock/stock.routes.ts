import { SaleBody, SaleResult, StockPage, StockQuery, StockSaveBody, StockSaveResult } from '@shop/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../context';
import { shopSettings } from '../../settings/settings.service';
import { adminWork } from '../auth/guard';
import { stockPage } from './stock.query';
import { saveStock, setSale } from './stock.service';

/** The stock grid (docs/back-office.md "Stock"): read by the shop, changed by the owner. */
export function adminStockRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];
  r.get(
    '/stock',
    { config: { access: 'stock.read' }, schema: { tags, querystring: StockQuery, response: { 200: StockPage } } },
    async (req) => stockPage(ctx.db, req.query, (await shopSettings(ctx)).low_stock_threshold),
  );
  r.post(
    '/stock',
    { config: { access: 'catalog.write' }, schema: { tags, body: StockSaveBody, response: { 200: StockSaveResult } } },
    (req) => saveStock(adminWork(req), req.body),
  );
  r.post(
    '/stock/sale',
    { config: { access: 'catalog.write' }, schema: { tags, body: SaleBody, response: { 200: SaleResult } } },
    (req) => setSale(adminWork(req), req.body),
  );
}
