import { IdParam, MESSAGES, PaymentStart, PaymentStatusBody, PaymentStatusResponse } from '@shop/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestWork, type AppContext } from '../../context';
import { currentUser, requireUser } from '../../lib/auth';
import { confirmPayment, startPayment } from './checkout';
import { handleWebhook } from './webhooks';

const tags = ['payments'];
const security = [{ bearer: [] }];

export function paymentRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = requireUser(ctx.db);

  r.post(
    '/orders/:id/payment',
    { schema: { tags, security, params: z.object({ id: IdParam }), response: { 200: PaymentStart } }, onRequest },
    (req) => startPayment(requestWork(req), currentUser(req), req.params.id),
  );

  r.put(
    '/orders/payment-status',
    { schema: { tags, security, body: PaymentStatusBody, response: { 200: PaymentStatusResponse } }, onRequest },
    async (req) => ({ message: MESSAGES.paymentSaved, data: await confirmPayment(requestWork(req), req.body) }),
  );

  // Webhooks are verified on the exact bytes received, so this scope keeps the body raw.
  app.register((scope, _opts, done) => {
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, next) => next(null, body));
    scope.post('/payments/webhook', { schema: { tags, hide: false } }, async (req) => {
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
