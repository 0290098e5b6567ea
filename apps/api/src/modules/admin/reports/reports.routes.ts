import { GstQuery, GstSummary, OrdersCsvQuery } from '@shop/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Readable } from 'node:stream';
import type { AppContext } from '../../../context';
import { gstCsv } from './gst-csv';
import { gstSummary, ordersCsv } from './reports.service';
import { sellerOf } from '../../settings/settings.service';

const tags = ['admin'];

const asCsv = (reply: FastifyReply, filename: string) =>
  reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'private, no-store');

/** The owner's reports (docs/back-office.md 'Reports'): the orders CSV and the month's GST summary. */
export function adminReportRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/reports/orders.csv',
    { config: { access: 'reports.read' }, schema: { tags, querystring: OrdersCsvQuery } },
    (req, reply) => {
      const { from, to } = req.query;
      return asCsv(reply, `orders-${from}-to-${to}.csv`).send(Readable.from(ordersCsv(ctx.db, req.query)));
    },
  );

  r.get(
    '/reports/gst',
    { config: { access: 'reports.read' }, schema: { tags, querystring: GstQuery, response: { 200: GstSummary } } },
    async (req) => gstSummary(ctx.db, req.query.month, (await sellerOf(ctx)).state),
  );

  r.get(
    '/reports/gst.csv',
    { config: { access: 'reports.read' }, schema: { tags, querystring: GstQuery } },
    async (req, reply) =>
      asCsv(reply, `gst-${req.query.month}.csv`).send(
        gstCsv(await gstSummary(ctx.db, req.query.month, (await sellerOf(ctx)).state)),
      ),
  );
}
