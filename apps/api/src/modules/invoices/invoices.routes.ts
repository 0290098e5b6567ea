import { ENDPOINTS } from '@shop/contract';
import type { FastifyInstance } from 'fastify';
import { requestWork, type UnitOfWork } from '../../context';
import { route } from '../../lib/endpoint-route';
import { AppError } from '../../lib/errors';
import { creditNotePdf } from './credit-note';
import { invoiceLinkValid, type OrderDocument } from '../orders/invoice-link';
import { invoicePdf } from './invoices.service';

/** An order's documents, each by a signed link: the tax invoice and the credit note of its refunds. */
const DOCUMENTS: Record<
  OrderDocument,
  {
    entry: (typeof ENDPOINTS)['orders.invoice' | 'orders.creditNote'];
    render: (work: UnitOfWork, orderId: number) => Promise<Buffer>;
    name: string;
  }
> = {
  invoice: { entry: ENDPOINTS['orders.invoice'], render: invoicePdf, name: 'invoice' },
  'credit-note': { entry: ENDPOINTS['orders.creditNote'], render: creditNotePdf, name: 'credit note' },
};

export function invoiceRoutes(app: FastifyInstance) {
  for (const [kind, doc] of Object.entries(DOCUMENTS) as [OrderDocument, (typeof DOCUMENTS)[OrderDocument]][]) {
    route(app, doc.entry, {}, async (req, reply) => {
      const { expires, signature } = req.query;
      if (!invoiceLinkValid(app.ctx.secret, req.params.id, expires, signature, kind)) {
        throw new AppError('forbidden', `This ${doc.name} link has expired. Please open it again from My Orders.`);
      }
      const pdf = await doc.render(requestWork(req), req.params.id);
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${kind}-order-${req.params.id}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    });
  }
}
