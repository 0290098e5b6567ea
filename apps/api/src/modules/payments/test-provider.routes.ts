import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ENDPOINTS } from '@shop/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/endpoint-route';
import { AppError } from '../../lib/errors';
import type { TestPaymentProvider } from './test.provider';

/** The built-in provider's checkout script and its Pay/Fail endpoint (only when it is the provider). */
export function testProviderRoutes(app: FastifyInstance, provider: TestPaymentProvider) {
  // Beside this file in the sources, beside main.js in the build.
  const here = path.dirname(fileURLToPath(import.meta.url));
  const script = readFileSync(path.join(here, 'test-checkout', 'checkout.js'), 'utf8');
  route(app, ENDPOINTS['testPayments.script'], {}, (_req, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(script),
  );
  route(app, ENDPOINTS['testPayments.pay'], {}, (req) => {
    try {
      return Promise.resolve(provider.pay(req.body.order_id, req.body.method, req.body.outcome));
    } catch {
      throw new AppError('invalid', 'No such payment order');
    }
  });
}
