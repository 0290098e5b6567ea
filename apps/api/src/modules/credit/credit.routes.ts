import { ENDPOINTS } from '@shop/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { currentUser, requireAccount } from '../../lib/auth';
import { route } from '../../lib/endpoint-route';
import { creditOf } from './credit.service';

/** The shopper's own store credit (an account's: a guest has none). */
export function creditRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, ENDPOINTS['accounts.credit'], { onRequest: requireAccount(ctx.db) }, (req) =>
    creditOf(ctx.db, currentUser(req).id),
  );
}
