import { ENDPOINTS, MESSAGES } from '@shop/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { currentUser, requireUser } from '../../lib/auth';
import { route } from '../../lib/endpoint-route';
import * as cart from './cart.service';

export function cartRoutes(app: FastifyInstance, { db }: AppContext) {
  const onRequest = requireUser(db);

  route(app, ENDPOINTS['cart.get'], { onRequest }, async (req) => ({
    data: await cart.getCart(db, currentUser(req).id),
  }));

  route(app, ENDPOINTS['cart.set'], { onRequest }, async (req) => {
    const { outcome, cart: lines } = await cart.setCartLine(db, currentUser(req).id, req.body);
    return { message: outcome === 'removed' ? MESSAGES.cartItemRemoved : MESSAGES.cartUpdated, data: lines };
  });
}
