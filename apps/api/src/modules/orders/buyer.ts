import type { User } from '@shop/contract';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { lockUser } from '../accounts/user-lock';
import { orders } from './orders.schema';

/**
 * Who buys: an account, or a guest known by the email they gave at checkout.
 * The limits on buying (unpaid orders and pieces, a code's uses per buyer, a
 * first order) hold per account, and for guests per email: a new cookie does
 * not make a new buyer.
 */
export interface Buyer {
  userId: number;
  guest: boolean;
  email: string;
}

export const buyerOf = (user: User): Buyer => ({ userId: user.id, guest: user.guest, email: user.email });

/** The buyer's orders, for counting: an account's own, or every order placed with a guest's email. */
export const ordersOfBuyer = (buyer: Buyer) =>
  buyer.guest ? eq(orders.email, buyer.email) : eq(orders.userId, buyer.userId);

/**
 * One checkout per buyer at a time, until the transaction ends: the row of the
 * account or guest, and for a guest their email too (two guest carts with one
 * email count in turn).
 */
export async function lockBuyer(tx: DbOrTx, buyer: Buyer): Promise<void> {
  await lockUser(tx, buyer.userId);
  if (buyer.guest) await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`guest-email:${buyer.email}`}))`);
}
