import { CartBody, CartResponse, CartUpdateResponse, MESSAGES } from '@shop/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { currentUser, requireUser } from '../../lib/auth';
import * as cart from './cart.service';

const tags = ['cart'];
const security = [{ bearer: [] }];

export function cartRoutes(app: FastifyInstance, { db }: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = requireUser(db);

  r.get('/carts', { schema: { tags, security, response: { 200: CartResponse } }, onRequest }, async (req) => ({
    data: await cart.getCart(db, currentUser(req).id),
  }));

  r.post(
    '/carts',
    { schema: { tags, security, body: CartBody, response: { 200: CartUpdateResponse } }, onRequest },
    async (req) => {
      const { outcome, cart: lines } = await cart.setCartLine(db, currentUser(req).id, req.body);
      return { message: outcome === 'removed' ? MESSAGES.cartItemRemoved : MESSAGES.cartUpdated, data: lines };
    },
  );
}
