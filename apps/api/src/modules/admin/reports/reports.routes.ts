import { ENDPOINTS } from '@shop/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { Readable } from 'node:stream';
import type { AppContext } from '../../../context';
import { route } from '../../../lib/endpoint-route';
import { gstCsv } from './gst-csv';
import { gstSummary, ordersCsv } from './reports.service';
import { sellerOf } from '../../settings/settings.service';
import { auditRead } from '../../audit/audit.service';
import { adminWork } from '../auth/guard';

const asCsv = (reply: FastifyReply, filename: string) =>
  reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'private, no-store');

/** The owner's reports (docs/back-office.md 'Reports'): the orders CSV and the month's GST summary. */
export function adminReportRoutes(app: FastifyInstance, ctx: AppContext) {
  // Every order's delivery name, email, phone and address: who took them is recorded.
  route(app, ENDPOINTS['admin.reports.ordersCsv'], {}, async (req, reply) => {
    const { from, to } = req.query;
    await auditRead(adminWork(req), {
      action: 'report.download',
      entityType: 'order',
      entityId: 'orders.csv',
      after: { from, to },
    });
    return asCsv(reply, `orders-${from}-to-${to}.csv`).send(Readable.from(ordersCsv(ctx.db, req.query)));
  });

  route(app, ENDPOINTS['admin.reports.gst'], {}, async (req) =>
    gstSummary(ctx.db, req.query.month, (await sellerOf(ctx)).state),
  );

  route(app, ENDPOINTS['admin.reports.gstCsv'], {}, async (req, reply) =>
    asCsv(reply, `gst-${req.query.month}.csv`).send(
      gstCsv(await gstSummary(ctx.db, req.query.month, (await sellerOf(ctx)).state)),
    ),
  );
}
