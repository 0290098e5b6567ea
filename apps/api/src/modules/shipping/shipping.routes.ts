import { ShippingRatesResponse } from '@shop/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { sendJson } from '../../lib/http';
import { listRates } from './shipping.service';

export function shippingRoutes(app: FastifyInstance, { db, cache }: AppContext) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/shipping/rates',
      { schema: { tags: ['shipping'], response: { 200: ShippingRatesResponse } } },
      async (_req, reply) =>
        sendJson(reply, await cache.json('shipping-rates', async () => ({ data: await listRates(db) }))),
    );
}
