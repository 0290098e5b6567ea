import { ENDPOINTS, MESSAGES } from '@shop/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { currentUser, requireAccount } from '../../lib/auth';
import { route } from '../../lib/endpoint-route';
import * as wishlist from './wishlist.service';

export function wishlistRoutes(app: FastifyInstance, { db }: AppContext) {
  const onRequest = requireAccount(db);

  route(app, ENDPOINTS['wishlist.get'], { onRequest }, async (req) => ({
    data: await wishlist.getWishlist(db, currentUser(req).id),
  }));

  route(app, ENDPOINTS['wishlist.add'], { onRequest }, async (req) => {
    await wishlist.addToWishlist(db, currentUser(req).id, req.body);
    return { message: MESSAGES.wishlistAdded };
  });

  route(app, ENDPOINTS['wishlist.remove'], { onRequest }, async (req) => {
    await wishlist.removeFromWishlist(db, currentUser(req).id, req.body);
    return { message: MESSAGES.wishlistRemoved };
  });
}
