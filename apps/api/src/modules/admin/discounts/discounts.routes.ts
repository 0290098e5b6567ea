import { ENDPOINTS } from '@shop/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../lib/endpoint-route';
import { adminWork } from '../auth/guard';
import {
  createDiscount,
  discountsCsv,
  getDiscount,
  listDiscounts,
  setDiscountActive,
  updateDiscount,
} from './discounts.service';

/** Discount codes (docs/back-office.md 'Discounts'): staff read, the owner writes; every write audited. */
export function adminDiscountRoutes(app: FastifyInstance) {
  route(app, ENDPOINTS['admin.discounts.list'], {}, async (req) => ({
    data: await listDiscounts(adminWork(req), req.query),
  }));
  route(app, ENDPOINTS['admin.discounts.csv'], {}, async (req, reply) =>
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="discount-codes.csv"')
      .header('cache-control', 'private, no-store')
      .send(await discountsCsv(adminWork(req))),
  );
  route(app, ENDPOINTS['admin.discounts.get'], {}, async (req) => ({
    data: await getDiscount(adminWork(req), req.params.id),
  }));
  route(app, ENDPOINTS['admin.discounts.create'], {}, async (req, reply) =>
    reply.status(201).send({ data: await createDiscount(adminWork(req), req.body) }),
  );
  route(app, ENDPOINTS['admin.discounts.update'], {}, async (req) => ({
    data: await updateDiscount(adminWork(req), req.params.id, req.body),
  }));
  route(app, ENDPOINTS['admin.discounts.setActive'], {}, async (req) => ({
    data: await setDiscountActive(adminWork(req), req.params.id, req.body.active),
  }));
}
