import { ENDPOINTS } from '@shop/contract';
import type { FastifyInstance } from 'fastify';
import { requestWork, type AppContext } from '../../context';
import { optionalUser } from '../../lib/auth';
import { route } from '../../lib/endpoint-route';
import { askBackInStock, stopInfo, stopRequests } from './back-in-stock.service';

/** 'Tell me when it's back' and its way out (docs/product.md 'Back in stock'). */
export function backInStockRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, ENDPOINTS['backInStock.ask'], { onRequest: optionalUser(ctx.db) }, async (req, reply) =>
    reply.status(201).send(await askBackInStock(requestWork(req), req.user, req.body)),
  );
  route(app, ENDPOINTS['backInStock.stopInfo'], {}, (req) => stopInfo(requestWork(req), req.query.token));
  route(app, ENDPOINTS['backInStock.stop'], {}, (req) => stopRequests(requestWork(req), req.body.token));
}
