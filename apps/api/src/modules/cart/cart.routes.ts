import { ENDPOINTS, MESSAGES } from '@shop/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/errors';
import { currentUser, requireAccount, requireUser } from '../../lib/auth';
import { route } from '../../lib/endpoint-route';
import * as cart from './cart.service';
import { revokeSession } from '../accounts/session.service';

export function cartRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx;
  const onRequest = requireUser(db);

  route(app, ENDPOINTS['cart.get'], { onRequest }, async (req) => ({
    data: await cart.getCart(db, currentUser(req).id),
  }));

  route(app, ENDPOINTS['cart.set'], { onRequest }, async (req) => {
    const { outcome, cart: lines } = await cart.setCartLine(db, currentUser(req).id, req.body);
    return { message: outcome === 'removed' ? MESSAGES.cartItemRemoved : MESSAGES.cartUpdated, data: lines };
  });

  // At sign-in: the guest's cart (their session's) into the account's, and the guest's session ended.
  route(app, ENDPOINTS['cart.merge'], { onRequest: requireAccount(db) }, async (req) => {
    const guest = await ctx.userForToken(db, req.body.guest_token);
    if (!guest?.guest)
      throw new AppError('invalid', MESSAGES.invalidInput, ['guest_token is not a live guest session']);
    await cart.mergeCart(db, guest.id, currentUser(req).id);
    await revokeSession(db, req.body.guest_token);
    return { data: await cart.getCart(db, currentUser(req).id) };
  });
}
