import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { IdParam, MESSAGES, PaymentStart, PaymentStatusBody, PaymentStatusResponse } from '@shop/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { currentUser, requireUser } from '../../lib/auth';
import { AppError } from '../../lib/errors';
import { safeEqual } from '../../lib/safe-equal';
import { invoicePdf } from '../invoices/invoices.service';
import { signInvoice } from '../orders/order-view';
import { confirmPayment, startPayment } from './payments.service';
import { TestPaymentProvider } from './test.provider';
import { handleWebhook } from './webhooks.service';

const tags = ['payments'];
const security = [{ bearer: [] }];

export function paymentRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = requireUser(ctx.db);

  r.post(
    '/orders/:id/payment',
    { schema: { tags, security, params: z.object({ id: IdParam }), response: { 200: PaymentStart } }, onRequest },
    (req) => startPayment(ctx, currentUser(req), req.params.id),
  );

  r.put(
    '/orders/payment-status',
    { schema: { tags, security, body: PaymentStatusBody, response: { 200: PaymentStatusResponse } }, onRequest },
    async (req) => ({ message: MESSAGES.paymentSaved, data: await confirmPayment(ctx, currentUser(req), req.body) }),
  );

  r.get(
    '/orders/:id/invoice',
    {
      schema: {
        tags,
        params: z.object({ id: IdParam }),
        querystring: z.object({ expires: z.coerce.number().int(), signature: z.string().max(100) }),
      },
    },
    async (req, reply) => {
      const { expires, signature } = req.query;
      const valid =
        expires * 1000 > Date.now() && safeEqual(signature, signInvoice(ctx.secret, req.params.id, expires));
      if (!valid)
        throw new AppError('forbidden', 'This invoice link has expired. Please open it again from My Orders.');
      const pdf = await invoicePdf(ctx, req.params.id);
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="invoice-order-${req.params.id}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
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
      const outcome = await handleWebhook(ctx, raw, header('x-razorpay-signature'), header('x-razorpay-event-id'));
      return { status: outcome };
    });
    done();
  });

  if (ctx.payments instanceof TestPaymentProvider) testProviderRoutes(app, ctx.payments);
}

/** The built-in provider's checkout script and its Pay/Fail endpoint (only when Razorpay keys are absent). */
function testProviderRoutes(app: FastifyInstance, provider: TestPaymentProvider) {
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
