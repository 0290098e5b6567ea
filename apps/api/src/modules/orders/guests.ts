import { createHmac } from 'node:crypto';
import { MESSAGES, type Address, type ClaimGuestOrdersBody, type GuestDetailsBody, type User } from '@shop/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { UnitOfWork } from '../../context';
import { AppError, notFound } from '../../lib/errors';
import { safeEqual } from '../../lib/safe-equal';
import { users } from '../accounts/accounts.schema';
import { guestSession, moveSession, newGuest, setGuestDetails } from '../accounts/guests';
import { checkCode, consumeCode, issueCode } from '../accounts/otp.service';
import { lockUser } from '../accounts/user-lock';
import { addAddress, listAddresses, updateAddress } from '../addresses/addresses.service';
import { moveCart } from '../cart/cart.service';
import { queueMail } from '../mail/mail.service';
import { mailMessage } from '../mail/templates/catalogue';
import { mailShop, renderMail } from '../mail/templates/render';
import { orders } from './orders.schema';

/**
 * Buying without an account (docs/product.md 'Buying as a guest'): a guest's
 * details at checkout, the signed link to a guest order's page, the
 * order-status page's look-up, and an account taking in the orders placed as
 * a guest with its email once the email is proven.
 */

/** The link an order's mails carry to a guest order's page; it opens that order's guest and nothing else. */
export const orderLinkToken = (secret: string, orderId: number, guestId: number) =>
  createHmac('sha256', secret).update(`guest-order:${orderId}:${guestId}`).digest('base64url');

/** Where an order's mails send its shopper: a guest by the signed link, an account to My Orders. */
export async function orderPageUrl(work: UnitOfWork, order: { id: number; userId: number }): Promise<string> {
  const [owner] = await work.db.select({ kind: users.kind }).from(users).where(eq(users.id, order.userId));
  return owner?.kind === 'guest'
    ? `/order-link/${order.id}/${orderLinkToken(work.app.secret, order.id, order.userId)}`
    : `/order-details?order=${order.id}`;
}

/**
 * A guest's email, mobile and delivery address, given at checkout. The
 * address is kept as the guest's one address (the checkout then goes on as an
 * account's does): giving the details again changes it rather than adding
 * another, as orders keep their own copies. A guest row that has ordered
 * under another email is not reused: the cart and the cookie move to a new
 * guest, so a second person at the same browser does not see the first one's
 * orders.
 */
export async function saveGuestDetails(
  work: UnitOfWork,
  user: User,
  token: string,
  body: GuestDetailsBody,
): Promise<Address> {
  if (!user.guest) throw new AppError('invalid', MESSAGES.guestOnly);
  const { email, ...address } = body;
  const guestId = await work.transaction(async (w) => {
    await lockUser(w.db, user.id);
    const [ordered] = await w.db.select({ id: orders.id }).from(orders).where(eq(orders.userId, user.id)).limit(1);
    const [row] = await w.db.select({ email: users.email }).from(users).where(eq(users.id, user.id));
    if (row?.email && row.email !== email && ordered) {
      const fresh = await newGuest(w.db, { email, name: body.name, phone: body.phone });
      await moveCart(w.db, user.id, fresh);
      await moveSession(w.db, token, fresh);
      return fresh;
    }
    await setGuestDetails(w.db, user.id, { email, name: body.name, phone: body.phone });
    return user.id;
  });
  const kept = (await listAddresses(work.db, guestId)).at(-1);
  return kept
    ? updateAddress(work.db, guestId, { ...address, id: kept.id })
    : addAddress(work.db, guestId, address, body.name);
}

/** The guest session an order gives access to: only a guest's order opens anything. */
async function openGuestOrder(work: UnitOfWork, order: { id: number; userId: number }) {
  const { token, expiresAt } = await guestSession(work.db, order.userId);
  return { token, expires_at: expiresAt.toISOString(), order_id: order.id };
}

/** The mailed link `/order-link/:id/:token`: its signature names the order and its guest, so it opens no other. */
export async function openOrderLink(work: UnitOfWork, body: { order_id: number; token: string }) {
  const { limiter, env } = work.app;
  await limiter.consume(`order-lookup-ip:${work.ip ?? ''}`, env.RATE_LIMIT_ORDER_LOOKUPS_PER_IP);
  const [order] = await work.db
    .select({ id: orders.id, userId: orders.userId })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(and(eq(orders.id, body.order_id), eq(users.kind, 'guest')));
  if (!order || !safeEqual(body.token, orderLinkToken(work.app.secret, order.id, order.userId))) {
    throw new AppError('invalid', MESSAGES.orderLinkInvalid);
  }
  return openGuestOrder(work, order);
}

/**
 * The order-status page: an order found by its number and the email it was
 * placed with. Every miss (no such order, another email) is answered alike,
 * and look-ups are counted per client address and per email. An account's
 * order is only pointed at: its owner logs in.
 */
export async function findOrder(work: UnitOfWork, body: { order_id: number; email: string }) {
  const { limiter, env } = work.app;
  await limiter.consume(`order-lookup-ip:${work.ip ?? ''}`, env.RATE_LIMIT_ORDER_LOOKUPS_PER_IP);
  await limiter.consume(`order-lookup:${body.email}`, env.RATE_LIMIT_ORDER_LOOKUPS_PER_EMAIL);
  const [order] = await work.db
    .select({ id: orders.id, userId: orders.userId, kind: users.kind })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(and(eq(orders.id, body.order_id), eq(orders.email, body.email)));
  if (!order) throw notFound(MESSAGES.orderLookupMiss);
  if (order.kind !== 'guest') throw new AppError('forbidden', MESSAGES.orderOfAccount);
  return openGuestOrder(work, order);
}

/** Orders placed as a guest with the account's email. */
const guestOrdersOf = (work: UnitOfWork, email: string) =>
  work.db
    .select({ id: orders.id })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(and(eq(users.kind, 'guest'), eq(orders.email, email)));

function accountOnly(user: User) {
  if (user.guest) throw new AppError('unauthorized', MESSAGES.loginRequired);
}

/** How many orders wait for the account to prove its email. */
export async function countGuestOrders(work: UnitOfWork, user: User): Promise<number> {
  accountOnly(user);
  return (await guestOrdersOf(work, user.email)).length;
}

/** A code mailed to the account's email: entering it proves the email and takes its guest orders in. */
export async function sendGuestOrdersCode(work: UnitOfWork, user: User): Promise<void> {
  accountOnly(user);
  const { env, limiter } = work.app;
  await limiter.consume(`otp-request-ip:${work.ip ?? ''}`, env.RATE_LIMIT_OTP_REQUESTS_PER_IP);
  await limiter.consume(`otp-request:${user.email}`, env.RATE_LIMIT_OTP_REQUESTS_PER_EMAIL);
  if ((await guestOrdersOf(work, user.email)).length === 0) throw new AppError('invalid', MESSAGES.guestOrdersNone);
  await work.transaction(async (w) => {
    const code = await issueCode(w.db, user.id, 'guest_orders', env.OTP_TTL_MINUTES);
    const mail = renderMail(
      mailShop(env),
      user.email,
      mailMessage('guest_orders_code', {
        name: user.name,
        shopName: env.SHOP_NAME,
        code,
        minutes: env.OTP_TTL_MINUTES,
      }),
    );
    await queueMail(w, mail, { secret: true });
  });
}

/** The code back: the guest orders with the account's email become the account's. */
export async function claimGuestOrders(work: UnitOfWork, user: User, body: ClaimGuestOrdersBody): Promise<number> {
  accountOnly(user);
  const { env, limiter } = work.app;
  await limiter.consume(`otp-check-ip:${work.ip ?? ''}`, env.RATE_LIMIT_OTP_CHECKS_PER_IP);
  await limiter.consume(`otp-check:${user.email}`, env.RATE_LIMIT_OTP_CHECKS_PER_EMAIL);
  const check = await checkCode(work.db, user.id, 'guest_orders', body.otp);
  if (!check.ok) throw new AppError('invalid', check.reason === 'expired' ? MESSAGES.otpExpired : MESSAGES.invalidOtp);
  return work.transaction(async (w) => {
    if (!(await consumeCode(w.db, check.id))) throw new AppError('invalid', MESSAGES.otpExpired);
    const ids = (await guestOrdersOf(w, user.email)).map((o) => o.id);
    if (ids.length === 0) return 0;
    // A retried checkout's key belonged to the guest; it has no meaning for the account.
    await w.db
      .update(orders)
      .set({ userId: user.id, idempotencyKey: null, updatedAt: sql`now()` })
      .where(inArray(orders.id, ids));
    return ids.length;
  });
}
