import { ENDPOINTS } from '@shop/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { route } from '../../lib/endpoint-route';
import { sendJson } from '../../lib/http';
import { listRates } from './shipping.service';

export function shippingRoutes(app: FastifyInstance, { db, cache }: AppContext) {
  route(app, ENDPOINTS['shipping.rates'], {}, async (_req, reply) =>
    sendJson(reply, await cache.json('shipping-rates', async () => ({ data: await listRates(db) }))),
  );
}
