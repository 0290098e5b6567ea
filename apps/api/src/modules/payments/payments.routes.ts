import { ENDPOINTS, MESSAGES } from '@shop/contract';
import type { FastifyInstance } from 'fastify';
import { requestWork, type AppContext } from '../../context';
import { currentUser, requireUser } from '../../lib/auth';
import { route } from '../../lib/endpoint-route';
import { confirmPayment, startPayment } from './payments.service';
import { handleWebhook } from './webhooks';

export function paymentRoutes(app: FastifyInstance, ctx: AppContext) {
  const onRequest = requireUser(ctx.db);

  route(app, ENDPOINTS['payments.start'], { onRequest }, (req) =>
    startPayment(requestWork(req), currentUser(req), req.params.id),
  );

  route(app, ENDPOINTS['payments.status'], { onRequest }, async (req) => ({
    message: MESSAGES.paymentSaved,
    data: await confirmPayment(requestWork(req), req.body),
  }));

  // Webhooks are verified on the exact bytes received, so this scope keeps the body raw.
  app.register((scope, _opts, done) => {
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, next) => next(null, body));
    route(scope, ENDPOINTS['payments.webhook'], {}, async (req) => {
      const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.from('');
      const header = (name: string) => {
        const v = req.headers[name];
        return Array.isArray(v) ? v[0] : v;
      };
      const status = await handleWebhook(
        requestWork(req),
        raw,
        header('x-razorpay-signature'),
        header('x-razorpay-event-id'),
      );
      return { status };
    });
    done();
  });
}
