import { ROUTES } from '@shop/contract/lite';
import { type ApiResult, type Args, sessionToken } from './api.server';
import { call } from './call.server';
import { getBuyer, signInCookie } from './session.server';

/**
 * Buying as a guest (docs/product.md 'Buying as a guest'), on the web's side:
 * the first Add to Cart of a visitor without a session starts a guest's, kept
 * in the same HttpOnly cookie an account's session uses, for 30 days.
 */

/** A session for this action's calls: the visitor's own, or a new guest's (with the cookie that keeps it). */
export async function buyerSession(
  args: Args,
): Promise<
  { headers: Record<string, string>; cookies: string[] } | { failed: Extract<ApiResult<unknown>, { ok: false }> }
> {
  if (sessionToken(args)) return { headers: {}, cookies: [] };
  const res = await call(args, ROUTES['guests.start']);
  if (!res.ok) return { failed: res };
  const { token, expires_at } = res.data;
  return {
    headers: { authorization: `Bearer ${token}` },
    cookies: [signInCookie(args, token, new Date(expires_at))],
  };
}

/**
 * Signed in: a guest's cart, if this browser had one, joins the account's
 * (quantities added, capped by the stock) and the guest's session ends. A
 * failure leaves the guest's cart where it was; signing in goes on.
 */
export async function takeGuestCart(args: Args, accountToken: string): Promise<void> {
  const guestToken = sessionToken(args);
  if (!guestToken) return;
  const buyer = await getBuyer(args).catch(() => null);
  if (!buyer?.guest) return;
  await call(
    args,
    ROUTES['cart.merge'],
    { body: { guest_token: guestToken } },
    { headers: { authorization: `Bearer ${accountToken}` } },
  ).catch(() => undefined);
}
