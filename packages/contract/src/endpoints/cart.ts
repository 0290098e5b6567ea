/** The shopper's bag and wishlist. */
import { CartBody, CartResponse, CartUpdateResponse, WishlistBody, WishlistResponse } from '../cart';
import { MessageBody } from '../common';
import { CartMergeBody } from '../guests';
import { endpoints } from './define';

export const cartEndpoints = {
  ...endpoints(['cart'], {
    'cart.get': { method: 'GET', path: '/carts', auth: 'shopper', response: CartResponse },
    'cart.set': { method: 'POST', path: '/carts', auth: 'shopper', body: CartBody, response: CartUpdateResponse },
    // At sign-in: the guest's cart into the account's.
    'cart.merge': { method: 'POST', path: '/cart/merge', auth: 'shopper', body: CartMergeBody, response: CartResponse },
  }),
  ...endpoints(['wishlist'], {
    'wishlist.get': { method: 'GET', path: '/wishlist', auth: 'shopper', response: WishlistResponse },
    'wishlist.add': { method: 'POST', path: '/wishlist', auth: 'shopper', body: WishlistBody, response: MessageBody },
    'wishlist.remove': {
      method: 'POST',
      path: '/wishlist/remove',
      auth: 'shopper',
      body: WishlistBody,
      response: MessageBody,
    },
  }),
};
