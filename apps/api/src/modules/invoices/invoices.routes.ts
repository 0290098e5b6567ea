import { IdParam } from '@shop/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestWork } from '../../context';
import { AppError } from '../../lib/errors';
import { invoiceLinkValid } from './invoice-link';
import { invoicePdf } from './invoices.service';

export function invoiceRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/orders/:id/invoice',
    {
      schema: {
        tags: ['orders'],
        params: z.object({ id: IdParam }),
        querystring: z.object({ expires: z.coerce.number().int(), signature: z.string().max(100) }),
      },
    },
    async (req, reply) => {
      const { expires, signature } = req.query;
      if (!invoiceLinkValid(app.ctx.secret, req.params.id, expires, signature)) {
        throw new AppError('forbidden', 'This invoice link has expired. Please open it again from My Orders.');
      }
      const pdf = await invoicePdf(requestWork(req), req.params.id);
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="invoice-order-${req.params.id}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );
}
