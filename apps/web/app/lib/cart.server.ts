import { ROUTES } from '@shop/contract/lite';
import { CartBody, MESSAGES, WishlistBody } from '@shop/contract';
import { sessionToken, type Args } from './api.server';
import type { Flash } from './flash';
import { redirectWithFlash } from './flash.server';
import { numberField } from './form';
import { failed, formAnswer } from './form.server';
import { getBuyer, here, loginPath, sessionEnded } from './session.server';
import { buyerSession } from './guest.server';
import { call } from './call.server';

/**
 * The cart's and the wishlist's forms (product page, cart, wishlist): each
 * posts the variant and, for the cart, the line's new quantity (absolute, so
 * sending it twice changes nothing). On success the page comes back (post,
 * redirect, get), with a message when there is one to say.
 */

type Notice = Omit<Flash, 'id'> | null;

/** docs/product.md#validation: an anonymous shopper is asked to log in first, and comes back here afterwards. */
const loginFirst = (args: Args) =>
  redirectWithFlash(args, loginPath(here(args)), { kind: 'error', text: MESSAGES.loginRequired });

const back = (args: Args, notice: Notice, cookies: string[] = []) =>
  redirectWithFlash(args, here(args), notice, { replace: true, cookies });

/**
 * The wishlist is an account's: a visitor, or a guest, is asked to log in first (a guest's cart comes along).
 * A session that ended elsewhere signs out and says so, as any call it made would.
 */
async function accountFirst(args: Args) {
  const buyer = await getBuyer(args);
  if (buyer && !buyer.guest) return null;
  return !buyer && sessionToken(args) ? sessionEnded(args) : loginFirst(args);
}

const wishlistBody = (form: FormData) =>
  WishlistBody.safeParse({
    product_id: numberField(form, 'product_id'),
    product_variant_id: numberField(form, 'product_variant_id'),
  });

/** Sets a cart line's quantity (0 removes it); a refusal says the server's reason (docs/product.md#validation: the errors as they are). */
export async function setCartLine(args: Args, form: FormData, success: Notice = null) {
  const body = CartBody.safeParse({
    product_id: numberField(form, 'product_id'),
    product_variant_id: numberField(form, 'product_variant_id'),
    quantity: numberField(form, 'quantity'),
  });
  if (!body.success) return formAnswer({ notice: { kind: 'error', text: body.error.issues[0]!.message } });
  // No session yet: the visitor becomes a guest, whose cart this line starts.
  const session = await buyerSession(args);
  if ('failed' in session) return failed(session.failed);
  const res = await call(args, ROUTES['cart.set'], { body: body.data }, { headers: session.headers });
  if (!res.ok) return failed(res);
  return back(args, success, session.cookies);
}

/** Adds to or removes from the wishlist (docs/product.md#messages: adding always says 'Item is now available in your wishlist !'). */
export async function changeWishlist(args: Args, form: FormData, change: 'add' | 'remove') {
  const refused = await accountFirst(args);
  if (refused) return refused;
  const body = wishlistBody(form);
  if (!body.success) return formAnswer({ notice: { kind: 'error', text: body.error.issues[0]!.message } });
  const res = await call(args, change === 'add' ? ROUTES['wishlist.add'] : ROUTES['wishlist.remove'], {
    body: body.data,
  });
  if (!res.ok) return failed(res);
  const text = change === 'add' ? MESSAGES.wishlistAdded : (res.data.message ?? MESSAGES.wishlistRemoved);
  return back(args, { kind: 'success', text });
}

/** The wishlist's 'Move to cart': one more in the cart, then out of the wishlist. */
export async function moveToCart(args: Args, form: FormData) {
  const refused = await accountFirst(args);
  if (refused) return refused;
  const body = wishlistBody(form);
  if (!body.success) return formAnswer({ notice: { kind: 'error', text: body.error.issues[0]!.message } });
  const cart = await call(args, ROUTES['cart.get']);
  if (!cart.ok) return failed(cart);
  const inCart = cart.data.data.find((l) => l.product_variant_id === body.data.product_variant_id)?.quantity ?? 0;
  const added = await call(args, ROUTES['cart.set'], { body: { ...body.data, quantity: inCart + 1 } });
  if (!added.ok) return failed(added);
  const removed = await call(args, ROUTES['wishlist.remove'], { body: body.data });
  if (!removed.ok && removed.status !== 404) return failed(removed);
  return back(args, { kind: 'success', text: 'Moved to your cart' });
}
