import { MESSAGES, MessageBody, WishlistBody, WishlistResponse } from '@shop/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { currentUser, requireUser } from '../../lib/auth';
import * as wishlist from './wishlist.service';

const tags = ['wishlist'];
const security = [{ bearer: [] }];

export function wishlistRoutes(app: FastifyInstance, { db }: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = requireUser(db);

  r.get('/wishlist', { schema: { tags, security, response: { 200: WishlistResponse } }, onRequest }, async (req) => ({
    data: await wishlist.getWishlist(db, currentUser(req).id),
  }));

  r.post(
    '/wishlist',
    { schema: { tags, security, body: WishlistBody, response: { 200: MessageBody } }, onRequest },
    async (req) => {
      await wishlist.addToWishlist(db, currentUser(req).id, req.body);
      return { message: MESSAGES.wishlistAdded };
    },
  );

  r.post(
    '/wishlist/remove',
    { schema: { tags, security, body: WishlistBody, response: { 200: MessageBody } }, onRequest },
    async (req) => {
      await wishlist.removeFromWishlist(db, currentUser(req).id, req.body);
      return { message: MESSAGES.wishlistRemoved };
    },
  );
}
