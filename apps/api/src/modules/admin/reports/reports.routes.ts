import { ENDPOINTS } from '@shop/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { Readable } from 'node:stream';
import type { AppContext } from '../../../context';
import { route } from '../../../lib/endpoint-route';
import { gstCsv } from './gst-csv';
import { gstSummary, ordersCsv } from './reports.service';
import { sellerOf } from '../../settings/settings.service';

const asCsv = (reply: FastifyReply, filename: string) =>
  reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'private, no-store');

/** The owner's reports (docs/back-office.md 'Reports'): the orders CSV and the month's GST summary. */
export function adminReportRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, ENDPOINTS['admin.reports.ordersCsv'], {}, (req, reply) => {
    const { from, to } = req.query;
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
