import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors';
import type { TestPaymentProvider } from './test.provider';

/** The built-in provider's checkout script and its Pay/Fail endpoint (only when it is the provider). */
export function testProviderRoutes(app: FastifyInstance, provider: TestPaymentProvider) {
  // Beside this file in the sources, beside main.js in the build.
  const here = path.dirname(fileURLToPath(import.meta.url));
  const script = readFileSync(path.join(here, 'test-checkout', 'checkout.js'), 'utf8');
  app.get('/test-payments/checkout.js', { schema: { hide: true } }, (_req, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(script),
  );
  app.withTypeProvider<ZodTypeProvider>().post(
    '/test-payments/pay',
    {
      schema: {
        hide: true,
        body: z
          .object({
            order_id: z.string().min(1).max(100),
            method: z.enum(['card', 'upi']),
            outcome: z.enum(['success', 'failure']),
          })
          .strict(),
      },
    },
    (req) => {
      try {
        return Promise.resolve(provider.pay(req.body.order_id, req.body.method, req.body.outcome));
      } catch {
        throw new AppError('invalid', 'No such payment order');
      }
    },
  );
}
