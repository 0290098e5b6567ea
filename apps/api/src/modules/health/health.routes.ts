import { ENDPOINTS } from '@shop/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { route } from '../../lib/endpoint-route';
import { errorBody } from '../../lib/errors';

declare module 'fastify' {
  interface FastifyInstance {
    /** Set on SIGTERM: the health check answers 503, so a load balancer stops sending shoppers here. */
    draining: { now: boolean };
  }
}

export function healthRoutes(app: FastifyInstance, { db }: AppContext) {
  route(app, ENDPOINTS.health, {}, async (req, reply) => {
    if (app.draining.now) {
      const message = 'The shop is shutting down';
      return reply.status(503).send(errorBody('unavailable', message));
    }
    try {
      await db.execute(sql`select 1`);
      return { status: 'ok' as const };
    } catch (err) {
      req.log.error({ err }, 'health check: database did not answer');
      const message = 'The database is not answering';
      return reply.status(503).send(errorBody('unavailable', message));
    }
  });
}
